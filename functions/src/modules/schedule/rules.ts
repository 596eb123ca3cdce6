import type { DocumentData } from 'firebase-admin/firestore';
import type { CompanyRules } from '../companies';
import { schedulingJurisdiction, type MinorContext } from '../compliance';
import type { Finding } from './schemas';
import { minRestMinutes, restPremium, type Jurisdiction, type PremiumDue } from './fair-workweek';
import { timeOffInterval, type TimeOff } from './time-off';
import { addDays, hhmm, shiftInterval, weekStart, weekdayName } from '../../core/calendar';

/**
 * The conflict rules of a shift, as pure functions of the company's rules, the employee and the
 * employee's other shifts. Which findings block a write (422) and which are warnings:
 *   overlap                          always blocks
 *   betweenShifts, maxDayHours       block when settings.conflictsDetectionEnabled, else warnings
 *   maxHoursPerWeek (company), maxHoursInWeek, maxDaysPerWeek (employee), availability
 *                                    always warnings, returned with the saved shift
 *   minorAge, minorTimeOfDay, minorSchoolHours, minorDayHours, minorWeekHours, minorDaysPerWeek
 *                                    block unless settings.minorRules is warn (minors.ts)
 * (References — unknown or archived employee/role/sub-role, a position the employee does not hold —
 * are checked by shift-checks.ts and always block.)
 */

export interface ScheduleRules {
  timezone: string;
  weekStartingDay: number;
  dayChangeTime: number;
  defaultDuration: number;
  betweenShifts: number;
  maxDayHours: number | false;
  excludeBreaks: boolean;
  breaks: Record<string, { hours: number; length: number }>;
  conflictsDetectionEnabled: boolean;
  maxHoursPerWeek: number;
  /** The company's fair-workweek jurisdiction (absent or 'none': no rule): compliance's `schedulingJurisdiction`. */
  jurisdiction?: Jurisdiction;
  /** What a shift breaking a minors' rule does (settings minorRules; absent: block). */
  minorRules?: 'block' | 'warn';
  /** What the minors' rules read: the law location, the school calendar, the week (absent: no minors' checks). */
  minors?: MinorContext;
}

/** The rules of the schedule, from the company's profile and settings (defaults applied by the companies module). */
export function scheduleRulesOf({ profile: p, settings: s }: CompanyRules): ScheduleRules {
  return {
    timezone: p.timezone,
    weekStartingDay: p.weekStartingDay,
    dayChangeTime: s.dayChangeTime,
    defaultDuration: p.defaultDuration,
    betweenShifts: p.betweenShifts,
    maxDayHours: p.maxDayHours,
    excludeBreaks: Boolean(p.excludeBreaks),
    breaks: p.breaks ?? {},
    conflictsDetectionEnabled: Boolean(s.conflictsDetectionEnabled),
    maxHoursPerWeek: s.maxHoursPerWeek,
    jurisdiction: schedulingJurisdiction({
      location: p.lawLocation,
      coverage: p.lawCoverage,
      override: s.fairWorkweekJurisdiction,
    }).jurisdiction,
    minorRules: s.minorRules ?? 'block',
    minors: { location: p.lawLocation ?? null, calendar: s.schoolCalendar ?? null, weekStartingDay: p.weekStartingDay },
  };
}

/**
 * The break of a shift of `minutes`: the longest break whose rule applies (a shift of at least
 * `hours` hours has a break of `length` minutes); 0 when the company does not exclude breaks.
 */
export function breakMinutes(minutes: number, rules: ScheduleRules): number {
  if (!rules.excludeBreaks) return 0;
  let longest = 0;
  for (const b of Object.values(rules.breaks)) {
    if (minutes >= b.hours * 60 && b.length > longest) longest = b.length;
  }
  return Math.min(longest, minutes);
}

export interface ShiftLike {
  id: string;
  employeeId: string;
  date: string;
  start: number;
  end: number | null;
  mode: string;
}

export interface Timed<S extends ShiftLike = ShiftLike> {
  shift: S;
  startMs: number;
  endMs: number;
  /** Real length in minutes. */
  minutes: number;
  /** Length less the break, when breaks are excluded. */
  worked: number;
}

export function timed<S extends ShiftLike>(shift: S, rules: ScheduleRules): Timed<S> {
  const { startMs, endMs } = shiftInterval(shift, rules.timezone, rules.defaultDuration);
  const minutes = Math.round((endMs - startMs) / 60_000);
  return { shift, startMs, endMs, minutes, worked: minutes - breakMinutes(minutes, rules) };
}

const hours = (minutes: number) => Math.round((minutes / 60) * 100) / 100;
const describe = (s: ShiftLike) => `${s.id} (${s.date} ${hhmm(s.start)}-${hhmm(s.end)}, ${s.mode})`;

type AvailabilityWindow = { start: number; end: number };

/**
 * Every finding for `candidate` against `others`: the employee's other shifts that stand with it
 * (the candidate itself excluded).
 */
export function evaluate(
  candidate: Timed,
  others: Timed[],
  rules: ScheduleRules,
  availabilities: DocumentData | undefined,
): Finding[] {
  const c = candidate.shift;
  const base = { shiftId: c.id, employeeId: c.employeeId, date: c.date };
  const findings: Finding[] = [];
  const restMs = rules.betweenShifts * 60_000;

  for (const o of others) {
    if (o.startMs < candidate.endMs && candidate.startMs < o.endMs) {
      findings.push({
        ...base,
        rule: 'overlap',
        blocking: true,
        conflictingShiftId: o.shift.id,
        message: `${describe(c)} overlaps ${describe(o.shift)} of the same employee`,
      });
      continue;
    }
    if (restMs > 0) {
      const gap = o.endMs <= candidate.startMs ? candidate.startMs - o.endMs : o.startMs - candidate.endMs;
      if (gap < restMs) {
        findings.push({
          ...base,
          rule: 'betweenShifts',
          blocking: rules.conflictsDetectionEnabled,
          conflictingShiftId: o.shift.id,
          limit: rules.betweenShifts,
          actual: Math.round(gap / 60_000),
          unit: 'minutes',
          message: `${describe(c)} leaves ${Math.round(gap / 60_000)} minutes of rest next to ${describe(o.shift)}; the company requires ${rules.betweenShifts}`,
        });
      }
    }
  }

  if (rules.maxDayHours !== false) {
    const dayMinutes =
      candidate.worked + others.filter((o) => o.shift.date === c.date).reduce((n, o) => n + o.worked, 0);
    if (dayMinutes > rules.maxDayHours * 60) {
      findings.push({
        ...base,
        rule: 'maxDayHours',
        blocking: rules.conflictsDetectionEnabled,
        limit: rules.maxDayHours,
        actual: hours(dayMinutes),
        unit: 'hours',
        message: `${hours(dayMinutes)} hours on ${c.date} exceed the daily maximum of ${rules.maxDayHours}`,
      });
    }
  }

  const first = weekStart(c.date, rules.weekStartingDay);
  const last = addDays(first, 6);
  const week = [candidate, ...others.filter((o) => o.shift.date >= first && o.shift.date <= last)];
  const weekMinutes = week.reduce((n, o) => n + o.worked, 0);
  const weekDays = new Set(week.map((o) => o.shift.date)).size;
  const weekBase = { ...base, blocking: false, weekStart: first };
  if (weekMinutes > rules.maxHoursPerWeek * 60) {
    findings.push({
      ...weekBase,
      rule: 'maxHoursPerWeek',
      limit: rules.maxHoursPerWeek,
      actual: hours(weekMinutes),
      unit: 'hours',
      message: `${hours(weekMinutes)} hours in the week of ${first} exceed the company maximum of ${rules.maxHoursPerWeek}`,
    });
  }
  const maxHoursInWeek = availabilities?.maxHoursInWeek;
  if (typeof maxHoursInWeek === 'number' && weekMinutes > maxHoursInWeek * 60) {
    findings.push({
      ...weekBase,
      rule: 'maxHoursInWeek',
      limit: maxHoursInWeek,
      actual: hours(weekMinutes),
      unit: 'hours',
      message: `${hours(weekMinutes)} hours in the week of ${first} exceed the employee's maximum of ${maxHoursInWeek}`,
    });
  }
  const maxDaysPerWeek = availabilities?.maxDaysPerWeek;
  if (typeof maxDaysPerWeek === 'number' && weekDays > maxDaysPerWeek) {
    findings.push({
      ...weekBase,
      rule: 'maxDaysPerWeek',
      limit: maxDaysPerWeek,
      actual: weekDays,
      unit: 'days',
      message: `${weekDays} working days in the week of ${first} exceed the employee's maximum of ${maxDaysPerWeek}`,
    });
  }

  const dayName = weekdayName(c.date);
  const day = availabilities?.[dayName];
  if (day && typeof day === 'object' && day.allDay !== true) {
    const windows = [day.shift1, day.shift2].filter(
      (w): w is AvailabilityWindow => !!w && typeof w.start === 'number' && typeof w.end === 'number',
    );
    const from = c.start;
    const to = from + candidate.minutes;
    if (!windows.some((w) => from >= w.start && to <= w.end)) {
      findings.push({
        ...base,
        rule: 'availability',
        blocking: false,
        message: windows.length
          ? `${describe(c)} is outside the employee's availability on ${dayName} (${windows.map((w) => `${hhmm(w.start)}-${w.end === 1440 ? '24:00' : hhmm(w.end)}`).join(', ')})`
          : `the employee is not available on ${dayName}`,
      });
    }
  }
  return findings;
}

/** Identity of a finding, so that the same problem found from both of its shifts is listed once. */
export function findingKey(f: Finding): string {
  switch (f.rule) {
    case 'overlap':
    case 'betweenShifts':
    case 'fairWorkweekRest':
      return `${f.rule}:${[f.shiftId, f.conflictingShiftId].sort().join('|')}`;
    case 'maxDayHours':
      return `${f.rule}:${f.employeeId}:${f.date}`;
    case 'minorDayHours':
      return `${f.rule}:${f.law}:${f.employeeId}:${f.date}`;
    case 'minorWeekHours':
    case 'minorDaysPerWeek':
      return `${f.rule}:${f.law}:${f.employeeId}:${f.weekStart}`;
    case 'minorAge':
    case 'minorTimeOfDay':
    case 'minorSchoolHours':
      return `${f.rule}:${f.law}:${f.shiftId}`;
    case 'maxHoursPerWeek':
    case 'maxHoursInWeek':
    case 'maxDaysPerWeek':
      return `${f.rule}:${f.employeeId}:${f.weekStart}`;
    default:
      return `${f.rule}:${f.shiftId}`;
  }
}

/** An approved day-off of the employee that the shift meets: always blocks. */
export function timeOffFindings(candidate: Timed, timeOffs: readonly TimeOff[], rules: ScheduleRules): Finding[] {
  const c = candidate.shift;
  return timeOffs
    .filter((t) => t.employeeId === c.employeeId)
    .filter((t) => {
      const i = timeOffInterval(t, rules);
      return i.startMs < candidate.endMs && candidate.startMs < i.endMs;
    })
    .map((t) => ({
      shiftId: c.id,
      employeeId: c.employeeId,
      date: c.date,
      rule: 'timeOff' as const,
      blocking: true,
      timeOffId: t.id,
      message: `${describe(c)} falls on an approved day-off of the employee on ${t.date}${t.start === null ? '' : ` (${hhmm(t.start)}-${hhmm(t.end)})`}`,
    }));
}

/**
 * The fair-workweek rest: a shift and another of the previous or next business date with less
 * rest between them than the jurisdiction's minimum. Blocks unless the employee consented; the
 * premium it costs is returned with each finding.
 */
export function restFindings(
  candidate: Timed,
  others: readonly Timed[],
  rules: ScheduleRules,
  consent: boolean,
): { finding: Finding; premium: PremiumDue; other: Timed; candidateIsSecond: boolean }[] {
  const jurisdiction = rules.jurisdiction ?? 'none';
  const c = candidate.shift;
  const min = minRestMinutes(jurisdiction, c.date);
  if (min === 0) return [];
  const out: { finding: Finding; premium: PremiumDue; other: Timed; candidateIsSecond: boolean }[] = [];
  for (const o of others) {
    if (o.shift.date === c.date || (o.shift.date !== addDays(c.date, -1) && o.shift.date !== addDays(c.date, 1)))
      continue;
    const candidateFirst = candidate.startMs < o.startMs;
    const gapMs = candidateFirst ? o.startMs - candidate.endMs : candidate.startMs - o.endMs;
    if (gapMs < 0) continue;
    const gap = Math.round(gapMs / 60_000);
    const second = candidateFirst ? o : candidate;
    const premium = restPremium(jurisdiction, gap, second.minutes, second.shift.date);
    if (!premium) continue;
    out.push({
      premium,
      other: o,
      candidateIsSecond: !candidateFirst,
      finding: {
        shiftId: c.id,
        employeeId: c.employeeId,
        date: c.date,
        rule: 'fairWorkweekRest',
        blocking: !consent,
        conflictingShiftId: o.shift.id,
        limit: min,
        actual: gap,
        unit: 'minutes',
        message: `${describe(c)} leaves ${gap} minutes of rest next to ${describe(o.shift)}; the fair-workweek rule (${jurisdiction}) requires ${min} unless the employee consents (restConsent)`,
      },
    });
  }
  return out;
}
