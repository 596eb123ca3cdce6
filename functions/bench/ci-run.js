/**
 * `node functions/bench/ci-run.js [--runs N] [--rev REV]`: CI as a new machine runs it, timed.
 *
 * Each run clones REV (default HEAD) of this repository into a new temporary folder, removes jest's
 * cache, and runs `bash .ci/run` there with CI=true and no standard input, as CI does. It prints, per
 * run and side by side with the figures of the run that failed on a new machine (main at 139667f),
 * the wall time, the time of each step `npm test` reports, the five slowest test files, the lines
 * printed, and the tests whose timeout margin is thinner than 2x. The logs stay in the temporary
 * folder it names; the clones are removed.
 *
 * Not part of `npm run bench` (bench/run-all.js runs the .ts benchmarks): one run takes the machine
 * for about a quarter of an hour. It needs the machine to itself; the stack's ports must be free.
 */
const { spawn, execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..', '..');
/** The failed run on a new machine (2 cores, no jest cache) that this benchmark's targets answer. */
const BASELINE = {
  wallSeconds: 2099,
  lines: 13000,
  files: {
    'test/contract/malformed.test.ts': 1507,
    'test/contract/idempotency.test.ts': 535,
    'test/faults/store.test.ts': 295,
  },
};
const TARGET = { wallSeconds: 20 * 60, fileSeconds: 5 * 60, lines: 2000 };

function option(name, fallback) {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : fallback;
}

/** jest's default cache folder (jest-config's getCacheDirectory). */
function jestCacheDir() {
  const uid = typeof process.getuid === 'function' ? process.getuid().toString(36) : 'default';
  return path.join(os.tmpdir(), `jest_${uid}`);
}

function runCi(clone, logFile) {
  return new Promise((resolve) => {
    const log = fs.openSync(logFile, 'w');
    const started = Date.now();
    const child = spawn('bash', ['.ci/run'], {
      cwd: clone,
      env: { ...process.env, CI: 'true' },
      stdio: ['ignore', log, log],
    });
    child.on('exit', (code, signal) => {
      fs.closeSync(log);
      resolve({ code: code ?? (signal ? 1 : 0), seconds: (Date.now() - started) / 1000 });
    });
  });
}

function analyse(text) {
  // strip colours: jest colours its output when it believes it writes to a terminal
  const plain = text.replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '');
  const lines = plain.split('\n');
  const files = [];
  for (const line of lines) {
    const m = /^(PASS|FAIL) +(\S+) +(\S+)(?: \(([\d.]+) s\))?/.exec(line);
    if (m) files.push({ status: m[1], project: m[2], file: m[3], seconds: m[4] ? Number(m[4]) : 0 });
  }
  const steps = [];
  for (const line of lines) {
    const m = /^([A-Z][\w ]+): (\d+) s$/.exec(line);
    if (m) steps.push({ step: m[1], seconds: Number(m[2]) });
  }
  const thin = lines.filter((l) => l.includes('thin timeout margin:')).map((l) => l.trim());
  const totals = lines.filter((l) => /^Tests: /.test(l)).map((l) => l.trim());
  return { lines: lines.length, files: files.sort((a, b) => b.seconds - a.seconds), steps, thin, totals };
}

const ratio = (value, baseline) => (baseline ? `${(value / baseline).toFixed(2)}x` : '');

async function main() {
  const runs = Number(option('--runs', '1'));
  const rev = execFileSync('git', ['rev-parse', option('--rev', 'HEAD')], { cwd: ROOT, encoding: 'utf8' }).trim();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ci-run-'));
  console.log(`CI on a new machine: ${runs} run(s) of ${rev.slice(0, 10)}, logs in ${work}`);
  let failed = 0;
  for (let i = 1; i <= runs; i++) {
    const clone = path.join(work, `clone-${i}`);
    execFileSync('git', ['clone', '--quiet', '--no-checkout', ROOT, clone]);
    execFileSync('git', ['checkout', '--quiet', rev], { cwd: clone });
    fs.rmSync(jestCacheDir(), { recursive: true, force: true });
    const logFile = path.join(work, `run-${i}.log`);
    const { code, seconds } = await runCi(clone, logFile);
    const a = analyse(fs.readFileSync(logFile, 'utf8'));
    if (code !== 0) failed++;
    console.log(`\nrun ${i}: exit ${code}`);
    console.log(
      `  wall time       ${seconds.toFixed(0).padStart(6)} s   target <= ${TARGET.wallSeconds} s   baseline ${BASELINE.wallSeconds} s (failed)   ${ratio(seconds, BASELINE.wallSeconds)}`,
    );
    for (const s of a.steps) console.log(`  ${s.step.padEnd(28)} ${String(s.seconds).padStart(5)} s`);
    console.log(
      `  lines printed   ${String(a.lines).padStart(6)}     target <= ${TARGET.lines}     baseline ~${BASELINE.lines}   ${ratio(a.lines, BASELINE.lines)}`,
    );
    for (const t of a.totals) console.log(`  ${t}`);
    console.log(`  slowest files (target <= ${TARGET.fileSeconds} s each):`);
    for (const f of a.files.slice(0, 5))
      console.log(`    ${f.seconds.toFixed(1).padStart(7)} s  ${f.status} ${f.project} ${f.file}`);
    console.log("  the baseline's slowest files, now (a split file by its parts):");
    for (const [file, base] of Object.entries(BASELINE.files)) {
      const parts = a.files.filter((f) => f.file === file || f.file.startsWith(file.replace(/\.test\.ts$/, '-')));
      const seconds = parts.reduce((sum, f) => sum + f.seconds, 0);
      const list = parts.map((f) => `${f.file.split('/').pop()} ${f.seconds.toFixed(1)} s`).join(', ');
      console.log(`    ${file}: baseline ${base} s, now ${seconds.toFixed(1)} s (${ratio(seconds, base)}): ${list}`);
    }
    console.log(`  timeouts thinner than 2x: ${a.thin.length}`);
    for (const t of a.thin) console.log(`    ${t}`);
    fs.rmSync(clone, { recursive: true, force: true });
  }
  process.exit(failed ? 1 : 0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
