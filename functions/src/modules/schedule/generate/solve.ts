import { eligibility, greedy, ledgersOf } from './greedy';
import { solveMip } from './mip';
import {
  Ledger,
  positionKey,
  scoring,
  staticReason,
  objectiveOf,
  type Assignment,
  type GenerationProblem,
  type LedgerReason,
  type Reason,
  type Seat,
  type StaticReason,
} from './model';

export const DEFAULT_RELATIVE_GAP = 1e-6;

export interface SolverReport {
  /** What produced the answer: the MIP (warm-started from the greedy pass), or the greedy pass alone (the MIP found nothing better in its time, or failed). */
  used: 'mip' | 'greedy';
  /** optimal: proven within DEFAULT_RELATIVE_GAP; timeLimit: the solver stopped at the limit; skipped: the solver was not run (nothing to fill, or method greedy); error: the solver failed, greedy answered. */
  status: 'optimal' | 'timeLimit' | 'skipped' | 'error';
  objective: number;
  greedyObjective: number;
  /** Proven upper bound on the objective; null when the solver gave none. */
  bound: number | null;
  /** (bound - objective) / bound; 0 when proven optimal, null without a bound. */
  gap: number | null;
  seconds: number;
  columns: number;
  rows: number;
}

export interface GenerateOptions {
  timeLimitSeconds: number;
  relativeGap?: number;
  /** 'greedy' skips the MIP (the benchmark's fallback figure). */
  method?: 'auto' | 'greedy';
}

/**
 * Generates: the greedy pass first (a feasible answer at once), then the MIP started from it
 * within the time limit. The MIP's answer is re-checked against the ledgers (a solver tolerance
 * never lets a broken rule through), completed greedily for any seat it left open that someone
 * could still take, and kept if it scores at least the greedy's.
 */
export async function generate(
  problem: GenerationProblem,
  options: GenerateOptions,
): Promise<{ assignments: Assignment[]; report: SolverReport }> {
  const t0 = performance.now();
  const score = scoring(problem);
  const first = greedy(problem, [], score);
  const greedyObjective = objectiveOf(problem, first, score);
  const base = { greedyObjective, columns: 0, rows: 0 };
  const seconds = () => (performance.now() - t0) / 1000;
  if (problem.seats.length === 0 || options.method === 'greedy') {
    return {
      assignments: first,
      report: {
        ...base,
        used: 'greedy',
        status: 'skipped',
        objective: greedyObjective,
        bound: null,
        gap: problem.seats.length ? null : 0,
        seconds: seconds(),
      },
    };
  }
  const relativeGap = options.relativeGap ?? DEFAULT_RELATIVE_GAP;
  let mip;
  try {
    mip = await solveMip(problem, score, {
      timeLimitSeconds: Math.max(0.1, options.timeLimitSeconds - seconds()),
      relativeGap,
      start: first,
    });
  } catch {
    return {
      assignments: first,
      report: {
        ...base,
        used: 'greedy',
        status: 'error',
        objective: greedyObjective,
        bound: null,
        gap: null,
        seconds: seconds(),
      },
    };
  }
  const improved = greedy(problem, keepValid(problem, mip.assignments), score);
  const mipObjective = objectiveOf(problem, improved, score);
  const useMip = mipObjective >= greedyObjective;
  const objective = useMip ? mipObjective : greedyObjective;
  const bound = mip.bound === null ? null : Math.max(mip.bound, objective);
  const gap = bound === null ? null : bound > 0 ? (bound - objective) / bound : 0;
  return {
    assignments: useMip ? improved : first,
    report: {
      greedyObjective,
      used: useMip ? 'mip' : 'greedy',
      status:
        mip.status === 'optimal' || (gap !== null && gap <= relativeGap)
          ? 'optimal'
          : mip.status === 'timeLimit'
            ? 'timeLimit'
            : 'error',
      objective,
      bound,
      gap,
      seconds: seconds(),
      columns: mip.columns,
      rows: mip.rows,
    },
  };
}

/** The assignments, in order, that break no rule given the ones kept before them (each seat once). */
export function keepValid(problem: GenerationProblem, assignments: Assignment[]): Assignment[] {
  const seats = new Map(problem.seats.map((s) => [s.id, s]));
  const staff = new Map(problem.staff.map((s) => [s.id, s]));
  const ledgers = ledgersOf(problem);
  const taken = new Set<string>();
  const kept: Assignment[] = [];
  for (const a of assignments) {
    const seat = seats.get(a.seatId);
    const person = staff.get(a.staffId);
    if (!seat || !person || taken.has(seat.id) || staticReason(person, seat) !== null) continue;
    const ledger = ledgers.get(person.id)!;
    if (ledger.check(seat) !== null) continue;
    ledger.add(seat);
    taken.add(seat.id);
    kept.push(a);
  }
  return kept;
}

// ------------------------------------------------------------------ explanations

export interface AssignmentWhy {
  availabilityPriority: number | null;
  allDay: boolean;
  /** Worked hours of the employee's company week: existing shifts plus generated ones starting before this one; and with everything generated. */
  weekHoursBefore: number;
  weekHoursAfter: number;
  minHoursInWeek: number;
  maxHoursInWeek: number | null;
  daysInWeek: number;
  maxDaysPerWeek: number | null;
  hiring: string | null;
  /** 1 = the most senior of the employees considered (seniority format). */
  seniorityRank: number | null;
  costMinor: number;
  /** Other employees who hold the position, are available and were free for this seat. */
  alternatives: number;
}

export type UnfilledReason = 'held' | 'noQualifiedEmployee' | 'noAvailableEmployee' | 'allCandidatesBusy';

export interface Unfilled {
  seat: Omit<Seat, 'startMs' | 'endMs' | 'minutes' | 'worked'>;
  reason: UnfilledReason;
  message: string;
  /** Per candidate who holds the position: the rule that kept them off this seat. */
  blockedBy: { employeeId: string; rule: Reason }[];
}

const hours = (minutes: number) => Math.round((minutes / 60) * 100) / 100;

/** The reasons that make an employee unavailable for a seat (rather than busy with the other seats). */
const UNAVAILABLE: readonly Reason[] = ['availability', 'timeOff', 'otherLocation', 'minor'];

const REASON_TEXT: Record<Reason, string> = {
  position: 'without the position',
  availability: 'not available then',
  timeOff: 'on approved time off',
  otherLocation: 'working (or resting) at another location then',
  overlap: 'already working then',
  betweenShifts: 'too little rest between shifts',
  maxDayHours: 'over the daily maximum hours',
  maxHoursInWeek: 'over their weekly maximum hours',
  maxDaysPerWeek: 'over their weekly maximum days',
  minor: 'outside the hours a minor may work (or under the minimum age)',
  minorHours: "over a minor's daily or weekly hours or days",
};

export function explain(problem: GenerationProblem, assignments: Assignment[]) {
  const score = scoring(problem);
  const seats = new Map(problem.seats.map((s) => [s.id, s]));
  const staffById = new Map(problem.staff.map((s) => [s.id, s]));
  const { candidates } = eligibility(problem);
  const finalLedgers = ledgersOf(problem);
  for (const a of assignments) finalLedgers.get(a.staffId)!.add(seats.get(a.seatId)!);
  const hired = [...new Set(problem.staff.map((s) => s.hiring).filter((h): h is string => h !== null))].sort();

  const ordered = [...assignments].sort(
    (a, b) => seats.get(a.seatId)!.startMs - seats.get(b.seatId)!.startMs || a.seatId.localeCompare(b.seatId),
  );
  const running = new Map(problem.staff.map((s) => [s.id, new Ledger(s, problem.rules)]));
  const explained = ordered.map((a) => {
    const seat = seats.get(a.seatId)!;
    const staff = staffById.get(a.staffId)!;
    const ledger = running.get(staff.id)!;
    const before = ledger.weekWorked(seat.weekStart);
    ledger.add(seat);
    const day = staff.availability[seat.weekday];
    const alternatives = candidates
      .get(seat.id)!
      .filter((c) => c.id !== staff.id && finalLedgers.get(c.id)!.check(seat) === null).length;
    const why: AssignmentWhy = {
      availabilityPriority: day ? day.priority : null,
      allDay: !day || day.allDay,
      weekHoursBefore: hours(before),
      weekHoursAfter: hours(finalLedgers.get(staff.id)!.weekWorked(seat.weekStart)),
      minHoursInWeek: hours(staff.minWeekMinutes),
      maxHoursInWeek: staff.maxWeekMinutes === null ? null : hours(staff.maxWeekMinutes),
      daysInWeek: finalLedgers.get(staff.id)!.daysWorked(seat.weekStart),
      maxDaysPerWeek: staff.maxDaysPerWeek,
      hiring: staff.hiring,
      seniorityRank: staff.hiring === null ? null : hired.indexOf(staff.hiring) + 1,
      costMinor: score.cost(staff, seat),
      alternatives,
    };
    return { seat, staffId: staff.id, why };
  });

  const taken = new Set(assignments.map((a) => a.seatId));
  const unfilled: Unfilled[] = [];
  for (const held of problem.held) {
    unfilled.push({ seat: held, reason: 'held', message: 'Kept open by the template (hold)', blockedBy: [] });
  }
  for (const seat of problem.seats) {
    if (taken.has(seat.id)) continue;
    const { startMs: _s, endMs: _e, minutes: _m, worked: _w, ...view } = seat;
    const holders = problem.staff.filter((s) => s.positions.includes(positionKey(seat.roleId, seat.subRoleId)));
    if (holders.length === 0) {
      unfilled.push({
        seat: view,
        reason: 'noQualifiedEmployee',
        message: `Nobody considered holds ${seat.roleId} / ${seat.subRoleId}`,
        blockedBy: [],
      });
      continue;
    }
    const blockedBy = holders.map((s) => ({
      employeeId: s.id,
      rule: (staticReason(s, seat) as StaticReason | null) ?? (finalLedgers.get(s.id)!.check(seat) as LedgerReason),
    }));
    const available = blockedBy.filter((b) => !UNAVAILABLE.includes(b.rule));
    const reason: UnfilledReason = available.length === 0 ? 'noAvailableEmployee' : 'allCandidatesBusy';
    const counts = new Map<Reason, number>();
    for (const b of blockedBy) counts.set(b.rule, (counts.get(b.rule) ?? 0) + 1);
    const message = `${holders.length} employee(s) hold the position, none could take it: ${[...counts].map(([r, n]) => `${REASON_TEXT[r]} (${n})`).join(', ')}`;
    unfilled.push({ seat: view, reason, message, blockedBy });
  }
  return { assignments: explained, unfilled };
}
