import { formatDayInZone } from '@portal/contract';
import { Badge, Button, Checkbox, Group, NumberInput, Stack, Text } from '@mantine/core';
import { useId, useState, type ReactNode } from 'react';
import {
  attachPageSize,
  groupTypeIds,
  selectionState,
  type AttachGroup,
  type AttachOccurrence,
} from '../attach-list.ts';
import { eventWhen } from '../format.ts';

/** Ticket type id → quantity (-1 unlimited), or null to detach. */
export type AttachChanges = Record<number, number | null>;
type ChoiceProps = { attached: Record<number, number>; onSet: (changes: AttachChanges) => void };

const datesText = (n: number) => (n === 1 ? '1 date' : `${n} dates`);

/** A checkbox per ticket type, and its quantity once chosen (empty is unlimited). */
function TicketTypeChoices({
  occurrence,
  quantityLabel,
  attached,
  onSet,
}: ChoiceProps & { occurrence: AttachOccurrence; quantityLabel: string }) {
  return (
    <Stack gap={4} pl="md">
      {occurrence.types.map((t) => {
        const quantity = attached[t.ID];
        return (
          <Group key={t.ID} justify="space-between" gap="xs" mih={36}>
            <Checkbox
              label={t.name}
              checked={quantity !== undefined}
              onChange={(e) => onSet({ [t.ID]: e.currentTarget.checked ? -1 : null })}
            />
            {quantity !== undefined && (
              <NumberInput
                aria-label={`Quantity for ${quantityLabel} ${t.name}`}
                placeholder="Unlimited"
                w={130}
                min={1}
                allowDecimal={false}
                value={quantity === -1 ? '' : quantity}
                onChange={(v) => onSet({ [t.ID]: typeof v === 'number' && v >= 1 ? v : -1 })}
              />
            )}
          </Group>
        );
      })}
    </Stack>
  );
}

const PastBadge = () => (
  <Badge color="gray" variant="outline" size="sm">
    Past
  </Badge>
);

/** A section of the list, labelled by its heading and the line under it that says when. */
function ChoiceSection({
  name,
  badges,
  when,
  children,
}: {
  name: string;
  badges: ReactNode;
  when: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Stack component="section" gap={4} aria-labelledby={`${id}-name ${id}-when`}>
      <Group gap="xs">
        <Text component="h2" fw={700} id={`${id}-name`}>
          {name}
        </Text>
        {badges}
      </Group>
      <Text size="sm" c="dimmed" id={`${id}-when`}>
        {when}
      </Text>
      {children}
    </Stack>
  );
}

/** An event on its own: its name and when it happens label the section. */
export function EventChoice({ occurrence, ...props }: ChoiceProps & { occurrence: AttachOccurrence }) {
  const { event } = occurrence;
  return (
    <ChoiceSection name={event.name} badges={occurrence.past && <PastBadge />} when={eventWhen(event)}>
      <TicketTypeChoices occurrence={occurrence} quantityLabel={event.name} {...props} />
    </ChoiceSection>
  );
}

/** One date of a series, labelled by when it happens (and its own name when renamed). */
function OccurrenceChoice({
  occurrence,
  seriesName,
  ...props
}: ChoiceProps & { occurrence: AttachOccurrence; seriesName: string }) {
  const id = useId();
  const { event } = occurrence;
  const when = event.name === seriesName ? eventWhen(event) : `${event.name}, ${eventWhen(event)}`;
  return (
    <Stack role="group" gap={2} aria-labelledby={id}>
      <Group gap="xs">
        <Text size="sm" fw={600} id={id}>
          {when}
        </Text>
        {occurrence.past && <PastBadge />}
      </Group>
      <TicketTypeChoices occurrence={occurrence} quantityLabel={`${seriesName}, ${when},`} {...props} />
    </Stack>
  );
}

/**
 * A recurring series: one "select all" over the ticket types of every date shown (the search and
 * the past toggle decide which), checked, unchecked or mixed; its dates open on demand, as a
 * season can have hundreds.
 */
export function SeriesChoice({ group, attached, onSet }: ChoiceProps & { group: AttachGroup }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [limit, setLimit] = useState(attachPageSize);
  const ids = groupTypeIds(group);
  const state = selectionState(ids, attached);
  const { occurrences } = group;
  const first = occurrences[0]!;
  const range = `${formatDayInZone(first.start, first.event.time_zone)} – ${formatDayInZone(occurrences.at(-1)!.start, first.event.time_zone)}`;
  const selectLabel = occurrences.length === 1 ? 'Select its 1 date' : `Select all ${occurrences.length} dates`;
  const toggleAll = () => onSet(Object.fromEntries(ids.map((t) => [t, state.all ? null : (attached[t] ?? -1)])));
  return (
    <ChoiceSection
      name={group.name}
      badges={
        <>
          <Badge variant="light" size="sm">
            Recurring
          </Badge>
          {group.past && <PastBadge />}
        </>
      }
      when={
        <>
          {datesText(occurrences.length)} · {range}
          {group.hiddenPast > 0 && ` · ${datesText(group.hiddenPast)} past, hidden`}
        </>
      }
    >
      <Group justify="space-between" gap="xs" pl="md">
        <Group gap="xs">
          <Checkbox
            label={selectLabel}
            aria-label={`${selectLabel} of ${group.name}`}
            checked={state.all}
            indeterminate={state.some}
            onChange={toggleAll}
          />
          {state.chosen > 0 && (
            <Text size="sm" c="dimmed">
              {state.chosen} of {ids.length} ticket types selected
            </Text>
          )}
        </Group>
        <Button
          variant="subtle"
          size="compact-sm"
          aria-expanded={open}
          aria-controls={open ? `${id}-dates` : undefined}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? 'Hide dates' : 'Show dates'}
        </Button>
      </Group>
      {open && (
        <Stack id={`${id}-dates`} gap="sm" pl="md">
          {occurrences.slice(0, limit).map((o) => (
            <OccurrenceChoice
              key={o.event.ID}
              occurrence={o}
              seriesName={group.name}
              attached={attached}
              onSet={onSet}
            />
          ))}
          {occurrences.length > limit && (
            <Button variant="default" size="xs" w="fit-content" onClick={() => setLimit((l) => l + attachPageSize)}>
              Show more dates ({occurrences.length - limit} more)
            </Button>
          )}
        </Stack>
      )}
    </ChoiceSection>
  );
}
