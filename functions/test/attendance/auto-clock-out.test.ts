import functionsTest from 'firebase-functions-test';
import * as functions from '../../src/index';
import { auditOf, attendanceCompany, clock, companyRef, HOUR, MIN, openEntry } from './helpers';
import { db } from '../../src/core/firebase';

const fft = functionsTest({ projectId: process.env.GCLOUD_PROJECT });
afterAll(() => fft.cleanup());

const runJob = async () => {
  const job = fft.wrap((functions as unknown as Record<string, never>).attendanceAutoClockOut);
  await (job as unknown as (e: unknown) => Promise<void>)({});
};

describe('auto clock-out (scheduled job attendanceAutoClockOut)', () => {
  it('closes a punch open past the limit at the limit time, flagged, pending, with an audit entry, and frees the employee to clock in again', async () => {
    const co = await attendanceCompany();
    const punch = (await clock(co, 'in')).body.data;
    // Arrange: the punch was opened 13 hours ago (limit 720 minutes).
    const clockInAt = punch.clockInAt - 13 * HOUR;
    const autoCloseAt = clockInAt + 720 * MIN;
    await companyRef(co.companyId)
      .collection('punches')
      .doc(punch.id)
      .update({ clockInAt, breaks: [{ type: 'meal', startAt: clockInAt + HOUR, endAt: null, paid: false }] });
    await db().collection('openPunches').doc(`${co.companyId}~${co.employeeId}`).update({ clockInAt, autoCloseAt });

    await runJob();

    const stored = (await companyRef(co.companyId).collection('punches').doc(punch.id).get()).data()!;
    expect(stored).toMatchObject({
      clockOutAt: autoCloseAt,
      autoClockedOut: true,
      state: 'pending',
      workedMinutes: 720 - 660,
      unpaidBreakMinutes: 660,
    });
    expect(stored.breaks[0].endAt).toBe(autoCloseAt);
    expect(stored.exceptions).toContain('auto_clocked_out');
    expect((await openEntry(co.companyId, co.employeeId)).exists).toBe(false);
    const trail = await auditOf(co.companyId, punch.id);
    expect(trail.map((e) => e.action)).toEqual(['clock_in', 'auto_clock_out']);
    expect(trail[1]).toMatchObject({
      by: 'system',
      before: { state: 'open', clockOutAt: null },
      after: { state: 'pending', clockOutAt: autoCloseAt },
    });
    expect((await clock(co, 'in')).status).toBe(201);
  });

  it('leaves punches within the limit open', async () => {
    const co = await attendanceCompany();
    const punch = (await clock(co, 'in')).body.data;
    await runJob();
    const stored = (await companyRef(co.companyId).collection('punches').doc(punch.id).get()).data()!;
    expect(stored.state).toBe('open');
    expect((await openEntry(co.companyId, co.employeeId)).exists).toBe(true);
  });
});
