import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Box, Text } from '@mantine/core';
import type { SalesDay, TicketTypeFigures } from '@portal/contract';
import type { ReactNode } from 'react';
import { withQuietDays } from '../sales-days.ts';

// The charts repeat figures the page also states in words, so each is one labelled image to a
// screen reader rather than a maze of SVG parts.
function Chart({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box role="img" aria-label={label} mt="md">
      <Text size="sm" fw={600} mb={4} aria-hidden>
        {label}
      </Text>
      {children}
    </Box>
  );
}

const shortDay = (isoDay: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(isoDay));

export function SalesPerDayChart({ days }: { days: SalesDay[] }) {
  const data = withQuietDays(days).map((d) => ({ day: shortDay(d.date), Sold: d.sold, Comps: d.comps }));
  return (
    <Chart label="Tickets issued per day">
      <BarChart
        h={240}
        data={data}
        dataKey="day"
        type="stacked"
        withLegend
        series={[
          { name: 'Sold', color: 'blue.6' },
          { name: 'Comps', color: 'teal.5' },
        ]}
        tooltipAnimationDuration={0}
      />
    </Chart>
  );
}

type Series = { name: string; color: string }[];

/** One stacked bar per ticket type, the shape the inventory and attendance charts share. */
function TypeBars({ label, data, series }: { label: string; data: Record<string, string | number>[]; series: Series }) {
  return (
    <Chart label={label}>
      <BarChart
        h={Math.max(160, 56 * data.length)}
        data={data}
        dataKey="type"
        type="stacked"
        orientation="vertical"
        withLegend
        yAxisProps={{ width: 110 }}
        series={series}
        tooltipAnimationDuration={0}
      />
    </Chart>
  );
}

export function InventoryChart({ types }: { types: TicketTypeFigures[] }) {
  return (
    <TypeBars
      label="Sold and open by ticket type"
      data={types.map((t) => ({ type: t.name, Sold: t.sold, Comps: t.comps, Holds: t.holds, Open: t.opens }))}
      series={[
        { name: 'Sold', color: 'blue.6' },
        { name: 'Comps', color: 'teal.5' },
        { name: 'Holds', color: 'yellow.5' },
        { name: 'Open', color: 'gray.4' },
      ]}
    />
  );
}

export function AttendanceChart({ rows }: { rows: { name: string; checked_in: number; distributed: number }[] }) {
  return (
    <TypeBars
      label="Attendance by ticket type"
      data={rows.map((r) => ({ type: r.name, 'Checked in': r.checked_in, 'Not yet': r.distributed - r.checked_in }))}
      series={[
        { name: 'Checked in', color: 'green.6' },
        { name: 'Not yet', color: 'gray.4' },
      ]}
    />
  );
}

export function TopEventsChart({ events }: { events: { name: string; tickets_sold: number }[] }) {
  const data = events.map((e) => ({ event: e.name, 'Tickets sold': e.tickets_sold }));
  return (
    <Chart label="Top events by tickets sold">
      <BarChart
        h={Math.max(160, 44 * events.length)}
        data={data}
        dataKey="event"
        orientation="vertical"
        yAxisProps={{ width: 140 }}
        series={[{ name: 'Tickets sold', color: 'blue.6' }]}
        valueFormatter={(v) => String(v)}
        tooltipAnimationDuration={0}
      />
    </Chart>
  );
}
