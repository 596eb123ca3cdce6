import type { DocumentData, DocumentReference, Query, Transaction } from 'firebase-admin/firestore';
import { db } from '../../core/firebase';
import { companyCollection, companyDoc } from '../../core/firestore';
import {
  AUDIT_ACTIONS,
  BREAK_TYPES,
  EXCEPTION_TYPES,
  PUNCH_SOURCES,
  PUNCH_STATES,
  SETTINGS_DEFAULTS,
  type AttendanceSettings,
  type AuditEntry,
  type Break,
  type ExceptionType,
  type PunchLocation,
  type PosPending,
  type PunchState,
  type PunchView,
  type RangeLock,
  type ShiftLink,
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
 *   (employeeId, businessDate), (positionId, businessDate), (state, businessDate), (businessDate)
 */
export const {
  collection: punchesCollection,
  ref: punchRef,
  fromSnapshot: punchFromSnapshot,
} = companyCollection('punches', punchFromDoc);
export const { collection: auditCollection } = companyCollection('punchAudit', auditFromDoc);
export const { collection: locksCollection, ref: lockRef } = companyCollection('attendanceLocks', lockFromDoc);
export const settingsRef = (companyId: string): DocumentReference =>
  companyDoc(companyId).collection('attendanceSettings').doc('current');

export const OPEN_PUNCHES = 'openPunches';
export const openPunchRef = (companyId: string, employeeId: string) =>
  db().collection(OPEN_PUNCHES).doc(`${companyId}~${employeeId}`);

export interface OpenPunchEntry {
  companyId: string;
  employeeId: string;
  punchId: string;
  clockInAt: number;
  autoCloseAt: number;
}

export function openEntryFromDoc(d: DocumentData): OpenPunchEntry {
  return {
    companyId: String(d.companyId),
    employeeId: String(d.employeeId),
    punchId: String(d.punchId),
    clockInAt: Number(d.clockInAt),
    autoCloseAt: Number(d.autoCloseAt),
  };
}

/** Open punches whose limit has passed, across every company: one query on a single-field index. */
export const dueOpenPunchesQuery = (now: number, limit: number): Query =>
  db().collection(OPEN_PUNCHES).where('autoCloseAt', '<=', now).orderBy('autoCloseAt').limit(limit);

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

function locationOf(v: unknown): PunchLocation | null {
  const l = v as Partial<PunchLocation> | null | undefined;
  if (!l || typeof l.lat !== 'number' || typeof l.lng !== 'number') return null;
  return { lat: l.lat, lng: l.lng, accuracy: Number(l.accuracy ?? 0) };
}

function breaksOf(v: unknown): Break[] {
  if (!Array.isArray(v)) return [];
  return v.map((b) => ({
    type: BREAK_TYPES.includes(b?.type) ? b.type : 'rest',
    startAt: Number(b?.startAt),
    endAt: num(b?.endAt),
    paid: b?.paid === true,
  }));
}

function shiftLinkOf(v: unknown): ShiftLink | null {
  const s = v as Partial<ShiftLink> | null | undefined;
  if (!s || typeof s.shiftId !== 'string') return null;
  return {
    shiftId: s.shiftId,
    date: String(s.date),
    scheduledStartAt: Number(s.scheduledStartAt),
    scheduledEndAt: Number(s.scheduledEndAt),
    scheduledMinutes: Number(s.scheduledMinutes ?? 0),
  };
}

function pendingOf(v: unknown): PosPending | null {
  const p = v as Partial<PosPending> | null | undefined;
  if (!p || typeof p.version !== 'string') return null;
  return {
    version: p.version,
    employeeId: String(p.employeeId),
    clockInAt: Number(p.clockInAt),
    clockOutAt: num(p.clockOutAt),
    breaks: breaksOf(p.breaks),
    deleted: p.deleted === true,
    receivedAt: Number(p.receivedAt ?? 0),
  };
}

function vendorOf(v: unknown): VendorLink | null {
  const d = v as Record<string, unknown> | null | undefined;
  if (!d || typeof d.slug !== 'string') return null;
  const pending = pendingOf(d.pending);
  return {
    slug: d.slug,
    externalId: String(d.externalId),
    version: str(d.version),
    needsReview: d.needsReview === true && pending !== null,
    pending,
    reviewedAt: num(d.reviewedAt),
    reviewedBy: str(d.reviewedBy),
  };
}

/** The stored fields of a punch (the view minus its id). */
export type StoredPunch = Omit<PunchView, 'id'>;

/** The one parser of a punch document. */
export function punchFromDoc(id: string, d: DocumentData): PunchView {
  return {
    id,
    companyId: String(d.companyId),
    employeeId: String(d.employeeId),
    positionId: str(d.positionId),
    businessDate: String(d.businessDate),
    clockInAt: Number(d.clockInAt),
    clockOutAt: num(d.clockOutAt),
    deviceClockInAt: num(d.deviceClockInAt),
    deviceClockOutAt: num(d.deviceClockOutAt),
    clockInLocation: locationOf(d.clockInLocation),
    clockOutLocation: locationOf(d.clockOutLocation),
    breaks: breaksOf(d.breaks),
    state: PUNCH_STATES.includes(d.state) ? (d.state as PunchState) : 'pending',
    shift: shiftLinkOf(d.shift),
    lateMinutes: Number(d.lateMinutes ?? 0),
    leftEarlyMinutes: Number(d.leftEarlyMinutes ?? 0),
    autoClockedOut: d.autoClockedOut === true,
    source: PUNCH_SOURCES.includes(d.source) ? d.source : 'app',
    vendor: vendorOf(d.vendor),
    workedMinutes: num(d.workedMinutes),
    paidBreakMinutes: Number(d.paidBreakMinutes ?? 0),
    unpaidBreakMinutes: Number(d.unpaidBreakMinutes ?? 0),
    exceptions: Array.isArray(d.exceptions)
      ? d.exceptions.filter((e: unknown): e is ExceptionType => EXCEPTION_TYPES.some((type) => type === e))
      : [],
    createdAt: Number(d.createdAt ?? 0),
    updatedAt: Number(d.updatedAt ?? 0),
    approvedAt: num(d.approvedAt),
    approvedBy: str(d.approvedBy),
  };
}

export function punchToDoc(p: PunchView): StoredPunch {
  const { id: _id, ...doc } = p;
  return doc;
}

function auditFromDoc(id: string, d: DocumentData): AuditEntry {
  return {
    id,
    punchId: String(d.punchId),
    at: Number(d.at),
    by: String(d.by),
    action: AUDIT_ACTIONS.includes(d.action) ? d.action : 'edit',
    before: d.before ?? null,
    after: d.after ?? null,
    reason: str(d.reason),
  };
}

export async function listAudit(companyId: string, punchId: string): Promise<AuditEntry[]> {
  const snap = await auditCollection(companyId).where('punchId', '==', punchId).get();
  return snap.docs.map((d) => auditFromDoc(d.id, d.data())).sort((a, b) => a.at - b.at || a.id.localeCompare(b.id));
}

/** Adds an audit entry to a transaction's writes. */
export function writeAudit(tx: Transaction, companyId: string, entry: Omit<AuditEntry, 'id'>): void {
  tx.set(auditCollection(companyId).doc(), entry);
}

function lockFromDoc(_id: string, d: DocumentData): RangeLock {
  return {
    startDate: String(d.startDate),
    endDate: String(d.endDate),
    lockedAt: Number(d.lockedAt ?? 0),
    lockedBy: String(d.lockedBy ?? ''),
  };
}

export const lockId = (startDate: string, endDate: string) => `${startDate}_${endDate}`;

export async function readLocks(companyId: string, tx?: Transaction): Promise<RangeLock[]> {
  const q = locksCollection(companyId);
  const snap = tx ? await tx.get(q) : await q.get();
  return snap.docs.map((d) => lockFromDoc(d.id, d.data())).sort((a, b) => a.startDate.localeCompare(b.startDate));
}

export const settingsFromData = (d: DocumentData | undefined): AttendanceSettings => {
  const out = { ...SETTINGS_DEFAULTS };
  for (const key of Object.keys(SETTINGS_DEFAULTS) as (keyof AttendanceSettings)[]) {
    if (d && typeof d[key] === typeof SETTINGS_DEFAULTS[key]) (out as Record<string, unknown>)[key] = d[key];
  }
  return out;
};

export async function readSettings(companyId: string, tx?: Transaction): Promise<AttendanceSettings> {
  const ref = settingsRef(companyId);
  const snap = tx ? await tx.get(ref) : await ref.get();
  return settingsFromData(snap.data());
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
    .map((d) => punchFromDoc(d.id, d.data()))
    .filter(
      (p) =>
        (used === 'employeeId' || !f.employeeId || p.employeeId === f.employeeId) &&
        (used === 'positionId' || !f.positionId || p.positionId === f.positionId) &&
        (used === 'state' || !f.state || p.state === f.state),
    );
}
