import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers.tsx';
import { newTicketDraft } from '../ticket-draft.ts';
import { TicketForm } from './ticket-form.tsx';

afterEach(() => vi.unstubAllGlobals());

function Form() {
  const [draft, setDraft] = useState(newTicketDraft());
  return (
    <TicketForm
      index={0}
      draft={draft}
      errors={{}}
      partnerId={1}
      timeZone="Europe/London"
      defaultOnSale="2026-12-01T10:00:00.000Z"
      onChange={setDraft}
    />
  );
}

test('a royalty of 150 keeps its value and says the range, not clamped to 100', async () => {
  renderWithProviders(<Form />);
  const royalty = screen.getByLabelText('Secondary royalty (%)');
  await userEvent.clear(royalty);
  await userEvent.type(royalty, '150');
  await userEvent.tab();
  expect(royalty).toHaveProperty('value', '150');
  expect(screen.getByText('* Value must be between 0 and 100')).toBeTruthy();

  await userEvent.clear(royalty);
  await userEvent.type(royalty, '12.5');
  expect(screen.queryByText('* Value must be between 0 and 100')).toBeNull();
});
