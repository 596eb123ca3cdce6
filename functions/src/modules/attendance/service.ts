import { createHash } from 'node:crypto';
import type { DocumentSnapshot, Transaction } from 'firebase-admin/firestore';
import { coreErrors } from '../../core/errors';
import { db } from '../../core/firebase';
import { runExclusive } from '../../core/exclusive';
import { companyNotFound } from '../../core/firestore';
import { logger } from '../../core/logger';
import { roleAtLeast, type Membership } from '../../core/memberships';
import {
  addDays,
  businessDateOf,
  businessSlotOfMinute,
  requireDateRange,
  shiftInterval,
  type CompanyCalendar,
} from '../../core/calendar';
import { companyRulesFromSnapshots, companyRulesRefs, policiesInForce, type CompanyRules } from '../companies';
import { employeeErrors, employeeFromSnapshot, employeeRef } from '../employees';
import { assertCertificationsValid } from '../documents';
import { roleErrors, roleFromSnapshot, roleRef } from '../roles';
import { listShiftsInRange, type Shift } from '../schedule';
import { attendanceErrors } from './errors';
import * as repo from './repo';
import {
  autoApproves,
  breakMinutes,
  checkGeofence,
  lateMinutesOf,
  leftEarlyMinutesOf,
  nearestByStart,
  punchExceptions,
  timelineProblems,
  workedMinutesOf,
  type LatLng,
} from './rules';
import {
  MAX_RANGE_DAYS,
  type AttendanceSettings,
  type AttendanceSettingsPatch,
  type AuditAction,
  type Break,
  type BreakType,
  type ClockBody,
  type CreatePunchBody,
  type EditPunchBody,
  type ListPunchesQuery,
  type ManualBreak,
  type PosPending,
  type PunchLocation,
  type PunchState,
  type PunchView,
  type RangeLock,
  type ShiftLink,
  type VendorLink,
} from './schemas';

const MINUTE = 60_000;

/** Every read-check-write of one employee's punches is serialized on this key. */
export const lockKey = (companyId: string, employeeId: string) => `attendance/${companyId}/${employeeId}`;

const punchNotFound = () => attendanceErrors.PUNCH_NOT_FOUND('Punch not found');

export const checkRange = (startDate: string, endDate: string): number =>
  requireDateRange(startDate, endDate, MAX_RANGE_DAYS);

const calendarOf = (c: CompanyRules): Pick<CompanyCalendar, 'timezone' | 'dayChangeTime'> => ({
  timezone: c.profile.timezone,
  dayChangeTime: c.settings.dayChangeTime,
});

/** The caller's own employee record id (employee routes act on it). */
function ownEmployeeId(member: Membership): string {
  if (!member.employeeId)
    throw attendanceErrors.NOT_AN_EMPLOYEE(
      'Your membership in this company is linked to no employee record; ask a manager to link you',
    );
  return member.employeeId;
}

// ---------------------------------------------------------------- derived fields

/** Recomputes the derived fields of a punch: lateness against its shift, break and worked minutes, exceptions. */
export function derive(p: PunchView, settings: AttendanceSettings): PunchView {
  const lateMinutes = p.shift ? lateMinutesOf(p.clockInAt, p.shift.scheduledStartAt) : 0;
  const leftEarlyMinutes =
    p.shift && p.clockOutAt !== null ? leftEarlyMinutesOf(p.clockOutAt, p.shift.scheduledEndAt) : 0;
  const breaks = breakMinutes(p.breaks, p.clockOutAt ?? undefined);
  const next = {
    ...p,
    lateMinutes,
    leftEarlyMinutes,
    workedMinutes: workedMinutesOf(p),
    paidBreakMinutes: breaks.paid,
    unpaidBreakMinutes: breaks.unpaid,
  };
  return { ...next, exceptions: punchExceptions(next, settings) };
}

const paidOf = (type: BreakType, settings: AttendanceSettings) =>
  type === 'meal' ? settings.mealBreaksPaid : settings.restBreaksPaid;

function manualBreaks(breaks: readonly ManualBreak[], settings: AttendanceSettings): Break[] {
  return breaks
    .map((b) => ({ type: b.type, startAt: b.startAt, endAt: b.endAt, paid: b.paid ?? paidOf(b.type, settings) }))
    .sort((a, b) => a.startAt - b.startAt);
}

/** The business date a shift belongs to (its start minute under the company's dayChangeTime). */
export const shiftBusinessDate = (s: Pick<Shift, 'date' | 'start'>, dayChangeTime: number) =>
  businessSlotOfMinute(s.date, s.start, dayChangeTime).businessDate;

/** The employee's published shifts of a business date (read in the transaction when given). */
async function shiftsOfDay(
  companyId: string,
  employeeId: string,
  businessDate: string,
  company: CompanyRules,
  tx?: Transaction,
) {
  const shifts = await listShiftsInRange(
    { companyId, from: addDays(businessDate, -1), to: addDays(businessDate, 1), modes: ['published'], employeeId },
    tx,
  );
  return shifts
    .filter((s) => shiftBusinessDate(s, company.settings.dayChangeTime) === businessDate)
    .map((s) => ({ shift: s, ...shiftInterval(s, company.profile.timezone, company.profile.defaultDuration) }));
}

/** The link to the shift whose start is nearest to the clock-in. */
async function linkShift(
  companyId: string,
  employeeId: string,
  businessDate: string,
  clockInAt: number,
  company: CompanyRules,
  tx?: Transaction,
): Promise<{ link: ShiftLink; positionId: string | null } | null> {
  const best = nearestByStart(await shiftsOfDay(companyId, employeeId, businessDate, company, tx), clockInAt);
  if (!best) return null;
  return {
    link: {
      shiftId: best.shift.id,
      date: best.shift.date,
      scheduledStartAt: best.startMs,
      scheduledEndAt: best.endMs,
      scheduledMinutes: best.shift.workedMinutes || Math.round((best.endMs - best.startMs) / MINUTE),
    },
    positionId: best.shift.positionId,
  };
}

// ---------------------------------------------------------------- locks, geofence

const lockedBy = (locks: readonly RangeLock[], date: string) =>
  locks.find((l) => l.startDate <= date && date <= l.endDate);

function assertUnlocked(locks: readonly RangeLock[], dates: readonly string[]): void {
  for (const date of dates) {
    const lock = lockedBy(locks, date);
    if (lock)
      throw attendanceErrors.PERIOD_LOCKED(
        `Business date ${date} is in the range ${lock.startDate}..${lock.endDate} closed by payroll`,
        [{ path: 'businessDate', message: 'locked', date, startDate: lock.startDate, endDate: lock.endDate }],
      );
  }
}

function sitesOf(company: CompanyRules): LatLng[] {
  const valid = (l: unknown): l is LatLng =>
    !!l && typeof (l as LatLng).lat === 'number' && typeof (l as LatLng).lng === 'number';
  return [company.profile.location, ...Object.values(company.profile.locations ?? {})].filter(valid);
}

/** The geolocation rule of clock-in and clock-out: only when the company policy isGeolocationEnabled is on. */
function checkLocation(
  enabled: boolean,
  company: CompanyRules,
  settings: AttendanceSettings,
  location: PunchLocation | undefined,
): void {
  if (!enabled) return;
  if (!location)
    throw attendanceErrors.LOCATION_REQUIRED(
      'This company requires your location ({lat, lng, accuracy}) to clock in and out',
      [{ path: 'location', message: 'required by the company policy isGeolocationEnabled' }],
    );
  const { inside, distanceMeters } = checkGeofence(location, sitesOf(company), settings.geofenceRadiusMeters);
  if (!inside) {
    throw attendanceErrors.OUTSIDE_GEOFENCE(
      `You are ${distanceMeters} m from the workplace; clocking is allowed within ${settings.geofenceRadiusMeters} m`,
      [
        {
          path: 'location',
          message: 'outside the geofence',
          distanceMeters,
          radiusMeters: settings.geofenceRadiusMeters,
          accuracy: location.accuracy,
        },
      ],
    );
  }
}

// ---------------------------------------------------------------- reading in a transaction

interface EmployeeState {
  company: CompanyRules;
  settings: AttendanceSettings;
  open: repo.OpenPunchEntry | null;
  openPunch: PunchView | null;
}

/** Reads (in the transaction) the company, the settings, the employee's open-punch entry and its punch. */
async function readEmployeeState(
  tx: Transaction,
  companyId: string,
  employeeId: string,
  extra: FirebaseFirestore.DocumentReference[] = [],
): Promise<EmployeeState & { extra: DocumentSnapshot[] }> {
  const [companySnap, settingsSnap, attendanceSnap, openSnap, ...rest] = await tx.getAll(
    ...companyRulesRefs(companyId),
    repo.settingsRef(companyId),
    repo.openPunchRef(companyId, employeeId),
    ...extra,
  );
  const company = companyRulesFromSnapshots(companySnap, settingsSnap);
  if (!company) throw companyNotFound();
  const open = openSnap.exists ? repo.openEntryFromDoc(openSnap.data()!) : null;
  const openPunch = open ? repo.punchFromSnapshot(await tx.get(repo.punchRef(companyId, open.punchId))) : null;
  return { company, settings: repo.settingsFromData(attendanceSnap.data()), open, openPunch, extra: rest };
}

const audit =
  (
    companyId: string,
    punchId: string,
    by: string,
    action: AuditAction,
    before: PunchView | null,
    after: PunchView | null,
    reason: string | null,
    at: number,
  ) =>
  (tx: Transaction) =>
    repo.writeAudit(tx, companyId, {
      punchId,
      at,
      by,
      action,
      before: before ? repo.punchToDoc(before) : null,
      after: after ? repo.punchToDoc(after) : null,
      reason,
    });

// ---------------------------------------------------------------- employee clock actions

interface ClockInput {
  member: Membership;
  body: ClockBody;
}

export async function clockIn({ member, body }: ClockInput): Promise<PunchView> {
  const companyId = member.companyId;
  const employeeId = ownEmployeeId(member);
  const geolocation = (await policiesInForce(companyId)).isGeolocationEnabled;
  return runExclusive(lockKey(companyId, employeeId), async (tx) => {
    const now = Date.now();
    const state = await readEmployeeState(tx, companyId, employeeId, [employeeRef(companyId, employeeId)]);
    const employee = employeeFromSnapshot(state.extra[0]);
    if (!employee || employee.archived)
      throw attendanceErrors.NOT_AN_EMPLOYEE('Your employee record is missing or archived');
    if (state.open)
      throw attendanceErrors.ALREADY_CLOCKED_IN('You are already clocked in: clock out first', [
        { path: 'punchId', message: 'open punch', punchId: state.open.punchId },
      ]);
    checkLocation(geolocation, state.company, state.settings, body.location);
    const businessDate = businessDateOf(now, calendarOf(state.company));
    assertUnlocked(await repo.readLocks(companyId, tx), [businessDate]);
    await assertCertificationsValid(companyId, employeeId, businessDate);
    const linked = await linkShift(companyId, employeeId, businessDate, now, state.company, tx);
    const ref = repo.punchesCollection(companyId).doc();
    const punch = derive(
      {
        ...blankPunch(ref.id, companyId, employeeId, now),
        positionId: linked?.positionId ?? null,
        businessDate,
        clockInAt: now,
        deviceClockInAt: body.deviceTime ?? null,
        clockInLocation: body.location ?? null,
        shift: linked?.link ?? null,
        source: 'app',
      },
      state.settings,
    );
    const entry: repo.OpenPunchEntry = {
      companyId,
      employeeId,
      punchId: ref.id,
      clockInAt: now,
      autoCloseAt: now + state.settings.autoClockOutAfterMinutes * MINUTE,
    };
    return {
      result: punch,
      write: (t) => {
        t.create(ref, repo.punchToDoc(punch));
        t.create(repo.openPunchRef(companyId, employeeId), entry);
        audit(companyId, ref.id, member.uid, 'clock_in', null, punch, null, now)(t);
      },
    };
  });
}

function blankPunch(id: string, companyId: string, employeeId: string, now: number): PunchView {
  return {
    id,
    companyId,
    employeeId,
    positionId: null,
    businessDate: '',
    clockInAt: now,
    clockOutAt: null,
    deviceClockInAt: null,
    deviceClockOutAt: null,
    clockInLocation: null,
    clockOutLocation: null,
    breaks: [],
    state: 'open',
    shift: null,
    lateMinutes: 0,
    leftEarlyMinutes: 0,
    autoClockedOut: false,
    source: 'app',
    vendor: null,
    workedMinutes: null,
    paidBreakMinutes: 0,
    unpaidBreakMinutes: 0,
    exceptions: [],
    createdAt: now,
    updatedAt: now,
    approvedAt: null,
    approvedBy: null,
  };
}

/** The open punch of the caller, in the transaction (NOT_CLOCKED_IN without one), with the rules. */
async function requireOpen(tx: Transaction, companyId: string, employeeId: string) {
  const state = await readEmployeeState(tx, companyId, employeeId);
  if (!state.open || !state.openPunch || state.openPunch.clockOutAt !== null)
    throw attendanceErrors.NOT_CLOCKED_IN('You are not clocked in');
  assertUnlocked(await repo.readLocks(companyId, tx), [state.openPunch.businessDate]);
  return { ...state, punch: state.openPunch };
}

export async function startBreak({
  member,
  body,
}: {
  member: Membership;
  body: { type: BreakType; deviceTime?: number };
}): Promise<PunchView> {
  const companyId = member.companyId;
  const employeeId = ownEmployeeId(member);
  return runExclusive(lockKey(companyId, employeeId), async (tx) => {
    const now = Date.now();
    const { punch, settings } = await requireOpen(tx, companyId, employeeId);
    if (punch.breaks.some((b) => b.endAt === null))
      throw attendanceErrors.BREAK_ALREADY_STARTED('A break is already running: end it first');
    const next = derive(
      {
        ...punch,
        breaks: [
          ...punch.breaks,
          { type: body.type, startAt: Math.max(now, punch.clockInAt), endAt: null, paid: paidOf(body.type, settings) },
        ],
        updatedAt: now,
      },
      settings,
    );
    return {
      result: next,
      write: (t) =>
        void (
          t.set(repo.punchRef(companyId, punch.id), repo.punchToDoc(next)),
          audit(companyId, punch.id, member.uid, 'break_start', punch, next, null, now)(t)
        ),
    };
  });
}

export async function endBreak({ member }: { member: Membership; body: { deviceTime?: number } }): Promise<PunchView> {
  const companyId = member.companyId;
  const employeeId = ownEmployeeId(member);
  return runExclusive(lockKey(companyId, employeeId), async (tx) => {
    const now = Date.now();
    const { punch, settings } = await requireOpen(tx, companyId, employeeId);
    if (!punch.breaks.some((b) => b.endAt === null)) throw attendanceErrors.NO_OPEN_BREAK('No break is running');
    const next = derive(
      {
        ...punch,
        breaks: punch.breaks.map((b) => (b.endAt === null ? { ...b, endAt: Math.max(now, b.startAt) } : b)),
        updatedAt: now,
      },
      settings,
    );
    return {
      result: next,
      write: (t) =>
        void (
          t.set(repo.punchRef(companyId, punch.id), repo.punchToDoc(next)),
          audit(companyId, punch.id, member.uid, 'break_end', punch, next, null, now)(t)
        ),
    };
  });
}

/** Closes a punch at `at`: a running break ends then; approved when autoApproves, else pending. */
function close(
  punch: PunchView,
  at: number,
  settings: AttendanceSettings,
  extra: Partial<PunchView>,
  now: number,
  allowAutoApprove: boolean,
): PunchView {
  const closed = derive(
    {
      ...punch,
      ...extra,
      clockOutAt: at,
      breaks: punch.breaks.map((b) => (b.endAt === null ? { ...b, endAt: Math.max(at, b.startAt) } : b)),
      updatedAt: now,
    },
    settings,
  );
  const approved = allowAutoApprove && autoApproves(closed, settings);
  return {
    ...closed,
    state: approved ? 'approved' : 'pending',
    approvedAt: approved ? now : null,
    approvedBy: approved ? 'auto' : null,
  };
}

export async function clockOut({ member, body }: ClockInput): Promise<PunchView> {
  const companyId = member.companyId;
  const employeeId = ownEmployeeId(member);
  const geolocation = (await policiesInForce(companyId)).isGeolocationEnabled;
  return runExclusive(lockKey(companyId, employeeId), async (tx) => {
    const now = Date.now();
    const { punch, settings, company } = await requireOpen(tx, companyId, employeeId);
    checkLocation(geolocation, company, settings, body.location);
    const next = close(
      punch,
      Math.max(now, punch.clockInAt),
      settings,
      { deviceClockOutAt: body.deviceTime ?? null, clockOutLocation: body.location ?? null },
      now,
      true,
    );
    return {
      result: next,
      write: (t) => {
        t.set(repo.punchRef(companyId, punch.id), repo.punchToDoc(next));
        t.delete(repo.openPunchRef(companyId, employeeId));
        audit(
          companyId,
          punch.id,
          member.uid,
          'clock_out',
          punch,
          next,
          next.state === 'approved' ? 'auto-approved: within the variance, no exception' : null,
          now,
        )(t);
      },
    };
  });
}

export async function currentPunch({
  member,
}: {
  member: Membership;
}): Promise<{ punch: PunchView | null; onBreak: boolean }> {
  const employeeId = ownEmployeeId(member);
  const open = await repo.openPunchRef(member.companyId, employeeId).get();
  if (!open.exists) return { punch: null, onBreak: false };
  const punch = repo.punchFromSnapshot(
    await repo.punchRef(member.companyId, repo.openEntryFromDoc(open.data()!).punchId).get(),
  );
  return { punch, onBreak: !!punch?.breaks.some((b) => b.endAt === null) };
}

// ---------------------------------------------------------------- reading punches

export interface ListPunchesInput {
  companyId: string;
  startDate: string;
  endDate: string;
  employeeId?: string;
  positionId?: string;
  state?: PunchState;
}

/** Punches of a business-date range, sorted by date, clock-in, employee. */
export async function listPunches(f: ListPunchesInput): Promise<PunchView[]> {
  checkRange(f.startDate, f.endDate);
  const punches = await repo.listRange({
    companyId: f.companyId,
    from: f.startDate,
    to: f.endDate,
    employeeId: f.employeeId,
    positionId: f.positionId,
    state: f.state,
  });
  return punches.sort(byTime);
}

const byTime = (a: PunchView, b: PunchView) =>
  a.businessDate.localeCompare(b.businessDate) ||
  a.clockInAt - b.clockInAt ||
  a.employeeId.localeCompare(b.employeeId) ||
  a.id.localeCompare(b.id);

/** Which employee a member may read: managers anyone (or everyone), employees only themselves. */
function readableEmployee(member: Membership, employeeId: string | undefined): string | undefined {
  if (roleAtLeast(member.role, 'manager')) return employeeId;
  const own = ownEmployeeId(member);
  if (employeeId && employeeId !== own)
    throw coreErrors.INSUFFICIENT_ROLE("Employees read only their own punches and timesheet; managers read everyone's");
  return own;
}

export function listPunchesFor({ member, query }: { member: Membership; query: ListPunchesQuery }) {
  return listPunches({ ...query, companyId: member.companyId, employeeId: readableEmployee(member, query.employeeId) });
}

export async function getPunch({ member, punchId }: { member: Membership; punchId: string }): Promise<PunchView> {
  const punch = repo.punchFromSnapshot(await repo.punchRef(member.companyId, punchId).get());
  if (!punch) throw punchNotFound();
  if (!roleAtLeast(member.role, 'manager') && punch.employeeId !== member.employeeId) throw punchNotFound();
  return punch;
}

export async function punchAudit({ companyId, punchId }: { companyId: string; punchId: string }) {
  const entries = await repo.listAudit(companyId, punchId);
  if (entries.length === 0 && !(await repo.punchRef(companyId, punchId).get()).exists) throw punchNotFound();
  return entries;
}

// ---------------------------------------------------------------- manager changes

/** Refuses a punch that overlaps another punch of the employee (an open one lasts until now). */
async function assertNoOverlap(tx: Transaction, p: PunchView, now: number): Promise<void> {
  const others = await repo.listRange(
    {
      companyId: p.companyId,
      from: addDays(p.businessDate, -1),
      to: addDays(p.businessDate, 1),
      employeeId: p.employeeId,
    },
    tx,
  );
  const end = p.clockOutAt ?? now;
  const hit = others.find(
    (o) => o.id !== p.id && o.clockInAt < end && p.clockInAt < (o.clockOutAt ?? Math.max(now, o.clockInAt + 1)),
  );
  if (hit)
    throw attendanceErrors.PUNCH_OVERLAP(`The punch overlaps punch ${hit.id} of the employee`, [
      { path: 'clockInAt', message: 'overlap', conflictingPunchId: hit.id },
    ]);
}

function assertTimeline(p: PunchView, now: number): void {
  const problems = timelineProblems(p, now);
  if (problems.length)
    throw attendanceErrors.INVALID_PUNCH_TIMES(
      problems.join('; '),
      problems.map((message) => ({ path: 'clockInAt', message })),
    );
}

async function checkRole(tx: Transaction, companyId: string, positionId: string | null | undefined): Promise<void> {
  if (!positionId) return;
  const role = roleFromSnapshot(await tx.get(roleRef(companyId, positionId)));
  if (!role)
    throw roleErrors.UNKNOWN_ROLE(`No role ${positionId} in the company`, [
      { path: 'positionId', message: 'unknown role' },
    ]);
}

export async function createPunch({
  companyId,
  uid,
  body,
}: {
  companyId: string;
  uid: string;
  body: CreatePunchBody;
}): Promise<PunchView> {
  return runExclusive(lockKey(companyId, body.employeeId), async (tx) => {
    const now = Date.now();
    const state = await readEmployeeState(tx, companyId, body.employeeId, [employeeRef(companyId, body.employeeId)]);
    if (!employeeFromSnapshot(state.extra[0]))
      throw employeeErrors.UNKNOWN_EMPLOYEE(`No employee ${body.employeeId} in the company`, [
        { path: 'employeeId', message: 'unknown employee' },
      ]);
    await checkRole(tx, companyId, body.positionId);
    const ref = repo.punchesCollection(companyId).doc();
    const businessDate = businessDateOf(body.clockInAt, calendarOf(state.company));
    const draft: PunchView = {
      ...blankPunch(ref.id, companyId, body.employeeId, now),
      businessDate,
      clockInAt: body.clockInAt,
      clockOutAt: body.clockOutAt,
      breaks: manualBreaks(body.breaks, state.settings),
      source: 'manager',
      state: 'pending',
    };
    assertTimeline(draft, now);
    assertUnlocked(await repo.readLocks(companyId, tx), [businessDate]);
    await assertNoOverlap(tx, draft, now);
    const linked = await linkShift(companyId, body.employeeId, businessDate, body.clockInAt, state.company, tx);
    const punch = derive(
      {
        ...draft,
        shift: linked?.link ?? null,
        positionId: body.positionId !== undefined ? body.positionId : (linked?.positionId ?? null),
      },
      state.settings,
    );
    return {
      result: punch,
      write: (t) =>
        void (
          t.create(ref, repo.punchToDoc(punch)),
          audit(companyId, ref.id, uid, 'create', null, punch, body.reason, now)(t)
        ),
    };
  });
}

async function readPunchOrFail(companyId: string, punchId: string): Promise<PunchView> {
  const punch = repo.punchFromSnapshot(await repo.punchRef(companyId, punchId).get());
  if (!punch) throw punchNotFound();
  return punch;
}

export async function editPunch({
  companyId,
  uid,
  punchId,
  body,
}: {
  companyId: string;
  uid: string;
  punchId: string;
  body: EditPunchBody;
}): Promise<PunchView> {
  const found = await readPunchOrFail(companyId, punchId);
  return runExclusive(lockKey(companyId, found.employeeId), async (tx) => {
    const now = Date.now();
    const state = await readEmployeeState(tx, companyId, found.employeeId, [repo.punchRef(companyId, punchId)]);
    const before = repo.punchFromSnapshot(state.extra[0]);
    if (!before) throw punchNotFound();
    if (before.state === 'approved')
      throw attendanceErrors.PUNCH_LOCKED('The punch is approved: unapprove it before editing');
    if (body.positionId !== undefined) await checkRole(tx, companyId, body.positionId);
    const clockInAt = body.clockInAt ?? before.clockInAt;
    const businessDate = businessDateOf(clockInAt, calendarOf(state.company));
    let breaks = body.breaks ? manualBreaks(body.breaks, state.settings) : before.breaks;
    const closing = before.clockOutAt === null && body.clockOutAt !== undefined;
    const clockOutAt = body.clockOutAt ?? before.clockOutAt;
    if (closing && !body.breaks)
      breaks = breaks.map((b) => (b.endAt === null ? { ...b, endAt: Math.max(clockOutAt!, b.startAt) } : b));
    let draft: PunchView = {
      ...before,
      clockInAt,
      clockOutAt,
      breaks,
      businessDate,
      updatedAt: now,
      state: clockOutAt === null ? 'open' : 'pending',
      vendor: reviewed(before.vendor, uid, now),
    };
    assertTimeline(draft, now);
    assertUnlocked(await repo.readLocks(companyId, tx), [...new Set([before.businessDate, businessDate])]);
    await assertNoOverlap(tx, draft, now);
    if (clockInAt !== before.clockInAt) {
      const linked = await linkShift(companyId, before.employeeId, businessDate, clockInAt, state.company, tx);
      draft = { ...draft, shift: linked?.link ?? null };
    }
    if (body.positionId !== undefined) draft.positionId = body.positionId;
    const after = derive(draft, state.settings);
    const isOpenEntry = state.open?.punchId === punchId;
    return {
      result: after,
      write: (t) => {
        t.set(repo.punchRef(companyId, punchId), repo.punchToDoc(after));
        if (isOpenEntry && after.clockOutAt !== null) t.delete(repo.openPunchRef(companyId, before.employeeId));
        else if (isOpenEntry && after.clockInAt !== before.clockInAt) {
          t.set(repo.openPunchRef(companyId, before.employeeId), {
            ...state.open!,
            clockInAt: after.clockInAt,
            autoCloseAt: after.clockInAt + state.settings.autoClockOutAfterMinutes * MINUTE,
          });
        }
        audit(companyId, punchId, uid, 'edit', before, after, body.reason, now)(t);
      },
    };
  });
}

export async function deletePunch({
  companyId,
  uid,
  punchId,
  reason,
}: {
  companyId: string;
  uid: string;
  punchId: string;
  reason: string;
}): Promise<PunchView> {
  const found = await readPunchOrFail(companyId, punchId);
  return runExclusive(lockKey(companyId, found.employeeId), async (tx) => {
    const now = Date.now();
    const state = await readEmployeeState(tx, companyId, found.employeeId, [repo.punchRef(companyId, punchId)]);
    const before = repo.punchFromSnapshot(state.extra[0]);
    if (!before) throw punchNotFound();
    if (before.state === 'approved')
      throw attendanceErrors.PUNCH_LOCKED('The punch is approved: unapprove it before deleting');
    assertUnlocked(await repo.readLocks(companyId, tx), [before.businessDate]);
    const isOpenEntry = state.open?.punchId === punchId;
    return {
      result: before,
      write: (t) => {
        t.delete(repo.punchRef(companyId, punchId));
        if (isOpenEntry) t.delete(repo.openPunchRef(companyId, before.employeeId));
        audit(companyId, punchId, uid, 'delete', before, null, reason, now)(t);
      },
    };
  });
}

/**
 * Approve and unapprove: read the punch again in its employee's exclusive section, let `decide`
 * refuse it, keep it (null) or give its next state, and write that with its audit entry.
 */
async function changeApproval(
  { companyId, uid, punchId }: { companyId: string; uid: string; punchId: string },
  action: 'approve' | 'unapprove',
  reason: string | null,
  decide: (before: PunchView, now: number) => PunchView | null,
): Promise<PunchView> {
  const found = await readPunchOrFail(companyId, punchId);
  return runExclusive(lockKey(companyId, found.employeeId), async (tx) => {
    const now = Date.now();
    const before = repo.punchFromSnapshot(await tx.get(repo.punchRef(companyId, punchId)));
    if (!before) throw punchNotFound();
    const after = decide(before, now);
    if (!after) return { result: before };
    assertUnlocked(await repo.readLocks(companyId, tx), [before.businessDate]);
    return {
      result: after,
      write: (t) => {
        t.set(repo.punchRef(companyId, punchId), repo.punchToDoc(after));
        audit(companyId, punchId, uid, action, before, after, reason, now)(t);
      },
    };
  });
}

export async function approvePunch(input: { companyId: string; uid: string; punchId: string }): Promise<PunchView> {
  return changeApproval(input, 'approve', null, (before, now) => {
    const vendor = reviewed(before.vendor, input.uid, now);
    // approving an approved punch that the POS changed meanwhile settles the review (ours kept)
    if (before.state === 'approved') return before.vendor?.needsReview ? { ...before, vendor, updatedAt: now } : null;
    if (before.clockOutAt === null)
      throw attendanceErrors.PUNCH_OPEN('The punch is still open: it can be approved once clocked out');
    return { ...before, state: 'approved', approvedAt: now, approvedBy: input.uid, updatedAt: now, vendor };
  });
}

export async function unapprovePunch({
  reason,
  ...input
}: {
  companyId: string;
  uid: string;
  punchId: string;
  reason?: string;
}): Promise<PunchView> {
  return changeApproval(input, 'unapprove', reason ?? null, (before, now) => {
    if (before.state !== 'approved') throw attendanceErrors.PUNCH_NOT_APPROVED('The punch is not approved');
    return { ...before, state: 'pending', approvedAt: null, approvedBy: null, updatedAt: now };
  });
}

/** Approves each punch on its own (10 at a time); the ones that cannot be approved are listed with their code. */
export async function approveMany({
  companyId,
  uid,
  punchIds,
}: {
  companyId: string;
  uid: string;
  punchIds: string[];
}) {
  const approved: PunchView[] = [];
  const skipped: { punchId: string; code: string; message: string }[] = [];
  const ids = [...new Set(punchIds)];
  for (let i = 0; i < ids.length; i += 10) {
    await Promise.all(
      ids.slice(i, i + 10).map(async (punchId) => {
        try {
          approved.push(await approvePunch({ companyId, uid, punchId }));
        } catch (err) {
          const e = err as { code?: unknown; message?: string; status?: number };
          if (typeof e.code !== 'string' || !e.status || e.status >= 500) throw err;
          skipped.push({ punchId, code: e.code, message: e.message ?? '' });
        }
      }),
    );
  }
  const order = new Map(ids.map((id, i) => [id, i]));
  approved.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  skipped.sort((a, b) => order.get(a.punchId)! - order.get(b.punchId)!);
  return { approved, skipped };
}

// ---------------------------------------------------------------- auto clock-out

/**
 * The scheduled job: every open punch whose autoCloseAt (clock-in + autoClockOutAfterMinutes, the
 * settings in force at clock-in) has passed is closed at that time, flagged autoClockedOut, left
 * pending for a manager, with an audit entry. One query on the root registry `openPunches`.
 * Payroll locks do not stop it (a punch cannot stay open forever).
 */
export async function autoClockOut(now: number = Date.now()): Promise<{ closed: number }> {
  let closed = 0;
  for (let round = 0; round < 50; round++) {
    const snap = await repo.dueOpenPunchesQuery(now, 200).get();
    if (snap.empty) break;
    const entries = snap.docs.map((d) => repo.openEntryFromDoc(d.data()));
    for (let i = 0; i < entries.length; i += 20) {
      const done = await Promise.all(
        entries
          .slice(i, i + 20)
          .map((e) =>
            closeOverdue(e, now).catch(
              (err) => (
                logger.error('auto clock-out failed', { err, companyId: e.companyId, punchId: e.punchId }),
                false
              ),
            ),
          ),
      );
      closed += done.filter(Boolean).length;
    }
    if (snap.size < 200) break;
  }
  if (closed) logger.info('attendance auto clock-out', { closed });
  return { closed };
}

async function closeOverdue(entry: repo.OpenPunchEntry, now: number): Promise<boolean> {
  const { companyId, employeeId } = entry;
  return runExclusive(lockKey(companyId, employeeId), async (tx) => {
    const openRef = repo.openPunchRef(companyId, employeeId);
    const [openSnap, settingsSnap] = await tx.getAll(openRef, repo.settingsRef(companyId));
    const open = openSnap.exists ? repo.openEntryFromDoc(openSnap.data()!) : null;
    if (!open || open.autoCloseAt > now) return { result: false };
    const punch = repo.punchFromSnapshot(await tx.get(repo.punchRef(companyId, open.punchId)));
    if (!punch || punch.clockOutAt !== null) return { result: false, write: (t) => void t.delete(openRef) };
    const settings = repo.settingsFromData(settingsSnap.data());
    const after = close(
      punch,
      Math.max(open.autoCloseAt, punch.clockInAt),
      settings,
      { autoClockedOut: true },
      now,
      false,
    );
    const minutes = Math.round((open.autoCloseAt - punch.clockInAt) / MINUTE);
    return {
      result: true,
      write: (t) => {
        t.set(repo.punchRef(companyId, punch.id), repo.punchToDoc(after));
        t.delete(openRef);
        audit(
          companyId,
          punch.id,
          'system',
          'auto_clock_out',
          punch,
          after,
          `No clock-out ${minutes} minutes after clock-in: closed at the limit`,
          now,
        )(t);
      },
    };
  });
}

// ---------------------------------------------------------------- settings and payroll locks

export const getSettings = ({ companyId }: { companyId: string }) => repo.readSettings(companyId);

export async function patchSettings({ companyId, patch }: { companyId: string; patch: AttendanceSettingsPatch }) {
  if (Object.keys(patch).length > 0)
    await repo.settingsRef(companyId).set({ ...patch, updatedAt: Date.now() }, { merge: true });
  return repo.readSettings(companyId);
}

export const listLocks = ({ companyId }: { companyId: string }) => repo.readLocks(companyId);

/** Locks a range of business dates (payroll closed the period): punches there can no longer change. Idempotent. */
export async function lockRange(
  companyId: string,
  range: { startDate: string; endDate: string },
  uid: string,
): Promise<RangeLock> {
  requireDateRange(range.startDate, range.endDate, Number.MAX_SAFE_INTEGER);
  const lock: RangeLock = { startDate: range.startDate, endDate: range.endDate, lockedAt: Date.now(), lockedBy: uid };
  await repo.lockRef(companyId, repo.lockId(range.startDate, range.endDate)).set(lock);
  logger.info('attendance range locked', { companyId, ...range, uid });
  return lock;
}

/** Removes the lock of exactly that range (payroll reopened the period); false when there was none. */
export async function unlockRange(
  companyId: string,
  range: { startDate: string; endDate: string },
  uid: string,
): Promise<boolean> {
  const ref = repo.lockRef(companyId, repo.lockId(range.startDate, range.endDate));
  const existed = (await ref.get()).exists;
  if (existed) await ref.delete();
  logger.info('attendance range unlocked', { companyId, ...range, uid, existed });
  return existed;
}

// ---------------------------------------------------------------- payroll reads

export interface WorkedSpan {
  punchId: string;
  businessDate: string;
  positionId: string | null;
  startMs: number;
  endMs: number;
  unpaidBreaks: { startMs: number; endMs: number }[];
}

/** Closed punches of a business-date range by employee (approved ones only with approvedOnly), sorted by start. */
export async function workedSpans(
  companyId: string,
  range: { startDate: string; endDate: string },
  options: { approvedOnly: boolean },
): Promise<Map<string, WorkedSpan[]>> {
  const punches = await repo.listRange({
    companyId,
    from: range.startDate,
    to: range.endDate,
    state: options.approvedOnly ? 'approved' : undefined,
  });
  const out = new Map<string, WorkedSpan[]>();
  for (const p of punches.sort(byTime)) {
    if (p.clockOutAt === null) continue;
    const span: WorkedSpan = {
      punchId: p.id,
      businessDate: p.businessDate,
      positionId: p.positionId,
      startMs: p.clockInAt,
      endMs: p.clockOutAt,
      unpaidBreaks: p.breaks
        .filter((b) => !b.paid && b.endAt !== null)
        .map((b) => ({ startMs: b.startAt, endMs: b.endAt! })),
    };
    const list = out.get(p.employeeId);
    if (list) list.push(span);
    else out.set(p.employeeId, [span]);
  }
  return out;
}

// ---------------------------------------------------------------- POS punches

export interface VendorPunchInput {
  slug: string;
  externalId: string;
  employeeId: string;
  clockInAt: number;
  clockOutAt: number | null;
  breaks?: { type: BreakType; startAt: number; endAt: number | null; paid?: boolean }[];
  positionId?: string | null;
}

/** The id of a POS punch: stable for (slug, externalId), so a second delivery addresses the same document. */
export const vendorPunchId = (slug: string, externalId: string) =>
  `pos-${createHash('sha256').update(`${slug}\u0000${externalId}`).digest('hex').slice(0, 32)}`;

/**
 * A fingerprint of what the POS said about a punch (its employee, times, breaks, role, deletion):
 * stored as vendor.version when applied, so that a new delivery of the same version changes
 * nothing, even after a manager edited ours.
 */
export function vendorPunchVersion(input: VendorPunchInput, deleted = false): string {
  const breaks = (input.breaks ?? [])
    .map((b) => [b.type, b.startAt, b.endAt, b.paid ?? null] as const)
    .sort((a, b) => a[1] - b[1]);
  const positionId = input.positionId === undefined ? '~' : input.positionId;
  return createHash('sha256')
    .update(JSON.stringify([input.employeeId, input.clockInAt, input.clockOutAt, breaks, positionId, deleted]))
    .digest('base64url')
    .slice(0, 22);
}

/** The stored POS punches of some vendor ids (keyed by externalId; absent ones left out), in one read. */
export async function readVendorPunches(
  companyId: string,
  slug: string,
  externalIds: readonly string[],
): Promise<Map<string, PunchView>> {
  const ids = [...new Set(externalIds)];
  if (ids.length === 0) return new Map();
  const snaps = await db().getAll(...ids.map((x) => repo.punchRef(companyId, vendorPunchId(slug, x))));
  const out = new Map<string, PunchView>();
  snaps.forEach((snap, i) => {
    const punch = repo.punchFromSnapshot(snap);
    if (punch) out.set(ids[i], punch);
  });
  return out;
}

/** A manager edited or approved the punch: from then on the POS's changes are flagged for review, not applied. */
const heldByManager = (p: PunchView) => p.state === 'approved' || (p.vendor?.reviewedAt ?? null) !== null;

/** The punch with the POS version set aside for a manager (needsReview); ours is kept as it is. */
function flagForReview(before: PunchView, pending: PosPending, now: number): PunchView {
  return { ...before, vendor: { ...before.vendor!, needsReview: true, pending }, updatedAt: now };
}

/** A manager's edit or approval settles a POS punch: the version set aside counts as reviewed, and later POS changes are flagged. */
function reviewed(vendor: VendorLink | null, uid: string, now: number): VendorLink | null {
  if (!vendor) return null;
  return {
    ...vendor,
    version: vendor.pending?.version ?? vendor.version,
    needsReview: false,
    pending: null,
    reviewedAt: now,
    reviewedBy: uid,
  };
}

const FLAGGED_REASON =
  'changed in the POS after a manager edited or approved the punch: ours kept, the POS version flagged for review';

/**
 * Writes the punch a POS reported, idempotently on (slug, externalId): created the first time,
 * updated when its times, breaks, employee or role changed, unchanged when this version was
 * already applied (or reviewed). A punch a manager edited or approved is never overwritten: the
 * POS version is set aside on it for review ('flagged', vendor.needsReview). A punch in a
 * payroll-locked range answers PERIOD_LOCKED; an open POS punch takes the employee's open-punch
 * slot (ALREADY_CLOCKED_IN when another punch holds it).
 */
export type VendorPunchOutcome = { punch: PunchView; outcome: 'created' | 'updated' | 'unchanged' | 'flagged' };

export async function upsertVendorPunch(companyId: string, input: VendorPunchInput): Promise<VendorPunchOutcome> {
  const id = vendorPunchId(input.slug, input.externalId);
  const version = vendorPunchVersion(input);
  const existingNow = repo.punchFromSnapshot(await repo.punchRef(companyId, id).get());
  const keys = [
    lockKey(companyId, input.employeeId),
    ...(existingNow ? [lockKey(companyId, existingNow.employeeId)] : []),
  ];
  const by = `pos:${input.slug}`;
  return runExclusive<VendorPunchOutcome>(keys, async (tx) => {
    const now = Date.now();
    const oldOpenRef =
      existingNow && existingNow.employeeId !== input.employeeId
        ? repo.openPunchRef(companyId, existingNow.employeeId)
        : null;
    const state = await readEmployeeState(tx, companyId, input.employeeId, [
      repo.punchRef(companyId, id),
      ...(oldOpenRef ? [oldOpenRef] : []),
    ]);
    const before = repo.punchFromSnapshot(state.extra[0]);
    if (before && (before.vendor?.version === version || before.vendor?.pending?.version === version))
      return { result: { punch: before, outcome: 'unchanged' as const } };
    const breaks = (input.breaks ?? [])
      .map((b) => ({
        type: b.type,
        startAt: b.startAt,
        endAt: b.endAt,
        paid: b.paid ?? paidOf(b.type, state.settings),
      }))
      .sort((a, b) => a.startAt - b.startAt);
    if (before && heldByManager(before)) {
      assertUnlocked(await repo.readLocks(companyId, tx), [before.businessDate]);
      const after = flagForReview(
        before,
        {
          version,
          employeeId: input.employeeId,
          clockInAt: input.clockInAt,
          clockOutAt: input.clockOutAt,
          breaks,
          deleted: false,
          receivedAt: now,
        },
        now,
      );
      return {
        result: { punch: after, outcome: 'flagged' as const },
        write: (t) =>
          void (
            t.set(repo.punchRef(companyId, id), repo.punchToDoc(after)),
            audit(companyId, id, by, 'edit', before, after, `POS sync (${input.slug}): ${FLAGGED_REASON}`, now)(t)
          ),
      };
    }
    const businessDate = businessDateOf(input.clockInAt, calendarOf(state.company));
    const same =
      before &&
      before.vendor?.version === null &&
      before.employeeId === input.employeeId &&
      before.clockInAt === input.clockInAt &&
      before.clockOutAt === input.clockOutAt &&
      JSON.stringify(before.breaks) === JSON.stringify(breaks) &&
      (input.positionId === undefined || before.positionId === input.positionId);
    if (same) return { result: { punch: before, outcome: 'unchanged' as const } };
    assertUnlocked(await repo.readLocks(companyId, tx), [
      ...new Set([businessDate, ...(before ? [before.businessDate] : [])]),
    ]);
    let draft: PunchView = {
      ...(before ?? blankPunch(id, companyId, input.employeeId, now)),
      employeeId: input.employeeId,
      businessDate,
      clockInAt: input.clockInAt,
      clockOutAt: input.clockOutAt,
      breaks,
      source: 'pos',
      vendor: {
        slug: input.slug,
        externalId: input.externalId,
        version,
        needsReview: false,
        pending: null,
        reviewedAt: null,
        reviewedBy: null,
      },
      state: input.clockOutAt === null ? 'open' : 'pending',
      updatedAt: now,
    };
    assertTimeline(draft, now);
    if (!before || before.clockInAt !== input.clockInAt || before.employeeId !== input.employeeId) {
      const linked = await linkShift(companyId, input.employeeId, businessDate, input.clockInAt, state.company, tx);
      draft = { ...draft, shift: linked?.link ?? null, positionId: linked?.positionId ?? null };
    }
    if (input.positionId !== undefined) draft.positionId = input.positionId;
    const after = derive(draft, state.settings);
    const openRef = repo.openPunchRef(companyId, input.employeeId);
    const holdsSlot = state.open?.punchId === id;
    if (after.clockOutAt === null && state.open && !holdsSlot)
      throw attendanceErrors.ALREADY_CLOCKED_IN(
        `Employee ${input.employeeId} already has an open punch ${state.open.punchId}`,
      );
    const oldOpen =
      oldOpenRef && state.extra[1]?.exists && repo.openEntryFromDoc(state.extra[1].data()!).punchId === id;
    return {
      result: { punch: after, outcome: before ? ('updated' as const) : ('created' as const) },
      write: (t) => {
        t.set(repo.punchRef(companyId, id), repo.punchToDoc(after));
        if (after.clockOutAt === null)
          t.set(openRef, {
            companyId,
            employeeId: input.employeeId,
            punchId: id,
            clockInAt: after.clockInAt,
            autoCloseAt: after.clockInAt + state.settings.autoClockOutAfterMinutes * MINUTE,
          });
        else if (holdsSlot) t.delete(openRef);
        if (oldOpen) t.delete(oldOpenRef);
        audit(companyId, id, by, before ? 'edit' : 'create', before, after, `POS sync (${input.slug})`, now)(t);
      },
    };
  });
}

export type VendorPunchRemoval = { punch: PunchView | null; outcome: 'deleted' | 'flagged' | 'unchanged' };

/**
 * The POS deleted (voided) a punch it had reported (`input` is its last version): ours is removed
 * (its open-punch slot freed, an audit entry kept) unless a manager edited or approved it, in
 * which case the deletion is flagged for review. Nothing to remove, or this deletion already
 * flagged (or reviewed): 'unchanged'. A punch in a payroll-locked range answers PERIOD_LOCKED.
 */
export async function removeVendorPunch(companyId: string, input: VendorPunchInput): Promise<VendorPunchRemoval> {
  const id = vendorPunchId(input.slug, input.externalId);
  const version = vendorPunchVersion(input, true);
  const found = repo.punchFromSnapshot(await repo.punchRef(companyId, id).get());
  if (!found) return { punch: null, outcome: 'unchanged' };
  const by = `pos:${input.slug}`;
  return runExclusive<VendorPunchRemoval>(lockKey(companyId, found.employeeId), async (tx) => {
    const now = Date.now();
    const state = await readEmployeeState(tx, companyId, found.employeeId, [repo.punchRef(companyId, id)]);
    const before = repo.punchFromSnapshot(state.extra[0]);
    if (!before) return { result: { punch: null, outcome: 'unchanged' as const } };
    if (before.employeeId !== found.employeeId)
      throw coreErrors.CONCURRENT_MODIFICATION('The punch moved to another employee meanwhile; retry');
    if (before.vendor?.version === version || before.vendor?.pending?.version === version)
      return { result: { punch: before, outcome: 'unchanged' as const } };
    assertUnlocked(await repo.readLocks(companyId, tx), [before.businessDate]);
    if (heldByManager(before)) {
      const after = flagForReview(
        before,
        {
          version,
          employeeId: input.employeeId,
          clockInAt: input.clockInAt,
          clockOutAt: input.clockOutAt,
          breaks: before.breaks,
          deleted: true,
          receivedAt: now,
        },
        now,
      );
      return {
        result: { punch: after, outcome: 'flagged' as const },
        write: (t) =>
          void (
            t.set(repo.punchRef(companyId, id), repo.punchToDoc(after)),
            audit(
              companyId,
              id,
              by,
              'edit',
              before,
              after,
              `POS sync (${input.slug}): deleted in the POS after a manager edited or approved the punch: ours kept, flagged for review`,
              now,
            )(t)
          ),
      };
    }
    const holdsSlot = state.open?.punchId === id;
    return {
      result: { punch: before, outcome: 'deleted' as const },
      write: (t) => {
        t.delete(repo.punchRef(companyId, id));
        if (holdsSlot) t.delete(repo.openPunchRef(companyId, before.employeeId));
        audit(companyId, id, by, 'delete', before, null, `POS sync (${input.slug}): deleted in the POS`, now)(t);
      },
    };
  });
}
