import type { DocumentData, Transaction } from 'firebase-admin/firestore';
import { z } from 'zod';
import { storedCollection, storedMillis } from '../../core/stored';
import { distributionSchema, entrySchema, poolSchema, type TipEntry, type TipPool } from './schemas';

/**
 * The tip pools' documents:
 *   companies/{cid}/tipPools/{poolId}                      a pool's rules (poolSchema), archived by DELETE
 *   companies/{cid}/tipDistributions/{poolId}~{periodStart} one distributed period: its state (open,
 *       locked), totals, the pool version it was made with, and how many adjustments it has paid
 *   companies/{cid}/tipEntries/{id}                        one ledger entry of one employee (entrySchema
 *       without its state, which is the distribution's): `{poolId}~{periodStart}~{kind}~{employeeId}`
 *       for the shares of a period, `{poolId}~{periodStart}~adj~{lockedPeriod}~{n}~{employeeId}`
 *       for an adjustment paid in periodStart. Entries of a locked period are never written again.
 */
// pools stored before the windows of a day have neither daypart nor shift
const storedPool = poolSchema.extend({
  daypart: poolSchema.shape.daypart.default(null),
  shift: poolSchema.shape.shift.default(null),
  createdAt: storedMillis,
  updatedAt: storedMillis,
});
export const {
  collection: poolsCollection,
  ref: poolRef,
  fromDoc: poolFromDoc,
  fromSnapshot: poolFromSnapshot,
} = storedCollection('tipPools', storedPool);

const storedDistribution = distributionSchema
  .omit({ entries: true, adjustments: true })
  .extend({ lockedAt: storedMillis.nullable(), adjustmentCount: z.int().default(0) });
export type StoredDistribution = z.output<typeof storedDistribution>;
export const {
  collection: distributionsCollection,
  ref: distributionRefOf,
  fromDoc: distributionFromDoc,
  fromSnapshot: distributionFromSnapshot,
} = storedCollection('tipDistributions', storedDistribution);
export const distributionId = (poolId: string, periodStart: string) => `${poolId}~${periodStart}`;
export const distributionRef = (companyId: string, poolId: string, periodStart: string) =>
  distributionRefOf(companyId, distributionId(poolId, periodStart));

const storedEntry = entrySchema.omit({ state: true }).extend({ createdAt: storedMillis });
export type StoredEntry = z.output<typeof storedEntry>;
export const { collection: entriesCollection, fromDoc: entryFromDoc } = storedCollection('tipEntries', storedEntry);

export const shareEntryId = (poolId: string, periodStart: string, kind: string, employeeId: string) =>
  `${poolId}~${periodStart}~${kind}~${employeeId}`;
export const adjustmentEntryId = (poolId: string, periodStart: string, locked: string, n: number, employeeId: string) =>
  `${poolId}~${periodStart}~adj~${locked}~${n}~${employeeId}`;

export const toDoc = <T extends { id: string }>(x: T): DocumentData => {
  const { id: _id, ...doc } = x;
  return doc;
};

export async function listPools(companyId: string): Promise<TipPool[]> {
  const snap = await poolsCollection(companyId).get();
  return snap.docs.map(poolFromDoc).sort((a, b) => a.name.localeCompare(b.name) || (a.id < b.id ? -1 : 1));
}

/** The entries paid in a pool's period (shares and adjustments), in a transaction when given. */
export async function periodEntries(
  companyId: string,
  poolId: string,
  periodStart: string,
  tx?: Transaction,
): Promise<StoredEntry[]> {
  const q = entriesCollection(companyId).where('poolId', '==', poolId).where('periodStart', '==', periodStart);
  const snap = tx ? await tx.get(q) : await q.get();
  return snap.docs.map(entryFromDoc);
}

/** The entries of a range of period starts (an employee's, or everyone's). */
export async function entriesBetween(
  companyId: string,
  startDate: string,
  endDate: string,
  employeeId?: string,
): Promise<StoredEntry[]> {
  let q = entriesCollection(companyId).where('periodStart', '>=', startDate).where('periodStart', '<=', endDate);
  if (employeeId) q = q.where('employeeId', '==', employeeId);
  return (await q.get()).docs.map(entryFromDoc);
}

/** The distributions of a range of period starts. */
export async function distributionsBetween(
  companyId: string,
  startDate: string,
  endDate: string,
): Promise<StoredDistribution[]> {
  const snap = await distributionsCollection(companyId)
    .where('periodStart', '>=', startDate)
    .where('periodStart', '<=', endDate)
    .get();
  return snap.docs.map(distributionFromDoc);
}

export const entryView = (e: StoredEntry, state: 'open' | 'locked'): TipEntry => ({ ...e, state });
