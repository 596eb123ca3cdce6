import { z } from 'zod';
import { db } from '../../core/firebase';
import { storedDecoder, storedMillis } from '../../core/stored';
import { companyDeletionSchema, type CompanyDeletion } from './schemas';

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

/** A company's deletion: its id is the company's. */
const storedDeletion = companyDeletionSchema
  .omit({ companyId: true })
  .extend({
    id: z.string(),
    requestedBy: companyDeletionSchema.shape.requestedBy.default(''),
    cancelledAt: storedMillis.nullable().default(null),
    doneAt: storedMillis.nullable().default(null),
    batches: companyDeletionSchema.shape.batches.default(0),
    deleted: companyDeletionSchema.shape.deleted.default(0),
  })
  .transform(({ id, ...deletion }): CompanyDeletion => ({ companyId: id, ...deletion }));

/** The deletion of the company whose id is the snapshot's. */
export const deletionFromDoc = storedDecoder(DELETIONS, storedDeletion);
