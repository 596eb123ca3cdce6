/**
 * `node scripts/with-emulators.js <command...>`: starts a private Firestore emulator, Auth emulator,
 * Cloud Tasks emulator and Cloud Storage emulator (its Node server, see emulators.js) on test ports, runs the command with the emulator variables set, stops
 * them, and exits with the command's exit code. `npm test` is `with-emulators.js jest`.
 *
 * firebase-tools starts its Cloud Tasks emulator only beside the Functions emulator, which the test
 * tier does not run: the same emulator (firebase-tools' TasksEmulator) is started here in-process,
 * and the modules' task queues are created on it with their declared retry and rate settings
 * (the Functions emulator registers them in the local stack), delivering to a sink
 * in this process that keeps every delivery (TASKS_SINK_URL/deliveries), so tests follow a task
 * from the enqueue to the request Cloud Tasks makes, and hand that request to the real task function.
 */
const { execFileSync, spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const http = require('node:http');
const { randomBytes } = require('node:crypto');
const { startFirestore, startStorage, startFirebaseEmulators, FUNCTIONS_DIR, RUNTIME_DIR } = require('./emulators');

const FIRESTORE_PORT = Number(process.env.TEST_FIRESTORE_PORT ?? 8180);
const AUTH_PORT = Number(process.env.TEST_AUTH_PORT ?? 9199);
// Distinct per port pair, so that parallel runs (e.g. on one developer machine) never share emulator state files.
const PROJECT_ID = `demo-workforce-test-${AUTH_PORT}`;
// The other emulators take the four ports after AUTH_PORT + 200 (hub, logging, tasks, storage): runs
// side by side (one per worktree) need auth ports at least 5 apart.
const HUB_PORT = AUTH_PORT + 201;
const LOGGING_PORT = AUTH_PORT + 202;
const TASKS_PORT = AUTH_PORT + 203;
const STORAGE_PORT = AUTH_PORT + 204;
const REGION = 'us-central1';

/** Keeps every task delivery (queue, body, Cloud Tasks headers) and answers 200. */
function startTaskSink() {
  const deliveries = [];
  const server = http.createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/deliveries') {
      res.setHeader('content-type', 'application/json');
      return res.end(JSON.stringify(deliveries));
    }
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      let parsed = null;
      try {
        parsed = JSON.parse(body);
      } catch {
        // kept as null: the test sees the delivery was not JSON
      }
      const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => k.startsWith('x-cloudtasks-')));
      deliveries.push({ queue: req.url.slice(1), body: parsed, headers, at: Date.now() });
      res.end('{}');
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${server.address().port}` })),
  );
}

async function createTaskQueues(sinkUrl) {
  const tsx = require.resolve('tsx');
  const queues = JSON.parse(
    execFileSync(process.execPath, ['--import', tsx, 'scripts/task-queues.ts'], {
      cwd: FUNCTIONS_DIR,
      encoding: 'utf8',
    }),
  );
  for (const queue of queues) {
    const url = `http://127.0.0.1:${TASKS_PORT}/projects/${PROJECT_ID}/locations/${REGION}/queues/${queue.name}`;
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        retryConfig: queue.retryConfig,
        rateLimits: queue.rateLimits,
        defaultUri: `${sinkUrl}/${queue.name}`,
        retry: true,
      }),
    });
    if (!res.ok) throw new Error(`creating task queue ${queue.name}: ${res.status} ${await res.text()}`);
  }
}

/**
 * Every query the emulator tier ran, checked against firestore.indexes.json (scripts/index-check.ts):
 * the emulators do not require composite indexes, Firestore does. Returns the check's exit code.
 * On a full run (no test paths before --selectProjects), the indexes no query used are listed too.
 */
function checkIndexes(file, jestArgs) {
  const projects = jestArgs.indexOf('--selectProjects');
  const fullRun = (projects < 0 ? jestArgs : jestArgs.slice(0, projects)).every((arg) => arg.startsWith('-'));
  const check = ['--import', require.resolve('tsx'), 'scripts/index-check.ts', file];
  const result = spawnSync(process.execPath, fullRun ? [...check, '--report-unused'] : check, {
    cwd: FUNCTIONS_DIR,
    stdio: 'inherit',
  });
  return result.status ?? 1;
}

async function main() {
  const [command, ...args] = process.argv.slice(2);
  if (!command) throw new Error('usage: with-emulators.js <command> [args...]');
  if (command === 'jest') console.log(`Tests run on Node ${process.version} (${process.execPath})`);
  // one line per distinct query shape, written by the emulator as it runs them (all workers share it)
  const queryShapes = path.join(RUNTIME_DIR, `query-shapes-${PROJECT_ID}.jsonl`);
  fs.mkdirSync(RUNTIME_DIR, { recursive: true });
  fs.writeFileSync(queryShapes, '');
  const firestore = await startFirestore(FIRESTORE_PORT, {
    onQueryShape: (shape) => fs.appendFileSync(queryShapes, `${JSON.stringify(shape)}\n`),
  });
  const emulators = await startFirebaseEmulators({
    only: ['auth'],
    projectId: PROJECT_ID,
    ports: { auth: AUTH_PORT, hub: HUB_PORT, logging: LOGGING_PORT },
  });
  const { TasksEmulator } = require('firebase-tools/lib/emulator/tasksEmulator');
  const tasks = new TasksEmulator({ host: '127.0.0.1', port: TASKS_PORT });
  await tasks.start();
  const storage = await startStorage(STORAGE_PORT, PROJECT_ID);
  const sink = await startTaskSink();
  await createTaskQueues(sink.url);
  const env = {
    ...process.env,
    FIRESTORE_EMULATOR_HOST: `127.0.0.1:${FIRESTORE_PORT}`,
    FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${AUTH_PORT}`,
    CLOUD_TASKS_EMULATOR_HOST: `127.0.0.1:${TASKS_PORT}`,
    FIREBASE_STORAGE_EMULATOR_HOST: storage.host,
    TASKS_SINK_URL: sink.url,
    QUERY_SHAPES_FILE: queryShapes,
    // the credential vault's key for this run only
    INTEGRATIONS_VAULT_KEYS: process.env.INTEGRATIONS_VAULT_KEYS ?? `test:${randomBytes(32).toString('base64')}`,
    POS_WEBHOOK_KEYS:
      process.env.POS_WEBHOOK_KEYS ??
      JSON.stringify({ square: randomBytes(24).toString('base64url'), toast: randomBytes(24).toString('base64url') }),
    GCLOUD_PROJECT: PROJECT_ID,
    // no Google credentials locally: never probe the GCE metadata server
    METADATA_SERVER_DETECTION: 'none',
    // one line per request is noise in a test run; tests of the logging set their own level
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  };
  const bin = command === 'jest' ? require.resolve('jest/bin/jest') : null;
  const child = spawn(bin ? process.execPath : command, bin ? [bin, ...args] : args, {
    cwd: FUNCTIONS_DIR,
    env,
    stdio: 'inherit',
  });
  let code = await new Promise((resolve) => child.on('exit', (c, signal) => resolve(c ?? (signal ? 1 : 0))));
  if (command === 'jest' && args.includes('emulator')) code = checkIndexes(queryShapes, args) || code;
  await emulators.stop();
  await tasks.stop();
  await storage.stop();
  sink.server.close();
  firestore.stop();
  process.exit(code);
}

main().catch((err) => {
  console.error(err.message ?? err);
  process.exit(1);
});
