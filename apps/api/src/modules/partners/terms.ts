import { and, asc, eq } from 'drizzle-orm';
import type { TermsDocument } from '@portal/contract';
import type { Storage } from '../../adapters/storage/index.ts';
import type { Db } from '../../db/client.ts';
import { partnerTos } from '../../db/schema/index.ts';
import { invalid, notFound } from '../../lib/http-error.ts';
import { checkUpload, decodeDataUrl, limits } from '../../lib/uploads.ts';

const toDocument = (d: typeof partnerTos.$inferSelect): TermsDocument => ({
  ID: d.id,
  file: d.file,
  file_name: d.fileName,
});

export async function listTerms(db: Db, partnerId: number): Promise<TermsDocument[]> {
  const rows = await db
    .select()
    .from(partnerTos)
    .where(eq(partnerTos.partnerId, partnerId))
    .orderBy(asc(partnerTos.id));
  return rows.map(toDocument);
}

function httpLink(value: string): string {
  if (value.length > 2000) throw invalid('Give a shorter link.', { file: 'at most 2,000 characters' });
  try {
    const url = new URL(value);
    if (url.protocol === 'https:' || url.protocol === 'http:') return url.toString();
  } catch {
    // Falls through to the message below.
  }
  throw invalid('Give the link as a web address starting with https://', { file: 'must be an http(s) address' });
}

/** A document uploaded as a data URL (PDF, PNG or JPEG, checked by content) or given as a link. */
export async function addTerms(
  db: Db,
  storage: Storage,
  partnerId: number,
  input: { uploaded: boolean; file: string; fileName: string },
): Promise<TermsDocument> {
  let file: string;
  if (input.uploaded) {
    const data = decodeDataUrl(input.file, 'file');
    file = await storage.put(
      data,
      checkUpload(data, ['application/pdf', 'image/png', 'image/jpeg'], limits.document, 'file'),
    );
  } else {
    file = httpLink(input.file);
  }
  const [row] = await db.insert(partnerTos).values({ partnerId, file, fileName: input.fileName }).returning();
  return toDocument(row!);
}

export async function deleteTerms(db: Db, partnerId: number, docId: number): Promise<{ ID: number }> {
  const [row] = await db
    .delete(partnerTos)
    .where(and(eq(partnerTos.id, docId), eq(partnerTos.partnerId, partnerId)))
    .returning({ id: partnerTos.id });
  if (!row) throw notFound('Document');
  return { ID: row.id };
}
