import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * Renders a screen with the app's providers, its API calls answered by `answer` (path → the data of a
 * success envelope, or a Response for anything else).
 */
export function renderWithProviders(
  ui: ReactNode,
  answer: (path: string, init?: RequestInit) => unknown = () => [],
  route = '/',
) {
  // jsdom has no matchMedia, which Mantine reads for the colour scheme, no font set, which an autosizing
  // text area listens to, and no ResizeObserver, which a segmented control uses to place its indicator.
  const listenable = { matches: false, addEventListener: () => {}, removeEventListener: () => {} };
  window.matchMedia ??= () => listenable as never;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  Object.defineProperty(document, 'fonts', { configurable: true, value: { ...listenable, ready: Promise.resolve() } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: URL | string, init?: RequestInit) => {
      const answered = answer(new URL(url, 'http://localhost').pathname, init);
      return answered instanceof Response ? answered : json(200, { success: true, data: answered });
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}
