import { formatWeekdayInZone } from '@portal/contract';
import { Alert, List, Loader, Stack, Text } from '@mantine/core';
import { useRecurrencePreview } from '../api/recurrence-preview.ts';

/**
 * The dates the series will have, before it is created, and a word when the date the organiser
 * chose is not one of them (a Monday start with a Sundays rule starts on the Sunday after).
 */
export function RecurrencePreview({ rrule, start, timeZone }: { rrule: string; start: string; timeZone: string }) {
  const preview = useRecurrencePreview(rrule, start, timeZone);
  if (preview.isError) {
    return (
      <Alert color="red" role="alert">
        {preview.error.message}
      </Alert>
    );
  }
  if (!preview.data) return <Loader size="sm" aria-label="Working out the dates" />;
  const { dates, total } = preview.data;
  const moved = dates[0] !== undefined && new Date(dates[0]).getTime() !== new Date(start).getTime();
  return (
    <Stack gap="xs" aria-live="polite" aria-label="Dates of the series" component="section">
      {moved && (
        // No coloured title: yellow on yellow is too faint to read (WCAG contrast).
        <Alert color="yellow">
          <Text size="sm" fw={600}>
            Your start date is not part of this rule
          </Text>
          <Text size="sm">
            {formatWeekdayInZone(start, timeZone)} does not fit the rule, so the series starts on{' '}
            {formatWeekdayInZone(dates[0]!, timeZone)}.
          </Text>
        </Alert>
      )}
      <Text size="sm" fw={600}>
        {total === 1 ? 'This creates 1 date:' : `This creates ${total} dates:`}
      </Text>
      <List size="sm">
        {dates.map((d) => (
          <List.Item key={d}>{formatWeekdayInZone(d, timeZone)}</List.Item>
        ))}
        {total > dates.length && <List.Item>and {total - dates.length} more</List.Item>}
      </List>
    </Stack>
  );
}
