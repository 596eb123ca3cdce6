import functionsTest from 'firebase-functions-test';
import { db } from '../../src/core/firebase';
import * as functions from '../../src/index';
import { SIMULATED, type RunningVendorSimulator } from '../../dev/vendors/server';
import { api } from '../helpers/api';
import { createCompany, type TestCompany } from '../helpers/fixtures';
import { startVendors } from '../helpers/integrations';
import { logsOf } from '../helpers/logs';
import { bearer } from '../helpers/users';
import { inboxAfterFanOut, outboxOf } from './helpers';

const CONNECTION = `square_api_key~${SIMULATED.square_api_key.locationId}`;
let sim: RunningVendorSimulator;
const fft = functionsTest({ projectId: process.env.GCLOUD_PROJECT });
const saved = { ...process.env };
beforeAll(async () => {
  Object.assign(process.env, { POS_SYNC_RETRY_BASE_MS: '20', POS_SYNC_RETRY_ATTEMPTS: '2' });
  sim = await startVendors();
});
afterAll(async () => {
  await sim.close();
  fft.cleanup();
  process.env = saved;
});

/** Delivers a run task to the real task function, as the queue does. */
const deliver = (task: { companyId: string; runId: string }) =>
  (fft.wrap((functions as unknown as Record<string, never>).posSyncRun) as unknown as (req: object) => Promise<void>)({
    data: task,
  });

/** A roster sync the simulated vendor fails (HTTP 500), its task delivered twice as a retried queue would. */
async function failedSync(co: TestCompany) {
  sim.state.failNext('square_api_key', 500, { times: 10 });
  const res = await api('posSyncService')
    .post(`/sync/square_api_key/${co.companyId}`)
    .set(bearer(co.manager))
    .send({ streams: ['roster'] });
  expect(res.status).toBe(201);
  const task = { companyId: co.companyId, runId: res.body.data.runs[0].id };
  await deliver(task);
  await deliver(task);
  sim.state.reset();
}

describe('integration runs record the third failure in a row with its event', () => {
  it('the third failed run stages integration.sync_failed once, for owners; a redelivered run and a fourth failure add none', async () => {
    const co = await createCompany({ profile: { timezone: 'America/New_York' } });
    const connect = { slug: 'square_api_key', credentials: SIMULATED.square_api_key };
    expect(
      (
        await api('integrationEngine')
          .post('/connections')
          .query({ companyId: co.companyId })
          .set(bearer(co.owner))
          .send(connect)
      ).status,
    ).toBe(201);
    await logsOf(async () => {
      for (let i = 1; i <= 4; i++) await failedSync(co);
    });
    const connection = (await db().doc(`companies/${co.companyId}/integrations/${CONNECTION}`).get()).data()!;
    expect(connection.consecutiveFailures).toBe(4);
    const events = await outboxOf(co.companyId, 'integration.sync_failed');
    expect(events.map((e) => [e.data, e.subjects.connectionIds])).toEqual([
      [{ integrationId: CONNECTION, provider: 'square_api_key', consecutiveFailures: 3 }, [CONNECTION]],
    ]);
    expect(await inboxAfterFanOut(co.companyId, events as { id: string }[], co.owner)).toContain(
      'integration.sync_failed',
    );
    expect(await inboxAfterFanOut(co.companyId, [], co.employee)).not.toContain('integration.sync_failed');
  });
});
