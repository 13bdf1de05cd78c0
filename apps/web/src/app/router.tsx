import { createBrowserRouter, Navigate } from 'react-router';
import { AppLayout } from './layout/app-layout.tsx';
import { ProtectedRoute } from './protected-route.tsx';

// Every page is its own chunk: the first screen loads only what it shows.
export const router = createBrowserRouter([
  {
    element: <AppLayout />,
    children: [
      {
        path: '/login',
        lazy: async () => ({ Component: (await import('../features/identity/pages/login-page.tsx')).LoginPage }),
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
            path: '/event-list',
            lazy: async () => ({
              Component: (await import('../features/events/pages/event-list-page.tsx')).EventListPage,
            }),
          },
        ],
      },
      { path: '*', element: <Navigate to="/event-list" replace /> },
    ],
  },
]);
