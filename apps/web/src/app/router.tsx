import { useMemo } from 'react';
import { Navigate, RouterProvider, createBrowserRouter } from 'react-router';
import { ErrorRoute } from './routes/error';
import { HomeRoute } from './routes/home';
import { RootLayout } from './routes/root-layout';
import { RouteError } from './routes/route-error';

// Public dashboards are lazy: their code (and ECharts, loaded by the first chart) stays out of the
// first download of the other pages.
function createRouter() {
  return createBrowserRouter([
    {
      Component: RootLayout,
      ErrorBoundary: RouteError,
      children: [
        { index: true, Component: HomeRoute },
        { path: 'error', Component: ErrorRoute },
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
