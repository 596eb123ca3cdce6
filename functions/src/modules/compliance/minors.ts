import { addDays, hhmm, weekStart, weekdayOf } from '../../core/calendar';
import { formatCitation } from './citation';
import { placeCovers, type LawLocation } from './location';
import { PACKS } from './packs';
import type { Citation, MinorRuleSet, MinorWindow, Pack } from './types';

/**
 * The hours minors may work, as pure functions of the rule packs (packs/minors.ts), the minor's
 * date of birth, the company's school calendar and the shifts of the minor's week. No storage;
 * the schedule's checks and its generation both ask these, so a rule has one definition.
 */

/** The company's school calendar (settings `schoolCalendar`). */
export interface SchoolCalendar {
  /** Terms in session, first and last date included: their Monday-to-Friday dates are school days. */
  terms: { from: string; to: string }[];
  /** Dates inside a term without school (holidays, breaks). */
  closedDays: string[];
  /** The school's hours on a school day (minutes of the day, end excluded); null: not given. */
  hours: { start: number; end: number } | null;
}

/**
 * Whether `date` is a school day. Without a calendar every Monday to Friday is one: the strictest
 * reading, until the company gives its school calendar.
 */
export function isSchoolDay(date: string, calendar: SchoolCalendar | null | undefined): boolean {
  const weekday = weekdayOf(date);
  if (weekday === 0 || weekday === 6) return false;
  if (!calendar) return true;
  if (calendar.closedDays.includes(date)) return false;
  return calendar.terms.some((t) => t.from <= date && date <= t.to);
}

/** Labor Day of `year`: the first Monday of September (5 U.S.C. 6103(a)). */
export function laborDay(year: number): string {
  const first = `${year}-09-01`;
  return addDays(first, (8 - weekdayOf(first)) % 7);
}

/** Age in whole years on `date` of someone born on `birthDate` (a 29 February birthday counts on 1 March). */
export function ageOn(birthDate: string, date: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number);
  const [y, m, d] = date.split('-').map(Number);
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

export interface MinorContext {
  location: LawLocation | null | undefined;
  calendar: SchoolCalendar | null | undefined;
  weekStartingDay: number;
  /** The packs read (default: every pack; a test passes changed ones). */
  packs?: readonly Pack[];
}

const inForce = (r: { effectiveFrom: string; effectiveTo: string | null }, date: string) =>
  r.effectiveFrom <= date && (r.effectiveTo === null || date < r.effectiveTo);

/** The packs covering the location (federal law everywhere, also without one). */
function covering(location: LawLocation | null | undefined, packs: readonly Pack[] = PACKS) {
  return packs.filter((p) => (location ? placeCovers(p.place, location) !== null : p.place.level === 'federal'));
}

/** The least age anyone may be scheduled at on `date`, with its source (null: none). */
export function minimumAgeOn(
  location: LawLocation | null | undefined,
  date: string,
  packs?: readonly Pack[],
): { age: number; citation: Citation } | null {
  let best: { age: number; citation: Citation } | null = null;
  for (const p of covering(location, packs))
    for (const m of p.minimumAge ?? []) if (inForce(m, date) && (!best || m.age > best.age)) best = m;
  return best;
}

/** The minors' rule sets in force on `date` for someone of `age`, in the location. */
export function minorRuleSetsOn(
  location: LawLocation | null | undefined,
  date: string,
  age: number,
  packs?: readonly Pack[],
): MinorRuleSet[] {
  return covering(location, packs).flatMap((p) =>
    (p.minors ?? []).filter((s) => inForce(s, date) && s.ages.from <= age && age <= s.ages.to),
  );
}

/** What one rule set allows on one date. */
export interface DayLimits {
  schoolWeek: boolean;
  dayMinutes: number;
  weekMinutes: number;
  earliest: number;
  latest: number;
  daysPerWeek: number | null;
  /** The school's hours the minor may not work in (null: none that day, or not given). */
  schoolHours: { start: number; end: number } | null;
}

function latestOf(w: MinorWindow, date: string, nextIsSchoolDay: boolean): number {
  let latest = w.latest;
  if (w.latestBeforeNonSchoolDay !== null && !nextIsSchoolDay) latest = Math.max(latest, w.latestBeforeNonSchoolDay);
  if (w.summer) {
    const year = Number(date.slice(0, 4));
    if (date >= `${year}-${w.summer.from}` && date <= laborDay(year)) latest = Math.max(latest, w.summer.latest);
  }
  return latest;
}

/** The limits of `set` on `date`: the school-week or other-week figures, as the school calendar makes the day and its week. */
export function dayLimits(set: MinorRuleSet, date: string, ctx: MinorContext): DayLimits {
  const first = weekStart(date, ctx.weekStartingDay);
  const schoolWeek = [0, 1, 2, 3, 4, 5, 6].some((i) => isSchoolDay(addDays(first, i), ctx.calendar));
  const school = isSchoolDay(date, ctx.calendar);
  const nextSchool = isSchoolDay(addDays(date, 1), ctx.calendar);
  const schoolHours = set.outsideSchoolHours && school ? (ctx.calendar?.hours ?? null) : null;
  if (schoolWeek) {
    const w = set.schoolWeek;
    const dayMinutes = school
      ? nextSchool && w.schoolDayBeforeSchoolDay !== null
        ? w.schoolDayBeforeSchoolDay
        : w.schoolDay
      : w.nonSchoolDay;
    return {
      schoolWeek,
      dayMinutes,
      weekMinutes: w.weekMinutes,
      earliest: w.window.earliest,
      latest: latestOf(w.window, date, nextSchool),
      daysPerWeek: set.daysPerWeek,
      schoolHours,
    };
  }
  const w = set.otherWeek;
  return {
    schoolWeek,
    dayMinutes: w.dayMinutes,
    weekMinutes: w.weekMinutes,
    earliest: w.window.earliest,
    latest: latestOf(w.window, date, nextSchool),
    daysPerWeek: set.daysPerWeek,
    schoolHours,
  };
}

/** A shift as the minors' rules read it: its business date, start (minute of that date) and lengths. */
export interface MinorShift {
  id: string;
  date: string;
  start: number;
  /** Real length, minutes. */
  minutes: number;
  /** Hours worked, minutes (less an excluded break). */
  worked: number;
}

export const MINOR_RULES = [
  'minorAge',
  'minorTimeOfDay',
  'minorSchoolHours',
  'minorDayHours',
  'minorWeekHours',
  'minorDaysPerWeek',
] as const;
export type MinorRule = (typeof MINOR_RULES)[number];

export interface MinorBreach {
  rule: MinorRule;
  /** The rule set broken (us-federal-14-15), or the pack of the minimum age. */
  law: string;
  citation: string;
  message: string;
  limit?: number;
  actual?: number;
  unit?: 'hours' | 'days' | 'years';
  weekStart?: string;
}

const hours = (minutes: number) => Math.round((minutes / 60) * 100) / 100;
const clock = (minute: number) => (minute >= 1440 ? `${hhmm(minute)} the next day` : hhmm(minute));

/**
 * Every minors' rule `candidate` breaks, given the minor's other shifts (`others`, the candidate
 * excluded): nothing for an adult or someone without a date of birth. Each law in force for the
 * minor's age on the shift's date is judged on its own.
 */
export function minorBreaches(
  birthDate: string | null | undefined,
  candidate: MinorShift,
  others: readonly MinorShift[],
  ctx: MinorContext,
): MinorBreach[] {
  if (!birthDate) return [];
  const age = ageOn(birthDate, candidate.date);
  if (age >= 18) return [];
  const minimum = minimumAgeOn(ctx.location, candidate.date, ctx.packs);
  if (minimum && age < minimum.age)
    return [
      {
        rule: 'minorAge',
        law: 'us-federal',
        citation: formatCitation(minimum.citation),
        limit: minimum.age,
        actual: age,
        unit: 'years',
        message: `the employee is ${age} on ${candidate.date}; nobody under ${minimum.age} may be scheduled`,
      },
    ];
  const out: MinorBreach[] = [];
  const first = weekStart(candidate.date, ctx.weekStartingDay);
  const last = addDays(first, 6);
  const week = [candidate, ...others.filter((o) => o.date >= first && o.date <= last)];
  const sameDay = week.filter((o) => o.date === candidate.date);
  for (const set of minorRuleSetsOn(ctx.location, candidate.date, age, ctx.packs)) {
    const l = dayLimits(set, candidate.date, ctx);
    const base = { law: set.id };
    const end = candidate.start + candidate.minutes;
    const who = `a ${age}-year-old (${set.id})`;
    if (candidate.start < l.earliest || end > l.latest)
      out.push({
        ...base,
        rule: 'minorTimeOfDay',
        citation: formatCitation(set.citations.window),
        message: `${candidate.date} ${clock(candidate.start)}-${clock(end)} is outside the hours ${who} may work that day, ${clock(l.earliest)}-${clock(l.latest)}`,
      });
    if (l.schoolHours && candidate.start < l.schoolHours.end && l.schoolHours.start < end)
      out.push({
        ...base,
        rule: 'minorSchoolHours',
        citation: formatCitation(set.citations.schoolHours ?? set.citations.hours),
        message: `${candidate.date} is a school day and ${clock(candidate.start)}-${clock(end)} meets the school's hours ${clock(l.schoolHours.start)}-${clock(l.schoolHours.end)}`,
      });
    const day = sameDay.reduce((n, s) => n + s.worked, 0);
    if (day > l.dayMinutes)
      out.push({
        ...base,
        rule: 'minorDayHours',
        citation: formatCitation(set.citations.hours),
        limit: hours(l.dayMinutes),
        actual: hours(day),
        unit: 'hours',
        message: `${hours(day)} hours on ${candidate.date} exceed the ${hours(l.dayMinutes)} ${who} may work that day`,
      });
    const weekMinutes = week.reduce((n, s) => n + s.worked, 0);
    if (weekMinutes > l.weekMinutes)
      out.push({
        ...base,
        rule: 'minorWeekHours',
        citation: formatCitation(set.citations.hours),
        limit: hours(l.weekMinutes),
        actual: hours(weekMinutes),
        unit: 'hours',
        weekStart: first,
        message: `${hours(weekMinutes)} hours in the week of ${first} exceed the ${hours(l.weekMinutes)} ${who} may work in a ${l.schoolWeek ? 'school week' : 'week without school'}`,
      });
    const days = new Set(week.map((s) => s.date)).size;
    if (l.daysPerWeek !== null && days > l.daysPerWeek)
      out.push({
        ...base,
        rule: 'minorDaysPerWeek',
        citation: formatCitation(set.citations.days ?? set.citations.hours),
        limit: l.daysPerWeek,
        actual: days,
        unit: 'days',
        weekStart: first,
        message: `${days} days of work in the week of ${first} exceed the ${l.daysPerWeek} ${who} may work`,
      });
  }
  return out;
}

/**
 * The strictest of every law on one date, for the schedule generation: null when the person is
 * an adult (or has no date of birth); `allowed` false when under the minimum age.
 */
export function strictestLimits(
  birthDate: string | null | undefined,
  date: string,
  ctx: MinorContext,
): (Omit<DayLimits, 'schoolWeek'> & { allowed: boolean }) | null {
  if (!birthDate) return null;
  const age = ageOn(birthDate, date);
  if (age >= 18) return null;
  const minimum = minimumAgeOn(ctx.location, date, ctx.packs);
  const none = { dayMinutes: 0, weekMinutes: 0, earliest: 0, latest: 0, daysPerWeek: 0, schoolHours: null };
  if (minimum && age < minimum.age) return { allowed: false, ...none };
  const all = minorRuleSetsOn(ctx.location, date, age, ctx.packs).map((s) => dayLimits(s, date, ctx));
  if (all.length === 0) return null;
  const days = all.map((l) => l.daysPerWeek).filter((d): d is number => d !== null);
  return {
    allowed: true,
    dayMinutes: Math.min(...all.map((l) => l.dayMinutes)),
    weekMinutes: Math.min(...all.map((l) => l.weekMinutes)),
    earliest: Math.max(...all.map((l) => l.earliest)),
    latest: Math.min(...all.map((l) => l.latest)),
    daysPerWeek: days.length ? Math.min(...days) : null,
    schoolHours: all.find((l) => l.schoolHours)?.schoolHours ?? null,
  };
}
