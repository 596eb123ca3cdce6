/**
 * Late records: what a POS said about one of its punches after payroll closed the range the punch
 * lies in (a new punch, a changed one, a deletion). The closed range stays as it was paid (its
 * punches are not touched); the vendor's last version is kept here, one document per POS punch,
 * and payroll pays the difference as a prior-period adjustment in the first report after the
 * close (payroll/late-records.ts).
 *
 *   companies/{cid}/lateRecords/{punchId}   punchId the POS punch's (vendorPunchId), so a
 *     record received again (rerun, retried page) addresses the same document and a record changed
 *     twice keeps only the last version.
 */
import type { Transaction } from 'firebase-admin/firestore';
import { z } from 'zod';
import { db } from '../../core/firebase';
import { storedCollection } from '../../core/stored';
import * as repo from './repo';
import { breakSchema } from './schemas';
import { vendorPunchId } from './vendor-rules';

const lateVersionSchema = z.object({
  employeeId: z.string(),
  businessDate: z.string(),
  clockInAt: z.number(),
  clockOutAt: z.number().nullable(),
  breaks: z.array(breakSchema),
  positionId: z.string().nullable(),
  shiftId: z.string().nullable(),
});
export type LateVersion = z.output<typeof lateVersionSchema>;

const lateRecordSchema = z.object({
  /** the POS punch's id in attendance (the document id too) */
  punchId: z.string(),
  slug: z.string(),
  externalId: z.string(),
  /** the sync run that delivered the last version (null outside a run) */
  runId: z.string().nullable(),
  /** what the vendor did to the punch as it was paid */
  change: z.enum(['created', 'changed', 'deleted']),
  /** whose record it is: the last version's employee, else the one the punch was paid to */
  employeeId: z.string(),
  /** the employee whose pay the punch as paid counted in, and its business date (null: the vendor's punch is new) */
  paidEmployeeId: z.string().nullable(),
  paidBusinessDate: z.string().nullable(),
  /** the vendor's last version; null when it deleted the punch */
  final: lateVersionSchema.nullable(),
  /** vendorPunchVersion of the last version */
  version: z.string(),
  /** the closed range it reached */
  lock: z.object({ startDate: z.string(), endDate: z.string() }),
  receivedAt: z.number(),
});
export type LateRecord = z.output<typeof lateRecordSchema>;

const {
  collection: lateCollection,
  ref: lateRef,
  fromSnapshot: lateFromSnapshot,
  fromDoc: lateFromDoc,
} = storedCollection('lateRecords', lateRecordSchema, { idField: 'punchId' });

export const lateRecordRef = lateRef;

export async function readLateRecord(companyId: string, punchId: string, tx: Transaction): Promise<LateRecord | null> {
  return lateFromSnapshot(await tx.get(lateRef(companyId, punchId)));
}

export function writeLateRecord(tx: Transaction, companyId: string, record: LateRecord): void {
  const { punchId, ...doc } = record;
  tx.set(lateRef(companyId, punchId), doc);
}

/** The late records of some POS punches (keyed by externalId; absent ones left out), in one read. */
export async function readLateRecords(
  companyId: string,
  slug: string,
  externalIds: readonly string[],
): Promise<Map<string, LateRecord>> {
  const ids = [...new Set(externalIds)];
  if (ids.length === 0) return new Map();
  const snaps = await db().getAll(...ids.map((x) => lateRef(companyId, vendorPunchId(slug, x))));
  const out = new Map<string, LateRecord>();
  snaps.forEach((snap, i) => {
    const record = lateFromSnapshot(snap);
    if (record) out.set(ids[i], record);
  });
  return out;
}

/**
 * The company's late records whose closed range is still closed: a reopened range's records wait
 * for the vendor's next delivery, which then writes the punch itself (and drops the record).
 */
export async function listLateRecords(companyId: string): Promise<LateRecord[]> {
  const [snap, locks] = await Promise.all([lateCollection(companyId).get(), repo.readLocks(companyId)]);
  const open = new Set(locks.map((l) => repo.lockId(l.startDate, l.endDate)));
  return snap.docs.map(lateFromDoc).filter((r) => open.has(repo.lockId(r.lock.startDate, r.lock.endDate)));
}
