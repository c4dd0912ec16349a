import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { messages } from '@shared/messages';
import { primaryButton } from '@/components/ui/button-styles';

/** Shown when a page fails to render (or its code fails to load). */
function RouteError() {
  return (
    <div role="alert" className="py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{messages.somethingWentWrong}</h1>
      {/* A full load, so a stale page or a failed code chunk is fetched again. */}
      <a href="/" className={`${primaryButton} mt-6`}>
        Homepage
      </a>
    </div>
  );
}

class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}

/** Shows RouteError when the page fails; navigating to another page tries again. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <ErrorBoundary key={pathname}>{children}</ErrorBoundary>;
}
