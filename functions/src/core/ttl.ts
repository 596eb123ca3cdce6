import type { Timestamp } from 'firebase-admin/firestore';
import { firestoreNs } from './firebase';

/**
 * Retention by Firestore TTL: a document whose `expireAt` (a Timestamp) has passed is deleted by
 * Firestore, usually within a day (https://firebase.google.com/docs/firestore/ttl). Each collection
 * using it has its policy in firestore.indexes.json (`fieldOverrides`, `ttl: true`); docs/PRIVACY.md
 * lists them. The Node emulator does not expire documents: readers still check their own expiry.
 */
export const TTL_FIELD = 'expireAt';

export const DAY_MS = 24 * 3600 * 1000;

/** The value of the TTL field for a document to be deleted after `ms` (epoch ms). */
export function expireAt(ms: number): Timestamp {
  return firestoreNs().Timestamp.fromMillis(ms);
}
