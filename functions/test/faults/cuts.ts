/**
 * The database going away in the middle of a request, for real: the Firestore client of a file that
 * calls `cutNetwork()` talks to the emulator through a proxy (./partition.ts) that cuts the network
 * after the n-th RPC of the request, for every n until the request gets through. Each cut request
 * must answer 503 in the envelope with a code and Retry-After (not hang into the function's timeout,
 * not a 500), and once the network is back, the company must hold nothing or everything of the
 * request: never a part. Deadlines are injected short; nothing here measures time.
 *
 * A cut request is answered at its deadline, then its handler's calls fail and settle: about 3 s
 * a cut, 5 to 18 cuts a flow. The flows are spread over two files (store-writes, store-flows) so
 * that jest runs them beside other files.
 */
import type { Response } from 'supertest';
import { db } from '../../src/core/firebase';
import { ownedCollections } from '../../src/modules/registry';
import { snapshotCompany } from '../helpers/fixtures';
import { recordWrites, type WriteRecorder } from '../helpers/writes';
import { scheduleCompany, type ScheduleCompany } from '../schedule/helpers';
import { startPartition, type Partition } from './partition';

// an uncut request takes 0.1 to 0.3 s here; one that misses the deadline all the same is a cut that
// answered 503 and must have written nothing or everything, which the checks hold it to
export const SETTINGS = { FIRESTORE_CALL_TIMEOUT_MS: '800', REQUEST_DEADLINE_MS: '1500' };
/** After a cut request's answer: its handler's calls fail at their deadline, and a retried commit lands or not. */
const SETTLE_MS = 1500;
/** The rest of one cut: a fresh company, the reads before and after (a reconnect after the heal: about 1 s). */
const ARRANGE_AND_READ_MS = 3000;

/** A test's timeout for a flow that gets through after `runs` runs: twice what they take, at most. */
export const flowTimeout = (runs: number) =>
  2 * runs * (Number(SETTINGS.REQUEST_DEADLINE_MS) + SETTLE_MS + ARRANGE_AND_READ_MS);
const saved: Record<string, string | undefined> = {};
let partition: Partition;

/** Every write this file's client sent, whether or not it landed. */
let sent: WriteRecorder;

/** Puts this file's Firestore client behind the partition for its tests, and back after them. */
export function cutNetwork(): void {
  beforeAll(async () => {
    partition = await startPartition(process.env.FIRESTORE_EMULATOR_HOST!);
    for (const [name, value] of Object.entries({ ...SETTINGS, FIRESTORE_EMULATOR_HOST: partition.host })) {
      saved[name] = process.env[name];
      process.env[name] = value;
    }
    // the root and lock documents a request may write, found at the client: reading whole root collections
    // after every cut costs as much as everything the test run has stored so far
    sent = recordWrites();
  });
  afterAll(async () => {
    // calls the cuts left open end now, while this file's environment still exists (not in the next file's)
    sent.stop();
    await db().terminate();
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    await partition.close();
  });
}

/** The company's documents, and the root and lock documents naming it that this file's requests wrote. */
async function documentsOf(companyId: string): Promise<Map<string, unknown>> {
  const out = new Map(Object.entries(await snapshotCompany(companyId)));
  const roots = new Set([...ownedCollections().root, 'locks']);
  const candidates = sent.paths().filter((path) => {
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

/**
 * Runs a request with the network cut after 0, 1, 2 ... RPCs, each time on a fresh company that
 * `arrange` readies (answering how to send the request), until it gets through; answers what each
 * cut run left written (blurred), and what the uncut run wrote.
 */
export async function cutEverywhere(arrange: (co: ScheduleCompany) => Promise<() => Promise<Response>>) {
  const cuts: { at: number; status: number; code: unknown; retryAfter: unknown; wrote: string[] }[] = [];
  for (let at = 0; at < 60; at++) {
    const co = await scheduleCompany();
    const { companyId } = co;
    const send = await arrange(co);
    const before = await documentsOf(companyId);
    partition.cutAfter(at);
    const res = await send();
    partition.heal();
    // the cut request's handler may still be running: let its calls fail and any retry settle
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
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
export function expectCleanFaults(outcome: Awaited<ReturnType<typeof cutEverywhere>>, interrupted: string[][] = []) {
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
