import type { DocumentData, Transaction } from 'firebase-admin/firestore';
import { db } from '../../core/firebase';
import { companyCollection, toMillis } from '../../core/firestore';
import { DOCUMENT_TYPES, type DocumentType, type EmployeeDocument } from './schemas';

export interface StoredDocument extends EmployeeDocument {
  storagePath: string;
}

/** The one parser of a document's metadata. */
function documentFromDoc(id: string, data: DocumentData): StoredDocument {
  const stage = data.expiryStage;
  return {
    id,
    employeeId: String(data.employeeId ?? ''),
    type: (DOCUMENT_TYPES as readonly string[]).includes(data.type) ? (data.type as DocumentType) : 'other',
    title: String(data.title ?? ''),
    fileName: String(data.fileName ?? ''),
    contentType: String(data.contentType ?? 'application/octet-stream'),
    size: Number(data.size ?? 0),
    sha256: String(data.sha256 ?? ''),
    expiresOn: typeof data.expiresOn === 'string' ? data.expiresOn : null,
    expiryStage: typeof stage === 'number' ? stage : null,
    expiryFlags: (data.expiryFlags as Record<string, number> | undefined) ?? {},
    uploadedBy: String(data.uploadedBy ?? ''),
    createdAt: toMillis(data.createdAt) ?? 0,
    updatedAt: toMillis(data.updatedAt) ?? 0,
    storagePath: String(data.storagePath ?? ''),
  };
}

/** Metadata at companies/{companyId}/documents/{documentId}; the bytes in Cloud Storage at `storagePath`. */
export const {
  collection: documentsCollection,
  ref: documentRef,
  fromSnapshot: documentFromSnapshot,
} = companyCollection('documents', documentFromDoc);

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
  return snap.docs.map((d) => documentFromDoc(d.id, d.data())).filter((d) => !filter.type || d.type === filter.type);
}

/** Documents whose expiry date is on or before `lastDate`. */
export async function listExpiringBy(companyId: string, lastDate: string): Promise<StoredDocument[]> {
  const snap = await documentsCollection(companyId).where('expiresOn', '<=', lastDate).get();
  return snap.docs
    .map((d) => documentFromDoc(d.id, d.data()))
    .filter((d) => d.expiresOn !== null && d.expiresOn <= lastDate);
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

export interface ExpiryEntry {
  companyId: string;
  documentId: string;
  expiresOn: string;
}

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
  return snap.docs.map((d) => ({
    companyId: String(d.get('companyId')),
    documentId: String(d.get('documentId')),
    expiresOn: String(d.get('expiresOn')),
  }));
}
