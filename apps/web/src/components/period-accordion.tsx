import { Accordion, SimpleGrid } from '@mantine/core';
import type { ReactNode } from 'react';

type Props<T> = { groups: { period: string; events: T[] }[]; children: (event: T) => ReactNode };

/**
 * Events by period ("November 2026"), the first period open, each a grid of cards. The items are keyed
 * by position: Mantine builds aria-controls from the value, and a space in it would name no element.
 */
export function PeriodAccordion<T>({ groups, children }: Props<T>) {
  return (
    <Accordion multiple defaultValue={['0']} variant="separated">
      {groups.map((group, i) => (
        <Accordion.Item key={group.period} value={String(i)}>
          <Accordion.Control fw={600}>{group.period}</Accordion.Control>
          <Accordion.Panel>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>{group.events.map(children)}</SimpleGrid>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
