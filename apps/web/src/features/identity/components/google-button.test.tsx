import { screen } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers.tsx';
import { GoogleButton } from './google-button.tsx';

afterEach(() => vi.unstubAllGlobals());

test('without Google sign-in the button keeps its label, disabled, with the reason beside it', async () => {
  renderWithProviders(<GoogleButton />, () => ({ google: false }));
  const reason = await screen.findByText(/Google sign-in is not set up for this portal/);
  const button = screen.getByRole('button', { name: 'Continue with Google' });
  expect(button).toHaveProperty('disabled', true);
  expect(button.getAttribute('aria-describedby')).toBe(reason.id);
});

test('with Google sign-in it is a link that starts it', async () => {
  renderWithProviders(<GoogleButton />, () => ({ google: true }));
  const link = await screen.findByRole('link', { name: 'Continue with Google' });
  expect(link.getAttribute('href')).toBe('/api/identity/google/start');
  expect(screen.queryByText(/not set up/)).toBeNull();
});
