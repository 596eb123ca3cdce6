/**
 * The two commands of the README, from the repository root:
 *   npm start  -> install (if needed), build, start the local stack with the demo data
 *   npm test   -> install (if needed), typecheck, lint, run every test against the emulators
 * "Install if needed" is `npm ci` in functions/ whenever package-lock.json changed since the last
 * install, so a fresh clone needs nothing but Node 20 and npm.
 */
const { spawnSync } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const FUNCTIONS_DIR = path.resolve(__dirname, '..');
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: FUNCTIONS_DIR, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    console.error(`\n${[command, ...args].join(' ')} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
}

function ensureInstalled() {
  const lock = fs.readFileSync(path.join(FUNCTIONS_DIR, 'package-lock.json'));
  const digest = crypto.createHash('sha256').update(lock).digest('hex');
  const stamp = path.join(FUNCTIONS_DIR, 'node_modules', '.install-stamp');
  if (fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === digest) return;
  console.log('Installing dependencies (npm ci in functions/) ...');
  run(NPM, ['ci', '--no-audit', '--no-fund']);
  fs.writeFileSync(stamp, digest);
}

const command = process.argv[2];
ensureInstalled();
const bin = (name) => path.join(FUNCTIONS_DIR, 'node_modules', '.bin', name);
if (command === 'start') {
  run(bin('tsc'), ['-p', 'tsconfig.build.json']);
  run(process.execPath, ['scripts/stack.js']);
} else if (command === 'test') {
  console.log('Typecheck ...');
  run(bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']);
  console.log('Lint ...');
  run(bin('eslint'), ['.']);
  run(process.execPath, ['scripts/with-emulators.js', 'jest', ...process.argv.slice(3)]);
} else {
  console.error('usage: bootstrap.js start|test [jest args]');
  process.exit(2);
}
