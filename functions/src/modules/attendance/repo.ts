import type { DocumentReference, Query, Transaction } from 'firebase-admin/firestore';
import { z } from 'zod';
import { db } from '../../core/firebase';
import { companyDoc } from '../../core/firestore';
import { storedCollection, storedDecoder, type StoredSnapshot } from '../../core/stored';
import {
  EXCEPTION_TYPES,
  SETTINGS_DEFAULTS,
  auditEntrySchema,
  breakSchema,
  lockSchema,
  locationSchema,
  posPendingSchema,
  punchSchema,
  shiftLinkSchema,
  vendorSchema,
  type AttendanceSettings,
  type AuditEntry,
  type ExceptionType,
  type PunchState,
  type PunchView,
  type RangeLock,
  type VendorLink,
} from './schemas';

/**
 * The attendance module's documents:
 *
 *   companies/{cid}/punches/{punchId}        one punch (a clock-in to a clock-out):
 *     {companyId, employeeId, positionId|null, businessDate 'YYYY-MM-DD' (of the clock-in, company
 *      calendar with dayChangeTime), clockInAt, clockOutAt|null (server epoch ms, authoritative),
 *      deviceClockInAt|null, deviceClockOutAt|null (the device's clock, recorded beside),
 *      clockInLocation, clockOutLocation ({lat, lng, accuracy} | null),
 *      breaks [{type rest|meal, startAt, endAt|null, paid}], state open|pending|approved,
 *      shift {shiftId, date, scheduledStartAt, scheduledEndAt, scheduledMinutes} | null,
 *      lateMinutes, leftEarlyMinutes, autoClockedOut, source app|manager|pos,
 *      vendor {slug, externalId, version, needsReview, pending, reviewedAt, reviewedBy} | null (a POS
 *      punch: the fingerprint of the POS version applied, and the POS version set aside for review
 *      when the POS changed a punch a manager had edited or approved), workedMinutes|null,
 *      paidBreakMinutes, unpaidBreakMinutes,
 *      exceptions [..] (computed when written, with the settings then in force),
 *      createdAt, updatedAt, approvedAt|null, approvedBy|null}
 *     A POS punch's id is derived from (slug, externalId) (vendorPunchId), so its upsert is idempotent.
 *   companies/{cid}/punchAudit/{id}          {punchId, at, by, action, before, after, reason}:
 *     written in the same commit as the change it records.
 *   companies/{cid}/attendanceSettings/current   the settings (stored fields over SETTINGS_DEFAULTS).
 *   companies/{cid}/attendanceLocks/{start}_{end} {startDate, endDate, lockedAt, lockedBy}: ranges
 *     closed by payroll (lockRange / unlockRange); a handful per company, read whole.
 *   openPunches/{cid}~{employeeId}            (root) {companyId, employeeId, punchId, clockInAt,
 *     autoCloseAt}: exists exactly while the employee has an open punch; created and deleted in the
 *     same exclusive commit as the punch's open state. It is the one-open-punch guard (created with
 *     create()) and the auto clock-out job's one query (autoCloseAt <= now, single-field index).
 *
 * Indexed queries (firestore.indexes.json, collection group "punches"):
 *   (employeeId, businessDate), (positionId, businessDate), (state, businessDate), (businessDate),
 *   (source, clockInAt)
 */
export const settingsRef = (companyId: string): DocumentReference =>
  companyDoc(companyId).collection('attendanceSettings').doc('current');

export const OPEN_PUNCHES = 'openPunches';
export const openPunchRef = (companyId: string, employeeId: string) =>
  db().collection(OPEN_PUNCHES).doc(`${companyId}~${employeeId}`);

const openEntrySchema = z.object({
  companyId: z.string(),
  employeeId: z.string(),
  punchId: z.string(),
  clockInAt: z.number(),
  autoCloseAt: z.number(),
});
export type OpenPunchEntry = z.output<typeof openEntrySchema>;

/** An openPunches entry (its id, `{companyId}~{employeeId}`, is not part of it). */
export const openEntryFromDoc = storedDecoder(OPEN_PUNCHES, openEntrySchema);

/** Open punches whose limit has passed, across every company: one query on a single-field index. */
export const dueOpenPunchesQuery = (now: number, limit: number): Query =>
  db().collection(OPEN_PUNCHES).where('autoCloseAt', '<=', now).orderBy('autoCloseAt').limit(limit);

/**
 * A stored location: any fix its writer stored (the API's ranges are input rules), older punches may
 * lack its accuracy; one without numeric coordinates reads as none, as the hand-written decoder read it.
 */
const storedLocation = locationSchema
  .extend({ lat: z.number(), lng: z.number(), accuracy: z.number().default(0) })
  .nullable()
  .catch(null);

const storedBreak = breakSchema.extend({
  // a break of a type no longer known reads as a rest break, as the hand-written decoder read it
  type: breakSchema.shape.type.catch('rest'),
  endAt: breakSchema.shape.endAt.default(null),
  paid: z.boolean().default(false),
});

const storedVendor = vendorSchema
  .extend({
    version: vendorSchema.shape.version.default(null),
    needsReview: vendorSchema.shape.needsReview.default(false),
    pending: posPendingSchema
      .extend({
        clockOutAt: posPendingSchema.shape.clockOutAt.default(null),
        breaks: z.array(storedBreak).default([]),
        deleted: posPendingSchema.shape.deleted.default(false),
        receivedAt: posPendingSchema.shape.receivedAt.default(0),
      })
      .nullable()
      .default(null),
    reviewedAt: vendorSchema.shape.reviewedAt.default(null),
    reviewedBy: vendorSchema.shape.reviewedBy.default(null),
  })
  // a review is only waited for while a POS version is set aside
  .transform((v): VendorLink => ({ ...v, needsReview: v.needsReview && v.pending !== null }));

/** A punch document: the API's punch, its id the document's, with defaults for what older punches lack. */
const storedPunch = punchSchema.extend({
  positionId: punchSchema.shape.positionId.default(null),
  clockOutAt: punchSchema.shape.clockOutAt.default(null),
  deviceClockInAt: punchSchema.shape.deviceClockInAt.default(null),
  deviceClockOutAt: punchSchema.shape.deviceClockOutAt.default(null),
  clockInLocation: storedLocation,
  clockOutLocation: storedLocation,
  breaks: z.array(storedBreak).default([]),
  // a state or source no longer known reads as pending / app, as the hand-written decoder read it
  state: punchSchema.shape.state.catch('pending'),
  shift: shiftLinkSchema
    .extend({ scheduledMinutes: shiftLinkSchema.shape.scheduledMinutes.default(0) })
    .nullable()
    .default(null),
  lateMinutes: punchSchema.shape.lateMinutes.default(0),
  leftEarlyMinutes: punchSchema.shape.leftEarlyMinutes.default(0),
  autoClockedOut: punchSchema.shape.autoClockedOut.default(false),
  source: punchSchema.shape.source.catch('app'),
  vendor: storedVendor.nullable().default(null),
  workedMinutes: punchSchema.shape.workedMinutes.default(null),
  paidBreakMinutes: punchSchema.shape.paidBreakMinutes.default(0),
  unpaidBreakMinutes: punchSchema.shape.unpaidBreakMinutes.default(0),
  // exceptions no longer known are dropped, as the hand-written decoder dropped them
  exceptions: z
    .array(z.unknown())
    .catch([])
    .transform((es) => es.filter((e): e is ExceptionType => EXCEPTION_TYPES.includes(e as ExceptionType))),
  createdAt: punchSchema.shape.createdAt.default(0),
  updatedAt: punchSchema.shape.updatedAt.default(0),
  approvedAt: punchSchema.shape.approvedAt.default(null),
  approvedBy: punchSchema.shape.approvedBy.default(null),
});

export const {
  collection: punchesCollection,
  ref: punchRef,
  fromDoc: punchFromDoc,
  fromSnapshot: punchFromSnapshot,
} = storedCollection('punches', storedPunch);

const storedAudit = auditEntrySchema.extend({
  // an action no longer known reads as an edit, as the hand-written decoder read it
  action: auditEntrySchema.shape.action.catch('edit'),
  before: auditEntrySchema.shape.before.default(null),
  after: auditEntrySchema.shape.after.default(null),
  reason: auditEntrySchema.shape.reason.default(null),
});
const audits = storedCollection('punchAudit', storedAudit);
export const auditCollection = audits.collection;
const auditFromDoc = audits.fromDoc;

const storedLock = lockSchema.extend({
  lockedAt: lockSchema.shape.lockedAt.default(0),
  lockedBy: lockSchema.shape.lockedBy.default(''),
});
const locks = storedCollection('attendanceLocks', storedLock);
export const { collection: locksCollection, ref: lockRef } = locks;
const lockFromDoc = locks.fromDoc;

/** The stored fields of a punch (the view minus its id). */
export type StoredPunch = Omit<PunchView, 'id'>;

export function punchToDoc(p: PunchView): StoredPunch {
  const { id: _id, ...doc } = p;
  return doc;
}

export async function listAudit(companyId: string, punchId: string): Promise<AuditEntry[]> {
  const snap = await auditCollection(companyId).where('punchId', '==', punchId).get();
  return snap.docs.map(auditFromDoc).sort((a, b) => a.at - b.at || a.id.localeCompare(b.id));
}

/** Adds an audit entry to a transaction's writes. */
export function writeAudit(tx: Transaction, companyId: string, entry: Omit<AuditEntry, 'id'>): void {
  tx.set(auditCollection(companyId).doc(), entry);
}

export const lockId = (startDate: string, endDate: string) => `${startDate}_${endDate}`;

export async function readLocks(companyId: string, tx?: Transaction): Promise<RangeLock[]> {
  const q = locksCollection(companyId);
  const snap = tx ? await tx.get(q) : await q.get();
  return snap.docs.map(lockFromDoc).sort((a, b) => a.startDate.localeCompare(b.startDate));
}

/** The stored settings: the fields it sets over SETTINGS_DEFAULTS. */
/**
 * A stored setting: any number its writer stored (the API's ranges are input rules for PATCH), the
 * default when the document lacks it or stored another type, as the hand-written decoder read it.
 */
const settingsFromDoc = storedDecoder(
  'attendanceSettings',
  z.object({
    geofenceRadiusMeters: z.number().catch(SETTINGS_DEFAULTS.geofenceRadiusMeters),
    autoClockOutAfterMinutes: z.number().catch(SETTINGS_DEFAULTS.autoClockOutAfterMinutes),
    autoApproveVarianceMinutes: z.number().catch(SETTINGS_DEFAULTS.autoApproveVarianceMinutes),
    restBreaksPaid: z.boolean().catch(SETTINGS_DEFAULTS.restBreaksPaid),
    mealBreaksPaid: z.boolean().catch(SETTINGS_DEFAULTS.mealBreaksPaid),
    restBreaksRecorded: z.boolean().catch(SETTINGS_DEFAULTS.restBreaksRecorded),
    breakRequiredAfterMinutes: z.number().catch(SETTINGS_DEFAULTS.breakRequiredAfterMinutes),
    lateGraceMinutes: z.number().catch(SETTINGS_DEFAULTS.lateGraceMinutes),
  }) satisfies z.ZodType<AttendanceSettings>,
);

/** The settings in force: the stored document's, SETTINGS_DEFAULTS without one. */
export const settingsFromSnapshot = (snap: StoredSnapshot & { readonly exists: boolean }): AttendanceSettings =>
  snap.exists ? settingsFromDoc(snap) : { ...SETTINGS_DEFAULTS };

export async function readSettings(companyId: string, tx?: Transaction): Promise<AttendanceSettings> {
  const ref = settingsRef(companyId);
  const snap = tx ? await tx.get(ref) : await ref.get();
  return settingsFromSnapshot(snap);
}

export interface PunchFilter {
  companyId: string;
  from: string;
  to: string;
  employeeId?: string;
  positionId?: string;
  state?: PunchState;
}

/** One indexed query for a business-date range: the most selective equality in the query, the others applied to the rows. */
export async function listRange(f: PunchFilter, tx?: Transaction): Promise<PunchView[]> {
  let q: Query = punchesCollection(f.companyId);
  let used: 'employeeId' | 'positionId' | 'state' | null = null;
  if (f.employeeId) [q, used] = [q.where('employeeId', '==', f.employeeId), 'employeeId'];
  else if (f.positionId) [q, used] = [q.where('positionId', '==', f.positionId), 'positionId'];
  else if (f.state) [q, used] = [q.where('state', '==', f.state), 'state'];
  q = q.where('businessDate', '>=', f.from).where('businessDate', '<=', f.to);
  const snap = tx ? await tx.get(q) : await q.get();
  return snap.docs
    .map(punchFromDoc)
    .filter(
      (p) =>
        (used === 'employeeId' || !f.employeeId || p.employeeId === f.employeeId) &&
        (used === 'positionId' || !f.positionId || p.positionId === f.positionId) &&
        (used === 'state' || !f.state || p.state === f.state),
    );
}

/**
 * The POS punches of one source (catalogue slug) with a clock-in in [from, to): one indexed query on
 * (source, clockInAt), the slug compared on the rows (a company's POS punches of a few weeks).
 */
export async function listVendorRange(companyId: string, slug: string, from: number, to: number): Promise<PunchView[]> {
  const snap = await punchesCollection(companyId)
    .where('source', '==', 'pos')
    .where('clockInAt', '>=', from)
    .where('clockInAt', '<', to)
    .get();
  return snap.docs.map(punchFromDoc).filter((p) => p.vendor?.slug === slug);
}
