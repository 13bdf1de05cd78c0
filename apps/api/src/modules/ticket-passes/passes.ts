import { sign, verify } from 'node:crypto';
import { normalizeTicketCode, parseTicketPass, ticketPassMessage } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { createSigningKeys } from './signing-keys.ts';

export type ScannedTicket =
  { kind: 'code'; code: string } | { kind: 'pass'; eventId: number; code: string } | { kind: 'forged' };

/** Issues the signed passes tickets carry as QR codes, and reads a scanned one back. */
export function createTicketPasses(db: Db, secret: string) {
  const keys = createSigningKeys(db, secret);
  return {
    publicKeys: keys.publicKeys,
    rotate: keys.rotate,

    /** The pass of a ticket: Ed25519 is deterministic, so the same key always gives the same pass. */
    async issue(partnerId: number, eventId: number, code: string): Promise<string> {
      const key = await keys.active(partnerId);
      const message = ticketPassMessage(eventId, code, key.id);
      return `${message}.${sign(null, Buffer.from(message), key.privateKey).toString('base64url')}`;
    },

    /**
     * What a gate was given: a typed code as it is, or a scanned pass once its signature holds under
     * one of this organiser's keys. A pass under another organiser's key, or altered, is forged.
     */
    async read(partnerId: number, text: string): Promise<ScannedTicket> {
      const pass = parseTicketPass(text);
      if (!pass) return { kind: 'code', code: normalizeTicketCode(text) };
      const key = await keys.verifying(partnerId, pass.keyId);
      const genuine =
        key !== null && verify(null, Buffer.from(pass.signed), key.publicKey, Buffer.from(pass.signature, 'base64url'));
      return genuine ? { kind: 'pass', eventId: pass.eventId, code: pass.code } : { kind: 'forged' };
    },
  };
}

export type TicketPasses = ReturnType<typeof createTicketPasses>;
