import { screen } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render-with-providers.tsx';
import { MintWaiting } from './mint-waiting.tsx';

afterEach(() => vi.unstubAllGlobals());

test('says how many tickets wait to be minted, and what that means for their holders', () => {
  renderWithProviders(<MintWaiting count={12} />);
  const note = screen.getByRole('status');
  expect(note.textContent).toContain('12 tickets waiting to be minted');
  expect(note.textContent).toContain('its holder can use it as usual');
});

test('counts one ticket as one', () => {
  renderWithProviders(<MintWaiting count={1} />);
  expect(screen.getByRole('status').textContent).toContain('1 ticket waiting to be minted');
});

test('shows nothing when no ticket waits', () => {
  renderWithProviders(<MintWaiting count={0} />);
  expect(screen.queryByRole('status')).toBeNull();
  expect(screen.queryByText(/waiting to be minted/)).toBeNull();
});
