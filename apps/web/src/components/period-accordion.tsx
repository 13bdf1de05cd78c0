import { Accordion, SimpleGrid } from '@mantine/core';
import type { ReactNode } from 'react';

type Props<T> = { groups: { period: string; events: T[] }[]; children: (event: T) => ReactNode };

/**
 * Events by period ("November 2026"), the first period open, each a grid of cards. Mantine builds
 * aria-controls from an item's value, and a space in it would name no element, so the value is the
 * period with dashes: an open period stays open when a refetch adds or removes another.
 */
export function PeriodAccordion<T>({ groups, children }: Props<T>) {
  const valueOf = (period: string) => period.replace(/\s+/g, '-');
  return (
    <Accordion multiple defaultValue={groups[0] ? [valueOf(groups[0].period)] : []} variant="separated">
      {groups.map((group) => (
        <Accordion.Item key={group.period} value={valueOf(group.period)}>
          <Accordion.Control fw={600}>{group.period}</Accordion.Control>
          <Accordion.Panel>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>{group.events.map(children)}</SimpleGrid>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
