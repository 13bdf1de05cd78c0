import { Checkbox, Stack, Switch } from '@mantine/core';
import type { EventListItem } from '@portal/contract';
import type { WidgetFlag } from '../api/events.ts';

type Props = {
  event: Pick<EventListItem, 'name' | WidgetFlag>;
  onToggle: (flag: WidgetFlag, value: boolean) => void;
  /** Names the event in each label, where several events' toggles share a list. */
  named?: boolean;
};

const switches = [
  { flag: 'transfering_allowed', label: 'Allow transferring tickets' },
  { flag: 'selling_allowed', label: 'Allow secondary sales' },
] as const;

/** Spec: the active_on_widget checkbox; only when it is on, the transfer and secondary-sale switches. */
export function EventWidgetFlags({ event, onToggle, named = false }: Props) {
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
          {switches.map(({ flag, label }) => (
            <Switch
              key={flag}
              size="sm"
              label={label}
              aria-label={named ? `${label} (${event.name})` : undefined}
              checked={event[flag]}
              onChange={(e) => onToggle(flag, e.currentTarget.checked)}
            />
          ))}
        </Stack>
      )}
    </>
  );
}
