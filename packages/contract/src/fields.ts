import { z } from 'zod';
import { idParamSchema } from './common.ts';

/**
 * The building blocks the contract's records are made of. Kept out of the package's exports: callers
 * use the records, not their parts.
 */

/** A whole number on the wire: an id, a count, a quantity. */
export const int = z.number().int();

/** The id and name most records start with. */
export const idAndName = { ID: int, name: z.string() };

/** Path or query parameters that are all ids, each read from text as `idParamSchema` reads it. */
export const idParams = <const Names extends readonly string[]>(...names: Names) =>
  z.object(
    Object.fromEntries(names.map((name) => [name, idParamSchema])) as { [Name in Names[number]]: typeof idParamSchema },
  );
