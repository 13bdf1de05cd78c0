import { z } from 'zod';
import { idParamsSchema, idSchema } from './common.ts';
import { endpoint } from './endpoint.ts';
import { idAndName, idParams, int } from './fields.ts';

/** The most seats one map holds: a large arena. */
export const seatMapMaxSeats = 20_000;
export const seatMapMaxSections = 100;
export const seatMapMaxCategories = 20;
/** How far from the map's origin anything may be drawn, in the editor's units (a seat is 1 wide). */
const coordinateLimit = 10_000;

const coordinate = z.number().min(-coordinateLimit).max(coordinateLimit);
const label = (most: number) => z.string().trim().min(1).max(most);

/**
 * Names (and ids) that must differ within their list: sections of a map, categories, rows of a section,
 * seats of a row. Names are compared in any case; an item without one (a new section has no id yet) is
 * alike no other. The second of two alike is refused.
 */
function refuseTwice<T, K extends keyof T & string>(
  ctx: z.RefinementCtx,
  list: string,
  items: readonly T[],
  part: K,
  message: (item: T) => string,
) {
  const seen = new Set<string>();
  const twice = items.findIndex((item) => {
    if (item[part] === undefined) return false;
    const k = String(item[part]).toLowerCase();
    if (seen.has(k)) return true;
    seen.add(k);
    return false;
  });
  const item = items[twice];
  if (item !== undefined) ctx.addIssue({ code: 'custom', path: [list, twice, part], message: message(item) });
}

const categoryInputSchema = z.object({
  /** Kept when an existing category is renamed; absent for a new one. */
  ID: idSchema.optional(),
  name: label(50),
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'A colour is written #rrggbb.'),
});

const seatInputSchema = z.object({
  label: label(10),
  x: coordinate,
  y: coordinate,
  /** The name of one of the map's categories. */
  category: label(50),
  accessible: z.boolean().default(false),
});

const rowInputSchema = z
  .object({ label: label(10), seats: z.array(seatInputSchema).min(1).max(seatMapMaxSeats) })
  .superRefine((row, ctx) =>
    refuseTwice(ctx, 'seats', row.seats, 'label', (s) => `Row ${row.label} has two seats called ${s.label}.`),
  );

const sectionInputSchema = z
  .object({
    /** Kept when an existing section is edited; absent for a new one. */
    ID: idSchema.optional(),
    name: label(50),
    x: coordinate,
    y: coordinate,
    rows: z.array(rowInputSchema).min(1).max(500),
  })
  .superRefine((section, ctx) =>
    refuseTwice(ctx, 'rows', section.rows, 'label', (r) => `${section.name} has two rows called ${r.label}.`),
  );

/** A whole map as the editor saves it: it replaces what was there, keeping the ids of what it keeps. */
export const seatMapInputSchema = z
  .object({
    /**
     * The revision the editor loaded: a save over a later one (someone else saved meanwhile) is
     * refused rather than silently undoing their work. Left out, the save replaces whatever is there.
     */
    revision: int.min(1).optional(),
    name: label(100),
    venue: label(200),
    categories: z
      .array(categoryInputSchema)
      .min(1, 'A seat map needs at least one category.')
      .max(seatMapMaxCategories),
    sections: z.array(sectionInputSchema).min(1, 'A seat map needs at least one section.').max(seatMapMaxSections),
  })
  .superRefine((map, ctx) => {
    refuseTwice(ctx, 'categories', map.categories, 'name', (c) => `Two categories are called ${c.name}.`);
    refuseTwice(ctx, 'sections', map.sections, 'name', (s) => `Two sections are called ${s.name}.`);
    refuseTwice(ctx, 'categories', map.categories, 'ID', () => 'The same category is named twice.');
    refuseTwice(ctx, 'sections', map.sections, 'ID', () => 'The same section is named twice.');
    const categories = new Set(map.categories.map((c) => c.name.toLowerCase()));
    let count = 0;
    map.sections.forEach((section, s) =>
      section.rows.forEach((row, r) =>
        row.seats.forEach((seat, i) => {
          count += 1;
          if (!categories.has(seat.category.toLowerCase()))
            ctx.addIssue({
              code: 'custom',
              path: ['sections', s, 'rows', r, 'seats', i, 'category'],
              message: `Seat ${row.label}${seat.label} of ${section.name} is in a category the map does not have.`,
            });
        }),
      ),
    );
    if (count > seatMapMaxSeats)
      ctx.addIssue({
        code: 'custom',
        path: ['sections'],
        message: `A seat map holds at most ${seatMapMaxSeats.toLocaleString('en-US')} seats.`,
      });
  });
export type SeatMapInput = z.input<typeof seatMapInputSchema>;

const seatSchema = z.object({
  ID: int,
  label: z.string(),
  x: z.number(),
  y: z.number(),
  category: z.string(),
  accessible: z.boolean(),
});
const rowSchema = z.object({ label: z.string(), seats: z.array(seatSchema) });
const sectionSchema = z.object({
  ...idAndName,
  x: z.number(),
  y: z.number(),
  rows: z.array(rowSchema),
});
const categorySchema = z.object({ ...idAndName, color: z.string() });

/** A seat map in the list: keyed by ID, with venueID (spec), and what the list shows of it. */
export const seatMapSummarySchema = z.object({
  ID: int,
  venueID: int,
  venue: z.string(),
  name: z.string(),
  seat_count: int,
  updated_at: z.string(),
});
export type SeatMapSummary = z.infer<typeof seatMapSummarySchema>;

export const seatMapSchema = seatMapSummarySchema.extend({
  /** Counts the map's saves: a save names the one it was made from (see the input's `revision`). */
  revision: int,
  categories: z.array(categorySchema),
  sections: z.array(sectionSchema),
});
export type SeatMap = z.infer<typeof seatMapSchema>;
export type SeatMapSection = SeatMap['sections'][number];
export type SeatMapSeat = SeatMapSection['rows'][number]['seats'][number];

export const seatMapIdQuerySchema = idParams('id');

const tags = ['seat-maps'];
const read = { access: 'partner', tags } as const;
const write = { access: 'partner', permission: 'manage_events', tags } as const;
const path = '/partner/v1/seatmaps/seatmap';

/**
 * The seat maps of the organization signed in to: the two reads under the paths the spec names (the
 * map by `?id=`), the writes beside them with the id in the path.
 */
export const seatMapEndpoints = {
  list: endpoint({
    ...read,
    method: 'GET',
    path: '/partner/v1/seatmaps/seatmaps',
    summary: 'List the organization’s seat maps',
    response: z.array(seatMapSummarySchema),
  }),
  get: endpoint({
    ...read,
    method: 'GET',
    path,
    summary: 'Read a seat map with its sections, rows and seats',
    query: seatMapIdQuerySchema,
    response: seatMapSchema,
  }),
  create: endpoint({
    ...write,
    method: 'POST',
    path,
    summary: 'Create a seat map',
    body: seatMapInputSchema,
    response: seatMapSchema,
  }),
  update: endpoint({
    ...write,
    method: 'PUT',
    path: `${path}/:id`,
    summary: 'Replace a seat map’s layout, keeping the seats it keeps',
    params: idParamsSchema,
    body: seatMapInputSchema,
    response: seatMapSchema,
  }),
  remove: endpoint({
    ...write,
    method: 'DELETE',
    path: `${path}/:id`,
    summary: 'Delete a seat map',
    errors: [409],
    params: idParamsSchema,
    response: z.object({ ID: int }),
  }),
};
