import type { SectionSeatCounts } from '@portal/contract';
import { DataTable, type Column } from './data-table.tsx';

const columns: Column<SectionSeatCounts>[] = [
  { key: 'name', header: 'Section', cell: (s) => s.name },
  { key: 'seats', header: 'Seats', cell: (s) => s.seats, numeric: true },
  { key: 'sold', header: 'Sold', cell: (s) => s.sold, numeric: true },
  { key: 'reserved', header: 'Reserved', cell: (s) => s.reserved, numeric: true },
  { key: 'held', header: 'Held back', cell: (s) => s.held, numeric: true },
  { key: 'free', header: 'Free', cell: (s) => s.free, numeric: true },
];

/** The sections' counts with a line for all of them when there is more than one. */
function countRows(sections: readonly SectionSeatCounts[]): readonly SectionSeatCounts[] {
  if (sections.length < 2) return sections;
  const sum = (field: 'seats' | 'sold' | 'reserved' | 'held' | 'free') => sections.reduce((n, s) => n + s[field], 0);
  const all = { ID: 0, name: 'All sections', seats: sum('seats'), sold: sum('sold'), reserved: sum('reserved') };
  return [...sections, { ...all, held: sum('held'), free: sum('free') }];
}

/**
 * A day's seats by section (sold, reserved, held back, free), as the event's Seating tab and its
 * analytics show them.
 */
export function SeatsBySection({ sections }: { sections: readonly SectionSeatCounts[] }) {
  return (
    <DataTable
      label="Seats by section"
      columns={columns}
      rows={countRows(sections)}
      rowKey={(s) => s.ID}
      minWidth={420}
    />
  );
}
