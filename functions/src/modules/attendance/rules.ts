/**
 * The attendance rules, pure (no I/O): distance and geofence, lateness, break and worked minutes,
 * exceptions, auto-approval, the workweek overtime projection. Unit-tested in
 * test/unit/modules/attendance/rules.test.ts.
 */
import type { AttendanceSettings, Break, ExceptionType, PunchLocation, ShiftLink } from './schemas';

const EARTH_RADIUS_METERS = 6_371_008.8;
const MINUTE = 60_000;

export interface LatLng {
  lat: number;
  lng: number;
}

/** Great-circle distance in meters (haversine, mean Earth radius). */
export function haversineMeters(a: LatLng, b: LatLng): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * How accuracy is used: the fix is a circle of `accuracy` meters around (lat, lng). It is accepted
 * when that circle reaches the geofence, i.e. distance - accuracy <= radius, but the allowance is
 * capped at MAX_ACCURACY_ALLOWANCE_METERS so that a very poor fix (a phone reporting 2 km) cannot
 * clock in from anywhere.
 */
export const MAX_ACCURACY_ALLOWANCE_METERS = 100;

export interface GeofenceResult {
  inside: boolean;
  /** Distance to the nearest site, meters (null without sites). */
  distanceMeters: number | null;
}

/** Whether a fix is inside the geofence of any site (the company location and its other locations). No site: inside (nothing to check against). */
export function checkGeofence(point: PunchLocation, sites: LatLng[], radiusMeters: number): GeofenceResult {
  if (sites.length === 0) return { inside: true, distanceMeters: null };
  const distance = Math.min(...sites.map((s) => haversineMeters(point, s)));
  const allowance = Math.min(Math.max(point.accuracy, 0), MAX_ACCURACY_ALLOWANCE_METERS);
  return { inside: distance - allowance <= radiusMeters, distanceMeters: Math.round(distance) };
}

/** Whole minutes the clock-in was after the scheduled start (0 when on time or early). */
export const lateMinutesOf = (clockInAt: number, scheduledStartAt: number) =>
  Math.max(0, Math.floor((clockInAt - scheduledStartAt) / MINUTE));

/** Whole minutes the clock-out was before the scheduled end (0 when at or after it). */
export const leftEarlyMinutesOf = (clockOutAt: number, scheduledEndAt: number) =>
  Math.max(0, Math.floor((scheduledEndAt - clockOutAt) / MINUTE));

/** Paid and unpaid break minutes (a running break counts up to `untilMs`, when given, else not at all). */
export function breakMinutes(breaks: readonly Break[], untilMs?: number): { paid: number; unpaid: number } {
  let paid = 0;
  let unpaid = 0;
  for (const b of breaks) {
    const end = b.endAt ?? untilMs;
    if (end === undefined || end <= b.startAt) continue;
    if (b.paid) paid += end - b.startAt;
    else unpaid += end - b.startAt;
  }
  return { paid: Math.round(paid / MINUTE), unpaid: Math.round(unpaid / MINUTE) };
}

/** Clock-in to clock-out less unpaid breaks, in minutes; null while open. */
export function workedMinutesOf(p: {
  clockInAt: number;
  clockOutAt: number | null;
  breaks: readonly Break[];
}): number | null {
  if (p.clockOutAt === null) return null;
  const unpaidMs = p.breaks
    .filter((b) => !b.paid && b.endAt !== null)
    .reduce((sum, b) => sum + Math.max(0, b.endAt! - b.startAt), 0);
  return Math.max(0, Math.round((p.clockOutAt - p.clockInAt - unpaidMs) / MINUTE));
}

export interface PunchFacts {
  clockInAt: number;
  clockOutAt: number | null;
  breaks: readonly Break[];
  shift: ShiftLink | null;
  lateMinutes: number;
  leftEarlyMinutes: number;
  autoClockedOut: boolean;
}

type Rules = Pick<AttendanceSettings, 'lateGraceMinutes' | 'breakRequiredAfterMinutes' | 'autoApproveVarianceMinutes'>;

/**
 * The exceptions of one punch:
 * - late / left_early: more than lateGraceMinutes after the scheduled start / before the scheduled end;
 * - missed_break: worked more than breakRequiredAfterMinutes without a (finished) meal break;
 * - auto_clocked_out: closed by the job;
 * - unscheduled: no published shift to link to.
 */
export function punchExceptions(p: PunchFacts, rules: Rules): ExceptionType[] {
  const out: ExceptionType[] = [];
  if (p.lateMinutes > rules.lateGraceMinutes) out.push('late');
  if (p.clockOutAt !== null && p.leftEarlyMinutes > rules.lateGraceMinutes) out.push('left_early');
  const worked = workedMinutesOf(p);
  if (
    worked !== null &&
    worked > rules.breakRequiredAfterMinutes &&
    !p.breaks.some((b) => b.type === 'meal' && b.endAt !== null)
  )
    out.push('missed_break');
  if (p.autoClockedOut) out.push('auto_clocked_out');
  if (!p.shift) out.push('unscheduled');
  return out;
}

/** A closed punch is approved at clock-out when it has a shift, no exception, and |worked - scheduled| <= autoApproveVarianceMinutes. */
export function autoApproves(p: PunchFacts, rules: Rules): boolean {
  const worked = workedMinutesOf(p);
  if (worked === null || !p.shift) return false;
  if (punchExceptions(p, rules).length > 0) return false;
  return Math.abs(worked - p.shift.scheduledMinutes) <= rules.autoApproveVarianceMinutes;
}

/** The candidate whose start is nearest to the instant (ties: the earlier start, then the first listed). */
export function nearestByStart<T extends { startMs: number }>(candidates: readonly T[], at: number): T | null {
  let best: T | null = null;
  for (const c of candidates) {
    if (
      !best ||
      Math.abs(c.startMs - at) < Math.abs(best.startMs - at) ||
      (Math.abs(c.startMs - at) === Math.abs(best.startMs - at) && c.startMs < best.startMs)
    )
      best = c;
  }
  return best;
}

/** Checks a punch's timeline; answers the problems (empty when it is a punch). */
export function timelineProblems(
  p: { clockInAt: number; clockOutAt: number | null; breaks: readonly { startAt: number; endAt: number | null }[] },
  now: number,
): string[] {
  const problems: string[] = [];
  const MAX_PUNCH_MS = 24 * 60 * MINUTE;
  const SKEW_MS = MINUTE;
  if (p.clockInAt > now + SKEW_MS) problems.push('clockInAt is in the future');
  if (p.clockOutAt !== null) {
    if (p.clockOutAt <= p.clockInAt) problems.push('clockOutAt must be after clockInAt');
    if (p.clockOutAt - p.clockInAt > MAX_PUNCH_MS) problems.push('a punch lasts at most 24 hours');
    if (p.clockOutAt > now + SKEW_MS) problems.push('clockOutAt is in the future');
  }
  const sorted = [...p.breaks].sort((a, b) => a.startAt - b.startAt);
  sorted.forEach((b, i) => {
    const end = b.endAt;
    if (end !== null && end <= b.startAt) problems.push(`break ${i + 1} must end after it starts`);
    if (b.startAt < p.clockInAt || (p.clockOutAt !== null && (end === null || end > p.clockOutAt)))
      problems.push(`break ${i + 1} is outside the punch`);
    if (end === null && i !== sorted.length - 1) problems.push('only the last break may still be running');
    const next = sorted[i + 1];
    if (next && (end === null || next.startAt < end)) problems.push(`breaks ${i + 1} and ${i + 2} overlap`);
  });
  return problems;
}

/** Minutes of a 40-hour workweek, the overtime line of overtime_risk. */
export const WEEKLY_OVERTIME_MINUTES = 40 * 60;

export interface WeekDay {
  date: string;
  /** Worked minutes of closed punches of the day. */
  worked: number;
  /** Whether the day has any punch (then its worked minutes count, not its schedule). */
  punched: boolean;
  /** Scheduled minutes of the day's published shifts. */
  scheduled: number;
}

/**
 * The workweek projection: worked minutes of the days with punches, plus the scheduled minutes of
 * the days from `today` on that have no punch yet. Answers the projection and the first day at
 * which the running total passes 40 hours (null when it never does).
 */
export function overtimeProjection(
  days: readonly WeekDay[],
  today: string,
): { worked: number; remainingScheduled: number; projected: number; crossesOn: string | null } {
  let worked = 0;
  let remaining = 0;
  let running = 0;
  let crossesOn: string | null = null;
  for (const d of [...days].sort((a, b) => a.date.localeCompare(b.date))) {
    worked += d.worked;
    const counted = d.punched ? d.worked : d.date >= today ? d.scheduled : 0;
    if (!d.punched && d.date >= today) remaining += d.scheduled;
    running += counted;
    if (crossesOn === null && running > WEEKLY_OVERTIME_MINUTES) crossesOn = d.date;
  }
  return { worked, remainingScheduled: remaining, projected: worked + remaining, crossesOn };
}
