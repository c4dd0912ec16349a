import { lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { RootLayout } from './layouts/root-layout';
import { HomeRoute } from './routes/home';
import { RouteError } from './routes/route-error';

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
const LaterRoute = lazy(() => import('./routes/later').then((m) => ({ default: m.LaterRoute })));
// Shoppers never download the admin dashboard: it is only reachable through this lazy import.
const AdminPage = lazy(() => import('../features/admin/components/admin-placeholder-page'));

/** Pages whose features arrive with later issues. Paths match case-insensitively, so /Orders is also /orders. */
const laterPages: { path: string; title: string }[] = [
  { path: 'cart', title: 'Your Cart' },
  { path: '3dprinting', title: '3D Printing Service' },
  { path: 'Orders', title: 'Your Orders' },
  { path: 'orderSucess', title: 'Payment Successful!' },
  { path: 'orderFail', title: 'Payment Failed' },
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        errorElement: <RouteError />,
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
          ...laterPages.map(({ path, title }) => ({ path, element: <LaterRoute title={title} /> })),
          { path: 'admin/*', element: <AdminPage /> },
          { path: '*', element: <NotFoundRoute /> },
        ],
      },
    ],
  },
];

const router = createBrowserRouter(routes);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
