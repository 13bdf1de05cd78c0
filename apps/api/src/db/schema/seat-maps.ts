import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, real, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { partnerRef } from './partners.ts';
import { counter, createdAt, id, ref, updatedAt } from './columns.ts';

/** A place an organization holds events at; its seat maps hang from it. */
export const venues = pgTable(
  'venues',
  {
    id: id(),
    partnerId: partnerRef(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('venues_partner_name_key').on(t.partnerId, sql`lower(${t.name})`)],
);

export const seatMaps = pgTable(
  'seat_maps',
  {
    id: id(),
    partnerId: partnerRef(),
    venueId: ref('venue_id', () => venues.id),
    name: text('name').notNull(),
    /** Counts the saves; each save stamps the seats it keeps, so those it left out are known. */
    revision: counter('revision'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('seat_maps_partner_idx').on(t.partnerId, t.id)],
);

/** What the rows drawn on a map start with: they go when it goes. */
const mapPart = () => ({
  id: id(),
  seatMapId: ref('seat_map_id', () => seatMaps.id, 'cascade'),
});

/** A price zone of a map; ticket types are mapped onto these. */
export const seatCategories = pgTable(
  'seat_categories',
  {
    ...mapPart(),
    name: text('name').notNull(),
    color: text('color').notNull(),
    position: integer('position').notNull(),
  },
  // Names are unique per map by the contract's check of the whole list, which a save replaces at once
  // (a unique index would refuse two categories swapping names).
  (t) => [index('seat_categories_map_idx').on(t.seatMapId)],
);

/** A block of rows the editor moves as one; its seats are placed relative to its origin. */
export const seatSections = pgTable(
  'seat_sections',
  {
    ...mapPart(),
    name: text('name').notNull(),
    x: real('x').notNull(),
    y: real('y').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [index('seat_sections_map_idx').on(t.seatMapId)],
);

/**
 * One seat. Its id outlives edits of the map that keep its section, row and label, so that what an
 * event holds of a seat (sold, held back) stays with it.
 */
export const seats = pgTable(
  'seats',
  {
    ...mapPart(),
    sectionId: ref('section_id', () => seatSections.id, 'cascade'),
    categoryId: ref('category_id', () => seatCategories.id),
    rowLabel: text('row_label').notNull(),
    label: text('label').notNull(),
    /** Order of the row in its section and of the seat in its row, as drawn. */
    rowPosition: integer('row_position').notNull(),
    position: integer('position').notNull(),
    x: real('x').notNull(),
    y: real('y').notNull(),
    accessible: boolean('accessible').notNull().default(false),
    /** The map's revision that last saved this seat. */
    revision: counter('revision'),
  },
  (t) => [
    uniqueIndex('seats_section_row_label_key').on(t.sectionId, t.rowLabel, t.label),
    index('seats_map_idx').on(t.seatMapId),
    index('seats_category_idx').on(t.categoryId),
  ],
);
