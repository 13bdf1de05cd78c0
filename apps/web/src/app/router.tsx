import { Center, Loader } from '@mantine/core';
import { createBrowserRouter, Navigate } from 'react-router';
import { AppLayout } from './layout/app-layout.tsx';
import { RouteErrorPage } from './pages/route-error-page.tsx';
import { ProtectedRoute } from './protected-route.tsx';
import { requireIds } from './route-ids.ts';

// Every page is its own chunk: the first screen loads only what it shows.
export const router = createBrowserRouter([
  {
    element: <AppLayout />,
    // Shown while the first page's code loads.
    hydrateFallbackElement: (
      <Center h="100vh">
        <Loader aria-label="Loading" />
      </Center>
    ),
    children: [
      {
        path: '/login',
        lazy: async () => ({ Component: (await import('../features/identity/pages/login-page.tsx')).LoginPage }),
      },
      {
        path: '/forgot-password',
        lazy: async () => ({
          Component: (await import('../features/identity/pages/forgot-password-page.tsx')).ForgotPasswordPage,
        }),
      },
      {
        path: '/reset-password',
        lazy: async () => ({
          Component: (await import('../features/identity/pages/reset-password-page.tsx')).ResetPasswordPage,
        }),
      },
      {
        path: '/usermgmt',
        lazy: async () => ({ Component: (await import('../features/identity/pages/usermgmt-page.tsx')).UsermgmtPage }),
      },
      {
        path: '/member-login',
        lazy: async () => ({
          Component: (await import('../features/identity/pages/member-login-page.tsx')).MemberLoginPage,
        }),
      },
      {
        element: <ProtectedRoute needsPartner={false} />,
        children: [
          {
            path: '/organization',
            lazy: async () => ({
              Component: (await import('../features/organizations/pages/organization-page.tsx')).OrganizationPage,
            }),
          },
        ],
      },
      {
        element: <ProtectedRoute />,
        children: [
          {
            path: '/profile',
            lazy: async () => ({ Component: (await import('./pages/profile-page.tsx')).ProfilePage }),
          },
          {
            path: '/event-creation',
            lazy: async () => ({
              Component: (await import('../features/events/pages/event-creation-page.tsx')).EventCreationPage,
            }),
          },
          {
            path: '/event-summary/:id',
            loader: requireIds('id'),
            ErrorBoundary: RouteErrorPage,
            lazy: async () => ({
              Component: (await import('../features/events/pages/event-summary-page.tsx')).EventSummaryPage,
            }),
          },
          {
            path: '/promo-code',
            lazy: async () => ({
              Component: (await import('../features/promo-codes/pages/promo-code-page.tsx')).PromoCodePage,
            }),
          },
          {
            path: '/promo-code-steps',
            lazy: async () => ({
              Component: (await import('../features/promo-codes/pages/promo-code-steps-page.tsx')).PromoCodeStepsPage,
            }),
          },
          {
            path: '/widget-customization',
            lazy: async () => ({
              Component: (await import('../features/widget/pages/widget-customization-page.tsx'))
                .WidgetCustomizationPage,
            }),
          },
          {
            path: '/fan-database',
            lazy: async () => ({
              Component: (await import('../features/fans/pages/fan-database-page.tsx')).FanDatabasePage,
            }),
          },
          {
            path: '/fan-history/:id',
            loader: requireIds('id'),
            ErrorBoundary: RouteErrorPage,
            lazy: async () => ({
              Component: (await import('../features/fans/pages/fan-history-page.tsx')).FanHistoryPage,
            }),
          },
          {
            path: '/orders',
            lazy: async () => ({
              Component: (await import('../features/orders/pages/orders-page.tsx')).OrdersPage,
            }),
          },
          {
            path: '/fan-refund/:id',
            loader: requireIds('id'),
            ErrorBoundary: RouteErrorPage,
            lazy: async () => ({
              Component: (await import('../features/refunds/pages/fan-refund-page.tsx')).FanRefundPage,
            }),
          },
          {
            path: '/fan-refund/:fanId/:eventId',
            loader: requireIds('fanId', 'eventId'),
            ErrorBoundary: RouteErrorPage,
            lazy: async () => ({
              Component: (await import('../features/refunds/pages/fan-refund-tickets-page.tsx')).FanRefundTicketsPage,
            }),
          },
          {
            path: '/event-list',
            lazy: async () => ({
              Component: (await import('../features/events/pages/event-list-page.tsx')).EventListPage,
            }),
          },
          {
            path: '/event-list/seat-maps',
            lazy: async () => ({
              Component: (await import('../features/seat-maps/pages/seat-maps-page.tsx')).SeatMapsPage,
            }),
          },
          {
            path: '/event-list/seat-maps/new',
            lazy: async () => ({
              Component: (await import('../features/seat-maps/pages/seat-map-editor-page.tsx')).SeatMapEditorPage,
            }),
          },
          {
            path: '/event-list/seat-maps/:id',
            loader: requireIds('id'),
            ErrorBoundary: RouteErrorPage,
            lazy: async () => ({
              Component: (await import('../features/seat-maps/pages/seat-map-editor-page.tsx')).SeatMapEditorPage,
            }),
          },
          {
            path: '/event-analysis/:id',
            loader: requireIds('id'),
            ErrorBoundary: RouteErrorPage,
            lazy: async () => ({
              Component: (await import('../features/analytics/pages/event-analysis-page.tsx')).EventAnalysisPage,
            }),
          },
          {
            path: '/event-check-in/:id',
            loader: requireIds('id'),
            ErrorBoundary: RouteErrorPage,
            lazy: async () => ({
              Component: (await import('../features/check-in/pages/check-in-page.tsx')).CheckInPage,
            }),
          },
          {
            path: '/analytics',
            lazy: async () => ({
              Component: (await import('../features/analytics/pages/analytics-page.tsx')).AnalyticsPage,
            }),
          },
          {
            path: '/billing-history',
            lazy: async () => ({
              Component: (await import('../features/analytics/pages/billing-history-page.tsx')).BillingHistoryPage,
            }),
          },
        ],
      },
      { path: '*', element: <Navigate to="/event-list" replace /> },
    ],
  },
]);
