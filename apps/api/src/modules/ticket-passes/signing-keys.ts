import {
  createCipheriv,
  createDecipheriv,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  hkdfSync,
  randomBytes,
  type KeyObject,
} from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ticketSigningKeys } from '../../db/schema/index.ts';

export type SigningKey = { id: number; privateKey: KeyObject };
export type VerifyingKey = { id: number; partnerId: number; publicKey: KeyObject };

/** The key that seals private keys at rest: derived from the server's secret, never stored. */
const sealingKey = (secret: string) =>
  Buffer.from(hkdfSync('sha256', secret, 'ticket-signing-keys', 'seal private keys', 32));

function seal(secret: string, d: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(secret), iv);
  const sealed = Buffer.concat([cipher.update(d, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), sealed].map((b) => b.toString('base64url')).join('.');
}

function unseal(secret: string, text: string): string | null {
  const [iv, tag, sealed] = text.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !sealed) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', sealingKey(secret), iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(sealed), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** The largest id a key's `serial` column holds. */
const MAX_KEY_ID = 2_147_483_647;

const publicKeyOf = (x: string) => createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x }, format: 'jwk' });

/** A new key pair as its row: the public half in the clear, the private half sealed. */
function newKeyRow(secret: string, partnerId: number) {
  const jwk = generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' });
  return { partnerId, publicKey: jwk.x!, sealedPrivateKey: seal(secret, jwk.d!) };
}

/**
 * Signing and verifying keys per organiser, kept in the process once read: a key never changes, and
 * a rotation is seen here at once because it goes through `rotate`, or within `ttlMs` when another
 * process rotated.
 */
export function createSigningKeys(db: Db, secret: string, ttlMs = 60_000) {
  const signing = new Map<number, { key: SigningKey; until: number }>();
  const verifying = new Map<number, VerifyingKey>();

  async function readActive(partnerId: number): Promise<SigningKey> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const [row] = await db
        .select()
        .from(ticketSigningKeys)
        .where(and(eq(ticketSigningKeys.partnerId, partnerId), isNull(ticketSigningKeys.retiredAt)));
      if (!row) {
        await db.insert(ticketSigningKeys).values(newKeyRow(secret, partnerId)).onConflictDoNothing();
        continue;
      }
      const d = unseal(secret, row.sealedPrivateKey);
      if (d) {
        const privateKey = createPrivateKey({
          key: { kty: 'OKP', crv: 'Ed25519', x: row.publicKey, d },
          format: 'jwk',
        });
        return { id: row.id, privateKey };
      }
      // Sealed under another server secret: it can still verify what it signed, but signs no more.
      await db
        .update(ticketSigningKeys)
        .set({ retiredAt: new Date() })
        .where(and(eq(ticketSigningKeys.id, row.id), isNull(ticketSigningKeys.retiredAt)));
    }
    throw new Error(`No signing key could be made for partner ${partnerId}`);
  }

  /** The organiser's key that signs new passes, made on first use. */
  async function active(partnerId: number): Promise<SigningKey> {
    const held = signing.get(partnerId);
    if (held && held.until > Date.now()) return held.key;
    const key = await readActive(partnerId);
    signing.set(partnerId, { key, until: Date.now() + ttlMs });
    return key;
  }

  return {
    active,

    /** A key that verifies passes of this organiser, retired or not; null for any other key id. */
    async verifying(partnerId: number, keyId: number): Promise<VerifyingKey | null> {
      // Held by key id, read back only for its own organiser: another's key never verifies here.
      const held = verifying.get(keyId);
      if (held) return held.partnerId === partnerId ? held : null;
      // A pass may name any id of ten digits; one beyond the column's range is no key, not a failed query.
      if (keyId > MAX_KEY_ID) return null;
      const [row] = await db
        .select({ partnerId: ticketSigningKeys.partnerId, publicKey: ticketSigningKeys.publicKey })
        .from(ticketSigningKeys)
        .where(eq(ticketSigningKeys.id, keyId));
      if (!row) return null;
      const key = { id: keyId, partnerId: row.partnerId, publicKey: publicKeyOf(row.publicKey) };
      verifying.set(keyId, key);
      return key.partnerId === partnerId ? key : null;
    },

    /**
     * Every public key of the organiser, retired ones too, as a gate takes them to verify passes
     * offline. The signing key is made first if there is none yet: a gate given the keys before the
     * organiser's first pass still verifies the passes issued after.
     */
    async publicKeys(partnerId: number): Promise<{ id: number; key: string }[]> {
      await active(partnerId);
      return db
        .select({ id: ticketSigningKeys.id, key: ticketSigningKeys.publicKey })
        .from(ticketSigningKeys)
        .where(eq(ticketSigningKeys.partnerId, partnerId))
        .orderBy(asc(ticketSigningKeys.id));
    },

    /** Retires the signing key and makes a new one: passes already issued keep verifying. */
    async rotate(partnerId: number): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(ticketSigningKeys)
          .set({ retiredAt: new Date() })
          .where(and(eq(ticketSigningKeys.partnerId, partnerId), isNull(ticketSigningKeys.retiredAt)));
        await tx.insert(ticketSigningKeys).values(newKeyRow(secret, partnerId));
      });
      signing.delete(partnerId);
    },
  };
}
