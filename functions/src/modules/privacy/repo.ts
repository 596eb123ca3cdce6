import type { DocumentData } from 'firebase-admin/firestore';
import { db } from '../../core/firebase';
import { toMillis } from '../../core/firestore';
import type { CompanyDeletion } from './schemas';

/**
 * The privacy module's documents, at the root (they outlive what they are about):
 *   privacyErasures/{id}        an erasure: who, when, counts, and the records kept with their
 *                               paths and period ({record, keepUntil, source, paths}); `purgeAt` is
 *                               the earliest keepUntil still to run (null: nothing left to purge)
 *   companyDeletions/{companyId} the deletion of a company: requested, cancelled, running, done
 */
export const ERASURES = 'privacyErasures';
export const DELETIONS = 'companyDeletions';

export const erasureRef = (id?: string) => (id ? db().collection(ERASURES).doc(id) : db().collection(ERASURES).doc());
export const deletionRef = (companyId: string) => db().collection(DELETIONS).doc(companyId);

export function deletionFromDoc(companyId: string, d: DocumentData): CompanyDeletion {
  return {
    companyId,
    state: d.state,
    requestedAt: Number(d.requestedAt),
    requestedBy: String(d.requestedBy ?? ''),
    runsAt: Number(d.runsAt),
    cancelledAt: toMillis(d.cancelledAt) ?? null,
    doneAt: toMillis(d.doneAt) ?? null,
    batches: Number(d.batches ?? 0),
    deleted: Number(d.deleted ?? 0),
  };
}
