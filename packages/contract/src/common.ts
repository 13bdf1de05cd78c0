import { z } from 'zod';

/** Ids are positive integers everywhere (partner_id is an integer in the spec). */
export const idSchema = z.coerce.number().int().positive().max(2_147_483_647);
export const idParamsSchema = z.object({ id: idSchema });

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
