/**
 * The whole local stack, embedded: the Node Firestore emulator on 8080 (in this process), the
 * Firebase Auth emulator on 9099, the Functions emulator on 5001 and the Cloud Tasks emulator on
 * 9499 (firebase-tools), the Cloud Storage emulator's Node server on 9299 (in this process), the POS vendor simulators on 7499, the POS sync service on 7492 and a
 * mailbox for the emails the stack sends (SMTP on 2525, read on 7425) and a receiver of the outgoing webhooks on 7427 and a local FCM server for push on 7496 (in this process), the scheduled jobs run at their interval (the hourly POS sync once at start too), the
 * demo dataset loaded. No Java, no network, no cloud account. Stop with Ctrl+C.
 * Expects functions/lib to be built (the root `npm start` builds it first): the Functions emulator
 * serves lib/. The development code (functions/dev: simulators, mailbox, demo loader) is never
 * built; this process loads it from source through tsx, and with it the production code it runs
 * in-process (the demo seeders, the POS sync service) from src/ too, so that stateful modules such
 * as src/core/firebase.ts exist once here, not once from lib/ and once from src/.
 */
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const {
  startFirestore,
  startStorage,
  startFirebaseEmulators,
  FUNCTIONS_DIR,
  RUNTIME_DIR,
  EMULATORS_LOG,
} = require('./emulators');

require('tsx/cjs/api').register();

const PROJECT_ID = 'demo-workforce';
const REGION = 'us-central1';
const PORTS = { firestore: 8080, auth: 9099, functions: 5001, tasks: 9499, hosting: 5002, hub: 4400, logging: 4500 };
const VENDOR_SIMULATOR_PORT = 7499;
const STORAGE_PORT = 9299;
const MAIL_PORTS = { smtp: 2525, http: 7425 };
const POS_SYNC_PORT = 7492;
/** The webhook receiver (dev/webhook-receiver.ts), subscribed by the demo: the explicit local allowance of outgoing webhooks. */
const WEBHOOK_RECEIVER_PORT = 7427;
/** The local FCM server (dev/fcm.ts): push notifications land on simulated phones, read at /messages. */
const FCM_PORT = 7496;
const BASE = `http://127.0.0.1:${PORTS.functions}/${PROJECT_ID}/${REGION}`;
/** The one address of the API: the Hosting emulator rewrites /api/<route> to the module's function (firebase.json). */
const API_BASE = `http://127.0.0.1:${PORTS.hosting}/api`;

/** The credential vault's key, generated once into the ignored runtime folder (the stored credentials outlive nothing else, but one key keeps them readable across restarts of a long session). */
function localVaultKeys() {
  const file = path.join(RUNTIME_DIR, 'vault-keys');
  if (!fs.existsSync(file))
    fs.writeFileSync(file, `local:${crypto.randomBytes(32).toString('base64')}`, { mode: 0o600 });
  return fs.readFileSync(file, 'utf8').trim();
}

/** The signature keys the local POS sync service checks vendor webhooks with (send signed ones with dev/vendors/webhooks.ts). */
const LOCAL_WEBHOOK_KEYS = { square: 'local-square-webhook-signature-key', toast: 'local-toast-webhook-secret' };

/**
 * Secrets of the functions: the Functions emulator reads functions/.secret.local (ignored by git)
 * for every secret a function declares, instead of Secret Manager. Local values only: the vault key
 * above, the webhook keys and the OAuth applications the vendor simulators know.
 */
function localSecrets(simulatedApps, smtpUrl) {
  const secrets = {
    INTEGRATIONS_VAULT_KEYS: localVaultKeys(),
    POS_WEBHOOK_KEYS: JSON.stringify(LOCAL_WEBHOOK_KEYS),
    SMTP_URL: smtpUrl,
  };
  for (const [vendor, app] of Object.entries(simulatedApps))
    secrets[`${vendor.toUpperCase()}_CLIENT_SECRET`] = app.clientSecret;
  fs.writeFileSync(
    path.join(FUNCTIONS_DIR, '.secret.local'),
    `${Object.entries(secrets)
      .map(([k, v]) => `${k}=${v}`)
      .join('\n')}\n`,
    { mode: 0o600 },
  );
  return secrets;
}

/**
 * Cloud Scheduler does not run locally (no Pub/Sub emulator): each scheduled job of the modules is
 * run here at its interval, through the Functions emulator's trigger endpoint.
 */
function runScheduledJobs(modules, log, runAtStart) {
  const timers = [];
  for (const job of modules.flatMap((m) => m.jobs ?? [])) {
    const minutes = Number(/^every (\d+) minutes$/.exec(job.schedule)?.[1]);
    const url = `http://127.0.0.1:${PORTS.functions}/functions/projects/${PROJECT_ID}/triggers/${REGION}-${job.name}-0`;
    const run = () =>
      fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
        .then((res) => log.write(`[${new Date().toISOString()}] scheduled job ${job.name}: ${res.status}\n`))
        .catch((err) => log.write(`[${new Date().toISOString()}] scheduled job ${job.name} failed: ${err.message}\n`));
    timers.push(setInterval(run, minutes * 60_000));
    if (runAtStart.includes(job.name)) run();
  }
  return () => timers.forEach(clearInterval);
}

/** The POS sync service on its development port: the same Express app the posSyncService function serves deployed. */
function startPosSyncService() {
  const { createModuleApp } = require('../src/http/app');
  const service = require('../src/pos/service/definition').default;
  const app = createModuleApp(service);
  return new Promise((resolve, reject) => {
    const server = app.listen(POS_SYNC_PORT, '127.0.0.1', () => resolve(server)).on('error', reject);
  });
}

async function main() {
  fs.mkdirSync(RUNTIME_DIR, { recursive: true });
  const env = {
    FIRESTORE_EMULATOR_HOST: `127.0.0.1:${PORTS.firestore}`,
    FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${PORTS.auth}`,
    GCLOUD_PROJECT: PROJECT_ID,
    // no Google credentials locally: never probe the GCE metadata server
    METADATA_SERVER_DETECTION: 'none',
    // the POS sync service (this process) queues runs on the Cloud Tasks emulator
    CLOUD_TASKS_EMULATOR_HOST: `127.0.0.1:${PORTS.tasks}`,
    // employee documents (the documents module) through firebase-admin's Storage client
    FIREBASE_STORAGE_EMULATOR_HOST: `127.0.0.1:${STORAGE_PORT}`,
    // push through firebase-admin's messaging client to the local FCM server (src/modules/events/push.ts)
    FCM_LOCAL_HOST: `127.0.0.1:${FCM_PORT}`,
  };
  Object.assign(process.env, env);

  console.log('Starting the Firestore emulator (Node, gRPC) on 127.0.0.1:8080 ...');
  const firestore = await startFirestore(PORTS.firestore);
  console.log(`Starting the Cloud Storage emulator (its Node server) on 127.0.0.1:${STORAGE_PORT} ...`);
  const storage = await startStorage(STORAGE_PORT, PROJECT_ID);

  console.log(`Starting the local mailbox (SMTP on 127.0.0.1:${MAIL_PORTS.smtp}) ...`);
  const { startMailbox } = require('../dev/mailbox');
  const mailbox = await startMailbox({
    smtpPort: MAIL_PORTS.smtp,
    httpPort: MAIL_PORTS.http,
    // a developer follows the links of the emails the stack sends (invitations, password resets) from here
    onMail: (mail) =>
      console.log(
        `[mail] to ${mail.to.join(', ')}: "${mail.subject}"${mail.links.map((l) => `\n       ${l}`).join('')}`,
      ),
  });

  console.log(`Starting the local FCM server (simulated phones) on 127.0.0.1:${FCM_PORT} ...`);
  const fcm = await require('../dev/fcm').startFcmServer({ port: FCM_PORT });

  console.log(`Starting the webhook receiver on 127.0.0.1:${WEBHOOK_RECEIVER_PORT} ...`);
  const { startWebhookReceiver, localSecret } = require('../dev/webhook-receiver');
  const webhookReceiver = await startWebhookReceiver({ port: WEBHOOK_RECEIVER_PORT, secret: localSecret });

  console.log(`Starting the POS vendor simulators on 127.0.0.1:${VENDOR_SIMULATOR_PORT} ...`);
  const {
    startVendorSimulator,
    vendorUrlEnv,
    SIMULATED_OAUTH_APPS,
    SIMULATED_DEMO_TRADING,
  } = require('../dev/vendors/server');
  const vendors = await startVendorSimulator(VENDOR_SIMULATOR_PORT);
  // the simulated Toast restaurant of Harbor & Vine's connection and Clover merchant of Corner Café's
  // trade up to today, so the first POS sync (the hourly job, run at start) brings their last days
  // (the demo's seeded sales leave those days of the connected POS to the sync)
  const todayUtc = Math.floor(Date.now() / 86_400_000) * 86_400_000;
  const { days, toastOrdersPerDay, cloverOrdersPerDay } = SIMULATED_DEMO_TRADING;
  require('../dev/vendors/toast').configureToastSim({ end: todayUtc, days, ordersPerDay: toastOrdersPerDay });
  require('../dev/vendors/clover').configureCloverSim({
    end: todayUtc,
    days,
    ordersPerDay: cloverOrdersPerDay,
    employees: 6,
    currency: 'GBP',
  });
  const integrationEnv = {
    ...vendorUrlEnv(vendors.urls),
    ...Object.fromEntries(
      Object.entries(SIMULATED_OAUTH_APPS).map(([vendor, app]) => [`${vendor.toUpperCase()}_CLIENT_ID`, app.clientId]),
    ),
    OAUTH_REDIRECT_URI: `${BASE}/integrationEngine/oauth/callback`,
    INVITATION_URL: `${BASE}/auth/invitations/open`,
    APPLICATION_CONFIRM_URL: `${BASE}/applicants/apply-confirmations`,
    API_BASE_URL: API_BASE,
    // outgoing webhooks may reach the local receiver (plain http, loopback); nothing else private
    WEBHOOK_ALLOWED_TARGETS: `127.0.0.1:${WEBHOOK_RECEIVER_PORT}`,
    // nothing trusted stands in front of the local functions: a client's X-Forwarded-For is ignored
    TRUSTED_PROXY_HOPS: '0',
    // AI budget alerts go to the demo's administrators too (the owners are found by their membership)
    AI_BUDGET_ALERT_EMAILS: require('../../emulator-data/demo.json')
      .admins.map((a) => a.email)
      .join(','),
  };
  // the demo loader (this process) seals credentials too
  Object.assign(process.env, integrationEnv, localSecrets(SIMULATED_OAUTH_APPS, mailbox.smtpUrl));

  // the administrators' dashboard (Firebase Hosting): built, and told where the API and the Auth emulator are
  const { buildWeb } = require('./build-web');
  await buildWeb({
    config: {
      apiBase: `${BASE}/ai`,
      firebase: { apiKey: 'local-demo-key', authDomain: `${PROJECT_ID}.firebaseapp.com`, projectId: PROJECT_ID },
      authEmulatorUrl: `http://127.0.0.1:${PORTS.auth}`,
    },
  });

  console.log('Starting the Auth, Functions, Cloud Tasks and Hosting emulators (firebase-tools) ...');
  // NODE_ENV=production: the Functions runtime's own body parser must not answer malformed JSON with a stack trace.
  const emulators = await startFirebaseEmulators({
    only: ['auth', 'functions', 'tasks', 'hosting'],
    projectId: PROJECT_ID,
    ports: PORTS,
    env: { ...env, ...integrationEnv, NODE_ENV: 'production' },
    useRootConfig: true,
  });
  const logFile = EMULATORS_LOG;
  const logStream = fs.createWriteStream(logFile);
  logStream.write(emulators.output());
  emulators.child.stdout.pipe(logStream);
  emulators.child.stderr.pipe(logStream);

  console.log('Loading the demo dataset (emulator-data/demo.json and the module seeders) ...');
  // the loader's own structured lines (e.g. each connect it makes) would drown its summary
  process.env.LOG_LEVEL = process.env.LOG_LEVEL ?? 'warn';
  const { loadDemo } = require('../dev/demo/load');
  await loadDemo();

  const { MODULES, DEPLOYED } = require('../src/modules/registry');
  const base = BASE;
  console.log(`Starting the POS sync service on 127.0.0.1:${POS_SYNC_PORT} ...`);
  const posSync = await startPosSyncService();
  const stopJobs = runScheduledJobs(DEPLOYED, logStream, ['posSyncHourly']);
  console.log(`\nLocal stack ready. The API, every module: ${API_BASE}   Each module's own function URL:`);
  for (const { name } of MODULES) console.log(`  ${name.padEnd(18)} ${base}/${name}`);
  console.log(
    `  ${'POS sync service'.padEnd(18)} http://127.0.0.1:${POS_SYNC_PORT}   (POST /sync/{vendor}/{companyId}, GET /health, POST /webhooks/{vendor}; deployed: ${base}/posSyncService)`,
  );
  console.log(
    `\nAI-spend dashboard (administrators; Firebase Hosting emulator): http://127.0.0.1:${PORTS.hosting}/   sign in as ${require('../../emulator-data/demo.json').admins[0].email}, password ${require('../../emulator-data/demo.json').password}`,
  );
  console.log(`API description: ${API_BASE}/openapi.json   viewer: ${API_BASE}/ui/`);
  console.log(
    `Firestore emulator: 127.0.0.1:${PORTS.firestore}   Auth emulator: 127.0.0.1:${PORTS.auth}   Cloud Tasks emulator: 127.0.0.1:${PORTS.tasks}`,
  );
  console.log(
    `Mail: every email the stack sends is kept by the local mailbox (SMTP 127.0.0.1:${MAIL_PORTS.smtp}); its links are printed here, all messages at ${mailbox.httpUrl}`,
  );
  console.log(
    `Push: firebase-admin's messaging client sends to the local FCM server; what the phones received: ${fcm.url}/messages`,
  );
  console.log(
    `Webhooks: Harbor & Vine's demo subscription delivers every event, signed, to the receiver at ${webhookReceiver.url}/ (verified deliveries; JSON at /deliveries)`,
  );
  console.log(
    `POS vendor simulators: ${vendors.baseUrl}/<vendor> (OAuth consent is automatic; accepted credentials: functions/dev/vendors/accounts.ts)`,
  );
  const jobs = DEPLOYED.flatMap((m) => m.jobs ?? []);
  if (jobs.length)
    console.log(
      `Scheduled jobs run here: ${jobs.map((j) => `${j.name} (${j.schedule})`).join(', ')}; run the POS sync now: npm run sync:hourly`,
    );
  console.log('\nID tokens (from the Auth emulator), in another terminal:');
  console.log('  npm run token -- owner        # Harbor & Vine owner');
  console.log('  npm run token -- manager      # Harbor & Vine manager (employee emp-001)');
  console.log('  npm run token -- employee     # Harbor & Vine employee (emp-005)');
  console.log('  npm run token -- cafe-owner   # Corner Café owner');
  console.log('  npm run token -- admin        # platform administrator (admin claim)');
  console.log(
    `Example: curl -H "Authorization: Bearer $(npm run -s token -- owner)" "${API_BASE}/roles?companyId=harbor-vine"`,
  );
  console.log(`\nEmulator log: ${logFile}. Press Ctrl+C to stop.`);

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping ...');
    stopJobs();
    posSync.close();
    await emulators.stop();
    await vendors.close();
    await mailbox.close();
    await webhookReceiver.close();
    await fcm.close();
    await storage.stop();
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
