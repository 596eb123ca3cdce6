/**
 * Runs one scheduled job of the running local stack now, through the Functions emulator's trigger
 * endpoint (the emulator never fires schedules: there is no Pub/Sub emulator here), e.g.
 * `npm run sync:hourly` = `node scripts/run-job.js posSyncHourly`. Deployed, Cloud Scheduler runs them.
 */
const { EMULATORS_LOG } = require('./emulators');

const PROJECT_ID = 'demo-workforce';
const REGION = 'us-central1';
const FUNCTIONS_PORT = Number(process.env.FUNCTIONS_PORT ?? 5001);

async function main() {
  const job = process.argv[2];
  if (!job) throw new Error('usage: run-job.js <job name>, e.g. posSyncHourly');
  const url = `http://127.0.0.1:${FUNCTIONS_PORT}/functions/projects/${PROJECT_ID}/triggers/${REGION}-${job}-0`;
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }).catch(
    () => {
      throw new Error(`the local stack does not answer on 127.0.0.1:${FUNCTIONS_PORT}: start it with npm start`);
    },
  );
  if (!res.ok) throw new Error(`${job} answered ${res.status}: ${await res.text()}`);
  console.log(
    `${job} ran (${res.status}); its log lines are in ${EMULATORS_LOG} (the stack's emulator log), the runs in GET /integrationEngine/runs`,
  );
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});
