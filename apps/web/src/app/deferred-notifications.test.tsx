import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { DeferredNotifications } from './deferred-notifications.tsx';

test('the notification stack appears with the first notification and shows it', async () => {
  // jsdom has no matchMedia, which Mantine reads for the colour scheme.
  window.matchMedia ??= () => ({ matches: false, addEventListener: () => {}, removeEventListener: () => {} }) as never;
  render(
    <MantineProvider>
      <DeferredNotifications />
    </MantineProvider>,
  );
  const stack = () => document.querySelector('.mantine-Notifications-root');
  expect(stack()).toBeNull();

  act(() => void notifications.show({ message: 'Draft saved' }));
  expect(await screen.findByText('Draft saved')).toBeTruthy();
  expect(stack()).not.toBeNull();
});
