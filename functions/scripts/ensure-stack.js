/**
 * The running local stack for the stack tier (the typed client, the browser tests) and the benchmarks: the one a developer
 * started (`npm start`), or one started here (and stopped by `stop()`), built first.
 */
const { spawn, execFileSync } = require('node:child_process');
const path = require('node:path');

const FUNCTIONS_DIR = path.resolve(__dirname, '..');

/**
 * How the stack's process is started: it holds the Firestore emulator's data (about 300 MB live with
 * the demo), and with V8's default heap limit it grew past 1.4 GB of garbage under load
 * (docs/BENCHMARKS.md "Stack memory"). STACK_HEAP_MB raises the bound for a larger dataset.
 */
const stackArgs = () => [`--max-old-space-size=${process.env.STACK_HEAP_MB ?? 896}`, path.join(__dirname, 'stack.js')];
const DASHBOARD_URL = 'http://127.0.0.1:5002/';
const API_BASE = 'http://127.0.0.1:5001/demo-workforce/us-central1';

async function answers(url) {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
    return res.status > 0;
  } catch {
    return false;
  }
}

/** The path of a Chromium to drive, or null: CHROMIUM_PATH, then Debian's chromium. */
function findChromium() {
  const fs = require('node:fs');
  for (const candidate of [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser']) {
    if (candidate && fs.existsSync(candidate)) return candidate;
  }
  return null;
}

async function ensureStack({ log = console.log } = {}) {
  // the Hosting emulator answers once the whole stack is up (it starts with the Functions emulator, after the demo data)
  if ((await answers(DASHBOARD_URL)) && (await answers('http://127.0.0.1:5001/'))) {
    log(`Using the running local stack (${DASHBOARD_URL}).`);
    return { stop: async () => {} };
  }
  log('Starting the local stack for the stack tier (npm start without the install) ...');
  execFileSync(
    process.execPath,
    [require.resolve('typescript/bin/tsc', { paths: [FUNCTIONS_DIR] }), '-p', 'tsconfig.build.json'],
    { cwd: FUNCTIONS_DIR, stdio: 'inherit' },
  );
  const child = spawn(process.execPath, stackArgs(), {
    cwd: FUNCTIONS_DIR,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const started = Date.now();
  while (!output.includes('Local stack ready')) {
    if (child.exitCode !== null)
      throw new Error(`the local stack exited (code ${child.exitCode}):\n${output.slice(-3000)}`);
    if (Date.now() - started > 240_000) {
      child.kill('SIGKILL');
      throw new Error(`the local stack was not ready within 240 s:\n${output.slice(-3000)}`);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  log(`Local stack ready in ${Math.round((Date.now() - started) / 1000)} s.`);
  return {
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', resolve);
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 20_000).unref();
      }),
  };
}

module.exports = { ensureStack, findChromium, stackArgs, DASHBOARD_URL, API_BASE };
