import { useMemo } from 'react';
import { Navigate, RouterProvider, createBrowserRouter } from 'react-router';
import { ErrorRoute } from './routes/error';
import { HomeRoute } from './routes/home';
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
  ]);
}

export function AppRouter() {
  const router = useMemo(createRouter, []);
  return <RouterProvider router={router} />;
}
