import { Checkbox, Stack, Switch } from '@mantine/core';
import type { EventListItem } from '@portal/contract';
import type { WidgetFlag } from '../api/events.ts';

type Props = {
  event: Pick<EventListItem, 'name' | WidgetFlag>;
  onToggle: (flag: WidgetFlag, value: boolean) => void;
  /** Names the event in each label, where several events' toggles share a list. */
  named?: boolean;
};

/** Spec: the active_on_widget checkbox; only when it is on, the transfer and secondary-sale switches. */
export function EventWidgetFlags({ event, onToggle, named = false }: Props) {
  const of = named ? ` (${event.name})` : '';
  return (
    <>
      <Checkbox
        label="Show on widget"
        aria-label={named ? `Show ${event.name} on widget` : undefined}
        checked={event.active_on_widget}
        onChange={(e) => onToggle('active_on_widget', e.currentTarget.checked)}
      />
      {event.active_on_widget && (
        <Stack gap={6} pl="md">
          <Switch
            size="sm"
            label="Allow transferring tickets"
            aria-label={named ? `Allow transferring tickets${of}` : undefined}
            checked={event.transfering_allowed}
            onChange={(e) => onToggle('transfering_allowed', e.currentTarget.checked)}
          />
          <Switch
            size="sm"
            label="Allow secondary sales"
            aria-label={named ? `Allow secondary sales${of}` : undefined}
            checked={event.selling_allowed}
            onChange={(e) => onToggle('selling_allowed', e.currentTarget.checked)}
          />
        </Stack>
      )}
    </>
  );
}
