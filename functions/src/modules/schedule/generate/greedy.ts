import { Ledger, deficit, scoring, staticReason, type Assignment, type GenerationProblem, type Scoring, type Seat, type Staff } from './model';

export interface Eligibility {
  /** Per seat id, the employees who hold the position, are available and are not on time off. */
  candidates: Map<string, Staff[]>;
}

export function eligibility(problem: GenerationProblem): Eligibility {
  const candidates = new Map<string, Staff[]>();
  for (const seat of problem.seats) candidates.set(seat.id, problem.staff.filter((s) => staticReason(s, seat) === null));
  return { candidates };
}

export const ledgersOf = (problem: GenerationProblem) => new Map(problem.staff.map((s) => [s.id, new Ledger(s, problem.rules)]));

/** Objective given up per open seat an employee could still take (see `pending`). */
const PENALTY = 2;

/**
 * The generator's greedy pass: the seats with the fewest eligible employees first (then by the
 * generationPriority's score), each given to the eligible employee whose ledger accepts it with
 * the best marginal objective, less a little for each open seat they could still take.
 * `start` assignments (e.g. a solver's) are kept and only the seats left open are filled.
 */
export function greedy(problem: GenerationProblem, start: Assignment[] = [], score: Scoring = scoring(problem)): Assignment[] {
  const { candidates } = eligibility(problem);
  const ledgers = ledgersOf(problem);
  const seats = new Map(problem.seats.map((s) => [s.id, s]));
  const taken = new Set<string>();
  const out: Assignment[] = [];
  for (const a of start) {
    const seat = seats.get(a.seatId)!;
    ledgers.get(a.staffId)!.add(seat);
    taken.add(a.seatId);
    out.push(a);
  }
  const order = problem.seats
    .filter((s) => !taken.has(s.id))
    .map((seat) => ({ seat, best: Math.max(0, ...candidates.get(seat.id)!.map((c) => score.pair(seat, c))), choice: candidates.get(seat.id)!.length }))
    .sort((a, b) => a.choice - b.choice || b.best - a.best || a.seat.startMs - b.seat.startMs || a.seat.id.localeCompare(b.seat.id));
  // Seats still open that each employee could take: giving a seat to someone few others need keeps coverage high.
  const pending = new Map(problem.staff.map((s) => [s.id, 0]));
  for (const { seat } of order) for (const c of candidates.get(seat.id)!) pending.set(c.id, pending.get(c.id)! + 1);
  for (const { seat } of order) {
    let best: { staff: Staff; value: number } | null = null;
    for (const c of candidates.get(seat.id)!) pending.set(c.id, pending.get(c.id)! - 1);
    for (const staff of candidates.get(seat.id)!) {
      const ledger = ledgers.get(staff.id)!;
      if (ledger.check(seat) !== null) continue;
      const value = score.pair(seat, staff) + score.fairnessPerMinute * marginalFairness(staff, ledger, seat) - PENALTY * pending.get(staff.id)!;
      if (!best || value > best.value) best = { staff, value };
    }
    if (best) {
      ledgers.get(best.staff.id)!.add(seat);
      out.push({ seatId: seat.id, staffId: best.staff.id });
    }
  }
  return out;
}

/** Worked minutes of `seat` that go toward the employee's weekly minimum, given what the ledger already holds. */
function marginalFairness(staff: Staff, ledger: Ledger, seat: Seat): number {
  const fixed = staff.fixed.filter((f) => f.weekStart === seat.weekStart).reduce((n, f) => n + f.worked, 0);
  const given = ledger.weekWorked(seat.weekStart) - fixed;
  return Math.max(0, Math.min(seat.worked, deficit(staff, seat.weekStart) - given));
}

/**
 * The plain baseline of the benchmark: seats in time order, each to the first eligible employee
 * (in list order) whose ledger accepts it, ignoring every preference.
 */
export function firstFit(problem: GenerationProblem): Assignment[] {
  const { candidates } = eligibility(problem);
  const ledgers = ledgersOf(problem);
  const out: Assignment[] = [];
  const order = [...problem.seats].sort((a, b) => a.startMs - b.startMs || a.id.localeCompare(b.id));
  for (const seat of order) {
    const staff = candidates.get(seat.id)!.find((s) => ledgers.get(s.id)!.check(seat) === null);
    if (staff) {
      ledgers.get(staff.id)!.add(seat);
      out.push({ seatId: seat.id, staffId: staff.id });
    }
  }
  return out;
}
