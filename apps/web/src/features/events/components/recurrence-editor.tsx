import { Chip, Group, NumberInput, Radio, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { seriesLimits } from '@portal/contract';
import { weekdays, type Frequency, type Recurrence, type Weekday } from '../recurrence.ts';

const dayNames: Record<Weekday, string> = {
  SU: 'Sun',
  MO: 'Mon',
  TU: 'Tue',
  WE: 'Wed',
  TH: 'Thu',
  FR: 'Fri',
  SA: 'Sat',
};
const positions = ['first', 'second', 'third', 'fourth', 'fifth'];
const units: Record<Frequency, string> = { DAILY: 'day(s)', WEEKLY: 'week(s)', MONTHLY: 'month(s)', YEARLY: 'year(s)' };

/** Daily, weekly, monthly or yearly; an interval of at least 1; and how the series ends. */
export function RecurrenceEditor({ value, onChange }: { value: Recurrence; onChange: (r: Recurrence) => void }) {
  const set = <K extends keyof Recurrence>(key: K, v: Recurrence[K]) => onChange({ ...value, [key]: v });
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <Select
          label="Repeats"
          allowDeselect={false}
          data={[
            { value: 'DAILY', label: 'Daily' },
            { value: 'WEEKLY', label: 'Weekly' },
            { value: 'MONTHLY', label: 'Monthly' },
            { value: 'YEARLY', label: 'Yearly' },
          ]}
          value={value.freq}
          onChange={(v) => v && set('freq', v as Frequency)}
        />
        <NumberInput
          label={`Every (${units[value.freq]})`}
          min={1}
          allowDecimal={false}
          value={value.interval}
          onChange={(v) => set('interval', typeof v === 'number' && v >= 1 ? v : 1)}
        />
      </SimpleGrid>
      {value.freq === 'WEEKLY' && (
        <Chip.Group multiple value={value.days} onChange={(v) => set('days', (v.length ? v : value.days) as Weekday[])}>
          <Group gap={6} aria-label="Days of the week">
            {weekdays.map((d) => (
              <Chip key={d} value={d} size="sm">
                {dayNames[d]}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      )}
      {value.freq === 'MONTHLY' && (
        <Radio.Group label="On" value={value.monthly} onChange={(v) => set('monthly', v as 'day' | 'nth')}>
          <Stack gap="xs" mt={6}>
            <Group>
              <Radio value="day" label="Day of the month" />
              <NumberInput
                aria-label="Day of the month"
                w={90}
                min={1}
                max={31}
                allowDecimal={false}
                disabled={value.monthly !== 'day'}
                value={value.monthDay}
                onChange={(v) => typeof v === 'number' && set('monthDay', Math.min(31, Math.max(1, v)))}
              />
            </Group>
            <Group>
              <Radio value="nth" label="The" />
              <Select
                aria-label="Which week"
                w={120}
                disabled={value.monthly !== 'nth'}
                allowDeselect={false}
                data={positions.map((p, i) => ({ value: String(i + 1), label: p }))}
                value={String(value.setPos)}
                onChange={(v) => v && set('setPos', Number(v))}
              />
              <Select
                aria-label="Which weekday"
                w={120}
                disabled={value.monthly !== 'nth'}
                allowDeselect={false}
                data={weekdays.map((d) => ({ value: d, label: dayNames[d] }))}
                value={value.setPosDay}
                onChange={(v) => v && set('setPosDay', v as Weekday)}
              />
            </Group>
          </Stack>
        </Radio.Group>
      )}
      <Radio.Group
        label="Ends"
        description={`A series has up to ${seriesLimits.maxDates} dates; one that never ends is created a year ahead.`}
        value={value.end}
        onChange={(v) => set('end', v as Recurrence['end'])}
      >
        <Stack gap="xs" mt={6}>
          <Radio value="never" label="Never" />
          <Group>
            <Radio value="count" label="After" />
            <NumberInput
              aria-label="Number of occurrences"
              w={90}
              min={1}
              max={seriesLimits.maxDates}
              allowDecimal={false}
              disabled={value.end !== 'count'}
              value={value.count}
              onChange={(v) => typeof v === 'number' && set('count', v)}
            />
            occurrences
          </Group>
          <Group>
            <Radio value="until" label="On" />
            <TextInput
              aria-label="End date"
              type="date"
              disabled={value.end !== 'until'}
              value={value.until}
              onChange={(e) => set('until', e.currentTarget.value)}
            />
          </Group>
        </Stack>
      </Radio.Group>
    </Stack>
  );
}
