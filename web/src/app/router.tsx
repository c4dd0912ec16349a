import { isValidElement } from 'react';
import { BrowserRouter, matchRoutes, useRoutes, type RouteObject } from 'react-router';
import { RootLayout } from './layouts/root-layout';
import { HomeRoute } from './routes/home';
import { lazyPage, type LazyPage } from './lazy-page';
import { RouteErrorBoundary } from './routes/route-error';

// Every page but the home page is its own chunk, so the home page's first load stays small.
const SearchRoute = lazyPage(() => import('./routes/search').then((m) => m.SearchRoute));
const ProductRoute = lazyPage(() => import('./routes/product').then((m) => m.ProductRoute));
const CategoryRoute = lazyPage(() => import('./routes/category').then((m) => m.CategoryRoute));
const SoonRoute = lazyPage(() => import('./routes/soon').then((m) => m.SoonRoute));
const NotFoundRoute = lazyPage(() => import('./routes/not-found').then((m) => m.NotFoundRoute));
const LoginRoute = lazyPage(() => import('./routes/login').then((m) => m.LoginRoute));
const EditProfileRoute = lazyPage(() => import('./routes/edit-profile').then((m) => m.EditProfileRoute));
const VerifyEmailRoute = lazyPage(() => import('./routes/verify-email').then((m) => m.VerifyEmailRoute));
const ResetPasswordRoute = lazyPage(() => import('./routes/reset-password').then((m) => m.ResetPasswordRoute));
const CartRoute = lazyPage(() => import('./routes/cart').then((m) => m.CartRoute));
const OrdersRoute = lazyPage(() => import('./routes/orders').then((m) => m.OrdersRoute));
const OrderSuccessRoute = lazyPage(() => import('./routes/order-result').then((m) => m.OrderSuccessRoute));
const OrderFailRoute = lazyPage(() => import('./routes/order-result').then((m) => m.OrderFailRoute));
const PolicyRoute = lazyPage(() => import('./routes/policy').then((m) => m.PolicyRoute));
const ThreeDPrintingRoute = lazyPage(() => import('./routes/three-d-printing').then((m) => m.ThreeDPrintingRoute));
// Shoppers never download the admin dashboard: it is only reachable through this lazy import.
const AdminPage = lazyPage(() => import('@/features/admin/components/admin-placeholder-page').then((m) => m.default));

const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        children: [
          { index: true, element: <HomeRoute /> },
          { path: 'searchquer', element: <SearchRoute /> },
          { path: 'product/:id', element: <ProductRoute /> },
          { path: 'category/:id', element: <CategoryRoute /> },
          { path: 'soon', element: <SoonRoute /> },
          { path: 'login', element: <LoginRoute /> },
          { path: 'editprofile', element: <EditProfileRoute /> },
          { path: 'verify-email', element: <VerifyEmailRoute /> },
          { path: 'reset-password', element: <ResetPasswordRoute /> },
          { path: 'cart', element: <CartRoute /> },
          // Paths match case-insensitively: /Orders (SPEC.md) and /orders (the user menu) are one page.
          { path: 'Orders', element: <OrdersRoute /> },
          { path: 'orderSucess', element: <OrderSuccessRoute /> },
          { path: 'orderFail', element: <OrderFailRoute /> },
          { path: '3dprinting', element: <ThreeDPrintingRoute /> },
          { path: 'policies/:slug', element: <PolicyRoute /> },
          { path: 'admin/*', element: <AdminPage /> },
          { path: '*', element: <NotFoundRoute /> },
        ],
      },
    ],
  },
];

/**
 * Loads the code of the page at `pathname` (when it is a lazily loaded page), so that the app's
 * first render shows that page rather than a spinner.
 */
export async function preloadPage(pathname: string): Promise<void> {
  const pages = (matchRoutes(routes, pathname) ?? [])
    .map((match) => match.route.element)
    .filter(isValidElement)
    .map((element) => element.type as Partial<LazyPage>)
    .filter((type) => typeof type.preload === 'function');
  await Promise.all(pages.map((page) => page.preload!()));
}

/** The app's pages for the router around them: the browser's (AppRouter) or the server's first paint. */
export function AppRoutes() {
  return (
    <RouteErrorBoundary>
      <Routes />
    </RouteErrorBoundary>
  );
}

function Routes() {
  return useRoutes(routes);
}

/**
 * React Router in declarative mode: the app loads its data with TanStack Query, not route
 * loaders, so the data router (15 KB of compressed JavaScript on the home page) is not needed.
 * Errors are caught by RouteErrorBoundary (in the layout, around the page, and here around all).
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
