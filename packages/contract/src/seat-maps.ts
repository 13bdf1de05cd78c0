import { z } from 'zod';
import { idParamSchema, idParamsSchema, idSchema } from './common.ts';
import { endpoint } from './endpoint.ts';

/** The most seats one map holds: a large arena. */
export const seatMapMaxSeats = 20_000;
export const seatMapMaxSections = 100;
export const seatMapMaxCategories = 20;
/** How far from the map's origin anything may be drawn, in the editor's units (a seat is 1 wide). */
const coordinateLimit = 10_000;

const coordinate = z.number().min(-coordinateLimit).max(coordinateLimit);
const label = (most: number) => z.string().trim().min(1).max(most);

/** Names that must differ within their list (sections of a map, categories, rows of a section, seats of a row). */
function uniqueBy<T>(items: readonly T[], key: (item: T) => string): number {
  const seen = new Set<string>();
  return items.findIndex((item) => {
    const k = key(item).toLowerCase();
    if (seen.has(k)) return true;
    seen.add(k);
    return false;
  });
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
  .superRefine((row, ctx) => {
    const twice = uniqueBy(row.seats, (s) => s.label);
    if (twice >= 0)
      ctx.addIssue({
        code: 'custom',
        path: ['seats', twice, 'label'],
        message: `Row ${row.label} has two seats called ${row.seats[twice]?.label}.`,
      });
  });

const sectionInputSchema = z
  .object({
    /** Kept when an existing section is edited; absent for a new one. */
    ID: idSchema.optional(),
    name: label(50),
    x: coordinate,
    y: coordinate,
    rows: z.array(rowInputSchema).min(1).max(500),
  })
  .superRefine((section, ctx) => {
    const twice = uniqueBy(section.rows, (r) => r.label);
    if (twice >= 0)
      ctx.addIssue({
        code: 'custom',
        path: ['rows', twice, 'label'],
        message: `${section.name} has two rows called ${section.rows[twice]?.label}.`,
      });
  });

/** A whole map as the editor saves it: it replaces what was there, keeping the ids of what it keeps. */
export const seatMapInputSchema = z
  .object({
    /**
     * The revision the editor loaded: a save over a later one (someone else saved meanwhile) is
     * refused rather than silently undoing their work. Left out, the save replaces whatever is there.
     */
    revision: z.number().int().min(1).optional(),
    name: label(100),
    venue: label(200),
    categories: z
      .array(categoryInputSchema)
      .min(1, 'A seat map needs at least one category.')
      .max(seatMapMaxCategories),
    sections: z.array(sectionInputSchema).min(1, 'A seat map needs at least one section.').max(seatMapMaxSections),
  })
  .superRefine((map, ctx) => {
    const twiceCategory = uniqueBy(map.categories, (c) => c.name);
    if (twiceCategory >= 0)
      ctx.addIssue({
        code: 'custom',
        path: ['categories', twiceCategory, 'name'],
        message: `Two categories are called ${map.categories[twiceCategory]?.name}.`,
      });
    const twiceSection = uniqueBy(map.sections, (s) => s.name);
    if (twiceSection >= 0)
      ctx.addIssue({
        code: 'custom',
        path: ['sections', twiceSection, 'name'],
        message: `Two sections are called ${map.sections[twiceSection]?.name}.`,
      });
    const lists: [string, readonly { ID?: number | undefined }[], string][] = [
      ['categories', map.categories, 'category'],
      ['sections', map.sections, 'section'],
    ];
    for (const [field, list, what] of lists) {
      const twiceId = uniqueBy(list, (item) => (item.ID === undefined ? `new ${list.indexOf(item)}` : String(item.ID)));
      if (twiceId >= 0)
        ctx.addIssue({ code: 'custom', path: [field, twiceId, 'ID'], message: `The same ${what} is named twice.` });
    }
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
  ID: z.number().int(),
  label: z.string(),
  x: z.number(),
  y: z.number(),
  category: z.string(),
  accessible: z.boolean(),
});
const rowSchema = z.object({ label: z.string(), seats: z.array(seatSchema) });
const sectionSchema = z.object({
  ID: z.number().int(),
  name: z.string(),
  x: z.number(),
  y: z.number(),
  rows: z.array(rowSchema),
});
const categorySchema = z.object({ ID: z.number().int(), name: z.string(), color: z.string() });

/** A seat map in the list: keyed by ID, with venueID (spec), and what the list shows of it. */
export const seatMapSummarySchema = z.object({
  ID: z.number().int(),
  venueID: z.number().int(),
  venue: z.string(),
  name: z.string(),
  seat_count: z.number().int(),
  updated_at: z.string(),
});
export type SeatMapSummary = z.infer<typeof seatMapSummarySchema>;

export const seatMapSchema = seatMapSummarySchema.extend({
  /** Counts the map's saves: a save names the one it was made from (see the input's `revision`). */
  revision: z.number().int(),
  categories: z.array(categorySchema),
  sections: z.array(sectionSchema),
});
export type SeatMap = z.infer<typeof seatMapSchema>;
export type SeatMapSection = SeatMap['sections'][number];
export type SeatMapSeat = SeatMapSection['rows'][number]['seats'][number];

export const seatMapIdQuerySchema = z.object({ id: idParamSchema });

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
    response: z.object({ ID: z.number().int() }),
  }),
};
