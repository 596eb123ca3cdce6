import { spawn, type ChildProcess } from 'node:child_process';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { api } from '../../helpers/api';
import { createCompany, type TestCompany } from '../../helpers/fixtures';
import { startVendors } from '../../helpers/integrations';
import { bearer } from '../../helpers/users';
import { periodBounds } from '../../../src/core/calendar';
import { db } from '../../../src/core/firebase';
import { configureSquareSim, squareGroundTruth } from '../../../dev/vendors/square';
import { SIMULATED, type RunningVendorSimulator } from '../../../dev/vendors/server';
import { runSyncTask } from '../../../src/pos/service/engine';

/**
 * A backfill killed midway (its process SIGKILLed, as when an instance dies) and delivered again
 * by the queue: the new delivery waits out the dead one's lease, resumes after its last finished
 * chunk, and what is stored then equals the simulator's ground truth for the window: no gap, no
 * duplicate. The killed process reaches the simulator through a proxy that slows every request,
 * so the kill lands between chunks.
 */

const DAY = 86_400_000;
const TZ = 'America/New_York';
const LOCATION = SIMULATED.square_api_key.locationId;
const LEASE_MS = 1_500;
let sim: RunningVendorSimulator;
let proxy: http.Server;
let proxyUrl: string;
const saved = { ...process.env };

/** Forwards every request to the Square simulator after `delayMs`. */
function slowProxy(target: string, delayMs: number): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () =>
      setTimeout(async () => {
        const upstream = await fetch(`${target}${req.url}`, {
          method: req.method,
          headers: req.headers as Record<string, string>,
          body: chunks.length ? Buffer.concat(chunks) : undefined,
        });
        res.writeHead(upstream.status, Object.fromEntries(upstream.headers));
        res.end(Buffer.from(await upstream.arrayBuffer()));
      }, delayMs),
    );
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

beforeAll(async () => {
  Object.assign(process.env, { POS_SYNC_LEASE_MS: String(LEASE_MS), POS_SYNC_RETRY_BASE_MS: '20' });
  sim = await startVendors();
  configureSquareSim({ days: 40, ordersPerDay: 30, teamMembers: 6, endAt: Date.now() - DAY });
  proxy = await slowProxy(process.env.VENDOR_URL_SQUARE_API_KEY!.replace(/\/$/, ''), 150);
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});

afterAll(async () => {
  proxy.close();
  await sim.close();
  process.env = saved;
});

function startDelivery(companyId: string, runId: string): ChildProcess {
  return spawn(
    process.execPath,
    ['--import', 'tsx', path.join(__dirname, 'fixtures', 'run-task.ts'), JSON.stringify({ companyId, runId })],
    {
      env: { ...process.env, VENDOR_URL_SQUARE_API_KEY: proxyUrl, LOG_LEVEL: 'error' },
      stdio: 'ignore',
    },
  );
}

const runOf = async (co: TestCompany, runId: string) =>
  (await db().collection('companies').doc(co.companyId).collection('syncRuns').doc(runId).get()).data()!;

it('resumes a killed backfill after its last finished chunk, with no gap and no duplicate against the ground truth', async () => {
  const truth = squareGroundTruth(LOCATION);
  const co = await createCompany({ profile: { timezone: TZ } });
  const connected = await api('integrationEngine')
    .post('/connections')
    .query({ companyId: co.companyId })
    .set(bearer(co.owner))
    .send({ slug: 'square_api_key', credentials: SIMULATED.square_api_key });
  expect(connected.status).toBe(201);
  const to = new Date(Date.now() - 2 * DAY).toISOString().slice(0, 10);
  const from = new Date(Date.now() - 36 * DAY).toISOString().slice(0, 10);
  const res = await api('posSyncService')
    .post(`/sync/square_api_key/${co.companyId}`)
    .set(bearer(co.manager))
    .send({ streams: ['sales'], from, to });
  const runId: string = res.body.data.runs[0].id;

  const child = startDelivery(co.companyId, runId);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  let killedAt: Record<string, number> | null = null;
  const deadline = Date.now() + 60_000;
  while (!killedAt && Date.now() < deadline) {
    const progress = (await runOf(co, runId)).progress?.sales;
    if (progress?.chunksDone >= 2) {
      child.kill('SIGKILL');
      killedAt = progress;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  expect(await exited).toBeNull();
  const killed = await runOf(co, runId);
  expect(killed).toMatchObject({ status: 'running', deliveries: 1 });
  expect(killed.progress.sales.chunksDone).toBeLessThan(killed.progress.sales.chunksTotal);
  const doneUntil: number = killed.progress.sales.doneUntil;

  // the queue delivers again: too early it is told to retry (the dead delivery's lease still holds)
  await expect(runSyncTask({ companyId: co.companyId, runId })).rejects.toThrow(/running in another delivery/);
  await new Promise((r) => setTimeout(r, LEASE_MS + 100));
  await runSyncTask({ companyId: co.companyId, runId });

  const done = await runOf(co, runId);
  expect(done).toMatchObject({ status: 'succeeded', deliveries: 2 });
  expect(done.progress.sales).toMatchObject({
    chunksDone: killed.progress.sales.chunksTotal,
    chunksTotal: killed.progress.sales.chunksTotal,
  });
  const { startMs, endMs } = periodBounds({ start: from, end: to }, { timezone: TZ, dayChangeTime: 0 });
  const expected = truth.sales.filter((s) => s.closedAt >= startMs && s.closedAt < endMs);
  const stored = (await db().collection('companies').doc(co.companyId).collection('invoices').get()).docs.map((d) =>
    d.data(),
  );
  expect(stored.map((s) => s.externalId).sort()).toEqual(expected.map((s) => s.vendorId).sort());
  const truthById = new Map(expected.map((s) => [s.vendorId, s]));
  for (const s of stored)
    expect([s.externalId, s.amount, s.tips]).toEqual([
      s.externalId,
      truthById.get(s.externalId)!.amount,
      truthById.get(s.externalId)!.tips,
    ]);
  // the resumed delivery read only what came after the last finished chunk
  const readAfterResume = expected.filter((s) => s.closedAt >= doneUntil).length;
  expect(done.counts.sales.read - (killed.counts.sales?.read ?? 0)).toBeLessThanOrEqual(readAfterResume);
  expect(killedAt).not.toBeNull();
});
