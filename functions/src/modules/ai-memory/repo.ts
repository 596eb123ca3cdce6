import type { Transaction } from 'firebase-admin/firestore';
import { storedCollection, storedMillis } from '../../core/stored';
import { memorySchema, type Memory } from './schemas';

/** A memory document: the API's memory, its id the document's, with defaults for what older memories lack. */
const storedMemory = memorySchema.extend({
  // a scope, source or visibility no longer known reads as the default, as the hand-written decoder read it
  scope: memorySchema.shape.scope.catch('member'),
  ownerUid: memorySchema.shape.ownerUid.default(null),
  text: memorySchema.shape.text.default(''),
  source: memorySchema.shape.source.catch('member'),
  visibility: memorySchema.shape.visibility.catch('members'),
  createdBy: memorySchema.shape.createdBy.default(''),
  createdAt: storedMillis.optional(),
  updatedAt: storedMillis.optional(),
});

/** Memories live at companies/{companyId}/aiMemories/{memoryId}; a personal one carries its member's uid. */
export const {
  collection: memoriesCollection,
  ref: memoryRef,
  fromDoc: memoryFromDoc,
  fromSnapshot: memoryFromSnapshot,
} = storedCollection('aiMemories', storedMemory);

/** The company's memories, or one member's personal memories (read in `tx` when given). */
export async function listScope(
  companyId: string,
  scope: { kind: 'company' } | { kind: 'member'; uid: string },
  tx?: Transaction,
): Promise<Memory[]> {
  const query =
    scope.kind === 'company'
      ? memoriesCollection(companyId).where('scope', '==', 'company')
      : memoriesCollection(companyId).where('ownerUid', '==', scope.uid);
  const snap = tx ? await tx.get(query) : await query.get();
  return snap.docs.map(memoryFromDoc).filter((m) => (scope.kind === 'company' ? true : m.scope === 'member'));
}
