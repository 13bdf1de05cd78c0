import { and, eq, sql } from 'drizzle-orm';
import type { CreateFanNote, FanNote } from '@portal/contract';
import { queryRows, type Db } from '../../db/client.ts';
import { fanNotes, members } from '../../db/schema/index.ts';
import { forbidden, notFound } from '../../lib/http-error.ts';
import { partnerFan } from './list.ts';

const NOTES_SHOWN = 500;

/** The fan's notes, newest first, each with the e-mail of the member who wrote it. */
export async function listNotes(db: Db, partnerId: number, fanId: number): Promise<FanNote[]> {
  await partnerFan(db, partnerId, fanId);
  const rows = await queryRows<{ ID: number; note: string; member_email: string | null; created: Date }>(
    db,
    sql`select n.id as "ID", n.note, u.email as member_email, n.created_at as created
        from fan_notes n
        left join members m on m.id = n.member_id
        left join users u on u.id = m.user_id
        where n.partner_id = ${partnerId} and n.user_id = ${fanId}
        order by n.created_at desc, n.id desc
        limit ${NOTES_SHOWN}`,
  );
  return rows.map((r) => ({
    ID: r.ID,
    note: r.note,
    member_email: r.member_email ?? '',
    CreatedAt: new Date(r.created).toISOString(),
  }));
}

/** A note written by the signed-in member, in their own name only. */
export async function addNote(
  db: Db,
  author: { partnerId: number; memberId: number; email: string },
  body: CreateFanNote,
): Promise<FanNote> {
  if (body.member_id !== undefined && body.member_id !== author.memberId) {
    // A colleague's id is refused; another organisation's member answers 404, like one that does not exist.
    const [colleague] = await db
      .select({ id: members.id })
      .from(members)
      .where(and(eq(members.id, body.member_id), eq(members.partnerId, author.partnerId)));
    if (!colleague) throw notFound('Member');
    throw forbidden('Notes are written in your own name.');
  }
  await partnerFan(db, author.partnerId, body.user_id);
  const [note] = await db
    .insert(fanNotes)
    .values({ partnerId: author.partnerId, userId: body.user_id, memberId: author.memberId, note: body.note })
    .returning();
  return { ID: note!.id, note: note!.note, member_email: author.email, CreatedAt: note!.createdAt.toISOString() };
}
