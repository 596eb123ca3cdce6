/**
 * The database going away in the middle of a request, for real: the Firestore client of this file
 * talks to the emulator through a proxy (./partition.ts) that cuts the network after the n-th RPC of
 * the request, for every n until the request gets through. Each cut request must answer 503 in the
 * envelope with a code and Retry-After (not hang into the function's timeout, not a 500), and once
 * the network is back, the company must hold nothing or everything of the request: never a part.
 * Deadlines are injected short; nothing here measures time.
 */
import { randomUUID } from 'node:crypto';
import type { Response } from 'supertest';
import { callDeadlines, db } from '../../src/core/firebase';
import { ownedCollections } from '../../src/modules/registry';
import { api } from '../helpers/api';
import { snapshotCompany } from '../helpers/fixtures';
import { bearer } from '../helpers/users';
import { scheduleCompany, storeShift } from '../schedule/helpers';
import { startPartition, type Partition } from './partition';

const SETTINGS = { FIRESTORE_CALL_TIMEOUT_MS: '800', REQUEST_DEADLINE_MS: '3000' };
const saved: Record<string, string | undefined> = {};
let partition: Partition;

/** Every document outside `companies/` a commit of this file's client asked to write (sent, whether or not it landed). */
const writtenOutside = new Set<string>();

beforeAll(async () => {
  partition = await startPartition(process.env.FIRESTORE_EMULATOR_HOST!);
  for (const [name, value] of Object.entries({ ...SETTINGS, FIRESTORE_EMULATOR_HOST: partition.host })) {
    saved[name] = process.env[name];
    process.env[name] = value;
  }
  // the root and lock documents a request may write, found at the client: reading whole root collections
  // after every cut costs as much as everything the test run has stored so far
  const client = db() as unknown as {
    request: (method: string, body: { writes?: Write[] }, ...rest: unknown[]) => unknown;
  };
  const request = client.request.bind(client);
  client.request = (method, body, ...rest) => {
    if (method === 'commit')
      for (const write of body.writes ?? []) {
        const path = (write.update?.name ?? write.delete ?? '').split('/documents/')[1];
        if (path && !path.startsWith('companies/')) writtenOutside.add(path);
      }
    return request(method, body, ...rest);
  };
});
afterAll(async () => {
  // calls the cuts left open end now, while this file's environment still exists (not in the next file's)
  await db().terminate();
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await partition.close();
});

interface Write {
  update?: { name: string };
  delete?: string;
}

/** The company's documents, and the root and lock documents naming it that this file's requests wrote. */
async function documentsOf(companyId: string): Promise<Map<string, unknown>> {
  const out = new Map(Object.entries(await snapshotCompany(companyId)));
  const roots = new Set([...ownedCollections().root, 'locks']);
  const candidates = [...writtenOutside].filter((path) => {
    const [collection, ...rest] = path.split('/');
    return roots.has(collection) && rest.length === 1;
  });
  const snaps = candidates.length ? await db().getAll(...candidates.map((path) => db().doc(path))) : [];
  for (const d of snaps) {
    if (!d.exists) continue;
    const names =
      d.ref.parent.id === 'locks'
        ? d.id.includes(companyId)
        : JSON.stringify(d.data()).includes(companyId) || d.id.includes(companyId);
    if (names) out.set(d.ref.path, d.data());
  }
  return out;
}

/** What changed, as the multiset of changed paths with generated ids blurred (two runs make different ids). */
function changes(before: Map<string, unknown>, after: Map<string, unknown>, companyId: string): string[] {
  const keys = new Set([...before.keys(), ...after.keys()]);
  return [...keys]
    .filter((k) => JSON.stringify(before.get(k)) !== JSON.stringify(after.get(k)))
    .map((k) =>
      k
        .split('/')
        .map((segment, i) => (segment === companyId ? '{company}' : i % 2 === 1 ? '*' : segment))
        .join('/'),
    )
    .sort();
}

interface Flow {
  companyId: string;
  send: () => Promise<Response>;
}

/**
 * Runs the flow with the network cut after 0, 1, 2 ... RPCs, each time on a fresh company, until it
 * gets through; answers what each cut run left written (blurred), and what the uncut run wrote.
 */
async function cutEverywhere(arrange: () => Promise<Flow>) {
  const cuts: { at: number; status: number; code: unknown; retryAfter: unknown; wrote: string[] }[] = [];
  for (let at = 0; at < 60; at++) {
    const { companyId, send } = await arrange();
    const before = await documentsOf(companyId);
    partition.cutAfter(at);
    const res = await send();
    partition.heal();
    // the cut request's handler may still be running: let its calls fail and any retry settle
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const wrote = changes(before, await documentsOf(companyId), companyId);
    if (res.status < 300) return { cuts, whole: wrote };
    cuts.push({ at, status: res.status, code: res.body?.code, retryAfter: res.headers['retry-after'], wrote });
  }
  throw new Error('the flow never got through');
}

/**
 * Each cut answered 503 with a code and Retry-After, and left nothing or the whole request written
 * (a commit whose answer was lost), or one of the `interrupted` states a retry of the request completes.
 */
function expectCleanFaults(outcome: Awaited<ReturnType<typeof cutEverywhere>>, interrupted: string[][] = []) {
  const { cuts, whole } = outcome;
  expect(cuts.length).toBeGreaterThan(0);
  expect(whole.length).toBeGreaterThan(0);
  for (const cut of cuts) {
    expect({ at: cut.at, status: cut.status, code: cut.code }).toEqual({
      at: cut.at,
      status: 503,
      code: expect.stringMatching(/^(STORE_UNAVAILABLE|REQUEST_DEADLINE_EXCEEDED)$/),
    });
    expect(Number(cut.retryAfter)).toBeGreaterThan(0);
    const allowed = [[], whole, ...interrupted].map((state) => JSON.stringify(state));
    const part = !allowed.includes(JSON.stringify(cut.wrote));
    expect({ at: cut.at, partWritten: part ? { cut: cut.wrote, whole } : null }).toEqual({
      at: cut.at,
      partWritten: null,
    });
  }
}

describe('the database cut off in the middle of a request', () => {
  it('gives the Firestore client a deadline for every call, retries included', () => {
    type Service = ReturnType<typeof callDeadlines>['interfaces']['google.firestore.v1.Firestore'];
    const settings = (db() as unknown as { _settings: { clientConfig: { interfaces: Record<string, Service> } } })
      ._settings;
    const service = settings.clientConfig.interfaces['google.firestore.v1.Firestore'];
    expect(service.methods.Commit.timeout_millis).toBe(800);
    expect(service.methods.BatchGetDocuments.timeout_millis).toBe(800);
    expect(service.retry_params.default.total_timeout_millis).toBe(800);
  });

  it('a plain write (POST /roles) answers 503 with Retry-After at every cut, and writes all or nothing', async () => {
    const outcome = await cutEverywhere(async () => {
      const co = await scheduleCompany();
      return {
        companyId: co.companyId,
        send: () =>
          api('roles')
            .post('/roles')
            .query({ companyId: co.companyId })
            .set(bearer(co.owner))
            .send({ name: 'Cut cook' }),
      };
    });
    expectCleanFaults(outcome);
  }, 240_000);

  it('a transactional write (POST /clock/in, runExclusive) answers 503 at every cut, and writes all or nothing', async () => {
    const outcome = await cutEverywhere(async () => {
      const co = await scheduleCompany();
      return {
        companyId: co.companyId,
        send: () =>
          api('attendance').post('/clock/in').query({ companyId: co.companyId }).set(bearer(co.employee)).send({}),
      };
    });
    expectCleanFaults(outcome);
  }, 240_000);

  it('a multi-step flow (POST /shifts/publish) answers 503 at every cut, and publishes all drafts or none', async () => {
    const outcome = await cutEverywhere(async () => {
      const co = await scheduleCompany();
      for (const [i, employeeId] of [co.employeeId, co.otherId].entries())
        await storeShift(co.companyId, `draft-${i}-${randomUUID().slice(0, 6)}`, {
          date: '2026-03-10',
          employeeId,
          positionId: co.cookId,
          subRoleId: 'line',
          start: 540,
          end: 1020,
          mode: 'draft',
        });
      return {
        companyId: co.companyId,
        send: () =>
          api('schedule')
            .post('/shifts/publish')
            .query({ companyId: co.companyId })
            .set(bearer(co.manager))
            .send({ startDate: '2026-03-09', endDate: '2026-03-15' }),
      };
    });
    expectCleanFaults(outcome);
  }, 240_000);

  it('a multi-step flow (closing a pay period) answers 503 at every cut, and closes it whole or not at all', async () => {
    const outcome = await cutEverywhere(async () => {
      const co = await scheduleCompany();
      const periods = await api('payroll')
        .get('/payroll/periods')
        .query({ companyId: co.companyId, count: 2 })
        .set(bearer(co.manager));
      const { startDate } = periods.body.data[1] as { startDate: string };
      return {
        companyId: co.companyId,
        send: () =>
          api('payroll')
            .post(`/payroll/periods/${startDate}/close`)
            .query({ companyId: co.companyId })
            .set(bearer(co.manager))
            .send(),
      };
    });
    // a close locks the period's punches first and closes the period after checking them: cut in
    // between, the lock stays (its undo cannot reach the database) until the close is retried
    expectCleanFaults(outcome, [['companies/{company}/attendanceLocks/*']]);
  }, 240_000);
});
