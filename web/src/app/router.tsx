import { lazy } from 'react';
import { BrowserRouter, useRoutes, type RouteObject } from 'react-router';
import { RootLayout } from './layouts/root-layout';
import { HomeRoute } from './routes/home';
import { RouteErrorBoundary } from './routes/route-error';

// Every page but the home page is its own chunk, so the home page's first load stays small.
const SearchRoute = lazy(() => import('./routes/search').then((m) => ({ default: m.SearchRoute })));
const ProductRoute = lazy(() => import('./routes/product').then((m) => ({ default: m.ProductRoute })));
const CategoryRoute = lazy(() => import('./routes/category').then((m) => ({ default: m.CategoryRoute })));
const SoonRoute = lazy(() => import('./routes/soon').then((m) => ({ default: m.SoonRoute })));
const NotFoundRoute = lazy(() => import('./routes/not-found').then((m) => ({ default: m.NotFoundRoute })));
const LoginRoute = lazy(() => import('./routes/login').then((m) => ({ default: m.LoginRoute })));
const EditProfileRoute = lazy(() => import('./routes/edit-profile').then((m) => ({ default: m.EditProfileRoute })));
const VerifyEmailRoute = lazy(() => import('./routes/verify-email').then((m) => ({ default: m.VerifyEmailRoute })));
const ResetPasswordRoute = lazy(() => import('./routes/reset-password').then((m) => ({ default: m.ResetPasswordRoute })));
const CartRoute = lazy(() => import('./routes/cart').then((m) => ({ default: m.CartRoute })));
const OrdersRoute = lazy(() => import('./routes/orders').then((m) => ({ default: m.OrdersRoute })));
const OrderSuccessRoute = lazy(() => import('./routes/order-result').then((m) => ({ default: m.OrderSuccessRoute })));
const OrderFailRoute = lazy(() => import('./routes/order-result').then((m) => ({ default: m.OrderFailRoute })));
const ThreeDPrintingRoute = lazy(() => import('./routes/three-d-printing').then((m) => ({ default: m.ThreeDPrintingRoute })));
// Shoppers never download the admin dashboard: it is only reachable through this lazy import.
const AdminPage = lazy(() => import('../features/admin/components/admin-placeholder-page'));

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
          { path: 'admin/*', element: <AdminPage /> },
          { path: '*', element: <NotFoundRoute /> },
        ],
      },
    ],
  },
];

function AppRoutes() {
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
      <RouteErrorBoundary>
        <AppRoutes />
      </RouteErrorBoundary>
    </BrowserRouter>
  );
}
