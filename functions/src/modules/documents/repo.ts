import type { Transaction } from 'firebase-admin/firestore';
import { z } from 'zod';
import { db } from '../../core/firebase';
import { storedCollection, storedDecoder, storedMillis } from '../../core/stored';
import { documentSchema, type DocumentType } from './schemas';

/** A document's metadata as stored: the API's fields and where its bytes are. */
const storedDocument = documentSchema.extend({
  // a type no longer known reads as other, as the hand-written decoder read it
  type: documentSchema.shape.type.catch('other'),
  title: documentSchema.shape.title.default(''),
  contentType: documentSchema.shape.contentType.default('application/octet-stream'),
  size: documentSchema.shape.size.default(0),
  sha256: documentSchema.shape.sha256.default(''),
  expiresOn: documentSchema.shape.expiresOn.default(null),
  expiryStage: documentSchema.shape.expiryStage.default(null),
  expiryFlags: documentSchema.shape.expiryFlags.default({}),
  uploadedBy: documentSchema.shape.uploadedBy.default(''),
  createdAt: storedMillis.default(0),
  updatedAt: storedMillis.default(0),
  storagePath: z.string(),
});
export type StoredDocument = z.output<typeof storedDocument>;

/** Metadata at companies/{companyId}/documents/{documentId}; the bytes in Cloud Storage at `storagePath`. */
export const {
  collection: documentsCollection,
  ref: documentRef,
  fromSnapshot: documentFromSnapshot,
  fromDoc: documentFromDoc,
} = storedCollection('documents', storedDocument);

export const storagePathOf = (companyId: string, employeeId: string, documentId: string) =>
  `companies/${companyId}/employees/${employeeId}/documents/${documentId}`;

export async function getDocument(
  companyId: string,
  documentId: string,
  tx?: Transaction,
): Promise<StoredDocument | null> {
  const ref = documentRef(companyId, documentId);
  return documentFromSnapshot(tx ? await tx.get(ref) : await ref.get());
}

export async function listDocuments(
  companyId: string,
  filter: { employeeId?: string; type?: DocumentType },
): Promise<StoredDocument[]> {
  let query: FirebaseFirestore.Query = documentsCollection(companyId);
  if (filter.employeeId) query = query.where('employeeId', '==', filter.employeeId);
  const snap = await query.get();
  return snap.docs.map(documentFromDoc).filter((d) => !filter.type || d.type === filter.type);
}

/** Documents whose expiry date is on or before `lastDate`. */
export async function listExpiringBy(companyId: string, lastDate: string): Promise<StoredDocument[]> {
  const snap = await documentsCollection(companyId).where('expiresOn', '<=', lastDate).get();
  return snap.docs.map(documentFromDoc).filter((d) => d.expiresOn !== null && d.expiresOn <= lastDate);
}

/**
 * The expiry index: `documentExpiries/{companyId}_{documentId}` for every document with an expiry
 * date not yet flagged 0, so the daily job reads one collection instead of every company's
 * documents (no collection-group queries on the Node emulator). Kept in the same commit as the
 * document.
 */
const EXPIRY_INDEX = 'documentExpiries';
export const expiryIndexRef = (companyId: string, documentId: string) =>
  db().collection(EXPIRY_INDEX).doc(`${companyId}_${documentId}`);

const expiryFromDoc = storedDecoder(
  EXPIRY_INDEX,
  z.object({ companyId: z.string(), documentId: z.string(), expiresOn: z.string() }),
);
export type ExpiryEntry = ReturnType<typeof expiryFromDoc>;

export function writeExpiryIndex(
  tx: Transaction | FirebaseFirestore.WriteBatch,
  companyId: string,
  documentId: string,
  expiresOn: string | null,
): void {
  const ref = expiryIndexRef(companyId, documentId);
  if (expiresOn) (tx as Transaction).set(ref, { companyId, documentId, expiresOn });
  else (tx as Transaction).delete(ref);
}

/** Index entries expiring on or before `lastDate` (a UTC bound wide enough for every time zone). */
export async function dueExpiries(lastDate: string): Promise<ExpiryEntry[]> {
  const snap = await db().collection(EXPIRY_INDEX).where('expiresOn', '<=', lastDate).get();
  return snap.docs.map(expiryFromDoc);
}
