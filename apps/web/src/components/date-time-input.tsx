import { Group, Input, SegmentedControl, TextInput } from '@mantine/core';
import { useState } from 'react';
import { acceptTime, clampDate, fromParts, toParts } from '../lib/date-parts.ts';

type Props = {
  label: string;
  value: string;
  timeZone: string;
  onChange: (iso: string) => void;
  error?: string | null | undefined;
  withTime?: boolean;
  withDate?: boolean;
};

const two = (n: number) => String(n).padStart(2, '0');
type Field = 'month' | 'day' | 'year' | 'hour' | 'minute';

/**
 * MM / DD / YYYY hh:mm am|pm, in the event's time zone, with the spec's rules applied when a field
 * is left: invalid month or day → 01, past year → this year, hour or minute out of range → ignored.
 */
export function DateTimeInput({ label, value, timeZone, onChange, error, withTime = true, withDate = true }: Props) {
  // The value is the truth; only what is being typed into a field lives here until it is left.
  const parts = toParts(value, timeZone);
  const [draft, setDraft] = useState<Partial<Record<Field, string>>>({});

  const commit = (field: Field) => {
    const typed = Number(draft[field]);
    if (draft[field] === undefined) return;
    let next = { ...parts };
    if (field === 'hour' || field === 'minute') next = { ...next, ...acceptTime(parts, { [field]: typed }) };
    else
      next = {
        ...next,
        ...clampDate({ ...parts, [field]: Number.isFinite(typed) ? typed : 0 }, new Date().getFullYear()),
      };
    setDraft((d) => ({ ...d, [field]: undefined }));
    onChange(fromParts(next, timeZone));
  };
  const field = (name: Field, aria: string, width: number, max: number) => (
    <TextInput
      aria-label={`${label} ${aria}`}
      inputMode="numeric"
      w={width}
      maxLength={max}
      value={draft[name] ?? (name === 'year' ? String(parts.year) : two(parts[name]))}
      onChange={(e) => {
        // Read now: React clears currentTarget before a state updater runs.
        const digits = e.currentTarget.value.replace(/\D/g, '');
        setDraft((d) => ({ ...d, [name]: digits }));
      }}
      onBlur={() => commit(name)}
      onKeyDown={(e) => e.key === 'Enter' && commit(name)}
    />
  );

  return (
    <Input.Wrapper label={label} error={error}>
      <Group gap={4} wrap="wrap" mt={4}>
        {withDate && (
          <>
            {field('month', 'month', 48, 2)}/{field('day', 'day', 48, 2)}/{field('year', 'year', 68, 4)}
          </>
        )}
        {withTime && (
          <>
            {withDate && <span style={{ width: 8 }} />}
            {field('hour', 'hour', 48, 2)}:{field('minute', 'minute', 48, 2)}
            <SegmentedControl
              aria-label={`${label} am or pm`}
              size="xs"
              data={['AM', 'PM']}
              value={parts.pm ? 'PM' : 'AM'}
              onChange={(v) => onChange(fromParts({ ...parts, pm: v === 'PM' }, timeZone))}
            />
          </>
        )}
      </Group>
    </Input.Wrapper>
  );
}
