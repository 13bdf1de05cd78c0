import type { SeatMap, SeatMapInput } from '@portal/contract';
import { bounds } from '../../lib/seat-plan.ts';

/**
 * A seat as the editor holds it: `key` follows it through renames, so a selection survives them, and
 * `category` is its category's key, so renaming a category never moves a seat to another.
 */
export type DraftSeat = { key: string; label: string; x: number; y: number; category: string; accessible: boolean };
export type DraftRow = { label: string; seats: DraftSeat[] };
export type DraftSection = { key: string; ID?: number; name: string; x: number; y: number; rows: DraftRow[] };
export type DraftCategory = { key: string; ID?: number; name: string; color: string };
export type Draft = { name: string; venue: string; categories: DraftCategory[]; sections: DraftSection[] };

/** Rows sit further apart than seats, as in a theatre. */
export const rowSpacing = 1.3;

let lastKey = 0;
const nextKey = (prefix: string) => `${prefix}${(lastKey += 1)}`;

export const newCategory = (name: string, color: string): DraftCategory => ({ key: nextKey('category-'), name, color });

export const emptyDraft = (): Draft => ({
  name: '',
  venue: '',
  categories: [newCategory('Standard', '#1c7ed6')],
  sections: [],
});

export function draftOf(map: SeatMap): Draft {
  const categories = map.categories.map((c) => ({ ...c, key: nextKey('category-') }));
  const keyOf = new Map(categories.map((c) => [c.name.toLowerCase(), c.key]));
  return {
    name: map.name,
    venue: map.venue,
    categories,
    sections: map.sections.map((section) => ({
      ...section,
      key: nextKey('section-'),
      rows: section.rows.map((row) => ({
        label: row.label,
        seats: row.seats.map(({ ID: _id, ...seat }) => ({
          ...seat,
          category: keyOf.get(seat.category.toLowerCase())!,
          key: nextKey('seat-'),
        })),
      })),
    })),
  };
}

/**
 * The ids a save gave the sections and categories of `submitted` (the answer lists them in the same
 * order), set on those of `draft` by key, so saving the draft again keeps them instead of making them anew.
 */
export function withSavedIds(draft: Draft, submitted: Draft, saved: SeatMap): Draft {
  const sectionIds = new Map(submitted.sections.map((s, i) => [s.key, saved.sections[i]?.ID]));
  const categoryIds = new Map(submitted.categories.map((c, i) => [c.key, saved.categories[i]?.ID]));
  return {
    ...draft,
    sections: draft.sections.map((s) => ({ ...s, ID: s.ID ?? sectionIds.get(s.key) })),
    categories: draft.categories.map((c) => ({ ...c, ID: c.ID ?? categoryIds.get(c.key) })),
  };
}

const round = (n: number) => Math.round(n * 100) / 100;

export function inputOf(draft: Draft): SeatMapInput {
  const nameOf = new Map(draft.categories.map((c) => [c.key, c.name]));
  return {
    name: draft.name,
    venue: draft.venue,
    categories: draft.categories.map(({ key: _key, ...category }) => category),
    sections: draft.sections.map(({ key: _key, ...section }) => ({
      ...section,
      x: round(section.x),
      y: round(section.y),
      rows: section.rows.map((row) => ({
        label: row.label,
        seats: row.seats.map(({ key: _seatKey, ...seat }) => ({
          ...seat,
          category: nameOf.get(seat.category) ?? '',
          x: round(seat.x),
          y: round(seat.y),
        })),
      })),
    })),
  };
}

/** Row labels as theatres letter them: A … Z, then AA, AB … */
export function rowLabel(index: number): string {
  let label = '';
  for (let n = index; n >= 0; n = Math.floor(n / 26) - 1) label = String.fromCharCode(65 + (n % 26)) + label;
  return label;
}

/** The index `rowLabel` gives a label, or -1 for one it never gives. */
export function rowIndex(label: string): number {
  if (!/^[A-Z]+$/.test(label)) return -1;
  return [...label].reduce((n, c) => (n + 1) * 26 + c.charCodeAt(0) - 65, -1);
}

export type SectionPlan = {
  name: string;
  rows: number;
  seatsPerRow: number;
  /** The first row's label: the rest follow it (A, B, C … or 1, 2, 3 …). */
  firstRow: string;
  firstSeat: number;
  /** Seat numbers after which an aisle one seat wide runs through every row. */
  aislesAfter: number[];
  /** 0 is straight; 1 bends each row's ends towards the stage by a quarter of its width. */
  curve: number;
  /** Every other row shifted by half a seat, so each seat looks between two in front. */
  stagger: boolean;
  /** The key of the seats' category. */
  category: string;
};

/** The labels of `count` rows from `first`: letters run on as letters, numbers as numbers. */
export function rowLabels(first: string, count: number): string[] {
  const start = first.trim().toUpperCase();
  const numeric = /^\d+$/.test(start);
  const from = numeric ? Number(start) : Math.max(0, rowIndex(start));
  return Array.from({ length: count }, (_, i) => (numeric ? String(from + i) : rowLabel(from + i)));
}

/** A block of rows as the plan says, placed at (x, y). */
export function planSection(plan: SectionPlan, x: number, y: number): DraftSection {
  const aisles = [...new Set(plan.aislesAfter)].sort((a, b) => a - b);
  const widthOf = (count: number) => count - 1 + aisles.filter((after) => after < count).length;
  const width = widthOf(plan.seatsPerRow);
  const labels = rowLabels(plan.firstRow, plan.rows);
  return {
    key: nextKey('section-'),
    name: plan.name,
    x,
    y,
    rows: labels.map((label, r) => {
      const shift = plan.stagger && r % 2 === 1 ? 0.5 : 0;
      return {
        label,
        seats: Array.from({ length: plan.seatsPerRow }, (_, i) => {
          const seatX = i + aisles.filter((after) => after <= i).length + shift;
          const fromCentre = width === 0 ? 0 : (seatX - width / 2) / (width / 2);
          return {
            key: nextKey('seat-'),
            label: String(plan.firstSeat + i),
            x: round(seatX),
            y: round(r * rowSpacing - (plan.curve * width * fromCentre * fromCentre) / 4),
            category: plan.category,
            accessible: false,
          };
        }),
      };
    }),
  };
}

/** Letters (or numbers) the section's rows afresh from `first`, front to back. */
export function relabelRows(section: DraftSection, first: string): DraftSection {
  const labels = rowLabels(first, section.rows.length);
  return { ...section, rows: section.rows.map((row, i) => ({ ...row, label: labels[i]! })) };
}

/** Numbers each row's seats afresh from `first`, left to right or right to left as drawn. */
export function renumberSeats(section: DraftSection, first: number, direction: 'ltr' | 'rtl'): DraftSection {
  return {
    ...section,
    rows: section.rows.map((row) => {
      const order = [...row.seats].sort((a, b) => (direction === 'ltr' ? a.x - b.x : b.x - a.x));
      const number = new Map(order.map((seat, i) => [seat.key, String(first + i)]));
      return { ...row, seats: row.seats.map((seat) => ({ ...seat, label: number.get(seat.key)! })) };
    }),
  };
}

/** Applies `change` to the seats whose keys are chosen; rows left without a seat go. */
export function changeSeats(
  draft: Draft,
  chosen: ReadonlySet<string>,
  change: (seat: DraftSeat) => DraftSeat | null,
): Draft {
  return {
    ...draft,
    sections: draft.sections
      .map((section) => ({
        ...section,
        rows: section.rows
          .map((row) => ({
            ...row,
            seats: row.seats.flatMap((seat) => {
              if (!chosen.has(seat.key)) return [seat];
              const changed = change(seat);
              return changed ? [changed] : [];
            }),
          }))
          .filter((row) => row.seats.length > 0),
      }))
      .filter((section) => section.rows.length > 0),
  };
}

export const seatCount = (draft: Draft) =>
  draft.sections.reduce((n, s) => n + s.rows.reduce((m, r) => m + r.seats.length, 0), 0);

/** Where a new section goes: below everything drawn, left-aligned with it. */
export function nextSectionOrigin(sections: readonly DraftSection[]) {
  if (sections.length === 0) return { x: 0, y: 0 };
  const box = bounds(sections, 0);
  return { x: round(box.x), y: round(box.y + box.height + 2 * rowSpacing) };
}

/** The draft with the planned section added where a new one goes. */
export function withPlannedSection(draft: Draft, plan: SectionPlan): Draft {
  const at = nextSectionOrigin(draft.sections);
  return { ...draft, sections: [...draft.sections, planSection(plan, at.x, at.y)] };
}
