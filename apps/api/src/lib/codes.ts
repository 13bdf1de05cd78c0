import { createHash, randomBytes } from 'node:crypto';

/** A random single-use code for an e-mailed link: 256 bits, URL-safe. */
export const newCode = () => randomBytes(32).toString('base64url');

/** Codes are stored hashed; they carry 256 bits of entropy, so a plain SHA-256 is enough. */
export const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');
