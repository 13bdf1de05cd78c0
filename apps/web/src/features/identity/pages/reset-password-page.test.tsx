import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, expect, test, vi } from 'vitest';
import { ResetPasswordPage } from './reset-password-page.tsx';

const tooCommon = 'This password is too common. Choose one that is harder to guess.';
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

test("shows the server's refusal of a password under the password field", async () => {
  // jsdom has no matchMedia, which Mantine reads for the colour scheme.
  window.matchMedia ??= () => ({ matches: false, addEventListener: () => {}, removeEventListener: () => {} }) as never;
  vi.stubGlobal(
    'fetch',
    vi.fn((url: URL) =>
      Promise.resolve(
        url.pathname === '/api/identity/reset-code'
          ? json(200, { success: true, data: { email: 'dana@example.test' } })
          : json(422, {
              success: false,
              error: { code: 'validation_failed', message: tooCommon, fields: { password: tooCommon } },
            }),
      ),
    ),
  );
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={['/reset-password?oobCode=abc']}>
          <ResetPasswordPage />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  const password = await screen.findByLabelText(/^New password/);
  await userEvent.type(password, 'password');
  await userEvent.type(screen.getByLabelText(/^Repeat new password/), 'password');
  await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));

  // Under the field: the input names the message as its description.
  const message = await screen.findByText(tooCommon);
  expect(password.getAttribute('aria-describedby')).toBe(message.id);
  expect(screen.queryByText('Request failed')).toBeNull();
});
