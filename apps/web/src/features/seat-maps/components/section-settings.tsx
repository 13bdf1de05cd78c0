import { Button, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { SegmentedChoice } from '../../../components/segmented-choice.tsx';
import { relabelRows, renumberSeats, type DraftSection } from '../layout.ts';

type Props = {
  section: DraftSection;
  /** `typing` joins the change to the last one of the same kind, so Undo takes back a whole name. */
  onChange: (section: DraftSection, typing?: boolean) => void;
  onDelete: () => void;
};

/** One section's name and bulk renaming: its rows lettered afresh, its seats numbered afresh. */
export function SectionSettings({ section, onChange, onDelete }: Props) {
  const [firstRow, setFirstRow] = useState(section.rows[0]?.label ?? 'A');
  const [firstSeat, setFirstSeat] = useState<number | string>(1);
  const [direction, setDirection] = useState<'ltr' | 'rtl'>('ltr');
  const seats = section.rows.reduce((n, r) => n + r.seats.length, 0);
  return (
    <Stack gap="xs">
      <TextInput
        label="Section name"
        value={section.name}
        onChange={(e) => onChange({ ...section, name: e.currentTarget.value }, true)}
      />
      <Text size="xs" c="dimmed">
        {section.rows.length} rows, {seats} seats
      </Text>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label="Letter rows from"
          value={firstRow}
          onChange={(e) => setFirstRow(e.currentTarget.value)}
          style={{ flex: 1 }}
        />
        <Button
          variant="light"
          disabled={!/^([A-Za-z]{1,2}|\d{1,3})$/.test(firstRow.trim())}
          onClick={() => onChange(relabelRows(section, firstRow))}
        >
          Rename rows
        </Button>
      </Group>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <NumberInput label="Number seats from" min={0} value={firstSeat} onChange={setFirstSeat} w={140} />
        <SegmentedChoice
          aria-label="Numbering direction"
          value={direction}
          onChange={setDirection}
          choices={{ ltr: 'Left to right', rtl: 'Right to left' }}
        />
      </Group>
      <Group justify="space-between">
        <Button
          variant="light"
          disabled={typeof firstSeat !== 'number'}
          onClick={() => onChange(renumberSeats(section, firstSeat as number, direction))}
        >
          Renumber seats
        </Button>
        <Button variant="subtle" color="red" onClick={onDelete}>
          Delete section
        </Button>
      </Group>
    </Stack>
  );
}
