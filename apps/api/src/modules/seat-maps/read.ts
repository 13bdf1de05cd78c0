import { and, asc, count, eq } from 'drizzle-orm';
import type { SeatMap, SeatMapSection, SeatMapSummary } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { seatCategories, seatMaps, seats, seatSections, venues } from '../../db/schema/index.ts';
import { notFound } from '../../lib/http-error.ts';

const summaryColumns = {
  ID: seatMaps.id,
  venueID: seatMaps.venueId,
  venue: venues.name,
  name: seatMaps.name,
  updatedAt: seatMaps.updatedAt,
};

export async function listSeatMaps(db: Db, partnerId: number): Promise<SeatMapSummary[]> {
  const rows = await db
    .select({ ...summaryColumns, seatCount: count(seats.id) })
    .from(seatMaps)
    .innerJoin(venues, eq(venues.id, seatMaps.venueId))
    .leftJoin(seats, eq(seats.seatMapId, seatMaps.id))
    .where(eq(seatMaps.partnerId, partnerId))
    .groupBy(seatMaps.id, venues.name)
    .orderBy(asc(seatMaps.name), asc(seatMaps.id));
  return rows.map(({ updatedAt, seatCount, ...row }) => ({
    ...row,
    seat_count: seatCount,
    updated_at: updatedAt.toISOString(),
  }));
}

export async function getSeatMap(db: Db, partnerId: number, id: number): Promise<SeatMap> {
  const [map] = await db
    .select({ ...summaryColumns, revision: seatMaps.revision })
    .from(seatMaps)
    .innerJoin(venues, eq(venues.id, seatMaps.venueId))
    .where(and(eq(seatMaps.id, id), eq(seatMaps.partnerId, partnerId)));
  if (!map) throw notFound('Seat map');
  const [categories, sections, seatRows] = await Promise.all([
    db
      .select({ ID: seatCategories.id, name: seatCategories.name, color: seatCategories.color })
      .from(seatCategories)
      .where(eq(seatCategories.seatMapId, id))
      .orderBy(asc(seatCategories.position)),
    db
      .select({ ID: seatSections.id, name: seatSections.name, x: seatSections.x, y: seatSections.y })
      .from(seatSections)
      .where(eq(seatSections.seatMapId, id))
      .orderBy(asc(seatSections.position)),
    db
      .select({
        ID: seats.id,
        sectionId: seats.sectionId,
        categoryId: seats.categoryId,
        row: seats.rowLabel,
        label: seats.label,
        x: seats.x,
        y: seats.y,
        accessible: seats.accessible,
      })
      .from(seats)
      .where(eq(seats.seatMapId, id))
      .orderBy(asc(seats.sectionId), asc(seats.rowPosition), asc(seats.position)),
  ]);
  const categoryName = new Map(categories.map((c) => [c.ID, c.name]));
  const bySection = new Map<number, SeatMapSection>(sections.map((s) => [s.ID, { ...s, rows: [] }]));
  for (const seat of seatRows) {
    const { rows } = bySection.get(seat.sectionId)!;
    let row = rows.at(-1);
    if (row?.label !== seat.row) rows.push((row = { label: seat.row, seats: [] }));
    row.seats.push({
      ID: seat.ID,
      label: seat.label,
      x: seat.x,
      y: seat.y,
      category: categoryName.get(seat.categoryId)!,
      accessible: seat.accessible,
    });
  }
  const seatCount = seatRows.length;
  const { updatedAt, ...summary } = map;
  return {
    ...summary,
    seat_count: seatCount,
    updated_at: updatedAt.toISOString(),
    categories,
    sections: [...bySection.values()],
  };
}
