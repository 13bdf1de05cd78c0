import { Button, Group, NumberInput, Select, SimpleGrid, Slider, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { SectionPlan } from '../layout.ts';

type Props = {
  /** The map's categories: value is the key, label the name. */
  categories: { value: string; label: string }[];
  /** Names already taken: a section's name must differ from the others'. */
  takenNames: string[];
  onAdd: (plan: SectionPlan) => void;
};

const parseAisles = (text: string) =>
  text
    .split(/[\s,;]+/)
    .filter(Boolean)
    .map(Number);

/** Generates a block of rows: how many, how many seats each, how they are lettered and numbered, aisles, curve, stagger. */
export function AddSection({ categories, takenNames, onAdd }: Props) {
  const [name, setName] = useState('');
  const [rows, setRows] = useState<number | string>(10);
  const [seatsPerRow, setSeatsPerRow] = useState<number | string>(20);
  const [firstRow, setFirstRow] = useState('A');
  const [firstSeat, setFirstSeat] = useState<number | string>(1);
  const [aisles, setAisles] = useState('');
  const [curve, setCurve] = useState(0);
  const [stagger, setStagger] = useState(false);
  const [category, setCategory] = useState<string | null>(null);
  const [error, setError] = useState<Record<string, string>>({});

  const chosenCategory =
    category && categories.some((c) => c.value === category) ? category : (categories[0]?.value ?? '');

  const add = () => {
    const problems: Record<string, string> = {};
    const trimmed = name.trim();
    if (!trimmed) problems.name = 'Name the section.';
    else if (takenNames.some((n) => n.toLowerCase() === trimmed.toLowerCase()))
      problems.name = 'Another section has this name.';
    if (typeof rows !== 'number' || rows < 1 || rows > 100) problems.rows = 'From 1 to 100 rows.';
    if (typeof seatsPerRow !== 'number' || seatsPerRow < 1 || seatsPerRow > 200)
      problems.seatsPerRow = 'From 1 to 200 seats.';
    if (!/^([A-Za-z]{1,2}|\d{1,3})$/.test(firstRow.trim())) problems.firstRow = 'A letter or a number, such as A or 1.';
    if (typeof firstSeat !== 'number' || firstSeat < 0) problems.firstSeat = 'A number of 0 or more.';
    const aislesAfter = parseAisles(aisles);
    if (aislesAfter.some((n) => !Number.isInteger(n) || n < 1))
      problems.aisles = 'Seat numbers separated by commas, such as 5, 15.';
    setError(problems);
    if (Object.keys(problems).length > 0) return;
    onAdd({
      name: trimmed,
      rows: rows as number,
      seatsPerRow: seatsPerRow as number,
      firstRow: firstRow.trim(),
      firstSeat: firstSeat as number,
      // The form asks by seat number; the plan counts seats from the row's start.
      aislesAfter: aislesAfter.map((n) => n - (firstSeat as number) + 1),
      curve,
      stagger,
      category: chosenCategory,
    });
    setName('');
  };

  return (
    <Stack gap="sm">
      <TextInput
        label="New section name"
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        error={error.name}
      />
      <SimpleGrid cols={2}>
        <NumberInput label="Rows" min={1} max={100} value={rows} onChange={setRows} error={error.rows} />
        <NumberInput
          label="Seats per row"
          min={1}
          max={200}
          value={seatsPerRow}
          onChange={setSeatsPerRow}
          error={error.seatsPerRow}
        />
        <TextInput
          label="First row"
          value={firstRow}
          onChange={(e) => setFirstRow(e.currentTarget.value)}
          error={error.firstRow}
        />
        <NumberInput
          label="First seat number"
          min={0}
          value={firstSeat}
          onChange={setFirstSeat}
          error={error.firstSeat}
        />
      </SimpleGrid>
      <TextInput
        label="Aisles after seats"
        description="Seat numbers, such as 5, 15"
        value={aisles}
        onChange={(e) => setAisles(e.currentTarget.value)}
        error={error.aisles}
      />
      <Select label="Category" data={categories} value={chosenCategory} onChange={setCategory} allowDeselect={false} />
      <div>
        <Text size="sm" fw={500} component="span">
          Curve
        </Text>
        <Slider
          thumbLabel="Curve"
          min={0}
          max={1}
          step={0.1}
          value={curve}
          onChange={setCurve}
          label={(v) => `${Math.round(v * 100)} %`}
        />
      </div>
      <Switch label="Stagger rows" checked={stagger} onChange={(e) => setStagger(e.currentTarget.checked)} />
      <Group justify="flex-end">
        <Button onClick={add}>Add section</Button>
      </Group>
    </Stack>
  );
}
