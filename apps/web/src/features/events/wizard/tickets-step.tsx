import { Button, Stack } from '@mantine/core';
import { newTicketDraft, type TicketErrors } from '../ticket-draft.ts';
import { TicketForm } from '../components/ticket-form.tsx';
import type { WizardState } from './state.ts';

type Props = {
  state: WizardState;
  partnerId: number;
  errors: TicketErrors[];
  update: (patch: Partial<WizardState>) => void;
};

export function TicketsStep({ state, partnerId, errors, update }: Props) {
  return (
    <Stack>
      {state.tickets.map((draft, i) => (
        <TicketForm
          key={i}
          index={i}
          draft={draft}
          errors={errors[i] ?? {}}
          partnerId={partnerId}
          timeZone={state.timeZone}
          defaultOnSale={state.onSale}
          onChange={(next) => update({ tickets: state.tickets.map((t, j) => (j === i ? next : t)) })}
          onRemove={i > 0 ? () => update({ tickets: state.tickets.filter((_, j) => j !== i) }) : undefined}
        />
      ))}
      <Button variant="light" w="fit-content" onClick={() => update({ tickets: [...state.tickets, newTicketDraft()] })}>
        Add another ticket
      </Button>
    </Stack>
  );
}
