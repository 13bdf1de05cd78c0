import { render, screen } from '@testing-library/react';
import { lazy } from 'react';
import { expect, it, vi } from 'vitest';
import { Deferred } from './deferred.tsx';

it('keeps its stand-in when the deferred code cannot be fetched', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const Missing = lazy(() => Promise.reject(new Error('Failed to fetch dynamically imported module')));
  render(
    <main>
      <h1>Events</h1>
      <Deferred fallback={<button>Team</button>}>
        <Missing />
      </Deferred>
    </main>,
  );
  expect(await screen.findByRole('button', { name: 'Team' })).toBeTruthy();
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(screen.getByRole('heading', { name: 'Events' })).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Team' })).toBeTruthy();
});
