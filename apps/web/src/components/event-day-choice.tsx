import { Select, Stack, Text } from '@mantine/core';
import type { EventDay } from '@portal/contract';
import { Fragment, useState, type ReactNode } from 'react';
import { firstOpenDay } from '../lib/event-days.ts';
import { formatEventDate, formatTime } from '../lib/format.ts';

type Day = Pick<EventDay, 'ID' | 'start_date' | 'end_date'>;

/**
 * One day of an event and what `children` shows of it: a "Day" select when the event has several,
 * opening on the first day not over, or the date of its only day. Each day's view starts afresh.
 */
export function EventDayChoice({
  days,
  timeZone,
  children,
}: {
  days: readonly Day[];
  timeZone: string;
  children: (dayId: number) => ReactNode;
}) {
  const [dayId, setDayId] = useState(() => firstOpenDay(days));
  // A day deleted while it was shown gives way to the one the choice would open on.
  const shown = days.some((d) => d.ID === dayId) ? dayId : firstOpenDay(days);
  const dayLabel = (d: Day) => `${formatEventDate(d.start_date, timeZone)} · ${formatTime(d.start_date, timeZone)}`;
  return (
    <Stack>
      {days.length > 1 ? (
        <Select
          label="Day"
          data={days.map((d) => ({ value: String(d.ID), label: dayLabel(d) }))}
          value={shown === null ? null : String(shown)}
          onChange={(value) => value !== null && setDayId(Number(value))}
          allowDeselect={false}
          maw={320}
        />
      ) : (
        days[0] && <Text c="dimmed">{dayLabel(days[0])}</Text>
      )}
      {shown === null ? (
        <Text c="dimmed">The event has no days yet.</Text>
      ) : (
        <Fragment key={shown}>{children(shown)}</Fragment>
      )}
    </Stack>
  );
}
