import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import fc from 'fast-check';
import { db } from '../../src/core/firebase';
import '../helpers/users';

/** Plain firebase-admin transactions against the test tier's emulator, which isolates them as Firestore does. */
describe('transactions on the emulator', () => {
  const collection = () => db().collection('testTransactions');

  it('30 concurrent increment transactions on one counter end at 30', async () => {
    const counter = collection().doc(randomUUID());
    await Promise.all(
      Array.from({ length: 30 }, () =>
        db().runTransaction(async (tx) => {
          const value = ((await tx.get(counter)).data()?.value ?? 0) + 1;
          tx.set(counter, { value });
        }),
      ),
    );
    expect((await counter.get()).data()).toEqual({ value: 30 });
  });

  it('makes a transaction that reads a document another one holds wait for its commit, neither of them retried', async () => {
    const counter = collection().doc(randomUUID());
    await counter.set({ value: 0 });
    const attempts = { first: 0, second: 0 };
    const increment = (name: keyof typeof attempts, pauseMs: number) =>
      db().runTransaction(async (tx) => {
        attempts[name]++;
        const value = (await tx.get(counter)).data()!.value + 1;
        await new Promise((r) => setTimeout(r, pauseMs));
        tx.set(counter, { value });
      });
    const first = increment('first', 300);
    await new Promise((r) => setTimeout(r, 50));
    await Promise.all([first, increment('second', 0)]);
    expect(attempts).toEqual({ first: 1, second: 1 });
    expect((await counter.get()).data()).toEqual({ value: 2 });
  });

  it('retries a transaction whose read document a plain write changed before its commit, losing neither write', async () => {
    const counter = collection().doc(randomUUID());
    await counter.set({ value: 0 });
    let attempts = 0;
    await db().runTransaction(async (tx) => {
      attempts++;
      const value = (await tx.get(counter)).data()!.value + 1;
      if (attempts === 1) await counter.set({ value: 100 });
      tx.set(counter, { value });
    });
    expect(attempts).toBe(2);
    expect((await counter.get()).data()).toEqual({ value: 101 });
  });

  it('retries a transaction whose query gained a document before its commit', async () => {
    const group = randomUUID();
    const tally = collection().doc(randomUUID());
    let attempts = 0;
    await db().runTransaction(async (tx) => {
      attempts++;
      const members = await tx.get(collection().where('group', '==', group));
      if (attempts === 1) await collection().doc().set({ group });
      tx.set(tally, { members: members.size });
    });
    expect(attempts).toBe(2);
    expect((await tally.get()).data()).toEqual({ members: 1 });
  });

  it('finishes two transactions that read the same two documents in opposite orders (a deadlock is aborted and retried)', async () => {
    const [a, b] = [collection().doc(randomUUID()), collection().doc(randomUUID())];
    await Promise.all([a.set({ value: 0 }), b.set({ value: 0 })]);
    const bump = (first: typeof a, second: typeof a) =>
      db().runTransaction(async (tx) => {
        const one = (await tx.get(first)).data()!.value;
        await new Promise((r) => setTimeout(r, 20));
        const two = (await tx.get(second)).data()!.value;
        tx.set(first, { value: one + 1 });
        tx.set(second, { value: two + 1 });
      });
    await Promise.all([bump(a, b), bump(b, a)]);
    expect([(await a.get()).data(), (await b.get()).data()]).toEqual([{ value: 2 }, { value: 2 }]);
  });

  it('frees the locks of a transaction whose process was killed, so the next one on its document commits first time', async () => {
    const counter = collection().doc(randomUUID());
    await counter.set({ value: 0 });
    const child = spawn(process.execPath, ['--import', 'tsx', join(__dirname, 'fixtures/hold-lock.ts'), counter.path], {
      env: { ...process.env, LOG_LEVEL: 'error' },
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    await new Promise<void>((resolve) =>
      child.stdout.on('data', (chunk: Buffer) => chunk.includes('locked') && resolve()),
    );
    const exited = new Promise((resolve) => child.on('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    let attempts = 0;
    await db().runTransaction(async (tx) => {
      attempts++;
      tx.set(counter, { value: (await tx.get(counter)).data()!.value + 1 });
    });
    expect(attempts).toBe(1);
    expect((await counter.get()).data()).toEqual({ value: 1 });
  });

  it('applies none of the writes of a commit whose later precondition fails', async () => {
    const [free, taken] = [collection().doc(randomUUID()), collection().doc(randomUUID())];
    await taken.set({ by: 'someone' });
    const batch = db().batch().set(free, { by: 'me' }).create(taken, { by: 'me' });
    await expect(batch.commit()).rejects.toMatchObject({ code: 6 });
    expect((await free.get()).exists).toBe(false);
    expect((await taken.get()).data()).toEqual({ by: 'someone' });
  });

  it('keeps the total of concurrent transfers between accounts, and each balance, exact', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ from: fc.nat(3), to: fc.nat(3), amount: fc.integer({ min: 1, max: 50 }) }), {
          minLength: 1,
          maxLength: 12,
        }),
        async (transfers) => {
          const accounts = Array.from({ length: 4 }, () => collection().doc(randomUUID()));
          await Promise.all(accounts.map((account) => account.set({ balance: 1000 })));
          await Promise.all(
            transfers.map(({ from, to, amount }) =>
              db().runTransaction(async (tx) => {
                const [source, target] = await tx.getAll(accounts[from], accounts[to]);
                tx.update(accounts[from], { balance: source.data()!.balance - amount });
                tx.update(accounts[to], { balance: target.data()!.balance + (from === to ? 0 : amount) });
              }),
            ),
          );
          const expected = accounts.map((_, i) =>
            transfers.reduce(
              (sum, t) => sum + (t.from === t.to ? 0 : t.to === i ? t.amount : t.from === i ? -t.amount : 0),
              1000,
            ),
          );
          const balances = (await db().getAll(...accounts)).map((snap) => snap.data()!.balance);
          expect(balances).toEqual(expected);
        },
      ),
      { numRuns: 15 },
    );
  });
});
