/**
 * `node scripts/with-emulators.js <command...>`: starts a private Firestore emulator and Auth
 * emulator on test ports, runs the command with the emulator variables set, stops both, and exits
 * with the command's exit code. `npm test` is `with-emulators.js jest`.
 */
const { spawn } = require('node:child_process');
const { startFirestore, startFirebaseEmulators, FUNCTIONS_DIR } = require('./emulators');

const FIRESTORE_PORT = Number(process.env.TEST_FIRESTORE_PORT ?? 8180);
const AUTH_PORT = Number(process.env.TEST_AUTH_PORT ?? 9199);
// Distinct per port pair, so that parallel runs (e.g. on one developer machine) never share emulator state files.
const PROJECT_ID = `demo-workforce-test-${AUTH_PORT}`;

async function main() {
  const [command, ...args] = process.argv.slice(2);
  if (!command) throw new Error('usage: with-emulators.js <command> [args...]');
  if (command === 'jest') console.log(`Tests run on Node ${process.version} (${process.execPath})`);
  const firestore = await startFirestore(FIRESTORE_PORT);
  const emulators = await startFirebaseEmulators({
    only: ['auth'],
    projectId: PROJECT_ID,
    ports: { auth: AUTH_PORT, hub: AUTH_PORT + 201, logging: AUTH_PORT + 202 },
  });
  const env = {
    ...process.env,
    FIRESTORE_EMULATOR_HOST: `127.0.0.1:${FIRESTORE_PORT}`,
    FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${AUTH_PORT}`,
    GCLOUD_PROJECT: PROJECT_ID,
    // no Google credentials locally: never probe the GCE metadata server
    METADATA_SERVER_DETECTION: 'none',
    // one line per request is noise in a test run; tests of the logging set their own level
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  };
  const bin = command === 'jest' ? require.resolve('jest/bin/jest') : null;
  const child = spawn(bin ? process.execPath : command, bin ? [bin, ...args] : args, { cwd: FUNCTIONS_DIR, env, stdio: 'inherit' });
  const code = await new Promise((resolve) => child.on('exit', (c, signal) => resolve(c ?? (signal ? 1 : 0))));
  await emulators.stop();
  firestore.stop();
  process.exit(code);
}

main().catch((err) => {
  console.error(err.message ?? err);
  process.exit(1);
});
