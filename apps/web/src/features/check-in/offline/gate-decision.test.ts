import { gateRefusals, ticketPassMessage, type GateList, type GateTicket } from '@portal/contract';
import { generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { decideOffline } from './gate-decision.ts';
import { createPassVerifier } from './pass-verifier.ts';

const LA = 'America/Los_Angeles';
const organiser = generateKeyPairSync('ed25519');
const stranger = generateKeyPairSync('ed25519');
const publicKey = organiser.publicKey.export({ format: 'jwk' }).x!;

const pass = (eventId: number, code: string, keyId = 4, key = organiser.privateKey) => {
  const message = ticketPassMessage(eventId, code, keyId);
  return `${message}.${sign(null, Buffer.from(message), key).toString('base64url')}`;
};

const ticket = (code: string, more: Partial<GateTicket> = {}): GateTicket => ({
  ticket_id: code.length,
  code,
  holder: 'Ava Stone',
  ticket_type: 'General',
  seat: null,
  status: 'valid',
  checked_in_at: null,
  checked_in_by: null,
  undone: null,
  ...more,
});

const list: GateList = {
  event_id: 7,
  event_day_id: 11,
  time_zone: LA,
  taken_at: '2099-06-02T03:00:00.000Z',
  keys: [{ id: 4, public_key: publicKey }],
  tickets: [
    ticket('AAAA1111'),
    ticket('BBBB2222', { checked_in_at: '2099-06-02T03:14:00.000Z' }),
    ticket('CCCC3333', { status: 'refunded' }),
    ticket('DDDD4444', { status: 'listed' }),
    ticket('EEEE5555', { status: 'void' }),
  ],
  transferred_codes: ['FFFF6666'],
};
const verifier = createPassVerifier(list.keys);
const none = new Map<string, string>();
const decide = (text: string, admittedHere = none) => decideOffline(list, admittedHere, verifier, text);

describe('a gate deciding without a network', () => {
  test('admits a genuine pass of this event and a typed code on the list', async () => {
    expect(await decide(pass(7, 'AAAA1111'))).toMatchObject({ admitted: true, code: 'AAAA1111' });
    expect(await decide('aaaa-1111')).toMatchObject({ admitted: true, ticket: { holder: 'Ava Stone' } });
  });

  test('refuses a forged pass: signed by another key, or altered', async () => {
    const forged = [pass(7, 'AAAA1111', 4, stranger.privateKey), pass(7, 'AAAA1111').replace('AAAA1111', 'BBBB2222')];
    for (const text of forged)
      expect(await decide(text)).toEqual({ admitted: false, code: expect.any(String), reason: gateRefusals.forged });
  });

  test('leaves a pass under a key newer than its list for the server to judge', async () => {
    expect(await decide(pass(7, 'AAAA1111', 5))).toMatchObject({ admitted: false, reason: gateRefusals.unknownKey });
  });

  test('gives the reasons the server gives', async () => {
    const reason = async (text: string) => ((await decide(text)) as { reason?: string }).reason;
    expect(await reason(pass(8, 'AAAA1111'))).toBe(gateRefusals.otherEvent);
    expect(await reason('BBBB2222')).toBe('This ticket was already admitted at 8:14 PM.');
    expect(await reason('CCCC3333')).toBe(gateRefusals.refunded);
    expect(await reason('DDDD4444')).toBe(gateRefusals.listed);
    expect(await reason('EEEE5555')).toBe(gateRefusals.void);
    expect(await reason('FFFF6666')).toBe(gateRefusals.transferred);
    expect(await reason('ZZZZ9999')).toBe(gateRefusals.notListed);
  });

  test('admits a ticket once per device', async () => {
    const here = new Map([['AAAA1111', '2099-06-02T04:05:00.000Z']]);
    expect(await decide(pass(7, 'AAAA1111'), here)).toMatchObject({
      admitted: false,
      reason: 'This ticket was already admitted at 9:05 PM.',
    });
  });
});
