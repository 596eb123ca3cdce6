import { db } from '../../src/core/firebase';
import { autoClockOut } from '../../src/modules/attendance/auto-clock-out';
import { api } from '../helpers/api';
import { bearer } from '../helpers/users';
import { attendanceCompany, clock, companyRef, HOUR, MIN } from '../attendance/helpers';
import { periods } from '../payroll/helpers';
import { inboxAfterFanOut, outboxOf } from './helpers';

describe('attendance records its events with the punch', () => {
  it('an auto clock-out closes the punch and stages punch.auto_clocked_out once, for the employee and managers', async () => {
    const co = await attendanceCompany();
    const punch = (await clock(co, 'in')).body.data;
    const clockInAt = punch.clockInAt - 13 * HOUR;
    const autoCloseAt = clockInAt + 720 * MIN;
    await companyRef(co.companyId).collection('punches').doc(punch.id).update({ clockInAt });
    await db().collection('openPunches').doc(`${co.companyId}~${co.employeeId}`).update({ clockInAt, autoCloseAt });
    await autoClockOut();
    await autoClockOut();
    const stored = (await companyRef(co.companyId).collection('punches').doc(punch.id).get()).data()!;
    expect(stored.clockOutAt).toBe(autoCloseAt);
    const events = await outboxOf(co.companyId, 'punch.auto_clocked_out');
    expect(events.map((e) => [e.data, e.subjects, e.actor])).toEqual([
      [
        { punchId: punch.id, employeeId: co.employeeId, clockedOutAt: autoCloseAt },
        { punchIds: [punch.id], employeeIds: [co.employeeId] },
        { uid: null, job: 'auto-clock-out' },
      ],
    ]);
    expect(await inboxAfterFanOut(co.companyId, events as { id: string }[], co.employee)).toContain(
      'punch.auto_clocked_out',
    );
    expect(await inboxAfterFanOut(co.companyId, [], co.manager)).toContain('punch.auto_clocked_out');
  });

  it('a clock-out with exceptions stages punch.flagged for managers; the repeated clock-out adds none', async () => {
    const co = await attendanceCompany();
    const punch = (await clock(co, 'in')).body.data;
    expect((await clock(co, 'out')).status).toBe(200);
    expect((await clock(co, 'out')).status).toBeGreaterThanOrEqual(400);
    const stored = (await companyRef(co.companyId).collection('punches').doc(punch.id).get()).data()!;
    const events = await outboxOf(co.companyId, 'punch.flagged');
    expect(events.map((e) => [e.data, e.actor.uid])).toEqual([
      [{ punchId: punch.id, employeeId: co.employeeId, flags: stored.exceptions }, co.employee.uid],
    ]);
    expect(stored.exceptions).toContain('unscheduled');
    expect(await inboxAfterFanOut(co.companyId, events as { id: string }[], co.manager)).toContain('punch.flagged');
    expect(await inboxAfterFanOut(co.companyId, [], co.employee)).not.toContain('punch.flagged');
  });
});

describe('payroll records its event with the closed period', () => {
  it('closing a period stages payroll.period_closed once, for managers; closing it again adds none', async () => {
    const co = await attendanceCompany({ profile: { payrollStartingDay: 1 } });
    const period = (await periods(co))[1];
    const close = () =>
      api('payroll')
        .post(`/payroll/periods/${period.startDate}/close`)
        .query({ companyId: co.companyId })
        .set(bearer(co.manager));
    expect((await close()).status).toBe(200);
    expect((await close()).body.code).toBe('PERIOD_ALREADY_CLOSED');
    const events = await outboxOf(co.companyId, 'payroll.period_closed');
    expect(events.map((e) => [e.data, e.subjects, e.actor.uid])).toEqual([
      [
        { startDate: period.startDate, endDate: period.endDate },
        { periodStartDates: [period.startDate] },
        co.manager.uid,
      ],
    ]);
    expect(await inboxAfterFanOut(co.companyId, events as { id: string }[], co.owner)).toContain(
      'payroll.period_closed',
    );
    expect(await inboxAfterFanOut(co.companyId, [], co.employee)).not.toContain('payroll.period_closed');
  });
});
