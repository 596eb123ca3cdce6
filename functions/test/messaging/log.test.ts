/**
 * The company's turn as a group commit (messaging/log.ts) on the real emulator: the changes that
 * wait while a commit is out share the next one, each seeing the writes of those before it; one
 * that throws fails alone; what does not fit in a commit goes into the next; the company numbers
 * stay 1, 2, 3 ... with the head on the last.
 */
import { randomUUID } from 'node:crypto';
import { runWithDeadline } from '../../src/core/deadline';
import { db } from '../../src/core/firebase';
import { markRequestCommits, noOps, runCounted, type CommitMark } from '../../src/core/store-ops';
import { inLogTurn, type LogWork } from '../../src/modules/messaging/log';
import * as repo from '../../src/modules/messaging/repo';

// a few commits of at most a few hundred writes: seconds on a loaded 2-core machine
jest.setTimeout(120_000);

const counterRef = (companyId: string) => db().doc(`companies/${companyId}/probe/counter`);

/** A change that moves the company's probe counter by one and logs it in conversation `c`. */
const step =
  (companyId: string, c: string, extraWrites = 0) =>
  async (tx: FirebaseFirestore.Transaction): Promise<LogWork<number>> => {
    const snap = await tx.get(counterRef(companyId));
    const n = ((snap.get('n') as number | undefined) ?? 0) + 1;
    return {
      result: n,
      write: (t) => {
        t.set(counterRef(companyId), { n });
        for (let i = 0; i < extraWrites; i++) t.set(db().doc(`companies/${companyId}/probe/extra-${n}-${i}`), { n });
      },
      log: {
        conversationId: c,
        seq: n,
        kind: 'receipt',
        messageId: null,
        uid: 'probe',
        readUpTo: n,
        memberUids: null,
        previousUids: null,
        at: Date.now(),
      },
    };
  };

async function logOf(companyId: string) {
  const entries = await repo.companyLogAfter(companyId, 0, 1000);
  return { entries, head: await repo.readHead(companyId) };
}

describe('the messaging turn as a group commit', () => {
  it('commits the waiting changes together, each after the one before; one that throws fails alone', async () => {
    const companyId = `co-${randomUUID().slice(0, 12)}`;
    // the first starts a commit at once; the others wait for it and share the next
    const first = inLogTurn(companyId, step(companyId, 'c'));
    const waiting = Array.from({ length: 12 }, (_v, i) =>
      i === 5
        ? inLogTurn(companyId, () => Promise.reject(new Error('refused')))
        : i === 7
          ? inLogTurn(companyId, async () => ({ result: 'nothing to write' }))
          : inLogTurn(companyId, step(companyId, 'c')),
    );
    const settled = await Promise.allSettled([first, ...waiting]);
    expect(settled.map((s) => (s.status === 'fulfilled' ? s.value : (s.reason as Error).message))).toEqual([
      1,
      2,
      3,
      4,
      5,
      6,
      'refused',
      7,
      'nothing to write',
      8,
      9,
      10,
      11,
    ]);
    const { entries, head } = await logOf(companyId);
    expect(entries.map((e) => [e.companySeq, e.seq])).toEqual(Array.from({ length: 11 }, (_v, i) => [i + 1, i + 1]));
    expect(head).toBe(11);
    expect((await counterRef(companyId).get()).get('n')).toBe(11);
    // the lock moved once per commit: two commits for twelve changes
    const lock = await db().doc(`locks/messagingLog∕${companyId}`).get();
    expect(lock.get('version')).toBe(2);
  });

  it('leaves a change that does not fit in the commit to the next one, in order', async () => {
    const companyId = `co-${randomUUID().slice(0, 12)}`;
    const first = inLogTurn(companyId, step(companyId, 'c'));
    const big = [0, 1, 2].map(() => inLogTurn(companyId, step(companyId, 'c', 200)));
    expect(await Promise.all([first, ...big])).toEqual([1, 2, 3, 4]);
    const { entries, head } = await logOf(companyId);
    expect(entries.map((e) => e.companySeq)).toEqual([1, 2, 3, 4]);
    expect(head).toBe(4);
    // 1; then 2 and 3 together (about 400 writes); 4 alone past Firestore's 500
    expect((await db().doc(`locks/messagingLog∕${companyId}`).get()).get('version')).toBe(3);
  });

  it("writes each request's Idempotency-Key mark in a shared commit, never one of a change that failed, and counts each its writes", async () => {
    const companyId = `co-${randomUUID().slice(0, 12)}`;
    const records = [0, 1, 2, 3, 4].map((i) => db().doc(`idempotencyKeys/probe-${companyId}-${i}`));
    await Promise.all(records.map((r) => r.set({ state: 'running' })));
    const ops = records.map(() => noOps());
    const marks: CommitMark[] = [];
    // five requests at once: the first commits alone, the four others share the next commit; the fourth fails
    const runs = records.map((ref, i) =>
      runCounted(`probe-${i}`, ops[i], () => {
        marks.push(markRequestCommits({ ref, fields: { state: 'committed' }, placement: 'first' })!);
        return inLogTurn(companyId, i === 3 ? () => Promise.reject(new Error('refused')) : step(companyId, 'c'));
      }),
    );
    const settled = await Promise.allSettled(runs);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect((await db().doc(`locks/messagingLog∕${companyId}`).get()).get('version')).toBe(2);
    const states = await Promise.all(records.map(async (r) => (await r.get()).get('state') as string));
    expect(states).toEqual(['committed', 'committed', 'committed', 'running', 'committed']);
    expect(marks.map((m) => m.committed)).toEqual([true, true, true, false, true]);
    // each document of a commit counted once, to the first that wrote it: the counter, the entry and
    // the mark (the lock and the head to the first of a commit); later ones their entry and mark
    expect(ops.map((o) => o.writes)).toEqual([5, 5, 2, 0, 2]);
  });

  it('fails only the changes whose requests passed their deadline while a shared commit was out; the others share the next commit', async () => {
    const companyId = `co-${randomUUID().slice(0, 12)}`;
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    // the first holds its commit until the others wait
    const first = inLogTurn(companyId, async (tx) => (await gate, step(companyId, 'c')(tx)));
    let lateTurn!: Promise<number>;
    const answered = runWithDeadline(3000, () => (lateTurn = inLogTurn(companyId, step(companyId, 'c')))).catch(
      () => undefined,
    );
    const before = inLogTurn(companyId, step(companyId, 'c'));
    // its second run (the shared commit's own, after the reads of all) outlasts the late one's deadline
    let calls = 0;
    const slow = inLogTurn(companyId, async (tx) => {
      if (++calls === 2) await sleep(6000);
      return step(companyId, 'c')(tx);
    });
    const after = inLogTurn(companyId, step(companyId, 'c'));
    open();
    const settled = await Promise.allSettled([first, lateTurn, before, slow, after]);
    await answered;
    expect(settled.map((s) => (s.status === 'fulfilled' ? s.value : (s.reason as { code: string }).code))).toEqual([
      1,
      'REQUEST_DEADLINE_EXCEEDED',
      2,
      3,
      4,
    ]);
    const { entries, head } = await logOf(companyId);
    expect([entries.length, head]).toEqual([4, 4]);
    // two commits: the first's, and the others' together (not one each after the late one)
    expect((await db().doc(`locks/messagingLog∕${companyId}`).get()).get('version')).toBe(2);
  });
});
