import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { DraftCategory } from '../layout.ts';

type Props = {
  count: number;
  categories: DraftCategory[];
  onCategory: (key: string) => void;
  onAccessible: (accessible: boolean) => void;
  onRemove: () => void;
  onClear: () => void;
};

/** What can be done to the chosen seats: their category, their access, taking them out (a gap), or letting them go. */
export function SelectionTools({ count, categories, onCategory, onAccessible, onRemove, onClear }: Props) {
  const [category, setCategory] = useState<string | null>(null);
  const chosen = category && categories.some((c) => c.key === category) ? category : null;
  return (
    <Stack gap="xs">
      {/* Mounted from the start, so that the first choice is announced too. */}
      <Text size="sm" fw={count === 0 ? undefined : 600} c={count === 0 ? 'dimmed' : undefined} aria-live="polite">
        {count === 0
          ? 'No seats chosen. Click seats, a row’s letter or a section’s name to choose them (or use the arrow keys and Space on the map).'
          : count === 1
            ? '1 seat chosen'
            : `${count} seats chosen`}
      </Text>
      {count > 0 && (
        <>
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <Select
              label="Category of the chosen seats"
              data={categories.map((c) => ({ value: c.key, label: c.name }))}
              value={chosen}
              onChange={setCategory}
              style={{ flex: 1 }}
            />
            <Button variant="light" disabled={!chosen} onClick={() => chosen && onCategory(chosen)}>
              Apply
            </Button>
          </Group>
          <Group gap="xs">
            <Button variant="light" size="xs" onClick={() => onAccessible(true)}>
              Mark accessible
            </Button>
            <Button variant="light" size="xs" onClick={() => onAccessible(false)}>
              Not accessible
            </Button>
            <Button variant="light" color="red" size="xs" onClick={onRemove}>
              Remove seats
            </Button>
            <Button variant="subtle" size="xs" onClick={onClear}>
              Clear choice
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
