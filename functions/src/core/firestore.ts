import type { DocumentData, DocumentReference, DocumentSnapshot, Transaction } from 'firebase-admin/firestore';
import { coreErrors, type AppError } from './errors';
import { db, firestoreNs } from './firebase';

/** Firestore helpers every module, the AI layer and the POS sync service share. */

/** Milliseconds since the Unix epoch, from a Firestore Timestamp or a number stored as such. */
export function toMillis(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (value && typeof (value as { toMillis?: unknown }).toMillis === 'function') {
    return (value as { toMillis: () => number }).toMillis();
  }
  return undefined;
}

export const serverTime = () => firestoreNs().FieldValue.serverTimestamp();

const NOT_FOUND = 5;
export const ALREADY_EXISTS = 6;
const DEADLINE_EXCEEDED = 4;
const UNAVAILABLE = 14;
const STORE_RETRY_AFTER_SECONDS = 5;

/**
 * The answer for a Firestore call that failed because the database did not answer (its deadline,
 * src/core/firebase.ts, passed, or it could not be reached): 503 STORE_UNAVAILABLE with
 * Retry-After; null for any other error.
 */
export function storeUnavailable(err: unknown): AppError | null {
  const code = (err as { code?: unknown } | null)?.code;
  if (code !== DEADLINE_EXCEEDED && code !== UNAVAILABLE) return null;
  return coreErrors
    .STORE_UNAVAILABLE('The database did not answer in time; try again shortly')
    .withRetryAfter(STORE_RETRY_AFTER_SECONDS);
}

/** Runs `write` (e.g. an update(), which fails on a missing document) and answers `notFound()` for a missing one. */
export async function orNotFound<T>(write: Promise<T>, notFound: () => Error): Promise<T> {
  try {
    return await write;
  } catch (err) {
    if ((err as { code?: number }).code === NOT_FOUND) throw notFound();
    throw err;
  }
}

/**
 * Why an id cannot be a Firestore document id (null when it can): ids become path segments, so
 * `a/b`, `.`, `..` and `__name__`-shaped ids would address other documents or be refused by
 * Firestore with an internal error.
 */
export function documentIdProblem(id: string): string | null {
  if (id.length === 0) return 'must not be empty';
  if (id.includes('/')) return 'must not contain "/"';
  if (id === '.' || id === '..') return 'must not be "." or ".."';
  if (/^__.*__$/.test(id)) return 'must not start and end with "__" (reserved by Firestore)';
  if (Buffer.byteLength(id, 'utf8') > 1500) return 'must be at most 1,500 bytes';
  return null;
}

/**
 * The company document: the tenant root every module's data hangs under (`companies/{id}/...`).
 * Its fields are the companies module's (profile); other modules reach the profile through that
 * module's index, and use this only for their own subcollections and for existence.
 */
export const companyDoc = (companyId: string): DocumentReference => db().collection('companies').doc(companyId);

export async function companyExists(companyId: string, tx?: Transaction): Promise<boolean> {
  const ref = companyDoc(companyId);
  return (tx ? await tx.get(ref) : await ref.get()).exists;
}

export const companyNotFound = () => coreErrors.COMPANY_NOT_FOUND('Company not found');

export async function requireCompany(companyId: string, tx?: Transaction): Promise<void> {
  if (!(await companyExists(companyId, tx))) throw companyNotFound();
}

/**
 * A collection of a company's documents (`companies/{companyId}/<name>/{id}`) with the owning
 * module's one parser: its refs, and snapshots read anywhere turned into the parsed type.
 */
export function companyCollection<T>(name: string, fromDoc: (id: string, data: DocumentData) => T) {
  const collection = (companyId: string) => companyDoc(companyId).collection(name);
  return {
    collection,
    ref: (companyId: string, id: string) => collection(companyId).doc(id),
    fromSnapshot: (snap: DocumentSnapshot): T | null => (snap.exists ? fromDoc(snap.id, snap.data()!) : null),
  };
}
