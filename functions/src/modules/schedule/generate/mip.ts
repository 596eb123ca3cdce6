import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import { eligibility } from './greedy';
import { Ledger, deficit, type Assignment, type GenerationProblem, type Scoring, type Seat, type Staff } from './model';

/** Seconds past its time limit after which a solve that has not answered is abandoned (the worker is ended). */
const HARD_TIMEOUT_GRACE_SECONDS = 20;

/** The model as the worker takes it (typed arrays: copied to the thread cheaply). */
export interface SolveRequest {
  numCols: number;
  numRows: number;
  colCost: Float64Array;
  colUpper: Float64Array;
  rowLower: Float64Array;
  rowUpper: Float64Array;
  starts: Int32Array;
  indices: Int32Array;
  values: Float64Array;
  integer: Uint8Array;
  relativeGap: number;
  start: Float64Array | null;
}

interface SolveAnswer {
  id: number;
  error?: string;
  status: 'optimal' | 'timeLimit' | 'other';
  bound: number;
  objective: number;
  colValue: Float64Array | null;
}

/**
 * The solver's worker thread: started on the first generation (not at cold start), HiGHS loaded
 * once in it, reused by later solves, one at a time. Idle, it is unreferenced: it never keeps a
 * process alive.
 */
class SolverThread {
  private worker: Worker | null = null;
  private ready: Promise<void> | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private next = 1;
  private readonly pending = new Map<number, { resolve: (a: SolveAnswer) => void; reject: (e: Error) => void }>();

  private start(): Promise<void> {
    if (this.ready) return this.ready;
    const ext = path.extname(__filename);
    const file = path.join(__dirname, `mip-worker${ext}`);
    let worker: Worker;
    try {
      // In development Node strips the worker's types and detects its module syntax (a warning we silence).
      worker = new Worker(
        file,
        ext === '.ts' ? { execArgv: [...process.execArgv, '--disable-warning=MODULE_TYPELESS_PACKAGE_JSON'] } : {},
      );
    } catch {
      worker = new Worker(file); // a parent flag a worker refuses (e.g. --expose-gc): inherit the defaults
    }
    this.worker = worker;
    this.ready = new Promise<void>((resolve, reject) => {
      worker.on('message', (m: SolveAnswer | { ready: true }) => {
        if ('ready' in m) {
          this.idle();
          return resolve();
        }
        const waiting = this.pending.get(m.id);
        this.pending.delete(m.id);
        this.idle();
        if (!waiting) return;
        if (m.error) waiting.reject(new Error(m.error));
        else waiting.resolve(m);
      });
      worker.on('error', (err) => {
        reject(err);
        this.fail(err);
      });
      worker.on('exit', () => this.fail(new Error('the solver thread exited')));
    });
    return this.ready;
  }

  /** Referenced while loading or solving (an awaiting caller keeps the process alive), not when idle. */
  private idle(): void {
    if (this.pending.size === 0) this.worker?.unref();
  }

  private fail(err: Error): void {
    for (const w of this.pending.values()) w.reject(err);
    this.pending.clear();
    this.worker = null;
    this.ready = null;
  }

  /** Loads HiGHS in the thread (the first solve does it anyway); resolves when it is ready. */
  warmUp(): Promise<void> {
    return this.start();
  }

  solve(request: SolveRequest, timeLimit: number): Promise<SolveAnswer> {
    const run = async () => {
      await this.start();
      const id = this.next++;
      const worker = this.worker!;
      return new Promise<SolveAnswer>((resolve, reject) => {
        const timer = setTimeout(
          () => {
            this.pending.delete(id);
            this.idle();
            reject(new Error('the solver did not answer in time'));
            void worker.terminate();
          },
          (timeLimit + HARD_TIMEOUT_GRACE_SECONDS) * 1000,
        );
        timer.unref();
        this.pending.set(id, {
          resolve: (a) => (clearTimeout(timer), resolve(a)),
          reject: (e) => (clearTimeout(timer), reject(e)),
        });
        worker.ref();
        worker.postMessage({ ...request, id, timeLimit });
      });
    };
    const result = this.queue.then(run, run);
    this.queue = result.catch(() => undefined);
    return result;
  }
}

const thread = new SolverThread();

/** Starts the solver thread and loads HiGHS (for a benchmark's figure; a generation does it on first use). */
export const warmUpSolver = () => thread.warmUp();

interface Row {
  indices: number[];
  values: number[];
  lower: number;
  upper: number;
}

export interface MipModel {
  /** The (seat group, employee) each x column stands for (x columns come first). */
  pairs: { group: number; staffId: string }[];
  /** Seats that are interchangeable (same date, times, role and sub-role): one group, one column per employee. */
  groups: Seat[][];
  numCols: number;
  colCost: number[];
  colUpper: number[];
  /** x and y columns are binary; u columns are continuous. */
  integer: boolean[];
  rows: Row[];
  /** Full column vector of a set of assignments (x, then the derived day and fairness columns). */
  columnsOf(assignments: Assignment[]): number[];
  /** The assignments of a column vector: each chosen (group, employee) gets one seat of the group. */
  assignmentsOf(colValue: ArrayLike<number>): Assignment[];
}

/**
 * The assignment MIP. Interchangeable seats (same date, times, role and sub-role) form one group
 * of `count` seats, so there is one column per (group, employee), not per seat: fewer columns
 * and no symmetric solutions. Columns: x (group, employee) for every pair allowed statically
 * and next to the employee's existing shifts; y (employee, date) "works that day" where a weekly
 * day limit could bind; u (employee, week) the worked minutes credited toward minHoursInWeek.
 * Rows: at most `count` employees per group; per employee, one row per clique of groups that
 * overlap or leave less than the minimum rest (seats are intervals stretched by the rest, so the
 * maximal cliques are found by a sweep over their starts); the daily and weekly minutes; the
 * weekly days; the fairness credit. Objective: maximise the scoring of model.ts.
 */
export function buildMip(problem: GenerationProblem, score: Scoring): MipModel {
  const { candidates } = eligibility(problem);
  const groupIndex = new Map<string, number>();
  const groups: Seat[][] = [];
  const groupOfSeat = new Map<string, number>();
  for (const seat of problem.seats) {
    const extra = seat.because?.kind === 'laborTarget';
    const key = `${seat.date}|${seat.start}|${seat.end}|${seat.roleId}|${seat.subRoleId}|${extra}`;
    let g = groupIndex.get(key);
    if (g === undefined) {
      g = groups.length;
      groupIndex.set(key, g);
      groups.push([]);
    }
    groups[g].push(seat);
    groupOfSeat.set(seat.id, g);
  }
  const fixedLedgers = new Map(problem.staff.map((s) => [s.id, new Ledger(s, problem.rules)]));
  const pairs: { group: number; staffId: string }[] = [];
  const colCost: number[] = [];
  const colUpper: number[] = [];
  const rows: Row[] = [];
  const byStaff = new Map<string, number[]>();
  const byGroup: number[][] = groups.map(() => []);

  groups.forEach((members, g) => {
    const seat = members[0];
    for (const staff of candidates.get(seat.id)!) {
      if (fixedLedgers.get(staff.id)!.check(seat) !== null) continue;
      const col = pairs.length;
      pairs.push({ group: g, staffId: staff.id });
      colCost.push(score.pair(seat, staff));
      colUpper.push(1);
      byGroup[g].push(col);
      const list = byStaff.get(staff.id) ?? [];
      list.push(col);
      byStaff.set(staff.id, list);
    }
  });
  const nx = pairs.length;
  const seatOf = (col: number) => groups[pairs[col].group][0];

  byGroup.forEach((cols, g) => {
    if (cols.length > groups[g].length)
      rows.push({ indices: cols, values: cols.map(() => 1), lower: -Infinity, upper: groups[g].length });
  });

  const dayCols = new Map<string, number>(); // `${staff}|${date}` -> y column
  const fairCols = new Map<string, number>(); // `${staff}|${week}` -> u column
  const extra: { kind: 'day' | 'fair'; staff: Staff; key: string }[] = [];
  const staffById = new Map(problem.staff.map((s) => [s.id, s]));

  for (const [staffId, cols] of byStaff) {
    const staff = staffById.get(staffId)!;
    const rest = staff.minRestMinutes * 60_000;
    // Cliques of the interval graph of [start, end + rest).
    const sorted = [...cols].sort((a, b) => seatOf(a).startMs - seatOf(b).startMs);
    let previous = '';
    for (const c of sorted) {
      const p = seatOf(c).startMs;
      const active = sorted.filter((o) => seatOf(o).startMs <= p && p < seatOf(o).endMs + rest);
      const key = active.join(',');
      if (active.length > 1 && key !== previous && !previous.startsWith(`${key},`)) {
        rows.push({ indices: active, values: active.map(() => 1), lower: -Infinity, upper: 1 });
        previous = key;
      }
    }

    const groups = (keyOf: (col: number) => string) => {
      const m = new Map<string, number[]>();
      for (const c of cols) m.set(keyOf(c), [...(m.get(keyOf(c)) ?? []), c]);
      return m;
    };
    const fixedOn = (pred: (f: Staff['fixed'][number]) => boolean) =>
      staff.fixed.filter(pred).reduce((n, f) => n + f.worked, 0);

    if (problem.rules.maxDayMinutes !== null) {
      for (const [date, dc] of groups((c) => seatOf(c).date)) {
        const room = problem.rules.maxDayMinutes - fixedOn((f) => f.date === date);
        const worked = dc.map((c) => seatOf(c).worked);
        if (worked.reduce((a, b) => a + b, 0) > room)
          rows.push({ indices: dc, values: worked, lower: -Infinity, upper: room });
      }
    }
    for (const [week, wc] of groups((c) => seatOf(c).weekStart)) {
      const worked = wc.map((c) => seatOf(c).worked);
      const total = worked.reduce((a, b) => a + b, 0);
      if (staff.maxWeekMinutes !== null) {
        const room = staff.maxWeekMinutes - fixedOn((f) => f.weekStart === week);
        if (total > room) rows.push({ indices: wc, values: worked, lower: -Infinity, upper: room });
      }
      if (staff.maxDaysPerWeek !== null) {
        const fixedDays = new Set(staff.fixed.filter((f) => f.weekStart === week).map((f) => f.date));
        const newDates = [...new Set(wc.map((c) => seatOf(c).date))].filter((d) => !fixedDays.has(d));
        const room = staff.maxDaysPerWeek - fixedDays.size;
        if (newDates.length > room) {
          const ys = newDates.map((date) => {
            const y = nx + extra.length;
            extra.push({ kind: 'day', staff, key: `${staffId}|${date}` });
            dayCols.set(`${staffId}|${date}`, y);
            for (const c of wc)
              if (seatOf(c).date === date) rows.push({ indices: [c, y], values: [1, -1], lower: -Infinity, upper: 0 });
            return y;
          });
          rows.push({ indices: ys, values: ys.map(() => 1), lower: -Infinity, upper: room });
        }
      }
      const lack = deficit(staff, week);
      if (lack > 0) {
        const u = nx + extra.length;
        extra.push({ kind: 'fair', staff, key: `${staffId}|${week}` });
        fairCols.set(`${staffId}|${week}`, u);
        rows.push({ indices: [u, ...wc], values: [1, ...worked.map((w) => -w)], lower: -Infinity, upper: 0 });
      }
    }
  }

  for (const e of extra) {
    if (e.kind === 'day') {
      colCost.push(0);
      colUpper.push(1);
    } else {
      colCost.push(score.fairnessPerMinute);
      colUpper.push(deficit(e.staff, e.key.split('|')[1]));
    }
  }

  const pairIndex = new Map(pairs.map((p, i) => [`${p.group}|${p.staffId}`, i]));
  return {
    pairs,
    groups,
    numCols: nx + extra.length,
    colCost,
    colUpper,
    integer: colCost.map((_, i) => i < nx || extra[i - nx].kind === 'day'),
    rows,
    columnsOf(assignments) {
      const v = new Array<number>(nx + extra.length).fill(0);
      for (const a of assignments) {
        const col = pairIndex.get(`${groupOfSeat.get(a.seatId)}|${a.staffId}`);
        if (col === undefined) continue;
        v[col] = 1;
        const seat = seatOf(col);
        const y = dayCols.get(`${a.staffId}|${seat.date}`);
        if (y !== undefined) v[y] = 1;
        const u = fairCols.get(`${a.staffId}|${seat.weekStart}`);
        if (u !== undefined) v[u] = Math.min(colUpper[u], v[u] + seat.worked);
      }
      return v;
    },
    assignmentsOf(colValue) {
      const used = groups.map(() => 0);
      const out: Assignment[] = [];
      for (let col = 0; col < nx; col++) {
        if (colValue[col] <= 0.5) continue;
        const { group, staffId } = pairs[col];
        const seat = groups[group][used[group]++];
        if (seat) out.push({ seatId: seat.id, staffId });
      }
      return out;
    },
  };
}

export interface MipOutcome {
  assignments: Assignment[];
  status: 'optimal' | 'timeLimit' | 'other';
  /** Best bound on the objective the solver proved (an upper bound: we maximise). */
  bound: number | null;
  objective: number | null;
  seconds: number;
  columns: number;
  rows: number;
}

export interface MipOptions {
  timeLimitSeconds: number;
  /** Relative gap at which the solver stops (default 1e-4). */
  relativeGap?: number;
  /** A feasible start (e.g. the greedy pass). */
  start?: Assignment[];
}

export async function solveMip(problem: GenerationProblem, score: Scoring, options: MipOptions): Promise<MipOutcome> {
  const t0 = performance.now();
  const m = buildMip(problem, score);
  if (m.pairs.length === 0) {
    return { assignments: [], status: 'optimal', bound: 0, objective: 0, seconds: 0, columns: 0, rows: 0 };
  }
  const starts = new Int32Array(m.rows.length + 1);
  const nonzeros = m.rows.reduce((n, r) => n + r.indices.length, 0);
  const indices = new Int32Array(nonzeros);
  const values = new Float64Array(nonzeros);
  let k = 0;
  m.rows.forEach((r, i) => {
    indices.set(r.indices, k);
    values.set(r.values, k);
    k += r.indices.length;
    starts[i + 1] = k;
  });
  const timeLimit = Math.max(0.05, options.timeLimitSeconds - (performance.now() - t0) / 1000);
  const answer = await thread.solve(
    {
      numCols: m.numCols,
      numRows: m.rows.length,
      colCost: Float64Array.from(m.colCost),
      colUpper: Float64Array.from(m.colUpper),
      rowLower: Float64Array.from(m.rows, (r) => r.lower),
      rowUpper: Float64Array.from(m.rows, (r) => r.upper),
      starts,
      indices,
      values,
      integer: Uint8Array.from(m.integer, (i) => (i ? 1 : 0)),
      relativeGap: options.relativeGap ?? 1e-4,
      start: options.start?.length ? Float64Array.from(m.columnsOf(options.start)) : null,
    },
    timeLimit,
  );
  return {
    assignments: answer.colValue ? m.assignmentsOf(answer.colValue) : [],
    status: answer.status,
    bound: Number.isFinite(answer.bound) ? answer.bound : null,
    objective: answer.colValue && Number.isFinite(answer.objective) ? answer.objective : null,
    seconds: (performance.now() - t0) / 1000,
    columns: m.numCols,
    rows: m.rows.length,
  };
}
