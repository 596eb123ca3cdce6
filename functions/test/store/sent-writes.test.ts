import { randomUUID } from 'node:crypto';
import { FieldValue } from 'firebase-admin/firestore';
import { db } from '../../src/core/firebase';
import { api } from '../helpers/api';
import { createCompany } from '../helpers/fixtures';
import { bearer } from '../helpers/users';
import { recordWrites, writesDuring } from '../helpers/writes';

/**
 * The recorder the "writes nothing" checks rest on (the contract sweeps, the fault tests): it must
 * see every way the app writes, and nothing else.
 */
describe('the writes this process sends', () => {
  const doc = () => db().collection('testSentWrites').doc(randomUUID());

  it('are recorded for a set, an update, a delete, a batch and a transaction, and not for reads', async () => {
    const [a, b, c] = [doc(), doc(), doc()];
    const { writes } = await writesDuring(async () => {
      await a.set({ n: 1 });
      await a.update({ n: FieldValue.increment(1) });
      await a.get();
      await db().collection('testSentWrites').where('n', '==', 2).get();
      const batch = db().batch();
      batch.set(b, { n: 1 });
      batch.delete(c);
      await batch.commit();
      await db().runTransaction(async (tx) => {
        const snap = await tx.get(b);
        tx.update(b, { n: (snap.get('n') as number) + 1 });
      });
    });
    expect(writes.map((w) => w.path)).toEqual([a.path, a.path, b.path, c.path, b.path]);
    expect(JSON.parse(writes[0].text)).toMatchObject({ update: { fields: { n: { integerValue: 1 } } } });
  });

  it('are recorded for a request to a module, with the fields it wrote', async () => {
    const co = await createCompany();
    const { result, writes } = await writesDuring(() =>
      api('roles')
        .post('/roles')
        .query({ companyId: co.companyId })
        .set(bearer(co.owner))
        .send({ name: 'Recorded cook' }),
    );
    expect(result.status).toBe(201);
    const role = writes.find((w) => w.path === `companies/${co.companyId}/roles/${result.body.data.id}`);
    expect(role?.text).toContain('Recorded cook');
  });

  it('are recorded by each recorder from its start until it stops', async () => {
    const first = recordWrites();
    await doc().set({ n: 1 });
    const second = recordWrites();
    const ref = doc();
    await ref.set({ n: 2 });
    first.stop();
    await ref.delete();
    second.stop();
    await doc().set({ n: 3 });
    expect(first.writes).toHaveLength(2);
    expect(second.paths()).toEqual([ref.path]);
    expect(second.writes).toHaveLength(2);
  });
});
