/**
 * Cold start: for every HTTPS function exported by a built tree, the time a fresh Node process
 * takes to load the entry (`require('<dir>/lib/index.js')`) and to answer its first request (the
 * function loads its module's code, builds the module's Express app and answers), median of 5
 * fresh processes, before (a git revision) and after (this working tree, uncommitted changes
 * included) side by side in one run, each set against the floor: a minimal function with the same
 * dependencies, which no function of ours can beat by much.
 *
 * Run (no emulators needed; `npm --prefix functions run bench` runs it with the others):
 *   cd functions && npx tsx bench/cold-start.ts [--base <rev>] [--runs <n>]
 * The base defaults to $COLD_START_BASE, else the tip of `main` at the time of the run; --runs
 * defaults to $COLD_START_RUNS, else 5; `--only <name>,<name>` measures only those functions. To measure two trees already built (each a directory
 * holding lib/index.js, with node_modules resolvable from it), skip git and tsc:
 *   npx tsx bench/cold-start.ts --before-dir <dir> --after-dir <dir>
 *
 * How: the base revision is checked out in a temporary `git worktree` under the OS temp directory
 * (functions/node_modules symlinked into it) and built there with the project's tsc
 * (tsconfig.build.json); the working tree is built with the same tsc into a temporary outDir, so
 * functions/lib (of a running stack) is never touched. Function names are every export (nested
 * groups as group-name) that carries `__endpoint.httpsTrigger`; nothing of src/ is imported here.
 * The floor (FLOOR_SOURCE) is written into the same temporary directory: firebase-functions v2
 * `onRequest` with our runtime options, an Express app with cors and one zod-validated route, the
 * same 404 answer in the same JSON envelope, firebase-admin initialised on first use as
 * src/core/firebase.ts does.
 * Each measurement is a fresh `node` process (process.execPath, no loader, clean environment) that
 * listens on a loopback port, then times the require of lib/index.js (loadEntryMs), then sends
 * GET /__cold-start__, a path no module serves, and times from the moment the function is called
 * with the request to the moment the response is finished (firstRequestMs); totalMs is their sum
 * (the loopback hop and the process boot are outside both). The answer must be 404 in the JSON
 * envelope. The child's emulator variables point at loopback ports held by this script, which
 * counts connections: the 404 path must connect to nothing, and any connection fails the run.
 * Per function: one discarded warm-up process per tree (before, after, floor), then the trees take
 * turns in rotated order (the leading tree moving on from one round and one function to the next)
 * so that load on the machine falls on all alike; the floor is measured again beside every
 * function, and each function's ratio is to the floor of its own row. Medians are taken per
 * column (the median total is not necessarily the sum of the median parts). The CPU time of the
 * same two spans (user + system, every thread of the child) is printed beside: on a loaded machine
 * it moves far less than wall time, so it tells a real change from noise, and it is the better
 * measure of the ratio to the floor. A function over FLOOR_LIMIT times the floor is flagged. The
 * temporary trees are removed at the end, also on error or Ctrl-C.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { fmt } from './lib';

const FUNCTIONS_DIR = path.resolve(__dirname, '..');
/** A function whose cold start is over this multiple of the floor's is flagged. */
const FLOOR_LIMIT = 1.2;
const FLOOR_FUNCTION = ['floor'];
const PROBE_PATH = '/__cold-start__';
const MARK = '@@cold-start@@ ';
const CHILD_TIMEOUT_MS = 60_000;

interface Sample {
  name: string;
  loadEntryMs: number;
  firstRequestMs: number;
  totalMs: number;
  /** CPU time (user + system, all threads) of the same two spans: far less sensitive than wall time to other load. */
  cpuMs: number;
}

/** Lists the HTTPS functions of lib/index.js (paths into the exports, nested groups included). */
const DISCOVER_SOURCE = `
const exported = require(process.argv[1]);
const found = [];
const walk = (value, at, depth) => {
  if (value == null || depth > 3) return;
  if (typeof value === 'function' && value.__endpoint && value.__endpoint.httpsTrigger) { found.push(at); return; }
  if (typeof value === 'object' && !Array.isArray(value)) for (const key of Object.keys(value)) walk(value[key], at.concat(key), depth + 1);
};
for (const key of Object.keys(exported)) walk(exported[key], [key], 0);
process.stdout.write('\\n${MARK}' + JSON.stringify(found) + '\\n', () => process.exit(0));
`;

/** One cold start: listen first, then time require(entry), then time the first request. */
const CHILD_SOURCE = `
const http = require('node:http');
const { performance } = require('node:perf_hooks');
const entry = process.argv[1];
const at = JSON.parse(process.argv[2]);
const fail = (message) => { process.stderr.write(message + '\\n'); process.exit(2); };
setTimeout(() => fail('no answer within ${CHILD_TIMEOUT_MS} ms'), ${CHILD_TIMEOUT_MS}).unref();
const server = http.createServer();
server.listen(0, '127.0.0.1', () => {
  const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
  const c0 = cpu();
  const t0 = performance.now();
  const exported = require(entry);
  const tLoaded = performance.now();
  const cLoaded = cpu();
  const fn = at.reduce((value, key) => (value == null ? value : value[key]), exported);
  if (typeof fn !== 'function') fail('no function at ' + at.join('.'));
  const finished = new Promise((resolve) => {
    server.once('request', (req, res) => {
      res.once('finish', () => resolve({ tCalled, t1: performance.now(), cCalled, c1: cpu() }));
      const cCalled = cpu();
      const tCalled = performance.now();
      Promise.resolve().then(() => fn(req, res)).catch((err) => fail('the function threw: ' + (err && err.stack || err)));
    });
  });
  const answered = new Promise((resolve, reject) => {
    const { port } = server.address();
    http.get({ host: '127.0.0.1', port, path: '${PROBE_PATH}', headers: { accept: 'application/json' } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => { body += chunk; });
      res.on('end', () => resolve({ status: res.statusCode, body }));
    }).on('error', reject);
  });
  Promise.all([finished, answered]).then(([{ tCalled, t1, cCalled, c1 }, { status, body }]) => {
    let envelope;
    try { envelope = JSON.parse(body); } catch { envelope = undefined; }
    if (status !== 404 || !envelope || envelope.success !== false) {
      fail('expected 404 in the JSON envelope, got ' + status + ' ' + body.slice(0, 300));
    }
    const loadEntryMs = tLoaded - t0;
    const firstRequestMs = t1 - tCalled;
    const result = { name: at.join('-'), loadEntryMs, firstRequestMs, totalMs: loadEntryMs + firstRequestMs, cpuMs: cLoaded - c0 + (c1 - cCalled), code: envelope.code };
    process.stdout.write('\\n${MARK}' + JSON.stringify(result) + '\\n', () => process.exit(0));
  }, (err) => fail(String(err && err.stack || err)));
});
`;

/**
 * The floor: the least a function with our dependencies can do. Same runtime options as
 * src/modules/kit.ts (DEFAULT_RUNTIME), an Express app with cors and a zod-validated route, the 404
 * of an unknown path in the JSON envelope, firebase-admin loaded and initialised on first use (the
 * 404 never uses it, as with our functions).
 */
const FLOOR_SOURCE = `'use strict';
const { onRequest } = require('firebase-functions/v2/https');
const express = require('express');
const cors = require('cors');
const { z } = require('zod');

let adminApp;
const admin = () => {
  if (!adminApp) {
    const { initializeApp, getApps } = require('firebase-admin/app');
    adminApp = getApps()[0] ?? initializeApp({ projectId: process.env.GCLOUD_PROJECT });
  }
  return adminApp;
};

const greetingBody = z.strictObject({ name: z.string().min(1).max(100) });

const app = express();
app.disable('x-powered-by');
app.use(cors({ origin: true, maxAge: 3600, exposedHeaders: ['X-Request-Id'] }));
app.post('/floor/greeting', express.json({ limit: '1mb' }), (req, res) => {
  const parsed = greetingBody.safeParse(req.body);
  if (!parsed.success) {
    res.status(400).json({ success: false, error: z.prettifyError(parsed.error), code: 'VALIDATION_FAILED' });
    return;
  }
  res.json({ success: true, data: { greeting: 'Hello ' + parsed.data.name, projectId: admin().options.projectId } });
});
app.use((req, res) => {
  res.status(404).json({ success: false, error: 'No route ' + req.method + ' ' + req.path + ' in the floor module', code: 'ROUTE_NOT_FOUND' });
});

exports.${FLOOR_FUNCTION[0]} = onRequest({ region: 'us-central1', memory: '256MiB', timeoutSeconds: 60, concurrency: 80 }, app);
`;

// ---------------------------------------------------------------------------------------------
// Processes, cleanup

const running = new Set<ChildProcess>();
const cleanups: Array<() => void> = [];

function cleanupAll(): void {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
  while (cleanups.length) {
    try {
      cleanups.pop()!();
    } catch (err) {
      console.error(`cleanup: ${(err as Error).message}`);
    }
  }
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: cleaning up`);
    cleanupAll();
    process.exit(130);
  });
}

function run(
  command: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; timeoutMs?: number },
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    running.add(child);
    let stdout = '';
    let stderr = '';
    child.stdout!.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const timer = options.timeoutMs ? setTimeout(() => child.kill('SIGKILL'), options.timeoutMs) : undefined;
    child.on('error', (err) => {
      running.delete(child);
      reject(err);
    });
    child.on('close', (code) => {
      running.delete(child);
      if (timer) clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

function git(args: string[], cwd = FUNCTIONS_DIR): string {
  const out = spawnSync('git', args, { cwd, encoding: 'utf8' });
  if (out.status !== 0) throw new Error(`git ${args.join(' ')}: ${out.stderr.trim()}`);
  return out.stdout.trim();
}

// ---------------------------------------------------------------------------------------------
// Trees

interface Tree {
  label: string;
  /** Directory holding lib/index.js. */
  dir: string;
  entry: string;
}

const tscBin = () => path.join(FUNCTIONS_DIR, 'node_modules', '.bin', 'tsc');

async function tsc(cwd: string, extra: string[]): Promise<void> {
  const out = await run(tscBin(), ['-p', 'tsconfig.build.json', ...extra], { cwd });
  if (out.code !== 0) throw new Error(`tsc in ${cwd} failed:\n${(out.stdout + out.stderr).slice(0, 4000)}`);
}

function linkNodeModules(intoDir: string): void {
  const link = path.join(intoDir, 'node_modules');
  fs.symlinkSync(fs.realpathSync(path.join(FUNCTIONS_DIR, 'node_modules')), link, 'dir');
  // removed by hand before anything deletes the directory, so that no removal can follow it
  cleanups.push(() => {
    if (fs.lstatSync(link, { throwIfNoEntry: false })?.isSymbolicLink()) fs.unlinkSync(link);
  });
}

/** Checks out `rev` in a temporary worktree and builds it there; returns the built functions dir. */
async function buildBase(rev: string, tmp: string): Promise<Tree> {
  const sha = spawnSync('git', ['rev-parse', '--verify', '--quiet', `${rev}^{commit}`], {
    cwd: FUNCTIONS_DIR,
    encoding: 'utf8',
  }).stdout.trim();
  if (!sha) throw new Error(`${rev} is not a commit of this repository`);
  const root = git(['rev-parse', '--show-toplevel']);
  const worktree = path.join(tmp, 'base');
  git(['worktree', 'add', '--detach', '--quiet', worktree, sha], root);
  cleanups.push(() => {
    git(['worktree', 'remove', '--force', worktree], root);
    git(['worktree', 'prune'], root);
  });
  const dir = path.join(worktree, path.relative(root, FUNCTIONS_DIR));
  if (!fs.existsSync(path.join(dir, 'tsconfig.build.json')))
    throw new Error(`${rev} has no ${path.relative(root, FUNCTIONS_DIR)}/tsconfig.build.json`);
  linkNodeModules(dir);
  await tsc(dir, []);
  const subject = git(['log', '-1', '--format=%h %s', sha], root);
  return {
    label: `before: ${subject.length > 100 ? `${subject.slice(0, 97)}...` : subject}`,
    dir,
    entry: path.join(dir, 'lib', 'index.js'),
  };
}

/** Builds this working tree (uncommitted changes included) into a temporary directory. */
async function buildCurrent(tmp: string): Promise<Tree> {
  const dir = path.join(tmp, 'after');
  fs.mkdirSync(dir);
  fs.copyFileSync(path.join(FUNCTIONS_DIR, 'package.json'), path.join(dir, 'package.json'));
  linkNodeModules(dir);
  await tsc(FUNCTIONS_DIR, ['--outDir', path.join(dir, 'lib')]);
  const head = git(['rev-parse', '--short', 'HEAD']);
  const dirty =
    git(['status', '--porcelain', '--', 'src', 'package.json', 'tsconfig.json', 'tsconfig.build.json']) !== '';
  return {
    label: `after: working tree at ${head}${dirty ? ' + uncommitted changes' : ''}`,
    dir,
    entry: path.join(dir, 'lib', 'index.js'),
  };
}

/** Writes the floor function into the temporary directory (plain JavaScript: nothing to build). */
function writeFloor(tmp: string): Tree {
  const dir = path.join(tmp, 'floor');
  fs.mkdirSync(path.join(dir, 'lib'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'lib', 'index.js'), FLOOR_SOURCE);
  linkNodeModules(dir);
  return {
    label: 'floor: a minimal onRequest function (express, cors, zod, firebase-admin on first use)',
    dir,
    entry: path.join(dir, 'lib', 'index.js'),
  };
}

function prebuilt(label: string, dir: string): Tree {
  const entry = path.join(path.resolve(dir), 'lib', 'index.js');
  if (!fs.existsSync(entry)) throw new Error(`${entry} does not exist`);
  return { label: `${label}: ${path.resolve(dir)}`, dir: path.resolve(dir), entry };
}

// ---------------------------------------------------------------------------------------------
// Measurement

/** Holds the emulator ports of the children: a connection there means the 404 path touched a backend. */
async function sentinel(): Promise<{ host: string; connections: () => number; close: () => void }> {
  let count = 0;
  const server = net.createServer((socket) => {
    count++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return { host: `127.0.0.1:${port}`, connections: () => count, close: () => server.close() };
}

function childEnv(firestoreHost: string, authHost: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    GCLOUD_PROJECT: 'demo-workforce',
    FIRESTORE_EMULATOR_HOST: firestoreHost,
    FIREBASE_AUTH_EMULATOR_HOST: authHost,
    METADATA_SERVER_DETECTION: 'none',
    NODE_ENV: 'production',
  };
  for (const key of ['PATH', 'HOME', 'TMPDIR', 'SYSTEMROOT']) if (process.env[key]) env[key] = process.env[key];
  return env;
}

function marked<T>(stdout: string): T | undefined {
  const line = stdout.split('\n').find((l) => l.startsWith(MARK));
  return line ? (JSON.parse(line.slice(MARK.length)) as T) : undefined;
}

async function discover(tree: Tree, env: NodeJS.ProcessEnv): Promise<string[][]> {
  const out = await run(process.execPath, ['-e', DISCOVER_SOURCE, tree.entry], {
    cwd: tree.dir,
    env,
    timeoutMs: CHILD_TIMEOUT_MS,
  });
  const found = out.code === 0 ? marked<string[][]>(out.stdout) : undefined;
  if (!found)
    throw new Error(`listing the functions of ${tree.entry} failed (exit ${out.code}):\n${out.stderr.slice(0, 4000)}`);
  return found;
}

async function coldStart(tree: Tree, at: string[], env: NodeJS.ProcessEnv): Promise<Sample> {
  const out = await run(process.execPath, ['-e', CHILD_SOURCE, tree.entry, JSON.stringify(at)], {
    cwd: tree.dir,
    env,
    timeoutMs: CHILD_TIMEOUT_MS + 5_000,
  });
  const sample = out.code === 0 ? marked<Sample>(out.stdout) : undefined;
  if (!sample)
    throw new Error(
      `cold start of ${at.join('-')} in ${tree.dir} failed (exit ${out.code}):\n${(out.stderr || out.stdout).slice(0, 4000)}`,
    );
  return sample;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

interface Medians {
  loadEntryMs: number;
  firstRequestMs: number;
  totalMs: number;
  cpuMs: number;
}

const medians = (samples: Sample[]): Medians => ({
  loadEntryMs: median(samples.map((s) => s.loadEntryMs)),
  firstRequestMs: median(samples.map((s) => s.firstRequestMs)),
  totalMs: median(samples.map((s) => s.totalMs)),
  cpuMs: median(samples.map((s) => s.cpuMs)),
});

// ---------------------------------------------------------------------------------------------

function options() {
  const args = process.argv.slice(2);
  const value = (flag: string) => {
    const i = args.indexOf(flag);
    if (i < 0) return undefined;
    if (!args[i + 1]) throw new Error(`${flag} needs a value`);
    return args[i + 1];
  };
  const runs = Number(value('--runs') ?? process.env.COLD_START_RUNS ?? 5);
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a positive integer');
  const beforeDir = value('--before-dir');
  const only = value('--only')?.split(',');
  return {
    only,
    base: value('--base') ?? process.env.COLD_START_BASE ?? (beforeDir ? '' : git(['rev-parse', 'main'])),
    beforeDir,
    afterDir: value('--after-dir'),
    runs,
  };
}

interface Side {
  tree: Tree;
  at: string[];
  samples: Sample[];
}

/** The sides in turn: round `round` starts at a different side each time (AB BA for two, ABC BCA CAB for three). */
const rotated = (sides: Side[], round: number) => sides.map((_, i) => sides[(i + round) % sides.length]);

interface Row {
  name: string;
  before?: Medians;
  after?: Medians;
  floor: Medians;
}

const geomean = (xs: number[]) => (xs.length ? Math.exp(xs.reduce((s, r) => s + Math.log(r), 0) / xs.length) : NaN);
const times = (r: number | undefined) => (r === undefined ? '-' : `${fmt(r, 2)}x`);
const ratio = (a: Medians | undefined, b: Medians | undefined, k: keyof Medians) => (a && b ? a[k] / b[k] : undefined);

function printTable(rows: Row[]): void {
  const cell = (m: Medians | undefined, k: keyof Medians) => (m ? fmt(m[k]) : '-');
  console.log('');
  console.log(
    `| function | before total ms | after total ms | after / before | floor total ms | after / floor | before load entry | after load entry | before first request | after first request | before cpu ms | after cpu ms | cpu after / before | floor cpu ms | cpu before / floor | cpu after / floor | over ${FLOOR_LIMIT}x the floor |`,
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const { name, before: b, after: a, floor: f } of rows) {
    const over = [
      (ratio(a, f, 'totalMs') ?? 0) > FLOOR_LIMIT ? 'wall' : '',
      (ratio(a, f, 'cpuMs') ?? 0) > FLOOR_LIMIT ? 'cpu' : '',
    ].filter(Boolean);
    console.log(
      `| ${name} | ${cell(b, 'totalMs')} | ${cell(a, 'totalMs')} | ${times(ratio(a, b, 'totalMs'))} | ${cell(f, 'totalMs')} | ${times(ratio(a, f, 'totalMs'))} | ${cell(b, 'loadEntryMs')} | ${cell(a, 'loadEntryMs')} | ${cell(b, 'firstRequestMs')} | ${cell(a, 'firstRequestMs')} | ${cell(b, 'cpuMs')} | ${cell(a, 'cpuMs')} | ${times(ratio(a, b, 'cpuMs'))} | ${cell(f, 'cpuMs')} | ${times(ratio(b, f, 'cpuMs'))} | ${times(ratio(a, f, 'cpuMs'))} | ${over.length ? `OVER (${over.join(', ')})` : ''} |`,
    );
  }
}

function printSummary(rows: Row[]): void {
  const collect = (pick: (row: Row) => number | undefined) =>
    rows.map(pick).filter((r): r is number => r !== undefined);
  const both = rows.filter((row) => row.before && row.after);
  const overFloor = (k: keyof Medians) =>
    rows.filter((row) => (ratio(row.after, row.floor, k) ?? 0) > FLOOR_LIMIT).map((row) => row.name);
  console.log('');
  console.log(
    `Load average at end ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}.`,
  );
  console.log(
    `Geometric mean of after / before over the ${both.length} functions on both sides: ${fmt(geomean(collect((r) => ratio(r.after, r.before, 'totalMs'))), 3)}x (cpu time ${fmt(geomean(collect((r) => ratio(r.after, r.before, 'cpuMs'))), 3)}x)`,
  );
  console.log(
    `Floor, median over every row: ${fmt(median(rows.map((r) => r.floor.totalMs)))} ms (cpu ${fmt(median(rows.map((r) => r.floor.cpuMs)))} ms); geometric mean of after / floor: ${fmt(geomean(collect((r) => ratio(r.after, r.floor, 'totalMs'))), 3)}x (cpu time ${fmt(geomean(collect((r) => ratio(r.after, r.floor, 'cpuMs'))), 3)}x)`,
  );
  for (const [what, k] of [
    ['cpu time', 'cpuMs'],
    ['wall time', 'totalMs'],
  ] as const) {
    const over = overFloor(k);
    console.log(
      over.length
        ? `Over ${FLOOR_LIMIT}x the floor in ${what} (after): ${over.join(', ')}`
        : `Every function is within ${FLOOR_LIMIT}x the floor in ${what} (after).`,
    );
  }
}

async function main(): Promise<void> {
  const opts = options();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cold-start-'));
  cleanups.unshift(() => fs.rmSync(tmp, { recursive: true, force: true }));

  const buildStarted = Date.now();
  const [before, after] = await Promise.all([
    opts.beforeDir ? prebuilt('before', opts.beforeDir) : buildBase(opts.base, tmp),
    opts.afterDir ? prebuilt('after', opts.afterDir) : buildCurrent(tmp),
  ]);
  const floor = writeFloor(tmp);
  const buildSeconds = (Date.now() - buildStarted) / 1000;

  const firestore = await sentinel();
  const auth = await sentinel();
  cleanups.push(firestore.close, auth.close);
  const env = childEnv(firestore.host, auth.host);

  console.log(`Cold start per function: median of ${opts.runs} fresh node processes per tree, interleaved`);
  console.log(`  ${before.label}`);
  console.log(`  ${after.label}`);
  console.log(`  ${floor.label}`);
  console.log(
    `  node ${process.version}, ${os.cpus().length} cores, load average at start ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}${opts.beforeDir && opts.afterDir ? '' : `, builds took ${buildSeconds.toFixed(0)} s`}`,
  );

  const [beforeFns, afterFns] = [await discover(before, env), await discover(after, env)];
  const floorFns = await discover(floor, env);
  if (floorFns.length !== 1) throw new Error(`the floor exports ${floorFns.length} HTTPS functions, not 1`);
  const key = (at: string[]) => at.join('-');
  const all = new Map<string, string[]>();
  for (const at of [...afterFns, ...beforeFns]) if (!all.has(key(at))) all.set(key(at), at);
  const has = (fns: string[][], name: string) => fns.some((at) => key(at) === name);

  const rows: Row[] = [];
  let index = 0;
  for (const [name, at] of all) {
    if (opts.only && !opts.only.includes(name)) continue;
    const first = index++; // which tree leads the first round: moves on from one function to the next
    const floorSide: Side = { tree: floor, at: FLOOR_FUNCTION, samples: [] };
    const sides: Side[] = [
      ...[before, after]
        .filter((tree) => has(tree === before ? beforeFns : afterFns, name))
        .map((tree) => ({ tree, at, samples: [] as Sample[] })),
      floorSide,
    ];
    for (const side of sides) await coldStart(side.tree, side.at, env); // warm-up, discarded
    for (let i = 0; i < opts.runs; i++) {
      for (const side of rotated(sides, i + first)) side.samples.push(await coldStart(side.tree, side.at, env));
    }
    const [b, a] = [before, after].map((tree) => sides.find((s) => s.tree === tree));
    const totals = (s?: Side) =>
      s ? s.samples.map((x) => `${fmt(x.totalMs, 0)} (${fmt(x.cpuMs, 0)})`).join(' ') : '-';
    console.log(`  ${name}: total ms (cpu ms) before ${totals(b)} | after ${totals(a)} | floor ${totals(floorSide)}`);
    rows.push({
      name,
      before: b && medians(b.samples),
      after: a && medians(a.samples),
      floor: medians(floorSide.samples),
    });
  }

  printTable(rows);
  printSummary(rows);

  const touched = firestore.connections() + auth.connections();
  if (touched)
    throw new Error(
      `${touched} connection(s) reached the emulator ports: the 404 path must not touch Firestore or Auth`,
    );
}

main()
  .then(
    () => 0,
    (err) => {
      console.error(err instanceof Error ? err.message : err);
      return 1;
    },
  )
  .then((code) => {
    cleanupAll();
    process.exit(code);
  });
