import { Paper, SimpleGrid, Text } from '@mantine/core';

export type Figure = { label: string; value: string; hint?: string };

/** Labelled figures; each one is a named group, so a screen reader (and a test) finds it by its label. */
export function FigureGrid({ figures, cols = 4 }: { figures: Figure[]; cols?: number }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: Math.min(cols, 3), md: cols }} spacing="sm">
      {figures.map((f) => (
        <Paper key={f.label} withBorder radius="md" p="sm" role="group" aria-label={f.label}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {f.label}
          </Text>
          <Text size="xl" fw={700}>
            {f.value}
          </Text>
          {f.hint && (
            <Text size="xs" c="dimmed">
              {f.hint}
            </Text>
          )}
        </Paper>
      ))}
    </SimpleGrid>
  );
}

const count = new Intl.NumberFormat('en-US');
const rate = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

export const formatCount = (n: number) => count.format(n);
export const formatRate = (n: number) => rate.format(n);
export const formatPercent = (fraction: number) => `${rate.format(fraction * 100)} %`;
