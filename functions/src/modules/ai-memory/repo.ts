import type { DocumentData, Transaction } from 'firebase-admin/firestore';
import { companyCollection, toMillis } from '../../core/firestore';
import { MEMORY_SCOPES, MEMORY_SOURCES, MEMORY_VISIBILITIES, type Memory } from './schemas';

const oneOf = <T extends string>(values: readonly T[], value: unknown, fallback: T): T =>
  values.includes(value as T) ? (value as T) : fallback;

/** The one parser of a memory document. */
function memoryFromDoc(id: string, data: DocumentData): Memory {
  return {
    id,
    scope: oneOf(MEMORY_SCOPES, data.scope, 'member'),
    ownerUid: typeof data.ownerUid === 'string' ? data.ownerUid : null,
    text: String(data.text ?? ''),
    source: oneOf(MEMORY_SOURCES, data.source, 'member'),
    visibility: oneOf(MEMORY_VISIBILITIES, data.visibility, 'members'),
    createdBy: String(data.createdBy ?? ''),
    createdAt: toMillis(data.createdAt),
    updatedAt: toMillis(data.updatedAt),
  };
}

/** Memories live at companies/{companyId}/aiMemories/{memoryId}; a personal one carries its member's uid. */
export const {
  collection: memoriesCollection,
  ref: memoryRef,
  fromSnapshot: memoryFromSnapshot,
} = companyCollection('aiMemories', memoryFromDoc);

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
  return snap.docs
    .map((d) => memoryFromDoc(d.id, d.data()))
    .filter((m) => (scope.kind === 'company' ? true : m.scope === 'member'));
}
