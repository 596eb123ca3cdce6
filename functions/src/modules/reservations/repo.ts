import type { Transaction } from 'firebase-admin/firestore';
import { db } from '../../core/firebase';
import { storedCollection, storedDecoder } from '../../core/stored';
import { coversDay, storedPartnerKey, storedReservation, type CoversDay } from './schemas';

/**
 * The reservations module's documents:
 *   companies/{cid}/reservations/{partner}~{partner's id}   one reservation as the partner last sent it
 *   companies/{cid}/reservationCovers/{businessDate}        covers and reservations of the day, per business
 *       hour (48 slots), moved in the commit that writes the reservations
 *   partnerKeys/{keyId}                                     a partner's key: its company, partner and the
 *       SHA-256 of its secret (the key itself is shown once, at connect)
 */
export const {
  collection: reservationsCollection,
  ref: reservationRef,
  fromSnapshot: reservationFromSnapshot,
} = storedCollection('reservations', storedReservation);
export const reservationId = (partner: string, externalId: string) => `${partner}~${externalId}`;

export const {
  collection: coversCollection,
  ref: coversRef,
  fromDoc: coversFromDoc,
  fromSnapshot: coversFromSnapshot,
} = storedCollection('reservationCovers', coversDay);

export async function coversBetween(
  companyId: string,
  startDate: string,
  endDate: string,
): Promise<Map<string, CoversDay>> {
  const snap = await coversCollection(companyId).where('date', '>=', startDate).where('date', '<=', endDate).get();
  return new Map(snap.docs.map((d) => [d.id, coversFromDoc(d)]));
}

export const PARTNER_KEYS = 'partnerKeys';
export const partnerKeyRef = (keyId: string) => db().collection(PARTNER_KEYS).doc(keyId);
export const partnerKeyFromSnapshot = storedDecoder(PARTNER_KEYS, storedPartnerKey);

/** The keys of a company's partner, read in the caller's transaction (to replace or delete them). */
export async function partnerKeysOf(companyId: string, slug: string, tx: Transaction) {
  const snap = await tx.get(
    db().collection(PARTNER_KEYS).where('companyId', '==', companyId).where('slug', '==', slug),
  );
  return snap.docs.map((d) => d.ref);
}
