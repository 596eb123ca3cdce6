/**
 * The whole local stack, embedded: the Node Firestore emulator on 8080 (in this process), the
 * Firebase Auth emulator on 9099 and the Functions emulator on 5001 (firebase-tools), the demo
 * dataset loaded. No Java, no network, no cloud account. Stop with Ctrl+C.
 * Expects functions/lib to be built (the root `npm start` builds it first).
 */
const fs = require('node:fs');
const path = require('node:path');
const { startFirestore, startFirebaseEmulators, RUNTIME_DIR } = require('./emulators');

const PROJECT_ID = 'demo-workforce';
const REGION = 'us-central1';
const PORTS = { firestore: 8080, auth: 9099, functions: 5001, hub: 4400, logging: 4500 };

async function main() {
  fs.mkdirSync(RUNTIME_DIR, { recursive: true });
  const env = {
    FIRESTORE_EMULATOR_HOST: `127.0.0.1:${PORTS.firestore}`,
    FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${PORTS.auth}`,
    GCLOUD_PROJECT: PROJECT_ID,
    // no Google credentials locally: never probe the GCE metadata server
    METADATA_SERVER_DETECTION: 'none',
  };
  Object.assign(process.env, env);

  console.log('Starting the Firestore emulator (Node, gRPC) on 127.0.0.1:8080 ...');
  const firestore = await startFirestore(PORTS.firestore);

  console.log('Starting the Auth and Functions emulators (firebase-tools) ...');
  // NODE_ENV=production: the Functions runtime's own body parser must not answer malformed JSON with a stack trace.
  const emulators = await startFirebaseEmulators({ only: ['auth', 'functions'], projectId: PROJECT_ID, ports: PORTS, env: { ...env, NODE_ENV: 'production' }, useRootConfig: true });
  const logFile = path.join(RUNTIME_DIR, 'emulators.log');
  const logStream = fs.createWriteStream(logFile);
  logStream.write(emulators.output());
  emulators.child.stdout.pipe(logStream);
  emulators.child.stderr.pipe(logStream);

  console.log('Loading the demo dataset (emulator-data/demo.json and the module seeders) ...');
  const { loadDemo } = require('../lib/local/demo/load');
  await loadDemo();

  const { MODULES } = require('../lib/modules/registry');
  const base = `http://127.0.0.1:${PORTS.functions}/${PROJECT_ID}/${REGION}`;
  console.log('\nLocal stack ready. Module base addresses:');
  for (const { name } of MODULES) console.log(`  ${name.padEnd(12)} ${base}/${name}`);
  console.log(`\nAPI description: ${base}/docs/openapi.json   viewer: ${base}/docs/ui/`);
  console.log(`Firestore emulator: 127.0.0.1:${PORTS.firestore}   Auth emulator: 127.0.0.1:${PORTS.auth}`);
  console.log('\nID tokens (from the Auth emulator), in another terminal:');
  console.log('  npm run token -- owner        # Harbor & Vine owner');
  console.log('  npm run token -- manager      # Harbor & Vine manager (employee emp-001)');
  console.log('  npm run token -- employee     # Harbor & Vine employee (emp-005)');
  console.log('  npm run token -- cafe-owner   # Corner Café owner');
  console.log('  npm run token -- admin        # platform administrator (admin claim)');
  console.log(`Example: curl -H "Authorization: Bearer $(npm run -s token -- owner)" "${base}/roles/roles?companyId=harbor-vine"`);
  console.log(`\nEmulator log: ${logFile}. Press Ctrl+C to stop.`);

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping ...');
    await emulators.stop();
    firestore.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  emulators.child.on('exit', (code) => {
    if (!stopping) {
      console.error(`The firebase emulators exited (code ${code}); see ${logFile}`);
      firestore.stop();
      process.exit(1);
    }
  });
}

main().catch((err) => {
  console.error(err.stack ?? err);
  process.exit(1);
});
