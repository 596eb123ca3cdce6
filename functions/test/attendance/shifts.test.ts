import { DateTime } from 'luxon';
import { instant } from '../../src/core/calendar';
import { att, attendanceCompany, clock, noonZone, storeShift } from './helpers';
import { bearer } from '../helpers/users';

/** Today's date and the current minute of the day in the zone (about noon there). */
function localNow(zone: string) {
  const now = DateTime.now().setZone(zone);
  return { date: now.toISODate()!, minute: now.hour * 60 + now.minute };
}

describe('linking punches to the published schedule', () => {
  it('links the clock-in to the published shift of the business day with the nearest start and measures lateness and leaving early', async () => {
    const zone = noonZone();
    const co = await attendanceCompany({ profile: { timezone: zone } });
    const { date, minute } = localNow(zone);
    await storeShift(co.companyId, 'lunch', {
      date,
      employeeId: co.employeeId,
      start: minute - 30,
      end: minute + 60,
      positionId: co.cookId,
      workedMinutes: 90,
    });
    await storeShift(co.companyId, 'dinner', {
      date,
      employeeId: co.employeeId,
      start: minute + 300,
      end: minute + 400,
    });
    await storeShift(co.companyId, 'draft', {
      date,
      employeeId: co.employeeId,
      start: minute,
      end: minute + 60,
      mode: 'draft',
    });
    await storeShift(co.companyId, 'other', { date, employeeId: 'someone-else', start: minute, end: minute + 60 });

    const inAnswer = await clock(co, 'in');
    expect(inAnswer.status).toBe(201);
    const punch = inAnswer.body.data;
    const startMs = instant(date, minute - 30, zone);
    const endMs = instant(date, minute + 60, zone);
    expect(punch.shift).toEqual({
      shiftId: 'lunch',
      date,
      scheduledStartAt: startMs,
      scheduledEndAt: endMs,
      scheduledMinutes: 90,
    });
    expect(punch.positionId).toBe(co.cookId);
    expect(punch.businessDate).toBe(date);
    expect(punch.lateMinutes).toBe(Math.floor((punch.clockInAt - startMs) / 60_000));
    expect(punch.lateMinutes).toBeGreaterThanOrEqual(29);
    expect(punch.exceptions).toEqual(['late']);

    const out = await clock(co, 'out');
    expect(out.body.data.leftEarlyMinutes).toBe(Math.floor((endMs - out.body.data.clockOutAt) / 60_000));
    expect(out.body.data.leftEarlyMinutes).toBeGreaterThanOrEqual(59);
    expect(out.body.data.exceptions).toEqual(['late', 'left_early']);
    expect(out.body.data.state).toBe('pending');
  });

  it('approves a clock-out at once when it matches the schedule within the variance and has no exception', async () => {
    const zone = noonZone();
    const co = await attendanceCompany({ profile: { timezone: zone } });
    const { date, minute } = localNow(zone);
    await storeShift(co.companyId, 'short', { date, employeeId: co.employeeId, start: minute, end: minute + 5 });
    await clock(co, 'in');
    const out = await clock(co, 'out');
    expect(out.body.data).toMatchObject({ state: 'approved', approvedBy: 'auto', exceptions: [] });
    expect(out.body.data.shift.scheduledMinutes).toBe(5);
  });

  it('leaves a clock-out without a shift pending as unscheduled', async () => {
    const co = await attendanceCompany();
    await clock(co, 'in');
    const out = await clock(co, 'out');
    expect(out.body.data).toMatchObject({ state: 'pending', shift: null, exceptions: ['unscheduled'] });
    const pending = await att()
      .get('/punches')
      .query({
        companyId: co.companyId,
        startDate: out.body.data.businessDate,
        endDate: out.body.data.businessDate,
        state: 'pending',
      })
      .set(bearer(co.manager));
    expect(pending.body.data.map((p: { id: string }) => p.id)).toEqual([out.body.data.id]);
  });
});
