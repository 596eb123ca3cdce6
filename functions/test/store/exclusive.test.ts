import { randomUUID } from 'node:crypto';
import { db } from '../../src/core/firebase';
import { runExclusive } from '../../src/core/exclusive';
import '../helpers/users';

describe('runExclusive', () => {
  it('serializes 20 concurrent read-modify-write sections on one key, losing no update', async () => {
    const counter = db().collection('testCounters').doc(randomUUID());
    await Promise.all(
      Array.from({ length: 20 }, () =>
        runExclusive(`counter/${counter.id}`, async (tx) => {
          const snap = await tx.get(counter);
          const value = (snap.data()?.value ?? 0) + 1;
          return { result: value, write: (t) => t.set(counter, { value }) };
        }),
      ),
    );
    expect((await counter.get()).data()).toEqual({ value: 20 });
  });

  it('lets exactly one of many competing claims win when each checks for the others first', async () => {
    const slot = randomUUID();
    const claims = db().collection('testClaims');
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        runExclusive(`slot/${slot}`, async (tx) => {
          const taken = await tx.get(claims.where('slot', '==', slot));
          if (!taken.empty) return { result: 'rejected' };
          return { result: 'won', write: (t) => t.set(claims.doc(), { slot, by: i }) };
        }),
      ),
    );
    expect(outcomes.filter((o) => o === 'won')).toHaveLength(1);
    expect((await claims.where('slot', '==', slot).get()).size).toBe(1);
  });

  it('keeps a refusal final: the work runs once and nothing is written', async () => {
    const key = `refusal/${randomUUID()}`;
    let refusals = 0;
    const refusing = runExclusive(key, async () => {
      refusals++;
      throw new Error('refused');
    });
    await expect(refusing).rejects.toThrow('refused');
    expect(refusals).toBe(1);
    expect((await db().collection('locks').doc(key.replace('/', '∕')).get()).exists).toBe(false);
  });

  it('writes nothing when the work decides not to write', async () => {
    const key = randomUUID();
    await runExclusive(key, async () => ({ result: null }));
    expect((await db().collection('locks').doc(key).get()).exists).toBe(false);
  });

  describe('with early writes (added while the reads wait for the lock)', () => {
    it("commits them with the work's writes and the head, after the holder before it", async () => {
      const key = randomUUID();
      const counter = db().collection('benchExclusive').doc(key);
      // 10 sections at once, each creating its own document early and incrementing a shared counter
      await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          runExclusive(
            key,
            async (_tx, [snap]) => ({
              result: null,
              write: (tx) => tx.set(counter, { n: Number(snap.data()?.n ?? 0) + 1 }),
            }),
            [counter],
            (tx) => tx.create(db().collection('benchExclusive').doc(`${key}-${i}`), { i }),
          ),
        ),
      );
      expect((await counter.get()).data()).toEqual({ n: 10 });
      const created = await db().getAll(
        ...Array.from({ length: 10 }, (_, i) => db().collection('benchExclusive').doc(`${key}-${i}`)),
      );
      expect(created.map((d) => d.data()?.i)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
      expect((await db().collection('locks').doc(key).get()).data()).toEqual({ version: 10 });
    });

    it("rolls them back, answering the work's result, when the work then writes nothing", async () => {
      const key = randomUUID();
      const early = db().collection('benchExclusive').doc(`${key}-early`);
      const result = await runExclusive(
        key,
        async () => ({ result: 'declined' }),
        [],
        (tx) => tx.create(early, { x: 1 }),
      );
      expect(result).toBe('declined');
      expect((await early.get()).exists).toBe(false);
      expect((await db().collection('locks').doc(key).get()).exists).toBe(false);
    });
  });
});
