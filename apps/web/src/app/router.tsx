import { useMemo } from 'react';
import { Navigate, RouterProvider, createBrowserRouter } from 'react-router';
import { accountRoute } from './routes/app/account-route';
import { adminRoutes } from './routes/app/admin/admin-routes';
import { ErrorRoute } from './routes/error';
import { HomeRoute } from './routes/home';
import { inviteRoute } from './routes/invite-route';
import { RootLayout } from './routes/root-layout';
import { RouteError } from './routes/route-error';
import { RouteLoading } from './routes/route-loading';

// Public dashboards are lazy: their code (and ECharts, loaded by the first chart) stays out of the
// first download of the other pages.
function createRouter() {
  return createBrowserRouter([
    {
      Component: RootLayout,
      ErrorBoundary: RouteError,
      HydrateFallback: RouteLoading,
      children: [
        { index: true, Component: HomeRoute },
        { path: 'error', Component: ErrorRoute },
        { path: 'login', lazy: async () => ({ Component: (await import('./routes/login')).LoginRoute }) },
        inviteRoute,
        {
          path: 'public/dashboard',
          lazy: async () => ({ Component: (await import('./routes/public/public-layout')).PublicLayout }),
          children: [
            {
              path: 'industries/:tenantId',
              lazy: async () => ({ Component: (await import('./routes/public/industries')).IndustriesRoute }),
            },
            {
              path: 'industry/:tenantId',
              lazy: async () => ({ Component: (await import('./routes/public/industry')).IndustryRoute }),
            },
            {
              path: 'details/:tenantId',
              lazy: async () => ({ Component: (await import('./routes/public/details')).DetailsRoute }),
            },
            {
              path: 'parameter/:tenantId',
              lazy: async () => ({ Component: (await import('./routes/public/parameter')).ParameterRoute }),
            },
          ],
        },
        // SPEC 2: any other path goes to the home page.
        { path: '*', element: <Navigate to="/" replace /> },
      ],
    },
    // The signed-in app: its own layout (AppShell) instead of the public header; lazy, so the
    // public pages never download it.
    {
      path: 'app',
      ErrorBoundary: RouteError,
      HydrateFallback: RouteLoading,
      lazy: async () => ({ Component: (await import('./routes/app/app-layout')).AppLayout }),
      children: [
        { index: true, element: <Navigate to="/app/dashboard" replace /> },
        { path: 'dashboard', lazy: async () => ({ Component: (await import('./routes/app/dashboard-route')).DashboardRoute }) },
        {
          path: 'dashboard/details',
          lazy: async () => ({ Component: (await import('./routes/app/dashboard-trend-routes')).DashboardDetailsRoute }),
        },
        {
          path: 'dashboard/parameter',
          lazy: async () => ({ Component: (await import('./routes/app/dashboard-trend-routes')).DashboardParameterRoute }),
        },
        accountRoute,
        ...adminRoutes,
        { path: '*', element: <Navigate to="/" replace /> },
      ],
    },
  ]);
}

export function AppRouter() {
  const router = useMemo(createRouter, []);
  return <RouterProvider router={router} />;
}
