import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Navigate, RouterProvider, createBrowserRouter } from 'react-router';
import { paths } from '@/config/paths';
import { getMeQueryOptions } from '@/features/accounts';
import { industryOf, prefetchBoard } from '@/features/dashboards';
import { accountRoute } from './routes/app/account-route';
import { adminRoutes } from './routes/app/admin/admin-routes';
import { ErrorRoute } from './routes/error';
import { inviteRoute } from './routes/invite-route';
import { RootLayout } from './routes/root-layout';
import { RouteError } from './routes/route-error';
import { RouteLoading } from './routes/route-loading';

// Public dashboards are lazy: their code (and ECharts, loaded by the first chart) stays out of the
// first download of the other pages.
function createRouter(queryClient: QueryClient) {
  return createBrowserRouter([
    {
      Component: RootLayout,
      ErrorBoundary: RouteError,
      HydrateFallback: RouteLoading,
      children: [
        // Lazy like every page: the board list (and the contracts it parses with) stays out of the
        // bundle an industry page loads first.
        { index: true, lazy: async () => ({ Component: (await import('./routes/home')).HomeRoute }) },
        { path: paths.error.path, Component: ErrorRoute },
        { path: paths.login.path, lazy: async () => ({ Component: (await import('./routes/login')).LoginRoute }) },
        inviteRoute,
        // SPEC 2: the checkout and select-plan pages show no header (their paths say so).
        { path: paths.billing.selectPlan.path, lazy: async () => ({ Component: (await import('./routes/billing-routes')).SelectPlanRoute }) },
        { path: paths.billing.checkout.path, lazy: async () => ({ Component: (await import('./routes/billing-routes')).CheckoutRoute }) },
        { path: paths.developers.path, lazy: async () => ({ Component: (await import('./routes/developers')).DevelopersRoute }) },
        { path: paths.developersConfirm.path, lazy: async () => ({ Component: (await import('./routes/developers')).ConfirmKeyRoute }) },
        {
          path: paths.public.root.path,
          lazy: async () => ({ Component: (await import('./routes/public/public-layout')).PublicLayout }),
          children: [
            {
              path: paths.public.industries.path,
              lazy: async () => ({ Component: (await import('./routes/public/industries')).IndustriesRoute }),
            },
            {
              path: paths.public.industry.path,
              lazy: async () => ({ Component: (await import('./routes/public/industry')).IndustryRoute }),
            },
            {
              path: paths.public.details.path,
              lazy: async () => ({ Component: (await import('./routes/public/details')).DetailsRoute }),
            },
            {
              path: paths.public.parameter.path,
              lazy: async () => ({ Component: (await import('./routes/public/parameter')).ParameterRoute }),
            },
          ],
        },
        // SPEC 2: any other path goes to the home page.
        { path: '*', element: <Navigate to={paths.home.getHref()} replace /> },
      ],
    },
    // The signed-in app: its own layout (AppShell) instead of the public header; lazy, so the
    // public pages never download it.
    {
      path: paths.app.root.path,
      ErrorBoundary: RouteError,
      HydrateFallback: RouteLoading,
      lazy: async () => ({ Component: (await import('./routes/app/app-layout')).AppLayout }),
      // Who is signed in is asked for while the layout's code loads, not after it (no wait: the
      // layout shows its own loading and error states); once, not on every navigation.
      loader: () => {
        void queryClient.prefetchQuery(getMeQueryOptions());
        return null;
      },
      shouldRevalidate: () => false,
      children: [
        { index: true, element: <Navigate to={paths.app.dashboard.getHref()} replace /> },
        { path: paths.app.dashboard.path, lazy: async () => ({ Component: (await import('./routes/app/dashboard-route')).DashboardRoute }) },
        {
          path: paths.app.details.path,
          lazy: async () => ({ Component: (await import('./routes/app/dashboard-trend-routes')).DashboardDetailsRoute }),
        },
        {
          path: paths.app.parameter.path,
          lazy: async () => ({ Component: (await import('./routes/app/dashboard-trend-routes')).DashboardParameterRoute }),
        },
        {
          path: paths.app.industry.path,
          lazy: async () => ({ Component: (await import('./routes/app/industry-routes')).IndustryLayout }),
          children: [
            { index: true, lazy: async () => ({ Component: (await import('./routes/app/industry-routes')).IndustryRoute }) },
            {
              path: paths.app.industryDetails.path,
              lazy: async () => ({ Component: (await import('./routes/app/industry-routes')).IndustryDetailsRoute }),
            },
            {
              path: paths.app.industryParameter.path,
              lazy: async () => ({ Component: (await import('./routes/app/industry-routes')).IndustryParameterRoute }),
            },
          ],
        },
        { path: paths.app.regulator.path, lazy: async () => ({ Component: (await import('./routes/app/regulator/regulator-routes')).RegulatorRoute }) },
        {
          path: paths.app.regulatorIndustry.path,
          lazy: async () => ({ Component: (await import('./routes/app/regulator/regulator-routes')).RegulatorIndustryRoute }),
        },
        { path: paths.app.compliance.path, lazy: async () => ({ Component: (await import('./routes/app/compliance-routes')).ComplianceRoute }) },
        { path: paths.app.complianceIndustry.path, lazy: async () => ({ Component: (await import('./routes/app/compliance-routes')).ComplianceIndustryRoute }) },
        { path: paths.app.statistics.path, lazy: async () => ({ Component: (await import('./routes/app/compliance-routes')).StatisticsRoute }) },
        { path: paths.app.reports.path, lazy: async () => ({ Component: (await import('./routes/app/reports-routes')).ReportsRoute }) },
        { path: paths.app.scheduledReports.path, lazy: async () => ({ Component: (await import('./routes/app/reports-routes')).ScheduledReportsRoute }) },
        { path: paths.app.industries.path, element: <Navigate to={paths.app.dashboard.getHref()} replace /> },
        { path: paths.app.alerts.path, lazy: async () => ({ Component: (await import('./routes/app/alerts-routes')).AlertsRoute }) },
        { path: paths.app.alert.path, lazy: async () => ({ Component: (await import('./routes/app/alerts-routes')).AlertRoute }) },
        { path: paths.app.changeRequests.path, lazy: async () => ({ Component: (await import('./routes/app/change-requests-routes')).ChangeRequestsRoute }) },
        { path: paths.app.changeRequest.path, lazy: async () => ({ Component: (await import('./routes/app/change-requests-routes')).ChangeRequestRoute }) },
        { path: paths.app.warrantyRequests.path, lazy: async () => ({ Component: (await import('./routes/app/warranty-routes')).WarrantyRequestsRoute }) },
        { path: paths.app.warrantyRequest.path, lazy: async () => ({ Component: (await import('./routes/app/warranty-routes')).WarrantyRequestRoute }) },
        { path: paths.app.subscriptions.path, lazy: async () => ({ Component: (await import('./routes/app/subscriptions-route')).SubscriptionsRoute }) },
        { path: paths.app.cameras.path, lazy: async () => ({ Component: (await import('./routes/app/cameras-routes')).CamerasRoute }) },
        { path: paths.app.cameraWall.path, lazy: async () => ({ Component: (await import('./routes/app/cameras-routes')).CameraWallRoute }) },
        { path: paths.app.camera.path, lazy: async () => ({ Component: (await import('./routes/app/cameras-routes')).CameraRoute }) },
        { path: paths.app.airQuality.path, lazy: async () => ({ Component: (await import('./routes/app/air-quality-route')).AirQualityRoute }) },
        { path: paths.app.dataQuality.path, lazy: async () => ({ Component: (await import('./routes/app/data-quality-route')).DataQualityRoute }) },
        { path: paths.app.stationQuality.path, lazy: async () => ({ Component: (await import('./routes/app/station-quality-route')).StationQualityRoute }) },
        { path: paths.app.documents.path, lazy: async () => ({ Component: (await import('./routes/app/documents-route')).DocumentsRoute }) },
        { path: paths.app.energy.path, lazy: async () => ({ Component: (await import('./routes/app/energy-route')).EnergyRoute }) },
        { path: paths.app.dashboards.path, lazy: async () => ({ Component: (await import('./routes/app/dashboards-routes')).DashboardsRoute }) },
        {
          path: paths.app.board.path,
          lazy: async () => ({ Component: (await import('./routes/app/dashboards-routes')).BoardRoute }),
          loader: ({ params, request }) => {
            void prefetchBoard(queryClient, Number(params.id), industryOf(new URL(request.url).searchParams));
            return null;
          },
          // Opening edit mode (?edit=1) is the same dashboard: nothing to ask again.
          shouldRevalidate: ({ currentParams, nextParams, currentUrl, nextUrl }) =>
            currentParams.id !== nextParams.id || currentUrl.searchParams.get('industry') !== nextUrl.searchParams.get('industry'),
        },
        accountRoute,
        { path: paths.app.calibration.path, lazy: async () => ({ Component: (await import('./routes/app/calibration-route')).CalibrationRoute }) },
        { path: paths.app.devices.path, lazy: async () => ({ Component: (await import('./routes/app/devices-route')).DevicesRoute }) },
        { path: paths.app.device.path, lazy: async () => ({ Component: (await import('./routes/app/devices-route')).DeviceRoute }) },
        { path: paths.app.deviceDiagnostics.path, lazy: async () => ({ Component: (await import('./routes/app/devices-route')).DeviceDiagnosticsRoute }) },
        ...adminRoutes,
        // Inside the app, an unknown path is a page of the app that says so (with the menu), not the public home page.
        { path: '*', lazy: async () => ({ Component: (await import('./routes/app/not-found-route')).AppNotFoundRoute }) },
      ],
    },
  ]);
}

export function AppRouter() {
  const queryClient = useQueryClient();
  const router = useMemo(() => createRouter(queryClient), [queryClient]);
  return <RouterProvider router={router} />;
}
