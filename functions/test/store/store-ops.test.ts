import { randomUUID } from 'node:crypto';
import { db } from '../../src/core/firebase';
import { noOps, requestMemo, runCounted, type StoreOps } from '../../src/core/store-ops';
import { api } from '../helpers/api';
import { createCompany } from '../helpers/fixtures';
import { logsOf } from '../helpers/logs';
import { bearer } from '../helpers/users';

/**
 * The Firestore operations a request makes, counted at the client as Firestore bills them
 * (src/core/store-ops.ts): the figures of docs/OPERATION_COSTS.md and of every request's log line.
 */
const col = () => db().collection(`testCounters-${randomUUID().slice(0, 8)}`);

async function counted(work: () => Promise<unknown>): Promise<StoreOps> {
  const ops = noOps();
  await runCounted(randomUUID(), ops, async () => {
    await work();
  });
  return ops;
}

describe('the Firestore operations counted for a request', () => {
  it('counts a read per document looked up (a missing one too), per document a query returns and at least one per query', async () => {
    const c = col();
    await Promise.all([1, 2, 3, 4].map((i) => c.doc(`d${i}`).set({ i })));
    expect(await counted(() => c.doc('d1').get())).toEqual({ reads: 1, writes: 0, deletes: 0 });
    expect(await counted(() => db().getAll(c.doc('d1'), c.doc('d2'), c.doc('missing')))).toMatchObject({ reads: 3 });
    expect(await counted(() => c.get())).toMatchObject({ reads: 4 });
    expect(await counted(() => c.where('i', '>', 10).get())).toMatchObject({ reads: 1 });
    expect(await counted(() => c.count().get())).toMatchObject({ reads: 1 });
    const streamed = await counted(async () => {
      for await (const doc of c.where('i', '<=', 3).stream()) void doc;
    });
    expect(streamed).toMatchObject({ reads: 3 });
  });

  it('counts a write per document set or updated and a delete per document deleted, in batches and transactions', async () => {
    const c = col();
    await c.doc('gone').set({ x: 1 });
    const batch = await counted(async () => {
      const b = db().batch();
      b.set(c.doc('a'), { x: 1 });
      b.set(c.doc('b'), { x: 2 });
      b.delete(c.doc('gone'));
      await b.commit();
    });
    expect(batch).toEqual({ reads: 0, writes: 2, deletes: 1 });
    const tx = await counted(() =>
      db().runTransaction(async (t) => {
        const snap = await t.get(c.doc('a'));
        t.update(c.doc('a'), { x: Number(snap.get('x')) + 1 });
      }),
    );
    expect(tx).toEqual({ reads: 1, writes: 1, deletes: 0 });
  });

  it('counts nothing outside a request, and each request apart', async () => {
    const c = col();
    const a = noOps();
    const b = noOps();
    await Promise.all([
      runCounted('a', a, () => c.doc('x').get()),
      runCounted('b', b, async () => {
        await c.doc('y').set({ y: 1 });
        await c.doc('y').get();
      }),
      c.doc('z').get(),
    ]);
    expect([a, b]).toEqual([
      { reads: 1, writes: 0, deletes: 0 },
      { reads: 1, writes: 1, deletes: 0 },
    ]);
  });

  it('works a request memo out once per request, and again in the next request', async () => {
    let computed = 0;
    const compute = async () => ++computed;
    await runCounted('one', noOps(), async () => {
      expect(await Promise.all([requestMemo('k', compute), requestMemo('k', compute)])).toEqual([1, 1]);
    });
    await runCounted('two', noOps(), async () => expect(await requestMemo('k', compute)).toBe(2));
    expect(await requestMemo('k', compute)).toBe(3); // outside a request: no memo
  });

  it("logs each request's counts on its closing line", async () => {
    const co = await createCompany();
    const { lines } = await logsOf(() =>
      api('roles').get('/roles').query({ companyId: co.companyId }).set(bearer(co.owner)),
    );
    const closing = lines.find((l) => l.message === 'request' && l.path === '/roles');
    expect(closing?.firestore).toEqual({ reads: expect.any(Number), writes: 0, deletes: 0 });
    expect((closing?.firestore as StoreOps).reads).toBeGreaterThanOrEqual(2); // its membership and the roles
  });
});
