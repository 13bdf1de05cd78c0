import { randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { IdentityChannel, IdentityPinSent } from '@portal/contract';
import type { Mailer } from '../../adapters/mail/index.ts';
import type { Messenger } from '../../adapters/messages/index.ts';
import type { Db } from '../../db/client.ts';
import { identityPins } from '../../db/schema/index.ts';
import { hashCode } from '../../lib/codes.ts';
import { conflict, invalid } from '../../lib/http-error.ts';
import type { RateLimiter } from '../../lib/rate-limit.ts';
import { partnerFan } from './list.ts';
import { identityPinMail } from './mails.ts';

export type PinDeps = { db: Db; mailer: Mailer; messenger: Messenger; limiter: RateLimiter };
type Asker = { partnerId: number; memberId: number };

const PIN_MINUTES = 10;
const WINDOW = 15 * 60_000;
const PINS_UNAVAILABLE = 'Identity checks are unavailable for a moment. Try again shortly.';

const maskEmail = (email: string) => email.replace(/^(.)[^@]*(@.*)$/, '$1•••$2');
const maskPhone = (phone: string) => `••• ${phone.replace(/\D/g, '').slice(-4)}`;

/**
 * Sends the fan a fresh 6-digit PIN by e-mail or text message. The PIN is not in the answer: the fan
 * reads it out and the member types it back, so only someone who can read the fan's mail passes.
 */
export async function requestPin(
  deps: PinDeps,
  asker: Asker,
  fanId: number,
  channel: IdentityChannel,
): Promise<IdentityPinSent> {
  const fan = await partnerFan(deps.db, asker.partnerId, fanId);
  if (channel === 'sms' && !fan.phone_number)
    throw invalid('This fan has no mobile number.', { channel: 'no mobile number' });
  await deps.limiter.consume(
    [
      { key: `pin:fan:${asker.partnerId}:${fanId}`, max: 5, windowMs: WINDOW },
      { key: `pin:member:${asker.memberId}`, max: 30, windowMs: WINDOW },
    ],
    PINS_UNAVAILABLE,
  );
  const pin = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const expiresAt = new Date(Date.now() + PIN_MINUTES * 60_000);
  await deps.db.insert(identityPins).values({
    partnerId: asker.partnerId,
    fanId,
    memberId: asker.memberId,
    channel,
    pinHash: hashCode(`${asker.partnerId}:${fanId}:${pin}`),
    expiresAt,
  });
  if (channel === 'email') {
    await deps.mailer.send(identityPinMail(fan.email, pin, PIN_MINUTES));
    return { channel, sent_to: maskEmail(fan.email), expires_at: expiresAt.toISOString() };
  }
  await deps.messenger.send({
    to: fan.phone_number,
    text: `Your identity PIN is ${pin}. It works for ${PIN_MINUTES} minutes.`,
  });
  return { channel, sent_to: maskPhone(fan.phone_number), expires_at: expiresAt.toISOString() };
}

/** Checks the PIN the fan read out against the newest one sent; wrong guesses are limited. */
export async function confirmPin(deps: PinDeps, asker: Asker, fanId: number, pin: string) {
  await partnerFan(deps.db, asker.partnerId, fanId);
  await deps.limiter.consume(
    [{ key: `pin-check:${asker.partnerId}:${fanId}`, max: 10, windowMs: WINDOW }],
    PINS_UNAVAILABLE,
  );
  const [latest] = await deps.db
    .select()
    .from(identityPins)
    .where(
      and(
        eq(identityPins.partnerId, asker.partnerId),
        eq(identityPins.fanId, fanId),
        isNull(identityPins.confirmedAt),
        gt(identityPins.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(identityPins.createdAt), desc(identityPins.id))
    .limit(1);
  if (!latest) throw conflict('This PIN has expired. Send another PIN.');
  const given = Buffer.from(hashCode(`${asker.partnerId}:${fanId}:${pin}`));
  if (!timingSafeEqual(given, Buffer.from(latest.pinHash)))
    throw invalid('That PIN does not match. Ask the fan to read it again.', { pin: 'does not match' });
  const confirmedAt = new Date();
  await deps.db.update(identityPins).set({ confirmedAt }).where(eq(identityPins.id, latest.id));
  return { confirmed: true as const, confirmed_at: confirmedAt.toISOString() };
}
