/**
 * The pure rules of a punch's life (no I/O, no clock read: `now` is a parameter): its derived
 * fields, break pay, a blank punch, closing it, the timeline, overlap, payroll-lock and geofence
 * checks, and the caller's own employee record. The measures they use live in rules.ts.
 */
import { businessSlotOfMinute, requireDateRange, type CompanyCalendar } from '../../core/calendar';
import type { Membership } from '../../core/memberships';
import type { CompanyRules } from '../companies';
import type { Shift } from '../schedule';
import { attendanceErrors } from './errors';
import {
  autoApproves,
  breakMinutes,
  checkGeofence,
  lateMinutesOf,
  leftEarlyMinutesOf,
  punchExceptions,
  timelineProblems,
  workedMinutesOf,
  type LatLng,
} from './rules';
import {
  MAX_RANGE_DAYS,
  type AttendanceSettings,
  type Break,
  type BreakType,
  type PunchLocation,
  type PunchView,
  type RangeLock,
  type ShiftLink,
} from './schemas';

export const MINUTE = 60_000;

export const punchNotFound = () => attendanceErrors.PUNCH_NOT_FOUND('Punch not found');

export const checkRange = (startDate: string, endDate: string): number =>
  requireDateRange(startDate, endDate, MAX_RANGE_DAYS);

export const calendarOf = (c: CompanyRules): Pick<CompanyCalendar, 'timezone' | 'dayChangeTime'> => ({
  timezone: c.profile.timezone,
  dayChangeTime: c.settings.dayChangeTime,
});

/** The caller's own employee record id (employee routes act on it). */
export function ownEmployeeId(member: Membership): string {
  if (!member.employeeId)
    throw attendanceErrors.NOT_AN_EMPLOYEE(
      'Your membership in this company is linked to no employee record; ask a manager to link you',
    );
  return member.employeeId;
}

/** Punches in reading order: business date, clock-in, employee, id. */
export const byTime = (a: PunchView, b: PunchView) =>
  a.businessDate.localeCompare(b.businessDate) ||
  a.clockInAt - b.clockInAt ||
  a.employeeId.localeCompare(b.employeeId) ||
  a.id.localeCompare(b.id);

// ---------------------------------------------------------------- derived fields, breaks, closing

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

export const paidOf = (type: BreakType, settings: AttendanceSettings) =>
  type === 'meal' ? settings.mealBreaksPaid : settings.restBreaksPaid;

/** Breaks given by a manager or a POS, sorted by start; one without `paid` is paid as the settings say for its type. */
export function breaksWithPay(
  breaks: readonly { type: BreakType; startAt: number; endAt: number | null; paid?: boolean }[],
  settings: AttendanceSettings,
): Break[] {
  return breaks
    .map((b) => ({ type: b.type, startAt: b.startAt, endAt: b.endAt, paid: b.paid ?? paidOf(b.type, settings) }))
    .sort((a, b) => a.startAt - b.startAt);
}

/** The running break (if any) ends at `at`, or at its own start when `at` is earlier. */
export const endRunningBreak = (breaks: readonly Break[], at: number): Break[] =>
  breaks.map((b) => (b.endAt === null ? { ...b, endAt: Math.max(at, b.startAt) } : b));

/** When the auto clock-out job closes a punch clocked in at `clockInAt`. */
export const autoCloseAtOf = (clockInAt: number, settings: AttendanceSettings) =>
  clockInAt + settings.autoClockOutAfterMinutes * MINUTE;

/** An open app punch with nothing recorded yet; callers fill in what they know. */
export function blankPunch(id: string, companyId: string, employeeId: string, now: number): PunchView {
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

/** Closes a punch at `at`: a running break ends then; approved when autoApproves, else pending. */
export function closePunch(
  punch: PunchView,
  at: number,
  settings: AttendanceSettings,
  extra: Partial<PunchView>,
  now: number,
  allowAutoApprove: boolean,
): PunchView {
  const closed = derive(
    { ...punch, ...extra, clockOutAt: at, breaks: endRunningBreak(punch.breaks, at), updatedAt: now },
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

// ---------------------------------------------------------------- shifts

/** The business date a shift belongs to (its start minute under the company's dayChangeTime). */
export const shiftBusinessDate = (s: Pick<Shift, 'date' | 'start'>, dayChangeTime: number) =>
  businessSlotOfMinute(s.date, s.start, dayChangeTime).businessDate;

/** A punch's link to a shift that runs from startMs to endMs. */
export const shiftLinkOf = (shift: Pick<Shift, 'id' | 'date' | 'workedMinutes'>, startMs: number, endMs: number) =>
  ({
    shiftId: shift.id,
    date: shift.date,
    scheduledStartAt: startMs,
    scheduledEndAt: endMs,
    scheduledMinutes: shift.workedMinutes || Math.round((endMs - startMs) / MINUTE),
  }) satisfies ShiftLink;

// ---------------------------------------------------------------- checks

export function assertUnlocked(locks: readonly RangeLock[], dates: readonly string[]): void {
  for (const date of dates) {
    const lock = locks.find((l) => l.startDate <= date && date <= l.endDate);
    if (lock)
      throw attendanceErrors.PERIOD_LOCKED(
        `Business date ${date} is in the range ${lock.startDate}..${lock.endDate} closed by payroll`,
        [{ path: 'businessDate', message: 'locked', date, startDate: lock.startDate, endDate: lock.endDate }],
      );
  }
}

export function assertTimeline(p: PunchView, now: number): void {
  const problems = timelineProblems(p, now);
  if (problems.length)
    throw attendanceErrors.INVALID_PUNCH_TIMES(
      problems.join('; '),
      problems.map((message) => ({ path: 'clockInAt', message })),
    );
}

/** Refuses a punch that overlaps another of `others` (an open one lasts until now). */
export function assertNoOverlapWith(others: readonly PunchView[], p: PunchView, now: number): void {
  const end = p.clockOutAt ?? now;
  const hit = others.find(
    (o) => o.id !== p.id && o.clockInAt < end && p.clockInAt < (o.clockOutAt ?? Math.max(now, o.clockInAt + 1)),
  );
  if (hit)
    throw attendanceErrors.PUNCH_OVERLAP(`The punch overlaps punch ${hit.id} of the employee`, [
      { path: 'clockInAt', message: 'overlap', conflictingPunchId: hit.id },
    ]);
}

function sitesOf(company: CompanyRules): LatLng[] {
  const valid = (l: unknown): l is LatLng =>
    !!l && typeof (l as LatLng).lat === 'number' && typeof (l as LatLng).lng === 'number';
  return [company.profile.location, ...Object.values(company.profile.locations ?? {})].filter(valid);
}

/** The geolocation rule of clock-in and clock-out: only when the company policy isGeolocationEnabled is on. */
export function assertLocationAllowed(
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
