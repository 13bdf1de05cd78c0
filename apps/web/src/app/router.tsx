import { Center, Loader } from '@mantine/core';
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { AppLayout } from './layout/app-layout.tsx';
import { RouteErrorPage } from './pages/route-error-page.tsx';
import { ProtectedRoute } from './protected-route.tsx';
import { requireIds } from './route-ids.ts';

// Every page is its own chunk: the first screen loads only what it shows.
const pageModules = import.meta.glob<Record<string, ComponentType>>([
  '../features/*/pages/*-page.tsx',
  './pages/profile-page.tsx',
]);

const pascalCase = (name: string) => name.replace(/(^|-)(\w)/g, (_, __, letter: string) => letter.toUpperCase());

/**
 * The route of the page in `<name>-page.tsx`, whose component is that name in PascalCase. An address
 * with ids (`:id`) has them checked before the page's code loads: a wrong one answers the not-found page.
 */
function page(path: string, name: string): RouteObject {
  const found = Object.entries(pageModules).find(([file]) => file.endsWith(`/${name}-page.tsx`));
  if (found === undefined) throw new Error(`No page file is named ${name}-page.tsx`);
  const [, load] = found;
  const lazy = async () => ({ Component: (await load())[`${pascalCase(name)}Page`] });
  const ids = [...path.matchAll(/:(\w+)/g)].map(([, id]) => id ?? '');
  return ids.length === 0 ? { path, lazy } : { path, lazy, loader: requireIds(...ids), ErrorBoundary: RouteErrorPage };
}

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
      page('/login', 'login'),
      page('/forgot-password', 'forgot-password'),
      page('/reset-password', 'reset-password'),
      page('/usermgmt', 'usermgmt'),
      page('/member-login', 'member-login'),
      { element: <ProtectedRoute needsPartner={false} />, children: [page('/organization', 'organization')] },
      {
        element: <ProtectedRoute />,
        children: [
          page('/profile', 'profile'),
          page('/event-creation', 'event-creation'),
          page('/event-summary/:id', 'event-summary'),
          page('/promo-code', 'promo-code'),
          page('/promo-code-steps', 'promo-code-steps'),
          page('/widget-customization', 'widget-customization'),
          page('/fan-database', 'fan-database'),
          page('/fan-history/:id', 'fan-history'),
          page('/orders', 'orders'),
          page('/fan-refund/:id', 'fan-refund'),
          page('/fan-refund/:fanId/:eventId', 'fan-refund-tickets'),
          page('/event-list', 'event-list'),
          page('/event-list/seat-maps', 'seat-maps'),
          page('/event-list/seat-maps/new', 'seat-map-editor'),
          page('/event-list/seat-maps/:id', 'seat-map-editor'),
          page('/event-analysis/:id', 'event-analysis'),
          page('/event-check-in/:id', 'check-in'),
          page('/analytics', 'analytics'),
          page('/billing-history', 'billing-history'),
        ],
      },
      { path: '*', element: <Navigate to="/event-list" replace /> },
    ],
  },
]);
