/**
 * The two commands of the README, from the repository root:
 *   npm start  -> install (if needed), build, start the local stack with the demo data
 *   npm test   -> install (if needed), typecheck, lint, run every test against the emulators
 *   (also npm run test:unit, bench and mutation, on the same Node and install)
 * Everything runs on Node 24 (the deployed runtime, nodejs24). When the node running this script
 * is another major, the Node 24 binary is fetched from the npm registry as a package
 * (node-<platform>-<arch>, its bin/node) into .runtime/node-<version>/ once, and this script runs
 * again on it, with its bin directory first on PATH: npm, tsc, eslint, jest, firebase-tools and the
 * Functions emulator's runtime all run on that Node. So a fresh clone needs only Node 20+ and npm.
 * "Install if needed" is `npm ci` in functions/ whenever package-lock.json, the Node major or the
 * platform changed since the last install (native addons are built for one Node ABI).
 */
const { spawn, spawnSync } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const NODE_VERSION = '24.21.0';
const NODE_MAJOR = NODE_VERSION.split('.')[0];
const FUNCTIONS_DIR = path.resolve(__dirname, '..');
const ROOT_DIR = path.resolve(FUNCTIONS_DIR, '..');
const PRETTIER_CACHE = path.join(FUNCTIONS_DIR, 'node_modules', '.cache', 'prettier', '.prettier-cache');
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: FUNCTIONS_DIR, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    console.error(`\n${[command, ...args].join(' ')} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
}

/** On another Node major: fetch Node NODE_VERSION into .runtime/ (once) and run this script again on it. */
function ensureNode() {
  if (process.versions.node.split('.')[0] === NODE_MAJOR) return false;
  const pkg = `node-${process.platform}-${process.arch}`;
  const dir = path.join(ROOT_DIR, '.runtime', `node-${NODE_VERSION}`);
  const binDir = path.join(dir, 'node_modules', pkg, 'bin');
  const node = path.join(binDir, process.platform === 'win32' ? 'node.exe' : 'node');
  if (!fs.existsSync(node)) {
    console.log(
      `Node ${process.version} here; fetching Node ${NODE_VERSION} (${pkg}) from the npm registry into .runtime/ ...`,
    );
    fs.mkdirSync(dir, { recursive: true });
    const args = ['install', '--prefix', dir, '--no-save', '--no-audit', '--no-fund', `${pkg}@${NODE_VERSION}`];
    if (spawnSync(NPM, args, { cwd: ROOT_DIR, stdio: 'inherit' }).status !== 0 || !fs.existsSync(node)) {
      console.error(
        `\nCould not fetch ${pkg}@${NODE_VERSION} from the npm registry; install Node ${NODE_MAJOR} and run again with it.`,
      );
      process.exit(1);
    }
  }
  const env = {
    ...process.env,
    PATH: `${binDir}${path.delimiter}${process.env.PATH ?? ''}`,
  };
  const child = spawn(node, [path.join(__dirname, 'bootstrap.js'), ...process.argv.slice(2)], {
    stdio: 'inherit',
    env,
  });
  // Ctrl+C reaches the child from the terminal; a signal sent to this process alone is passed on.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  return true;
}

function ensureInstalled() {
  const lock = fs.readFileSync(path.join(FUNCTIONS_DIR, 'package-lock.json'));
  const runtime = `node${process.versions.node.split('.')[0]}-${process.platform}-${process.arch}`;
  const digest = `${crypto.createHash('sha256').update(lock).digest('hex')} ${runtime}`;
  const stamp = path.join(FUNCTIONS_DIR, 'node_modules', '.install-stamp');
  if (fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === digest) return;
  console.log(`Installing dependencies (npm ci in functions/, ${runtime}) ...`);
  const started = Date.now();
  // node-gyp builds native addons (re2) against the headers of the node running it: this one's when
  // its install has them (a user .npmrc `nodedir` may point at another Node's).
  const prefix = path.dirname(path.dirname(process.execPath));
  const headers = fs.existsSync(path.join(prefix, 'include', 'node', 'node_version.h'));
  run(NPM, ['ci', '--no-audit', '--no-fund'], {
    env: headers ? { ...process.env, npm_config_nodedir: prefix } : process.env,
  });
  fs.writeFileSync(stamp, digest);
  console.log(`Installing dependencies: ${Math.round((Date.now() - started) / 1000)} s`);
}

if (!ensureNode()) {
  const command = process.argv[2];
  console.log(`Node ${process.version} (${process.execPath})`);
  ensureInstalled();
  const bin = (name) => path.join(FUNCTIONS_DIR, 'node_modules', '.bin', name);
  if (command === 'start') {
    run(bin('tsc'), ['-p', 'tsconfig.build.json']);
    run(process.execPath, require('./ensure-stack').stackArgs());
  } else if (command === 'test') {
    const jestArgs = process.argv.slice(3);
    // each step says how long it took, so that a slow CI run shows where its time went
    const step = (label, work) => {
      const started = Date.now();
      console.log(`${label} ...`);
      work();
      console.log(`${label}: ${Math.round((Date.now() - started) / 1000)} s`);
    };
    step('Typecheck', () => {
      run(bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']);
      run(bin('tsc'), ['-p', 'web/tsconfig.json']);
      // the typed client package, strict (test/unit/openapi/client-types.test.ts checks its generated types)
      run(bin('tsc'), ['-p', '../clients/typescript/tsconfig.json', '--noEmit']);
    });
    step('Lint and format check', () => {
      run(bin('eslint'), ['.']);
      // one formatter for the whole repository (.prettierrc.json, .prettierignore at the root); `npm run format` fixes
      run(bin('prettier'), ['--check', '--cache', '--cache-location', PRETTIER_CACHE, '--log-level', 'warn', '.'], {
        cwd: ROOT_DIR,
      });
    });
    // the paths and options first: --selectProjects takes every word after it as a project name
    step('Unit and emulator tiers', () =>
      run(process.execPath, ['scripts/with-emulators.js', 'jest', ...jestArgs, '--selectProjects', 'unit', 'emulator']),
    );
    // the stack tier (the typed client, the dashboard in a browser) needs the whole local stack: on a full run only (not for `npm test -- <path>`)
    if (jestArgs.length === 0) step('Stack tier', () => run(process.execPath, ['scripts/stack-tests.js']));
  } else if (command === 'bench') {
    run(process.execPath, ['scripts/with-emulators.js', process.execPath, 'bench/run-all.js']);
  } else if (command === 'mutation') {
    // StrykerJS over the rules, then the schemas, against the unit tier; one merged report (scripts/mutation.js)
    run(process.execPath, ['scripts/mutation.js', ...process.argv.slice(3)]);
  } else if (command === 'format') {
    run(bin('prettier'), ['--write', '--cache', '--cache-location', PRETTIER_CACHE, '--log-level', 'warn', '.'], {
      cwd: ROOT_DIR,
    });
  } else if (command === 'test:unit') {
    // the unit tier alone: no emulator is started
    run(process.execPath, [
      require.resolve('jest/bin/jest', { paths: [FUNCTIONS_DIR] }),
      ...process.argv.slice(3),
      '--selectProjects',
      'unit',
    ]);
  } else {
    console.error('usage: bootstrap.js start|test|test:unit|format|bench|mutation [args]');
    process.exit(2);
  }
}
