/**
 * The reads and writes every attendance use case shares: the per-employee exclusive section, the
 * employee's state read in a transaction, the audit entry, the shift link and the checks that read.
 */
import type { DocumentReference, DocumentSnapshot, Transaction } from 'firebase-admin/firestore';
import { addDays, shiftInterval } from '../../core/calendar';
import { runExclusive, type ExclusiveWork } from '../../core/exclusive';
import { companyNotFound } from '../../core/firestore';
import { companyRulesFromSnapshots, companyRulesRefs, type CompanyRules } from '../companies';
import { roleErrors, roleFromSnapshot, roleRef } from '../roles';
import { listShiftsInRange } from '../schedule';
import * as repo from './repo';
import { nearestByStart } from './rules';
import { assertNoOverlapWith, assertUnlocked, punchNotFound, shiftBusinessDate, shiftLinkOf } from './punch-rules';
import type { AttendanceSettings, AuditAction, PunchView, ShiftLink } from './schemas';
import { lockKeys } from '../../core/locks';

/** Every read-check-write of one employee's punches is serialized on this key. */

export async function readPunchOrFail(companyId: string, punchId: string): Promise<PunchView> {
  const punch = repo.punchFromSnapshot(await repo.punchRef(companyId, punchId).get());
  if (!punch) throw punchNotFound();
  return punch;
}

/**
 * Runs `work` in the exclusive section of the employee the punch belongs to (PUNCH_NOT_FOUND when
 * there is no such punch); `work` reads the punch again there.
 */
export async function runExclusiveOnPunch<T>(
  companyId: string,
  punchId: string,
  work: (tx: Transaction, employeeId: string) => ReturnType<ExclusiveWork<T>>,
): Promise<T> {
  const found = await readPunchOrFail(companyId, punchId);
  return runExclusive(lockKeys.attendance(companyId, found.employeeId), (tx) => work(tx, found.employeeId));
}

export interface EmployeeState {
  company: CompanyRules;
  settings: AttendanceSettings;
  open: repo.OpenPunchEntry | null;
  openPunch: PunchView | null;
}

/** Reads (in the transaction) the company, the settings, the employee's open-punch entry and its punch. */
export async function readEmployeeState(
  tx: Transaction,
  companyId: string,
  employeeId: string,
  extra: DocumentReference[] = [],
): Promise<EmployeeState & { extra: DocumentSnapshot[] }> {
  const [companySnap, settingsSnap, attendanceSnap, openSnap, ...rest] = await tx.getAll(
    ...companyRulesRefs(companyId),
    repo.settingsRef(companyId),
    repo.openPunchRef(companyId, employeeId),
    ...extra,
  );
  const company = companyRulesFromSnapshots(companySnap, settingsSnap);
  if (!company) throw companyNotFound();
  const open = openSnap.exists ? repo.openEntryFromDoc(openSnap) : null;
  const openPunch = open ? repo.punchFromSnapshot(await tx.get(repo.punchRef(companyId, open.punchId))) : null;
  return { company, settings: repo.settingsFromSnapshot(attendanceSnap), open, openPunch, extra: rest };
}

/** Refuses (PERIOD_LOCKED) when a business date is in a range closed by payroll, reading the locks in the transaction. */
export async function assertDatesUnlocked(tx: Transaction, companyId: string, dates: readonly string[]): Promise<void> {
  assertUnlocked(await repo.readLocks(companyId, tx), dates);
}

/** Refuses a punch that overlaps another punch of the employee (an open one lasts until now). */
export async function assertNoOverlap(tx: Transaction, p: PunchView, now: number): Promise<void> {
  const others = await repo.listRange(
    {
      companyId: p.companyId,
      from: addDays(p.businessDate, -1),
      to: addDays(p.businessDate, 1),
      employeeId: p.employeeId,
    },
    tx,
  );
  assertNoOverlapWith(others, p, now);
}

/** Refuses (UNKNOWN_ROLE) a positionId that names no role of the company. */
export async function assertRoleExists(
  tx: Transaction,
  companyId: string,
  positionId: string | null | undefined,
): Promise<void> {
  if (!positionId) return;
  const role = roleFromSnapshot(await tx.get(roleRef(companyId, positionId)));
  if (!role)
    throw roleErrors.UNKNOWN_ROLE(`No role ${positionId} in the company`, [
      { path: 'positionId', message: 'unknown role' },
    ]);
}

export interface AuditFacts {
  punchId: string;
  by: string;
  action: AuditAction;
  before: PunchView | null;
  after: PunchView | null;
  reason: string | null;
  at: number;
}

/** Adds the audit entry of a change to the transaction that writes the change. */
export function recordAudit(tx: Transaction, companyId: string, facts: AuditFacts): void {
  const { punchId, at, by, action, before, after, reason } = facts;
  repo.writeAudit(tx, companyId, {
    punchId,
    at,
    by,
    action,
    before: before ? repo.punchToDoc(before) : null,
    after: after ? repo.punchToDoc(after) : null,
    reason,
  });
}

/** The link to the employee's published shift of the business date whose start is nearest to the clock-in. */
export async function linkShift(
  companyId: string,
  employeeId: string,
  businessDate: string,
  clockInAt: number,
  company: CompanyRules,
  tx?: Transaction,
): Promise<{ link: ShiftLink; positionId: string | null } | null> {
  const shifts = await listShiftsInRange(
    { companyId, from: addDays(businessDate, -1), to: addDays(businessDate, 1), modes: ['published'], employeeId },
    tx,
  );
  const ofDay = shifts
    .filter((s) => shiftBusinessDate(s, company.settings.dayChangeTime) === businessDate)
    .map((s) => ({ shift: s, ...shiftInterval(s, company.profile.timezone, company.profile.defaultDuration) }));
  const best = nearestByStart(ofDay, clockInAt);
  if (!best) return null;
  return { link: shiftLinkOf(best.shift, best.startMs, best.endMs), positionId: best.shift.positionId };
}
