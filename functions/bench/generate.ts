/**
 * Schedule generation on generated restaurants (pure: no emulator): coverage and objective of
 * a plain first-fit baseline, the generator's greedy pass alone, the generator (greedy + HiGHS
 * MIP within its time limit) and, on small instances, the proven optimum (the MIP run to
 * optimality); then the time of a week of 200 employees and about 1,000 seats.
 * Run: node --expose-gc --import tsx bench/generate.ts (or npm run bench).
 */
import { firstFit } from '../src/modules/schedule/generate/greedy';
import { warmUpSolver } from '../src/modules/schedule/generate/mip';
import { objectiveOf, type Assignment, type GenerationProblem } from '../src/modules/schedule/generate/model';
import { buildProblem } from '../src/modules/schedule/generate/problem';
import { DEFAULT_TIME_LIMIT_SECONDS } from '../src/modules/schedule/generate/schemas';
import { generate, keepValid } from '../src/modules/schedule/generate/solve';
import { restaurant } from '../test/helpers/restaurants';
import { loadavg } from 'node:os';
import { fmt } from './lib';

/** The API's default: the whole generation (greedy pass, model, MIP) within it, under the 10 s target. */
const LIMIT_SECONDS = DEFAULT_TIME_LIMIT_SECONDS;

function row(cells: (string | number)[]) {
  console.log(`| ${cells.join(' | ')} |`);
}

function check(problem: GenerationProblem, assignments: Assignment[], label: string) {
  if (keepValid(problem, assignments).length !== assignments.length)
    throw new Error(`${label}: an assignment breaks a rule`);
}

async function main() {
  const t = performance.now();
  await warmUpSolver();
  console.log(
    `Solver thread start and HiGHS WebAssembly load (once per process): ${fmt(performance.now() - t, 0)} ms; machine load average ${loadavg()
      .map((l) => fmt(l, 1))
      .join(' ')} (2 cores)\n`,
  );

  console.log('Small restaurants (one week): coverage (seats filled / required) and objective');
  row(['restaurant', 'seats', 'first-fit', 'greedy pass', 'generator', 'generator solver', 'proven optimum']);
  row(['---', '---', '---', '---', '---', '---', '---']);
  for (const [employees, seats, seed] of [
    [12, 40, 1],
    [15, 60, 2],
    [20, 80, 3],
    [25, 100, 4],
    [30, 120, 5],
  ] as const) {
    const problem = buildProblem(restaurant({ employees, seats, seed }));
    const base = firstFit(problem);
    const greedy = await generate(problem, { timeLimitSeconds: LIMIT_SECONDS, method: 'greedy' });
    const gen = await generate(problem, { timeLimitSeconds: LIMIT_SECONDS });
    const opt = await generate(problem, { timeLimitSeconds: 300, relativeGap: 0 });
    for (const [label, a] of [
      ['first-fit', base],
      ['greedy', greedy.assignments],
      ['generator', gen.assignments],
      ['optimum', opt.assignments],
    ] as const)
      check(problem, a, label);
    const cell = (a: Assignment[]) => `${a.length} (${fmt(objectiveOf(problem, a), 0)})`;
    row([
      `${employees} employees, seed ${seed}`,
      problem.seats.length,
      cell(base),
      cell(greedy.assignments),
      cell(gen.assignments),
      `${gen.report.used}, ${gen.report.status}, gap ${fmt((gen.report.gap ?? NaN) * 100, 3)} %, ${fmt(gen.report.seconds, 2)} s`,
      `${cell(opt.assignments)} ${opt.report.status}`,
    ]);
  }

  console.log(`\nLarge restaurants (one week), generator time limit ${LIMIT_SECONDS} s`);
  row([
    'restaurant',
    'seats',
    'MIP columns x rows',
    'first-fit',
    'greedy pass (time)',
    'generator (wall time / CPU time)',
    'solver',
    'gap to bound',
    'heap MB',
  ]);
  row(['---', '---', '---', '---', '---', '---', '---', '---', '---']);
  for (const [employees, seats, seed] of [
    [100, 500, 7],
    [200, 1000, 1],
    [200, 1000, 2],
  ] as const) {
    const problem = buildProblem(restaurant({ employees, seats, seed }));
    const base = firstFit(problem);
    const g0 = performance.now();
    const greedy = await generate(problem, { timeLimitSeconds: LIMIT_SECONDS, method: 'greedy' });
    const greedyMs = performance.now() - g0;
    const m0 = performance.now();
    const cpu0 = process.cpuUsage();
    const gen = await generate(problem, { timeLimitSeconds: LIMIT_SECONDS });
    const genMs = performance.now() - m0;
    const cpu = process.cpuUsage(cpu0);
    check(problem, gen.assignments, 'generator');
    check(problem, greedy.assignments, 'greedy');
    row([
      `${employees} employees, seed ${seed}`,
      problem.seats.length,
      `${gen.report.columns} x ${gen.report.rows}`,
      `${base.length} (${fmt(objectiveOf(problem, base), 0)})`,
      `${greedy.assignments.length} (${fmt(greedy.report.objective, 0)}) ${fmt(greedyMs, 0)} ms`,
      `${gen.assignments.length} (${fmt(gen.report.objective, 0)}) ${fmt(genMs / 1000, 2)} s / ${fmt((cpu.user + cpu.system) / 1e6, 2)} s`,
      `${gen.report.used}, ${gen.report.status}`,
      `${fmt((gen.report.gap ?? NaN) * 100, 3)} %`,
      fmt(process.memoryUsage().heapUsed / 1024 / 1024, 0),
    ]);
  }
  console.log(
    `\nmachine load average at the end: ${loadavg()
      .map((l) => fmt(l, 1))
      .join(' ')}`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
