/**
 * A message's files: uploaded to a conversation first (by the documents module's storage rules),
 * sent with a message by id, read by whoever reads the conversation; deleted with their message,
 * with their uploader's erasure, with the message's retention, or a day after an upload never sent.
 */
import { db } from '../../core/firebase';
import { logger } from '../../core/logger';
import type { Membership } from '../../core/memberships';
import { consumeLimits, type Limit } from '../../core/rate-limit';
import { deleteStored, readStored, storageBucket } from '../../core/storage';
import { acceptedFile } from '../../core/uploads';
import { assertMayPost, readableConversation } from './access';
import { messagingErrors } from './errors';
import * as repo from './repo';
import type { Attachment, MessageAttachment } from './schemas';

/** At most 20 uploads per sender per minute in a company (a few photos at once; a script is refused). */
export const UPLOAD_RATE: Limit = { name: 'messaging-upload', points: 20, duration: 60 };
/** An upload not sent with a message within a day is deleted by the daily job. */
export const UNSENT_TTL_MS = 86_400_000;

export const attachmentView = ({ storagePath: _path, sent: _sent, ...a }: repo.StoredAttachment): Attachment => a;
export const messageAttachmentOf = (a: Attachment): MessageAttachment => ({
  id: a.id,
  fileName: a.fileName,
  contentType: a.contentType,
  size: a.size,
  sha256: a.sha256,
});

/**
 * Stores a file for the caller's next message in the conversation: checked as an employee's
 * document is (type by signature, not empty, the digest sent), the bytes in Cloud Storage, then
 * the record. The caller must be able to post there now (the policies in force). The same bytes
 * again while the first upload waits to be sent answer it (a retried upload stores nothing new);
 * once it is sent, they are a new file. A refused upload stores nothing; a record that cannot be
 * written takes its file with it.
 */
export async function uploadAttachment({
  member,
  conversationId,
  input,
  contentTypeHeader,
  bytes,
}: {
  member: Membership;
  conversationId: string;
  input: { fileName?: string; sha256?: string };
  contentTypeHeader: string | undefined;
  bytes: Buffer;
}): Promise<Attachment> {
  const { companyId, uid } = member;
  const conversation = await readableConversation(member, conversationId);
  await assertMayPost(member, conversation, Date.now());
  const { contentType, sha256, extension } = acceptedFile({ contentTypeHeader, bytes, sha256: input.sha256 });
  const waiting = await repo.unsentUpload(companyId, conversationId, uid, sha256);
  if (waiting) return attachmentView(waiting);
  await consumeLimits([{ limit: UPLOAD_RATE, key: `${companyId}/${uid}` }], 'uploads');
  const attachmentId = repo.attachmentsCollection(companyId).doc().id;
  const storagePath = repo.attachmentPathOf(companyId, conversationId, attachmentId);
  await storageBucket()
    .file(storagePath)
    .save(bytes, { resumable: false, contentType, metadata: { metadata: { sha256, companyId, conversationId } } });
  const record: repo.StoredAttachment = {
    id: attachmentId,
    conversationId,
    messageId: null,
    uploadedBy: uid,
    fileName: input.fileName ?? `attachment.${extension}`,
    contentType,
    size: bytes.length,
    sha256,
    createdAt: Date.now(),
    storagePath,
    sent: false,
  };
  const { id: _id, ...data } = record;
  const batch = db().batch();
  batch.create(repo.attachmentRef(companyId, attachmentId), data);
  batch.set(repo.unsentRef(companyId, attachmentId), { companyId, attachmentId, createdAt: record.createdAt });
  await batch.commit().catch(async (err: unknown) => {
    await deleteStored(storagePath);
    throw err;
  });
  return attachmentView(record);
}

/**
 * An attachment's bytes, for whoever reads its conversation while its message stands (an unsent
 * upload: its uploader only); 404 otherwise, as for one that does not exist.
 */
export async function downloadAttachment({
  member,
  conversationId,
  attachmentId,
}: {
  member: Membership;
  conversationId: string;
  attachmentId: string;
}) {
  await readableConversation(member, conversationId);
  const notFound = () => messagingErrors.ATTACHMENT_NOT_FOUND('Attachment not found');
  const stored = await repo.getAttachment(member.companyId, attachmentId);
  if (!stored || stored.conversationId !== conversationId) throw notFound();
  if (stored.messageId === null) {
    if (stored.uploadedBy !== member.uid) throw notFound();
  } else {
    // a message deleted or reduced whose files are not deleted yet (its clean-up failed) shows none
    const message = (await repo.messagesByIds(member.companyId, [stored.messageId])).get(stored.messageId);
    if (!message || message.deletedAt !== null || message.erased) throw notFound();
  }
  const bytes = await readStored(stored.storagePath);
  if (!bytes) throw notFound();
  return { attachment: attachmentView(stored), contentBase64: bytes.toString('base64') };
}

/**
 * The attachments named for a message, read in its turn: each an upload of the sender to this
 * conversation, not yet sent (a second message cannot take a file the first took).
 */
export async function attachmentsToSend(
  companyId: string,
  conversationId: string,
  uid: string,
  ids: readonly string[],
  tx: FirebaseFirestore.Transaction,
): Promise<repo.StoredAttachment[]> {
  const found = await Promise.all(ids.map((id) => repo.getAttachment(companyId, id, tx)));
  const unusable = ids.filter((id, i) => {
    const a = found[i];
    return !a || a.conversationId !== conversationId || a.uploadedBy !== uid || a.messageId !== null;
  });
  if (unusable.length)
    throw messagingErrors.ATTACHMENT_UNAVAILABLE(
      `Not uploads of yours to this conversation waiting to be sent: ${unusable.join(', ')}`,
      unusable.map((id) => ({ path: `body.attachmentIds.${ids.indexOf(id)}`, message: `${id} cannot be sent` })),
    );
  return found as repo.StoredAttachment[];
}

/** Deletes the files, then the records, of the messages' attachments (deleted or reduced messages); a retry finds what is left. */
export async function deleteAttachmentsOf(companyId: string, messageIds: readonly string[]): Promise<void> {
  const stored = await repo.attachmentsOfMessages(companyId, messageIds);
  await Promise.all(stored.map((a) => deleteStored(a.storagePath)));
  for (let i = 0; i < stored.length; i += 400) {
    const batch = db().batch();
    for (const a of stored.slice(i, i + 400)) batch.delete(repo.attachmentRef(companyId, a.id));
    await batch.commit();
  }
}

/** The daily job's part: uploads never sent within a day, in every company, the record first, then its file. */
export async function deleteUnsentAttachments(now = Date.now()): Promise<number> {
  let deleted = 0;
  for (;;) {
    const entries = await repo.unsentBefore(now - UNSENT_TTL_MS, 200);
    for (const { companyId, attachmentId } of entries) {
      const path = await db().runTransaction(async (tx) => {
        const stored = await repo.getAttachment(companyId, attachmentId, tx);
        tx.delete(repo.unsentRef(companyId, attachmentId));
        // sent meanwhile, or erased: only the entry goes
        if (!stored || stored.sent) return null;
        tx.delete(repo.attachmentRef(companyId, attachmentId));
        return stored.storagePath;
      });
      if (path === null) continue;
      deleted++;
      await deleteStored(path).catch((err: unknown) =>
        logger.warn('the file of an unsent attachment was not deleted', {
          companyId,
          attachmentId,
          error: err instanceof Error ? err.message : String(err),
        }),
      );
    }
    if (entries.length < 200) return deleted;
  }
}
