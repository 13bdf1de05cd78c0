import { and, eq, inArray, lte, ne, notInArray, sql } from 'drizzle-orm';
import type { seatMapInputSchema } from '@portal/contract';
import type { z } from 'zod';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { eventDaySeats, seatCategories, seatMaps, seats, seatSections, venues } from '../../db/schema/index.ts';
import { isForeignKeyViolation } from '../../lib/db-errors.ts';
import { conflict, notFound } from '../../lib/http-error.ts';

type Input = z.output<typeof seatMapInputSchema>;

/** Rows per insert: 5,000 seats of 11 columns stay under PostgreSQL's 65,535 parameters. */
const seatBatch = 5_000;

/**
 * The organization's venue of that name (as last spelt), made on first use. Raw SQL: the conflict target is the
 * case-blind unique index, an expression Drizzle's builder cannot name.
 */
async function venueId(tx: Tx, partnerId: number, name: string): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into ${venues} (partner_id, name) values (${partnerId}, ${name})
        on conflict (partner_id, lower(name)) do update set name = excluded.name
        returning id`,
  );
  return row!.id;
}

/** Ids named by the editor must be the map's own; any other (another map's, another organization's) is unknown. */
function assertOwn(kept: readonly { ID?: number | undefined }[], own: Set<number>, what: string) {
  for (const item of kept) if (item.ID !== undefined && !own.has(item.ID)) throw notFound(what);
}

/** Writes the categories in order, keeping those named by ID; answers each one's id by lower-cased name. */
async function saveCategories(tx: Tx, mapId: number, categories: Input['categories']) {
  const own = await tx
    .select({ id: seatCategories.id })
    .from(seatCategories)
    .where(eq(seatCategories.seatMapId, mapId));
  assertOwn(categories, new Set(own.map((c) => c.id)), 'Seat category');
  const ids = new Map<string, number>();
  for (const [position, category] of categories.entries()) {
    const values = { name: category.name, color: category.color, position };
    const [row] = category.ID
      ? await tx.update(seatCategories).set(values).where(eq(seatCategories.id, category.ID)).returning()
      : await tx
          .insert(seatCategories)
          .values({ ...values, seatMapId: mapId })
          .returning();
    ids.set(category.name.toLowerCase(), row!.id);
  }
  return ids;
}

/** Writes the sections in order, keeping those named by ID; answers their ids in the input's order. */
async function saveSections(tx: Tx, mapId: number, sections: Input['sections']) {
  const own = await tx.select({ id: seatSections.id }).from(seatSections).where(eq(seatSections.seatMapId, mapId));
  assertOwn(sections, new Set(own.map((s) => s.id)), 'Seat section');
  const ids: number[] = [];
  for (const [position, section] of sections.entries()) {
    const values = { name: section.name, x: section.x, y: section.y, position };
    const [row] = section.ID
      ? await tx.update(seatSections).set(values).where(eq(seatSections.id, section.ID)).returning()
      : await tx
          .insert(seatSections)
          .values({ ...values, seatMapId: mapId })
          .returning();
    ids.push(row!.id);
  }
  return ids;
}

/** A PostgreSQL array literal: a whole column of a batch as one parameter. */
const column = (values: readonly (number | boolean)[]) => `{${values.join(',')}}`;

/**
 * Writes every seat, stamped with this save's revision, then drops the seats the save left out: a seat
 * that keeps its section, row and label keeps its id. Seats the map has are updated by id and only new
 * ones inserted, so a save draws no new ids for the seats it keeps (an upsert would take one from the
 * sequence for every seat on every save).
 */
async function saveSeats(
  tx: Tx,
  mapId: number,
  revision: number,
  sections: Input['sections'],
  sectionIds: number[],
  categoryIds: Map<string, number>,
) {
  const place = (sectionId: number, row: string, label: string) => `${sectionId}\u0000${row}\u0000${label}`;
  const had = await tx
    .select({ id: seats.id, sectionId: seats.sectionId, row: seats.rowLabel, label: seats.label })
    .from(seats)
    .where(eq(seats.seatMapId, mapId));
  const idOf = new Map(had.map((s) => [place(s.sectionId, s.row, s.label), s.id]));
  const rows = sections.flatMap((section, s) =>
    section.rows.flatMap((row, rowPosition) =>
      row.seats.map((seat, position) => ({
        id: idOf.get(place(sectionIds[s]!, row.label, seat.label)),
        seatMapId: mapId,
        sectionId: sectionIds[s]!,
        categoryId: categoryIds.get(seat.category.toLowerCase())!,
        rowLabel: row.label,
        label: seat.label,
        rowPosition,
        position,
        x: seat.x,
        y: seat.y,
        accessible: seat.accessible,
        revision,
      })),
    ),
  );
  const kept = rows.filter((r) => r.id !== undefined);
  const added = rows.filter((r) => r.id === undefined).map(({ id: _id, ...seat }) => seat);
  for (let start = 0; start < kept.length; start += seatBatch) {
    const batch = kept.slice(start, start + seatBatch);
    const of = <K extends keyof (typeof batch)[number]>(key: K) => column(batch.map((r) => r[key] as number | boolean));
    await tx.execute(sql`update ${seats} set category_id = v.category_id, row_position = v.row_position,
        position = v.position, x = v.x, y = v.y, accessible = v.accessible, revision = ${revision}
      from unnest(${of('id')}::int[], ${of('categoryId')}::int[], ${of('rowPosition')}::int[], ${of('position')}::int[],
        ${of('x')}::real[], ${of('y')}::real[], ${of('accessible')}::boolean[])
        as v(id, category_id, row_position, position, x, y, accessible)
      where ${seats.id} = v.id`);
  }
  for (let start = 0; start < added.length; start += seatBatch)
    await tx.insert(seats).values(added.slice(start, start + seatBatch));
  await tx.delete(seats).where(and(eq(seats.seatMapId, mapId), ne(seats.revision, revision)));
}

async function writeLayout(tx: Tx, mapId: number, revision: number, input: Input) {
  const categoryIds = await saveCategories(tx, mapId, input.categories);
  const sectionIds = await saveSections(tx, mapId, input.sections);
  await saveSeats(tx, mapId, revision, input.sections, sectionIds, categoryIds);
  await tx.delete(seatSections).where(and(eq(seatSections.seatMapId, mapId), notInArray(seatSections.id, sectionIds)));
  await tx
    .delete(seatCategories)
    .where(and(eq(seatCategories.seatMapId, mapId), notInArray(seatCategories.id, [...categoryIds.values()])));
}

export async function createSeatMap(db: Db, partnerId: number, input: Input): Promise<number> {
  return db.transaction(async (tx) => {
    const [map] = await tx
      .insert(seatMaps)
      .values({ partnerId, venueId: await venueId(tx, partnerId, input.venue), name: input.name, revision: 1 })
      .returning({ id: seatMaps.id });
    await writeLayout(tx, map!.id, 1, input);
    return map!.id;
  });
}

/** Reservations whose time ran out hold nothing: cleared, so that no save or deletion is refused for them. */
async function clearExpiredHolds(tx: Tx, mapId: number) {
  const mapSeats = tx.select({ id: seats.id }).from(seats).where(eq(seats.seatMapId, mapId));
  await tx
    .delete(eventDaySeats)
    .where(
      and(
        eq(eventDaySeats.state, 'reserved'),
        lte(eventDaySeats.expiresAt, sql`now()`),
        inArray(eventDaySeats.seatId, mapSeats),
      ),
    );
}

/** What an event already relies on cannot be taken out of its map: refused in words, nothing changed. */
async function unlessInUse<T>(write: Promise<T>, message: string): Promise<T> {
  try {
    return await write;
  } catch (err) {
    if (isForeignKeyViolation(err)) throw conflict(message);
    throw err;
  }
}

/** Replaces a map's layout under its row lock, so two saves of one map apply one after the other. */
export async function updateSeatMap(db: Db, partnerId: number, id: number, input: Input): Promise<void> {
  const save = db.transaction(async (tx) => {
    const [map] = await tx
      .update(seatMaps)
      .set({
        name: input.name,
        venueId: await venueId(tx, partnerId, input.venue),
        revision: sql`${seatMaps.revision} + 1`,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(seatMaps.id, id),
          eq(seatMaps.partnerId, partnerId),
          input.revision === undefined ? undefined : eq(seatMaps.revision, input.revision),
        ),
      )
      .returning({ revision: seatMaps.revision });
    if (!map) {
      const [own] = await tx
        .select({ id: seatMaps.id })
        .from(seatMaps)
        .where(and(eq(seatMaps.id, id), eq(seatMaps.partnerId, partnerId)));
      if (!own) throw notFound('Seat map');
      throw conflict(
        'Someone else saved this seat map after you opened it. Reload it to see their changes, then make yours again.',
      );
    }
    await clearExpiredHolds(tx, id);
    await writeLayout(tx, id, map.revision, input);
  });
  await unlessInUse(
    save,
    'An event sells from this seat map: its sold or held seats, and the categories its ticket types sell, must stay.',
  );
}

export async function deleteSeatMap(db: Db, partnerId: number, id: number) {
  const remove = db.transaction(async (tx) => {
    const [own] = await tx
      .select({ id: seatMaps.id })
      .from(seatMaps)
      .where(and(eq(seatMaps.id, id), eq(seatMaps.partnerId, partnerId)))
      .for('update');
    if (!own) throw notFound('Seat map');
    await clearExpiredHolds(tx, id);
    await tx.delete(seatMaps).where(eq(seatMaps.id, id));
    return { ID: id };
  });
  return unlessInUse(remove, 'An event sells from this seat map: take it off the event before deleting it.');
}
