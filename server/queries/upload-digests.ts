/**
 * The upload duplicate guard (uploadOffers, `allow_duplicate`): the SHA-256 of each file a seller
 * imported, with when it was last imported and how many offers that created, per user.
 */
import { createHash } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { offers, unfinishedUploads, uploadDigests } from '../db/schema';

/** One user's file: who uploaded it and the lowercase hex SHA-256 of its bytes as sent. */
export interface UploadedFile {
  userId: number;
  digest: string;
}

interface PreviousUpload {
  uploadedAt: Date;
  count: number;
}

export const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

const sameFile = (file: UploadedFile) =>
  and(eq(uploadDigests.userId, file.userId), eq(uploadDigests.digest, file.digest));

/**
 * Claims the file before any of its offers is written: the claim's id when this is its first
 * import, or the import that came first. The unique (user, digest) constraint decides between two
 * uploads of one file at once. When the other upload failed and released its claim between our
 * INSERT and SELECT, there is nothing to report and the claim is tried again.
 */
export async function claimUpload(
  db: Database,
  file: UploadedFile,
  uploadedAt: Date,
  count: number,
): Promise<{ claim: number } | { previous: PreviousUpload }> {
  for (;;) {
    const [claimed] = await db
      .insert(uploadDigests)
      .values({ ...file, uploadedAt, count })
      .onConflictDoNothing({ target: [uploadDigests.userId, uploadDigests.digest] })
      .returning({ id: uploadDigests.id });
    if (claimed) return { claim: claimed.id };
    const [previous] = await db
      .select({ uploadedAt: uploadDigests.uploadedAt, count: uploadDigests.count })
      .from(uploadDigests)
      .where(sameFile(file));
    if (previous) return { previous };
  }
}

/** Drops the claim of an import that failed, so the file counts as never imported. */
export async function releaseUpload(db: Database, claim: number) {
  await db.delete(uploadDigests).where(eq(uploadDigests.id, claim));
}

/** Records an import made with `allow_duplicate`: the file's row now names this import. */
export async function recordUpload(db: Database, file: UploadedFile, uploadedAt: Date, count: number) {
  await db
    .insert(uploadDigests)
    .values({ ...file, uploadedAt, count })
    .onConflictDoUpdate({ target: [uploadDigests.userId, uploadDigests.digest], set: { uploadedAt, count } });
}

/**
 * Undoes the uploads a previous process left part-written on the embedded database (see
 * `insertAllOrNothing`): their offers, their claimed digests and their rows go, in one transaction.
 * Only for a database no other process writes to: on a shared one the row may be another's upload.
 */
export async function discardUnfinishedUploads(db: Database): Promise<number> {
  const unfinished = await db.select().from(unfinishedUploads);
  if (unfinished.length === 0) return 0;
  const ids = unfinished.map((upload) => upload.id);
  const digests = unfinished.flatMap((upload) => (upload.digestId === null ? [] : [upload.digestId]));
  await db.transaction(async (tx) => {
    await tx.delete(offers).where(inArray(offers.uploadId, ids));
    if (digests.length > 0) await tx.delete(uploadDigests).where(inArray(uploadDigests.id, digests));
    await tx.delete(unfinishedUploads).where(inArray(unfinishedUploads.id, ids));
  });
  return unfinished.length;
}
