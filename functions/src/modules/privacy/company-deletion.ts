import type { DocumentReference } from 'firebase-admin/firestore';
import { recordAudit } from '../../core/audit';
import { db } from '../../core/firebase';
import { companyDoc } from '../../core/firestore';
import { logger, type Logger } from '../../core/logger';
import type { Membership } from '../../core/memberships';
import { storageBucket } from '../../core/storage';
import { enqueueTask } from '../../core/tasks';
import { platform } from '../kit';
import { privacyErrors } from './errors';
import { COMPANY_DELETION_QUEUE } from './queues';
import { DELETIONS, deletionFromDoc, deletionRef } from './repo';

/** Days between the owner's request and the deletion, during which it can be cancelled (Cloud Tasks schedules up to 30 days ahead). */
export const GRACE_DAYS = 14;
const GRACE_MS = GRACE_DAYS * 24 * 3600 * 1000;
/** Documents deleted per batch (one commit) and files per batch. */
export const BATCH_DOCUMENTS = 400;
const BATCH_FILES = 100;

interface BatchTask {
  companyId: string;
  requestedAt: number;
  batch: number;
}

const taskId = (t: BatchTask) => `${t.companyId}-${t.requestedAt}-${t.batch}`;

export async function readDeletion({ member }: { member: Membership }) {
  const snap = await deletionRef(member.companyId).get();
  if (!snap.exists) throw privacyErrors.COMPANY_DELETION_NOT_FOUND('No deletion requested for the company');
  return deletionFromDoc(snap);
}

/**
 * The owner asks for the company's deletion: it runs after the grace period, through the deletion
 * queue. A request while one is scheduled answers that one; a cancelled one is requested anew.
 */
export async function requestDeletion({ member, log }: { member: Membership; log: Logger }) {
  const { companyId } = member;
  const now = Date.now();
  const ref = deletionRef(companyId);
  const requested = await db().runTransaction(async (tx) => {
    const current = await tx.get(ref);
    if (current.exists && current.get('state') !== 'cancelled') return deletionFromDoc(current);
    const deletion = {
      companyId,
      state: 'scheduled' as const,
      requestedAt: now,
      requestedBy: member.uid,
      runsAt: now + GRACE_MS,
      cancelledAt: null,
      doneAt: null,
      batches: 0,
      deleted: 0,
    };
    tx.set(ref, deletion);
    recordAudit(tx, companyId, audit(member.uid, 'request', now, { runsAt: deletion.runsAt }));
    return deletion;
  });
  const first = { companyId, requestedAt: requested.requestedAt, batch: 0 };
  await enqueueTask(COMPANY_DELETION_QUEUE, { ...first }, { id: taskId(first), delaySeconds: GRACE_MS / 1000 });
  log.info('company deletion requested', { companyId, runsAt: requested.runsAt });
  return requested;
}

/** Cancels a scheduled deletion within its grace period (409 COMPANY_DELETION_STARTED after it); a cancelled one answers as it is. */
export async function cancelDeletion({ member }: { member: Membership }) {
  const { companyId } = member;
  const ref = deletionRef(companyId);
  return db().runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) throw privacyErrors.COMPANY_DELETION_NOT_FOUND('No deletion requested for the company');
    const deletion = deletionFromDoc(snap);
    if (deletion.state === 'cancelled') return deletion;
    const now = Date.now();
    if (deletion.state !== 'scheduled' || now >= deletion.runsAt)
      throw privacyErrors.COMPANY_DELETION_STARTED('The deletion has started: it can no longer be cancelled');
    tx.update(ref, { state: 'cancelled', cancelledAt: now });
    recordAudit(tx, companyId, audit(member.uid, 'cancel', now, {}));
    return { ...deletion, state: 'cancelled' as const, cancelledAt: now };
  });
}

const audit = (by: string | null, action: string, at: number, after: Record<string, unknown>) => ({
  entity: 'company',
  entityId: 'deletion',
  action: `deletion-${action}`,
  by,
  at,
  before: {},
  after,
});

/** Up to `limit` documents of the company still stored: its collections, then root documents naming it (but its deletion record). */
async function remainingDocuments(companyId: string, limit: number): Promise<DocumentReference[]> {
  const { company, root } = platform().ownedCollections();
  const refs: DocumentReference[] = [];
  for (const name of company) {
    if (refs.length >= limit) break;
    const snap = await companyDoc(companyId)
      .collection(name)
      .limit(limit - refs.length)
      .get();
    refs.push(...snap.docs.map((d) => d.ref));
  }
  for (const name of root.filter((r) => r !== DELETIONS)) {
    if (refs.length >= limit) break;
    const snap = await db()
      .collection(name)
      .where('companyId', '==', companyId)
      .limit(limit - refs.length)
      .get();
    refs.push(...snap.docs.map((d) => d.ref));
  }
  return refs;
}

/**
 * One batch of a company's deletion (the deletion queue's handler): deletes up to BATCH_DOCUMENTS
 * documents and BATCH_FILES files, then hands the next batch to the queue; when nothing is left,
 * the company document goes and the deletion is done. Idempotent per batch: a redelivered batch
 * deletes what is left, and the next batch's task id makes its enqueue happen once. A task of a
 * cancelled, replaced or not yet due deletion does nothing.
 */
export async function runDeletionBatch(payload: unknown, now: number = Date.now()): Promise<string> {
  const task = payload as BatchTask;
  const ref = deletionRef(String(task?.companyId));
  const snap = await ref.get();
  if (!snap.exists) return 'no deletion';
  const deletion = deletionFromDoc(snap);
  if (deletion.requestedAt !== task.requestedAt || deletion.state === 'cancelled' || deletion.state === 'done')
    return `skipped (${deletion.state})`;
  if (now < deletion.runsAt) return 'not due';
  const { companyId } = deletion;
  const docs = await remainingDocuments(companyId, BATCH_DOCUMENTS);
  const batch = db().batch();
  docs.forEach((d) => batch.delete(d));
  await batch.commit();
  const [files] = await storageBucket().getFiles({ prefix: `companies/${companyId}/`, maxResults: BATCH_FILES });
  await Promise.all(files.map((f) => f.delete({ ignoreNotFound: true })));
  const deleted = docs.length + files.length;
  if (deleted === 0) {
    await companyDoc(companyId).delete();
    await ref.update({ state: 'done', doneAt: now, batches: task.batch + 1 });
    logger.info('company deleted', { companyId, batches: task.batch + 1, deleted: deletion.deleted });
    return 'done';
  }
  await ref.update({ state: 'running', batches: task.batch + 1, deleted: deletion.deleted + deleted });
  const next = { companyId, requestedAt: deletion.requestedAt, batch: task.batch + 1 };
  await enqueueTask(COMPANY_DELETION_QUEUE, { ...next }, { id: taskId(next) });
  return `deleted ${deleted}`;
}
