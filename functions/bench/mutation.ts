/**
 * The mutation run's speed-ups, side by side on one sample: StrykerJS over
 * sales/labor.ts and ai/prices.ts (the rules part's configuration: jest runner and TypeScript
 * checker, every mutant tested, nothing incremental), once as plain Stryker (MUTATION_SPEEDUPS=off)
 * and once as `npm run mutation` runs it:
 *  - the checker keeps parsed files between rebuilds and does not wait tsc's 250 ms watch debounce
 *    (mutation/checker-preload.js);
 *  - a mutant's run loads only the test files holding the tests that cover it
 *    (mutation/covering-tests-sequencer.js) and stops at the first file that kills it
 *    (mutation/stop-at-first-kill-runner.js).
 * Prints both times and their ratio, and fails if any mutant's status differs between the two.
 * Needs about 5 minutes on 2 cores; measure with nothing else running.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fmt } from './lib';

const FUNCTIONS_DIR = path.resolve(__dirname, '..');
const SAMPLE = ['src/modules/sales/labor.ts', 'src/ai/prices.ts'];
const STRYKER = path.join(FUNCTIONS_DIR, 'node_modules', '@stryker-mutator', 'core', 'bin', 'stryker.js');

interface Mutant {
  id: string;
  status: string;
  location: { start: { line: number; column: number } };
  mutatorName: string;
  replacement?: string;
}
interface Report {
  files: Record<string, { mutants: Mutant[] }>;
}

function run(label: string, speedups: boolean, dir: string): { seconds: number; statuses: Map<string, string> } {
  const reportFile = path.join(dir, `${label}.json`);
  const configFile = path.join(dir, `${label}.stryker.mjs`);
  fs.writeFileSync(
    configFile,
    [
      `import base from ${JSON.stringify(path.join(FUNCTIONS_DIR, 'stryker.config.mjs'))};`,
      `export default { ...base, incremental: false, reporters: ['json'], jsonReporter: { fileName: ${JSON.stringify(reportFile)} },`,
      `  tempDirName: '.stryker-tmp-bench-${label}', mutate: ${JSON.stringify(SAMPLE)} };`,
    ].join('\n'),
  );
  const started = process.hrtime.bigint();
  const stryker = spawnSync(process.execPath, [STRYKER, 'run', configFile, '--logLevel', 'warn'], {
    cwd: FUNCTIONS_DIR,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, MUTATION_PART: 'rules', MUTATION_SPEEDUPS: speedups ? 'on' : 'off' },
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (stryker.status !== 0) throw new Error(`stryker (${label}) exited with ${stryker.status ?? stryker.signal}`);
  const report = JSON.parse(fs.readFileSync(reportFile, 'utf8')) as Report;
  const statuses = new Map<string, string>();
  for (const [file, { mutants }] of Object.entries(report.files)) {
    for (const m of mutants)
      statuses.set(
        `${file}:${m.location.start.line}:${m.location.start.column} #${m.id} ${m.mutatorName} ${m.replacement ?? ''}`,
        m.status,
      );
  }
  return { seconds, statuses };
}

function tally(statuses: Map<string, string>): string {
  const counts = new Map<string, number>();
  for (const status of statuses.values()) counts.set(status, (counts.get(status) ?? 0) + 1);
  return [...counts]
    .sort()
    .map(([status, n]) => `${n} ${status}`)
    .join(', ');
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mutation-bench-'));
try {
  console.log(
    `mutation run on ${SAMPLE.join(' and ')}, ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(2)} at the start`,
  );
  const plain = run('plain', false, dir);
  console.log(
    `plain Stryker            ${fmt(plain.seconds)} s  (${plain.statuses.size} mutants: ${tally(plain.statuses)})`,
  );
  const fast = run('speedups', true, dir);
  console.log(
    `with the speed-ups       ${fmt(fast.seconds)} s  (${fast.statuses.size} mutants: ${tally(fast.statuses)})`,
  );
  console.log(`ratio                    ${fmt(fast.seconds / plain.seconds, 2)}`);
  const differing = [...plain.statuses].filter(([key, status]) => fast.statuses.get(key) !== status);
  if (differing.length || fast.statuses.size !== plain.statuses.size) {
    for (const [key, status] of differing) console.error(`differs: ${key}: ${status} -> ${fast.statuses.get(key)}`);
    throw new Error(`${differing.length} mutants have another status with the speed-ups`);
  }
  console.log('every mutant has the same status in both runs');
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
