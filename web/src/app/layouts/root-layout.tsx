import { useEffect } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import { Footer } from '@/features/layout/components/footer';
import { Header } from '@/features/layout/components/header';
import { RouteErrorBoundary } from '../routes/route-error';

/** A new page starts at the top; back and forward keep the browser's own scroll restoration. */
function ScrollToTop() {
  const { pathname } = useLocation();
  const type = useNavigationType();
  useEffect(() => {
    if (type !== 'POP') window.scrollTo(0, 0);
  }, [pathname, type]);
  return null;
}

/** Header and footer around every page. */
export function RootLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#content"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-brand-700 focus:not-sr-only focus:absolute focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <Header />
      <main id="content" tabIndex={-1} className="mx-auto min-h-dvh w-full max-w-7xl flex-1 px-3 py-4 outline-none sm:px-4 sm:py-6">
        <RouteErrorBoundary>
          {/* No Suspense boundary here: a lazily loaded page brings its own while its code loads (app/lazy-page.tsx). */}
          <Outlet />
        </RouteErrorBoundary>
      </main>
      <Footer />
      <ScrollToTop />
    </div>
  );
}
