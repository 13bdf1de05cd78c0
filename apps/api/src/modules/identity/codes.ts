import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { identityCodes } from '../../db/schema/index.ts';
import { hashCode, newCode } from '../../lib/codes.ts';

export type CodePurpose = (typeof identityCodes.$inferSelect)['purpose'];

/** How long each kind of e-mailed code lives (design §5). */
export const codeLifetimes: Record<CodePurpose, number> = {
  reset_password: 60 * 60_000,
  sign_in_link: 60 * 60_000,
  invitation: 7 * 24 * 60 * 60_000,
  id_token: 2 * 60_000,
};

export async function issueCode(
  db: Db | Tx,
  userId: number,
  purpose: CodePurpose,
  data: Record<string, unknown> = {},
): Promise<string> {
  const code = newCode();
  await db.insert(identityCodes).values({
    userId,
    purpose,
    codeHash: hashCode(code),
    data,
    expiresAt: new Date(Date.now() + codeLifetimes[purpose]),
  });
  return code;
}

const live = (code: string, purposes: CodePurpose[]) =>
  and(
    eq(identityCodes.codeHash, hashCode(code)),
    sql`${identityCodes.purpose} in (${sql.join(
      purposes.map((p) => sql`${p}`),
      sql`, `,
    )})`,
    isNull(identityCodes.usedAt),
    gt(identityCodes.expiresAt, sql`now()`),
  );

/** Looks at a code without using it up (the reset screen checks its link before asking for a password). */
export async function peekCode(db: Db, code: string, purposes: CodePurpose[]) {
  const [row] = await db.select().from(identityCodes).where(live(code, purposes)).limit(1);
  return row ?? null;
}

/**
 * Uses a code up. One conditional update decides, so two requests racing with the same code
 * cannot both succeed.
 */
export async function consumeCode(db: Db | Tx, code: string, purposes: CodePurpose[]) {
  const [row] = await db
    .update(identityCodes)
    .set({ usedAt: sql`now()` })
    .where(live(code, purposes))
    .returning();
  return row ?? null;
}
