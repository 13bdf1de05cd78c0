import { Button, Group, Stack, Switch, Text } from '@mantine/core';
import { FailureAlert } from '../../../components/failure-alert.tsx';
import { useDeferredValue, useMemo, useState } from 'react';
import { SearchInput } from '../../../components/search-input.tsx';
import { usePartnerTicketTypes } from '../api/partner-ticket-types.ts';
import { attachGroups, attachPageSize } from '../attach-list.ts';
import type { PromoDraft } from '../draft.ts';
import { EventChoice, SeriesChoice, type AttachChanges } from './attach-choices.tsx';
import { Loading } from '../../../components/query-boundary.tsx';

type Props = { draft: PromoDraft; update: (patch: Partial<PromoDraft>) => void; partnerId: number };

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Step 3: the partner's events with their dates, a series' dates under the series, upcoming first;
 * past events behind a toggle, a search over event and ticket type names, drawn a page at a time.
 */
export function AttachStep({ draft, update, partnerId }: Props) {
  const events = usePartnerTicketTypes(partnerId);
  const [now] = useState(Date.now);
  const [query, setQuery] = useState('');
  const [showPast, setShowPast] = useState(false);
  const [limit, setLimit] = useState(attachPageSize);
  // Typing stays responsive while hundreds of events are filtered behind it.
  const search = useDeferredValue(query);
  const { groups, pastCount } = useMemo(
    () => attachGroups(events.data ?? [], { now, query: search, showPast }),
    [events.data, now, search, showPast],
  );

  const onSet = (changes: AttachChanges) => {
    const attached = { ...draft.attached };
    for (const [id, quantity] of Object.entries(changes)) {
      if (quantity === null) delete attached[Number(id)];
      else attached[Number(id)] = quantity;
    }
    update({ attached });
  };

  if (events.isPending) return <Loading label="Loading ticket types" />;
  if (events.isError) return <FailureAlert error={events.error} />;
  if (!events.data.some((e) => e.ticket_types.length > 0)) {
    return <Text c="dimmed">No ticket types yet. Create an event first.</Text>;
  }

  const selected = Object.keys(draft.attached).length;
  const trimmed = search.trim();
  const nothingShown =
    !showPast && pastCount > 0
      ? `No upcoming event ${trimmed ? `matches “${trimmed}”` : 'has ticket types'}. Show past events to see ${plural(pastCount, 'past one', 'past ones')}.`
      : `No event or ticket type matches “${trimmed}”.`;
  return (
    <Stack>
      <Group align="flex-end" gap="md">
        <SearchInput
          label="Search events or ticket types"
          type="search"
          value={query}
          onSearch={(typed) => {
            setQuery(typed);
            setLimit(attachPageSize);
          }}
          // The list filters as one types: Enter here searches, it does not continue the wizard.
          onKeyDown={(e) => {
            if (e.key === 'Enter') e.preventDefault();
          }}
          style={{ flex: '1 1 220px' }}
        />
        <Switch
          label={`Show past events (${pastCount})`}
          checked={showPast}
          onChange={(e) => setShowPast(e.currentTarget.checked)}
          mb={8}
        />
      </Group>
      <Text size="sm" c="dimmed" aria-live="polite">
        {selected === 0
          ? 'No ticket type selected yet.'
          : `${plural(selected, 'ticket type', 'ticket types')} selected.`}
      </Text>
      {groups.length === 0 && <Text c="dimmed">{nothingShown}</Text>}
      {groups
        .slice(0, limit)
        .map((g) =>
          g.series ? (
            <SeriesChoice key={g.key} group={g} attached={draft.attached} onSet={onSet} />
          ) : (
            <EventChoice key={g.key} occurrence={g.occurrences[0]!} attached={draft.attached} onSet={onSet} />
          ),
        )}
      {groups.length > limit && (
        <Button variant="default" w="fit-content" onClick={() => setLimit((l) => l + attachPageSize)}>
          Show more events ({groups.length - limit} more)
        </Button>
      )}
    </Stack>
  );
}
