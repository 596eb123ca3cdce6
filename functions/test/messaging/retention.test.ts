/**
 * Retention of messages per company: owners set it, managers read it, the daily job reduces the
 * messages older than it to tombstones in place (the numbering, authors and newer messages kept),
 * and a second run writes nothing.
 */
import { db } from '../../src/core/firebase';
import { runRetention } from '../../src/modules/messaging/retention';
import { createCompany, type TestCompany } from '../helpers/fixtures';
import { bearer } from '../helpers/users';
import { client, messaging } from './helpers';

jest.setTimeout(120_000);

const DAY = 86_400_000;
let co: TestCompany;
beforeAll(async () => {
  co = await createCompany();
});

const retention = () => messaging().get('/messaging/retention').query({ companyId: co.companyId });
const setRetention = (days: unknown, who = co.owner) =>
  messaging().put('/messaging/retention').query({ companyId: co.companyId }).set(bearer(who)).send({ days });

describe('retention of messages', () => {
  it('is kept until erased by default; owners set it, managers read it, employees neither', async () => {
    expect((await retention().set(bearer(co.manager))).body.data).toEqual({
      companyId: co.companyId,
      days: null,
      updatedAt: null,
    });
    expect((await retention().set(bearer(co.employee))).status).toBe(403);
    expect((await setRetention(90, co.manager)).status).toBe(403);
    for (const days of [29, 3651, 45.5, '90']) {
      const res = await setRetention(days);
      expect([days, res.status, res.body.code]).toEqual([days, 400, 'VALIDATION_FAILED']);
    }
    expect((await retention().set(bearer(co.manager))).body.data.days).toBeNull();
  });

  it('reduces the messages older than it to tombstones in place, once', async () => {
    const emma = client(co, co.employee);
    const id = (await emma.start({ kind: 'direct', uid: co.manager.uid })).body.data.id;
    for (const text of ['old order sheet', 'recent note']) expect((await emma.send(id, text)).status).toBe(201);
    const page = (await emma.page(id)).body.data.messages as { id: string; number: number; text: string }[];
    // the first one sent 91 days ago, the second 89: a retention of 90 days takes the first only
    const sentAgo = (i: number, days: number) =>
      db()
        .doc(`companies/${co.companyId}/messages/${page[i].id}`)
        .update({ createdAt: Date.now() - days * DAY });
    await sentAgo(0, 91);
    await sentAgo(1, 89);

    // none set: nothing reduced
    await runRetention();
    expect(((await emma.page(id)).body.data.messages as { text: string }[]).map((m) => m.text)).toEqual([
      'old order sheet',
      'recent note',
    ]);

    const set = await setRetention(90);
    expect(set.status).toBe(200);
    expect(set.body.data).toMatchObject({ companyId: co.companyId, days: 90 });
    const first = await runRetention();
    expect(first.reduced).toBeGreaterThanOrEqual(1);
    const after = (await emma.page(id)).body.data.messages as { number: number; text: string; erased: boolean }[];
    expect(after.map((m) => [m.number, m.text, m.erased])).toEqual([
      [1, '', true],
      [2, 'recent note', false],
    ]);
    const stored = (await db().doc(`companies/${co.companyId}/messages/${page[0].id}`).get()).data()!;
    expect(stored).toMatchObject({ text: '', mentions: [], erased: true, authorUid: co.employee.uid, number: 1 });
    // again: this company has nothing left to reduce
    const before = (await db().doc(`companies/${co.companyId}/messages/${page[1].id}`).get()).updateTime;
    await runRetention();
    expect((await db().doc(`companies/${co.companyId}/messages/${page[1].id}`).get()).updateTime).toEqual(before);

    // back to kept until erased
    expect((await setRetention(null)).body.data.days).toBeNull();
  });
});
