import { randomUUID } from 'node:crypto';
import { db } from '../../src/core/firebase';
import { runExclusive } from '../../src/core/exclusive';
import { api } from '../helpers/api';
import { bearer } from '../helpers/users';
import { hm, putShift, scheduleCompany, storeShift } from './helpers';

const MON = '2026-03-02';

describe('concurrent writes', () => {
  it('saves exactly one of 20 concurrent overlapping PUTs for one employee', async () => {
    const co = await scheduleCompany();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        putShift(co, `race-${i}`, { start: hm(9) + i, end: hm(13) + i }, { date: MON, employeeId: co.employeeId }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(19).fill(422)]);
    expect(answers.filter((a) => a.status === 422).every((a) => a.body.code === 'SHIFT_CONFLICT')).toBe(true);
    const stored = await db().collection('companies').doc(co.companyId).collection('shifts').get();
    expect(stored.size).toBe(1);
  });

  it('saves exactly one of several concurrent moves of different shifts onto the same hours of one employee', async () => {
    const co = await scheduleCompany();
    const sources = await Promise.all(
      Array.from({ length: 6 }, async (_, i) => {
        const employee = db().collection('companies').doc(co.companyId).collection('employees').doc();
        await employee.set({ name: `E${i}`, surname: 'X', positions: [], archived: false });
        await storeShift(co.companyId, `move-${i}`, { date: MON, employeeId: employee.id, start: hm(9), end: hm(13) });
        return employee.id;
      }),
    );
    const answers = await Promise.all(
      sources.map((from, i) =>
        putShift(
          co,
          `move-${i}`,
          { start: hm(9), end: hm(13), employeeId: co.otherId },
          { date: MON, employeeId: from },
        ),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422, 422, 422, 422, 422]);
    const onTarget = await db()
      .collection('companies')
      .doc(co.companyId)
      .collection('shifts')
      .where('employeeId', '==', co.otherId)
      .get();
    expect(onTarget.size).toBe(1);
  });

  it('never lets a publish and a concurrent PUT double-book an employee', async () => {
    const co = await scheduleCompany();
    await storeShift(co.companyId, 'draft', {
      date: MON,
      employeeId: co.employeeId,
      start: hm(9),
      end: hm(13),
      mode: 'draft',
    });
    const [published, put] = await Promise.all([
      api('schedule')
        .post('/shifts/publish')
        .query({ companyId: co.companyId })
        .set(bearer(co.manager))
        .send({ startDate: MON, endDate: MON }),
      putShift(co, 'live', { start: hm(10), end: hm(12) }, { date: MON, employeeId: co.employeeId }),
    ]);
    expect([published.status, put.status].sort()).toEqual([200, 422]);
    const live = await db()
      .collection('companies')
      .doc(co.companyId)
      .collection('shifts')
      .where('mode', '==', 'published')
      .get();
    expect(live.size).toBe(1);
  });
});

describe('runExclusive with several keys', () => {
  it('serializes sections that share any one key, losing no update', async () => {
    const counters = db().collection('testCounters');
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    const bump = (keys: string[]) =>
      runExclusive(
        keys.map((k) => `counter/${k}`),
        async (tx) => {
          const snaps = await tx.getAll(...keys.map((k) => counters.doc(k)));
          return {
            result: null,
            write: (t) => snaps.forEach((s) => t.set(s.ref, { value: (s.data()?.value ?? 0) + 1 })),
          };
        },
      );
    await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        bump(
          [
            [a, b],
            [b, c],
            [c, a],
          ][i % 3],
        ),
      ),
    );
    const values = (await db().getAll(counters.doc(a), counters.doc(b), counters.doc(c))).map((s) => s.data()?.value);
    expect(values).toEqual([16, 16, 16]);
  });
});
