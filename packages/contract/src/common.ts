import { z } from 'zod';

const ID_MAX = 2_147_483_647;
const ID_MESSAGE = 'An id is a whole number of 1 or more.';

/** "is required" when the id is missing, else one plain message for any wrong id (never zod's wording). */
const idError = (issue: { input?: unknown }) => (issue.input === undefined ? 'An id is required here.' : ID_MESSAGE);

/**
 * An id in a JSON body: a JSON number, whole and positive (partner_id is an integer in the spec).
 * Nothing is coerced: `true`, `[1]`, `" 1 "`, `"1e0"` and `1.5` are refused, not read as 1.
 */
export const idSchema = z
  .number({ error: idError })
  .int({ error: ID_MESSAGE })
  .min(1, { error: ID_MESSAGE })
  .max(ID_MAX, { error: ID_MESSAGE });

/**
 * An id in a path or a query string, where every value is text: digits only (no sign, space,
 * exponent or leading zero), read as a number.
 */
export const idParamSchema = z
  .string({ error: idError })
  .regex(/^[1-9][0-9]{0,9}$/, { error: ID_MESSAGE })
  .transform(Number)
  .pipe(idSchema);
export const idParamsSchema = z.object({ id: idParamSchema });

/** ISO-8601 date-time on the wire, always UTC. */
export const isoDateTime = z.iso.datetime({ offset: true });

/** A hex colour, or an empty string that clears it. */
export const colourSchema = z.union([z.literal(''), z.string().regex(/^#[0-9a-fA-F]{6}$/)]);

/**
 * A file sent as a data URL (or, where the field says so, an address). No length is set here: the
 * route's body limit bounds the request, and the server measures the decoded file, refusing one over
 * its limit with 413 and the limit in the message, which a length refusal could not say.
 */
export const uploadSchema = z.string();
