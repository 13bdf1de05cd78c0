import { ActionIcon, Button, ColorInput, Group, Stack, TextInput } from '@mantine/core';
import { newCategory, type DraftCategory } from '../layout.ts';

type Props = {
  categories: DraftCategory[];
  /** How many seats each category (by key) holds: one in use cannot go. */
  seatsIn: Map<string, number>;
  onChange: (categories: DraftCategory[]) => void;
};

const palette = ['#1c7ed6', '#e8590c', '#2f9e44', '#ae3ec9', '#f08c00', '#0c8599', '#c2255c', '#5f3dc4'];

/** The map's price zones: a name and a colour each; ticket types are mapped onto them. */
export function CategoriesEditor({ categories, seatsIn, onChange }: Props) {
  const set = (index: number, value: Partial<DraftCategory>) =>
    onChange(categories.map((c, i) => (i === index ? { ...c, ...value } : c)));
  const add = () => {
    const taken = new Set(categories.map((c) => c.name.toLowerCase()));
    let n = categories.length + 1;
    while (taken.has(`category ${n}`)) n += 1;
    onChange([...categories, newCategory(`Category ${n}`, palette[categories.length % palette.length]!)]);
  };
  return (
    <Stack gap="xs">
      {categories.map((category, i) => {
        const used = seatsIn.get(category.key) ?? 0;
        return (
          <Group key={category.key} gap="xs" wrap="nowrap" align="flex-end">
            <TextInput
              label={`Category ${i + 1} name`}
              value={category.name}
              onChange={(e) => set(i, { name: e.currentTarget.value })}
              style={{ flex: 1 }}
            />
            <ColorInput
              label={`Category ${i + 1} colour`}
              value={category.color}
              onChange={(color) => set(i, { color })}
              format="hex"
              w={120}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={`Remove category ${category.name}`}
              disabled={used > 0 || categories.length === 1}
              title={used > 0 ? `${used} seats are in this category` : undefined}
              onClick={() => onChange(categories.filter((_, j) => j !== i))}
            >
              ×
            </ActionIcon>
          </Group>
        );
      })}
      <Group>
        <Button variant="light" size="xs" onClick={add} disabled={categories.length >= 20}>
          Add category
        </Button>
      </Group>
    </Stack>
  );
}
