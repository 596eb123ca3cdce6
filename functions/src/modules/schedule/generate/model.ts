/**
 * The schedule generation problem as pure data and pure rules (no Firestore, no solver): the seats
 * to fill, the staff who may fill them, the hard rules an assignment must never break, and the
 * score an assignment earns. The greedy pass, the MIP and the explanations all use these, so a
 * rule has one definition.
 */

import type { SeatReason } from './demand';

export const GENERATION_PRIORITIES = ['longer-shifts', 'period-start', 'chronological'] as const;
export type GenerationPriority = (typeof GENERATION_PRIORITIES)[number];
export const GENERATION_FORMATS = ['standard', 'seniority'] as const;
export type GenerationFormat = (typeof GENERATION_FORMATS)[number];

/** One person needed on one slot of the template on one date. */
export interface Seat {
  id: string;
  date: string;
  /** First day of the company week holding `date`. */
  weekStart: string;
  /** Index of `date` in the generated range (0 = first day). */
  dayIndex: number;
  /** Weekday name of `date` (Monday..Sunday), the key of the availabilities. */
  weekday: string;
  /** Minute of the day; `end < start` ends the next day. */
  start: number;
  end: number;
  startMs: number;
  endMs: number;
  /** Real length in minutes. */
  minutes: number;
  /** Length less the break when the company excludes breaks: what counts toward the limits. */
  worked: number;
  roleId: string;
  subRoleId: string;
  /** The template slot's key (e.g. lunch), or the daypart of a forecast seat. */
  slotKey: string | null;
  /** Why the seat exists (absent: a slot of the template). */
  because?: SeatReason;
}

/** A slot position the template keeps open (`hold`): never filled by generation, reported as such. */
export type HeldSeat = Omit<Seat, 'startMs' | 'endMs' | 'minutes' | 'worked'>;

/** A shift that already stands (published, manual or draft): generation works around it. */
export interface FixedShift {
  id: string;
  date: string;
  weekStart: string;
  startMs: number;
  endMs: number;
  worked: number;
}

export interface AvailabilityDay {
  allDay: boolean;
  priority: number;
  windows: { start: number; end: number }[];
}

export interface Staff {
  id: string;
  name: string;
  /** `roleId/subRoleId` of every position held. */
  positions: string[];
  /** Per weekday name; a weekday without an entry is no constraint (as the conflict rules read it). */
  availability: Record<string, AvailabilityDay | undefined>;
  /** Weekly limit in worked minutes (the smaller of the employee's maxHoursInWeek and the company maxHoursPerWeek). */
  maxWeekMinutes: number | null;
  minWeekMinutes: number;
  maxDaysPerWeek: number | null;
  /** Hiring date (YYYY-MM-DD) for the seniority format; null when unknown (least senior). */
  hiring: string | null;
  /** Hourly rate in minor units (the employee's rateRegular, else the role's rate). */
  rateMinor: Record<string, number>;
  /** Windows the employee cannot work (approved day-offs), epoch ms. */
  blocked: { startMs: number; endMs: number }[];
  /**
   * The person's live shifts at the employer's other locations (linked records), each widened by
   * `minRestMinutes` on both sides: no seat may meet one (absent: none, or not linked).
   */
  elsewhere?: { startMs: number; endMs: number }[];
  /** Minimum rest between two shifts, in minutes (betweenShifts, or a stricter fair-workweek rest). */
  minRestMinutes: number;
  fixed: FixedShift[];
  /** The minors' hours the employee works under (null: an adult, or no date of birth). */
  minor?: MinorPlan | null;
}

/** What the minors' laws allow an employee (the strictest of them: compliance's strictestLimits). */
export interface MinorPlan {
  /** Per date of the range. allowed false: under the minimum age. Times in minutes from the date's midnight. */
  days: Record<
    string,
    {
      allowed: boolean;
      dayMinutes: number;
      earliest: number;
      latest: number;
      schoolHours: { start: number; end: number } | null;
    }
  >;
  /** Per company week (its first date): the most worked minutes. */
  weekMinutes: Record<string, number>;
  daysPerWeek: number | null;
}

export interface GenerationRules {
  /** Daily limit in worked minutes of the shifts starting that day; null when the company has none. */
  maxDayMinutes: number | null;
  priority: GenerationPriority;
  format: GenerationFormat;
}

export interface GenerationProblem {
  seats: Seat[];
  held: HeldSeat[];
  staff: Staff[];
  rules: GenerationRules;
  /** Days in the range (for the period-start priority). */
  days: number;
}

export const positionKey = (roleId: string, subRoleId: string) => `${roleId}/${subRoleId}`;

// ------------------------------------------------------------------ hard rules

/** Why an employee cannot take a seat whatever else is assigned. */
export type StaticReason = 'position' | 'availability' | 'timeOff' | 'otherLocation' | 'minor';
/** Why an employee cannot take a seat given the shifts they already have. */
export type LedgerReason =
  'overlap' | 'betweenShifts' | 'maxDayHours' | 'maxHoursInWeek' | 'maxDaysPerWeek' | 'minorHours';
export type Reason = StaticReason | LedgerReason;

/** The same reading of availability as the conflict rules: the seat fits in shift1 or shift2 of its weekday, unless allDay. */
export function availableFor(staff: Staff, seat: Pick<Seat, 'weekday' | 'start' | 'minutes'>): boolean {
  const day = staff.availability[seat.weekday];
  if (!day || day.allDay) return true;
  const to = seat.start + seat.minutes;
  return day.windows.some((w) => seat.start >= w.start && to <= w.end);
}

export function staticReason(staff: Staff, seat: Seat): StaticReason | null {
  if (!staff.positions.includes(positionKey(seat.roleId, seat.subRoleId))) return 'position';
  if (!availableFor(staff, seat)) return 'availability';
  if (staff.blocked.some((b) => b.startMs < seat.endMs && seat.startMs < b.endMs)) return 'timeOff';
  if (staff.elsewhere?.some((b) => b.startMs < seat.endMs && seat.startMs < b.endMs)) return 'otherLocation';
  if (staff.minor && !minorFits(staff.minor, seat)) return 'minor';
  return null;
}

/** Whether a minor may work the seat by itself: old enough, inside the hours of its day, outside school hours, within the day's limit. */
function minorFits(plan: MinorPlan, seat: Seat): boolean {
  const day = plan.days[seat.date];
  if (!day) return true;
  const end = seat.start + seat.minutes;
  if (!day.allowed || seat.start < day.earliest || end > day.latest || seat.worked > day.dayMinutes) return false;
  return !day.schoolHours || !(seat.start < day.schoolHours.end && day.schoolHours.start < end);
}

interface Interval {
  startMs: number;
  endMs: number;
}

/** A shift in a ledger: a seat or an existing shift. */
type Booked = Pick<Seat, 'id' | 'date' | 'weekStart' | 'startMs' | 'endMs' | 'worked'>;

/**
 * What one employee already works (fixed shifts plus the seats given so far), with the check of a
 * further seat against every rule that depends on it.
 */
export class Ledger {
  private readonly intervals = new Map<string, Interval>();
  private readonly dayMinutes = new Map<string, number>();
  private readonly weekMinutes = new Map<string, number>();
  /** Per week, the shifts on each date. */
  private readonly weekDays = new Map<string, Map<string, number>>();

  constructor(
    readonly staff: Staff,
    private readonly rules: GenerationRules,
  ) {
    for (const f of staff.fixed) this.add(f);
  }

  add(s: Booked): void {
    this.intervals.set(s.id, { startMs: s.startMs, endMs: s.endMs });
    this.change(s, 1);
  }

  remove(s: Booked): void {
    if (this.intervals.delete(s.id)) this.change(s, -1);
  }

  private change(s: Booked, sign: 1 | -1): void {
    this.dayMinutes.set(s.date, (this.dayMinutes.get(s.date) ?? 0) + sign * s.worked);
    this.weekMinutes.set(s.weekStart, (this.weekMinutes.get(s.weekStart) ?? 0) + sign * s.worked);
    const days = this.weekDays.get(s.weekStart) ?? new Map<string, number>();
    const n = (days.get(s.date) ?? 0) + sign;
    if (n > 0) days.set(s.date, n);
    else days.delete(s.date);
    this.weekDays.set(s.weekStart, days);
  }

  weekWorked(weekStart: string): number {
    return this.weekMinutes.get(weekStart) ?? 0;
  }

  daysWorked(weekStart: string): number {
    return this.weekDays.get(weekStart)?.size ?? 0;
  }

  /** The first rule `seat` would break for this employee, or null. */
  check(seat: Seat): LedgerReason | null {
    const rest = this.staff.minRestMinutes * 60_000;
    let tooClose = false;
    for (const i of this.intervals.values()) {
      if (i.startMs < seat.endMs && seat.startMs < i.endMs) return 'overlap';
      if (rest > 0 && i.startMs < seat.endMs + rest && seat.startMs < i.endMs + rest) tooClose = true;
    }
    if (tooClose) return 'betweenShifts';
    const limit = this.rules.maxDayMinutes;
    if (limit !== null && (this.dayMinutes.get(seat.date) ?? 0) + seat.worked > limit) return 'maxDayHours';
    const weekLimit = this.staff.maxWeekMinutes;
    if (weekLimit !== null && this.weekWorked(seat.weekStart) + seat.worked > weekLimit) return 'maxHoursInWeek';
    const maxDays = this.staff.maxDaysPerWeek;
    const days = this.weekDays.get(seat.weekStart);
    if (maxDays !== null && !days?.has(seat.date) && (days?.size ?? 0) + 1 > maxDays) return 'maxDaysPerWeek';
    const minor = this.staff.minor;
    if (minor) {
      const dayLimit = minor.days[seat.date]?.dayMinutes;
      if (dayLimit !== undefined && (this.dayMinutes.get(seat.date) ?? 0) + seat.worked > dayLimit) return 'minorHours';
      const weekLimit = minor.weekMinutes[seat.weekStart];
      if (weekLimit !== undefined && this.weekWorked(seat.weekStart) + seat.worked > weekLimit) return 'minorHours';
      if (minor.daysPerWeek !== null && !days?.has(seat.date) && (days?.size ?? 0) + 1 > minor.daysPerWeek)
        return 'minorHours';
    }
    return null;
  }
}

// ------------------------------------------------------------------ objective

/**
 * Weights of the objective tiers. Each assignment earns COVERAGE, plus PRIORITY x (0..1) for the
 * generationPriority, plus SENIORITY x (0..1) in the seniority format, plus at most 10 for
 * availability priority, fairness and cost together. Each tier's weight is ten or more times the
 * whole range of the tiers below it, so for any one choice a higher tier always decides. A seat
 * beyond the forecast's need (added for a labor-% target) earns EXTRA less coverage: a seat the
 * demand needs is always filled before it.
 */
export const WEIGHTS = {
  COVERAGE: 100_000,
  EXTRA: 10_000,
  PRIORITY: 1_000,
  SENIORITY: 100,
  AVAILABILITY: 3,
  FAIRNESS: 4,
  COST: 3,
} as const;

/**
 * The generationPriority's preference for a seat, in [0, 1]: longer-shifts by length;
 * period-start by day (earlier first), then length; chronological by start instant (earlier first).
 */
export function priorityScore(
  seat: Seat,
  problem: GenerationProblem,
  span: { firstMs: number; lastMs: number; longest: number },
): number {
  switch (problem.rules.priority) {
    case 'longer-shifts':
      return span.longest > 0 ? seat.minutes / span.longest : 0;
    case 'period-start':
      // Earlier days first; within a day, longer shifts (the length term is under one day's step).
      return (
        (problem.days - 1 - seat.dayIndex + (span.longest > 0 ? (0.99 * seat.minutes) / span.longest : 0)) /
        problem.days
      );
    case 'chronological':
      return span.lastMs > span.firstMs ? 1 - (seat.startMs - span.firstMs) / (span.lastMs - span.firstMs) : 1;
  }
}

export interface Scoring {
  /** Objective of giving `seat` to `staff`, without the fairness term (it depends on the week's total). */
  pair(seat: Seat, staff: Staff): number;
  /** Seniority in [0, 1]: 1 for the earliest hiring date, 0 for the latest or unknown. */
  seniority(staff: Staff): number;
  /** Availability priority in [0, 1] over the company's range of priorities. */
  availability(staff: Staff, seat: Seat): number;
  /** Labour cost of the assignment in minor units. */
  cost(staff: Staff, seat: Seat): number;
  /** Objective per worked minute that brings the employee's week closer to minHoursInWeek. */
  fairnessPerMinute: number;
}

export function scoring(problem: GenerationProblem): Scoring {
  const { seats, staff } = problem;
  const span = {
    firstMs: Math.min(...seats.map((s) => s.startMs)),
    lastMs: Math.max(...seats.map((s) => s.startMs)),
    longest: Math.max(0, ...seats.map((s) => s.minutes)),
  };
  const hired = [...new Set(staff.map((s) => s.hiring).filter((h): h is string => h !== null))].sort();
  const seniority = (s: Staff) =>
    s.hiring === null ? 0 : hired.length <= 1 ? 1 : 1 - hired.indexOf(s.hiring) / (hired.length - 1);
  const priorities = staff.flatMap((s) => Object.values(s.availability).map((d) => d?.priority ?? 0));
  const [pMin, pMax] = [Math.min(0, ...priorities), Math.max(0, ...priorities)];
  const availability = (s: Staff, seat: Seat) => {
    const p = s.availability[seat.weekday]?.priority ?? 0;
    return pMax > pMin ? (p - pMin) / (pMax - pMin) : 0;
  };
  const cost = (s: Staff, seat: Seat) => Math.round(((s.rateMinor[seat.roleId] ?? 0) * seat.worked) / 60);
  let maxCost = 0;
  for (const seat of seats) for (const s of staff) maxCost = Math.max(maxCost, cost(s, seat));
  const longestWorked = Math.max(1, ...seats.map((s) => s.worked));
  return {
    seniority,
    availability,
    cost,
    fairnessPerMinute: WEIGHTS.FAIRNESS / longestWorked,
    pair: (seat, s) =>
      WEIGHTS.COVERAGE -
      (seat.because?.kind === 'laborTarget' ? WEIGHTS.EXTRA : 0) +
      WEIGHTS.PRIORITY * priorityScore(seat, problem, span) +
      (problem.rules.format === 'seniority' ? WEIGHTS.SENIORITY * seniority(s) : 0) +
      WEIGHTS.AVAILABILITY * availability(s, seat) -
      (maxCost > 0 ? (WEIGHTS.COST * cost(s, seat)) / maxCost : 0),
  };
}

export interface Assignment {
  seatId: string;
  staffId: string;
}

/** The objective of a set of assignments (the same value the MIP maximises). */
export function objectiveOf(
  problem: GenerationProblem,
  assignments: Assignment[],
  score: Scoring = scoring(problem),
): number {
  const seats = new Map(problem.seats.map((s) => [s.id, s]));
  const staff = new Map(problem.staff.map((s) => [s.id, s]));
  let total = 0;
  const weekWorked = new Map<string, number>();
  for (const a of assignments) {
    const seat = seats.get(a.seatId)!;
    total += score.pair(seat, staff.get(a.staffId)!);
    const key = `${a.staffId}|${seat.weekStart}`;
    weekWorked.set(key, (weekWorked.get(key) ?? 0) + seat.worked);
  }
  for (const [key, minutes] of weekWorked) {
    const [staffId, week] = key.split('|');
    total += score.fairnessPerMinute * Math.min(minutes, deficit(staff.get(staffId)!, week));
  }
  return total;
}

/** Worked minutes the employee still lacks toward minHoursInWeek in a week, counting the fixed shifts. */
export function deficit(staff: Staff, weekStart: string): number {
  const fixed = staff.fixed.filter((f) => f.weekStart === weekStart).reduce((n, f) => n + f.worked, 0);
  return Math.max(0, staff.minWeekMinutes - fixed);
}
