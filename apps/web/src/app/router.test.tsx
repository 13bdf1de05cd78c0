import type { RouteObject } from 'react-router';
import { expect, test } from 'vitest';
import { router } from './router.tsx';

const pagesOf = (routes: RouteObject[]): RouteObject[] =>
  routes.flatMap((route) => [...(route.path && route.lazy ? [route] : []), ...pagesOf(route.children ?? [])]);

test('every page route loads a component from its page file', { timeout: 30_000 }, async () => {
  const pages = pagesOf(router.routes);
  expect(pages).toHaveLength(25);
  for (const route of pages) {
    const loaded = typeof route.lazy === 'function' ? await route.lazy() : {};
    expect(loaded.Component, route.path).toBeTypeOf('function');
  }
});

test('an address with ids has them checked before its page loads', () => {
  const pages = pagesOf(router.routes);
  const checked = pages.filter((route) => route.loader).map((route) => route.path);
  expect(checked).toEqual([
    '/event-summary/:id',
    '/fan-history/:id',
    '/fan-refund/:id',
    '/fan-refund/:fanId/:eventId',
    '/event-list/seat-maps/:id',
    '/event-analysis/:id',
    '/event-check-in/:id',
  ]);
});
