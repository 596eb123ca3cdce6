import {
  Ledger,
  deficit,
  scoring,
  staticReason,
  type Assignment,
  type GenerationProblem,
  type Scoring,
  type Seat,
  type Staff,
} from './model';

export interface Eligibility {
  /** Per seat id, the employees who hold the position, are available and are not on time off. */
  candidates: Map<string, Staff[]>;
}

export function eligibility(problem: GenerationProblem): Eligibility {
  const candidates = new Map<string, Staff[]>();
  for (const seat of problem.seats)
    candidates.set(
      seat.id,
      problem.staff.filter((s) => staticReason(s, seat) === null),
    );
  return { candidates };
}

export const ledgersOf = (problem: GenerationProblem) =>
  new Map(problem.staff.map((s) => [s.id, new Ledger(s, problem.rules)]));

/** Objective given up per open seat an employee could still take (see `pending`). */
const PENALTY = 2;

/**
 * The generator's greedy pass, aimed at the first tier (coverage): the shortest seats first (weekly
 * hours go further), then those with the fewest eligible employees, then by the
 * generationPriority's score; each goes to the eligible employee whose ledger accepts it with the
 * best marginal objective, less a little for each open seat they could still take; then
 * `augment` repairs coverage. `start` assignments (e.g. a solver's) are kept and only the seats
 * left open are filled.
 */
export function greedy(
  problem: GenerationProblem,
  start: Assignment[] = [],
  score: Scoring = scoring(problem),
): Assignment[] {
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
    .map((seat) => ({
      seat,
      best: Math.max(0, ...candidates.get(seat.id)!.map((c) => score.pair(seat, c))),
      choice: candidates.get(seat.id)!.length,
    }))
    .sort(
      (a, b) =>
        a.seat.worked - b.seat.worked ||
        a.choice - b.choice ||
        b.best - a.best ||
        a.seat.startMs - b.seat.startMs ||
        a.seat.id.localeCompare(b.seat.id),
    );
  // Seats still open that each employee could take: giving a seat to someone few others need keeps coverage high.
  const pending = new Map(problem.staff.map((s) => [s.id, 0]));
  for (const { seat } of order) for (const c of candidates.get(seat.id)!) pending.set(c.id, pending.get(c.id)! + 1);
  for (const { seat } of order) {
    let best: { staff: Staff; value: number } | null = null;
    for (const c of candidates.get(seat.id)!) pending.set(c.id, pending.get(c.id)! - 1);
    for (const staff of candidates.get(seat.id)!) {
      const ledger = ledgers.get(staff.id)!;
      if (ledger.check(seat) !== null) continue;
      const value =
        score.pair(seat, staff) +
        score.fairnessPerMinute * marginalFairness(staff, ledger, seat) -
        PENALTY * pending.get(staff.id)!;
      if (!best || value > best.value) best = { staff, value };
    }
    if (best) {
      ledgers.get(best.staff.id)!.add(seat);
      out.push({ seatId: seat.id, staffId: best.staff.id });
    }
  }
  return augment(problem, out);
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

/** Passes of `augment` over the open seats (each pass that fills none ends it). */
const AUGMENT_PASSES = 4;

/**
 * Coverage repair (ejection chains of length one): for each open seat, an eligible employee who
 * cannot take it because of one of their seats gives that seat to another employee who can,
 * and takes the open one. Each move fills one more seat, which outweighs any change of the
 * lower tiers of the two seats moved, so the objective only rises.
 */
export function augment(problem: GenerationProblem, assignments: Assignment[]): Assignment[] {
  const { candidates } = eligibility(problem);
  const ledgers = ledgersOf(problem);
  const seats = new Map(problem.seats.map((s) => [s.id, s]));
  const owner = new Map<string, string>();
  const held = new Map<string, Set<string>>(problem.staff.map((s) => [s.id, new Set<string>()]));
  const give = (seat: Seat, staffId: string) => {
    ledgers.get(staffId)!.add(seat);
    owner.set(seat.id, staffId);
    held.get(staffId)!.add(seat.id);
  };
  const take = (seat: Seat, staffId: string) => {
    ledgers.get(staffId)!.remove(seat);
    owner.delete(seat.id);
    held.get(staffId)!.delete(seat.id);
  };
  for (const a of assignments) give(seats.get(a.seatId)!, a.staffId);

  for (let pass = 0; pass < AUGMENT_PASSES; pass++) {
    let filled = 0;
    for (const seat of problem.seats) {
      if (owner.has(seat.id)) continue;
      const moved = candidates.get(seat.id)!.some((e) => {
        const ledger = ledgers.get(e.id)!;
        if (ledger.check(seat) === null) {
          give(seat, e.id);
          return true;
        }
        for (const otherId of [...held.get(e.id)!]) {
          const other = seats.get(otherId)!;
          take(other, e.id);
          if (ledger.check(seat) === null) {
            const f = candidates.get(other.id)!.find((c) => c.id !== e.id && ledgers.get(c.id)!.check(other) === null);
            if (f) {
              give(seat, e.id);
              give(other, f.id);
              return true;
            }
          }
          give(other, e.id);
        }
        return false;
      });
      if (moved) filled++;
    }
    if (filled === 0) break;
  }
  return [...owner].map(([seatId, staffId]) => ({ seatId, staffId }));
}
