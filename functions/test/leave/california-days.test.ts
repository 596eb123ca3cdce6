import { addDays, businessToday } from '../../src/core/calendar';
import { api } from '../helpers/api';
import type { TestCompany } from '../helpers/fixtures';
import { bearer } from '../helpers/users';
import { balanceOf, californiaCompany, CALIFORNIA_TZ as TZ, H, leave, putPolicy } from './helpers';

/**
 * California lets an employer limit the use of paid sick leave to 40 hours or 5 days a year,
 * whichever is more (Labor Code 246(d) as amended by SB 616): a cook on 10-hour shifts may take a
 * fifth day although it passes 40 hours; a sixth is refused.
 */
jest.setTimeout(120_000);

let co: TestCompany;
const q = () => ({ companyId: co.companyId });
// seven days of one leave year (the calendar year), all ahead: from a week ahead, or from January
// 10th next year when a week ahead leaves fewer than 14 days of this year
const today = businessToday(TZ, 0);
const first =
  addDays(today, 21).slice(0, 4) === today.slice(0, 4) ? addDays(today, 7) : `${Number(today.slice(0, 4)) + 1}-01-10`;
const day = (n: number) => addDays(first, n - 7);
const requests = () => api('requests');

async function dayOff(startDate: string, endDate: string, minutes: number) {
  const res = await requests()
    .post('/requests')
    .query(q())
    .set(bearer(co.employee))
    .send({ type: 'dayOff', startDate, endDate, leavePolicyId: 'sick', leaveMinutes: minutes });
  expect(res.status).toBe(201);
  return res.body.data.id as string;
}
const approve = (id: string) => requests().post(`/requests/${id}/approve`).query(q()).set(bearer(co.manager)).send({});

beforeAll(async () => {
  co = await californiaCompany('Oakland', { hiring: '2024-01-15' });
  await putPolicy(co, 'sick', {
    name: 'Paid sick leave',
    kind: 'sick',
    accrual: { method: 'perHoursWorked', hoursWorkedPerHour: 30 },
    annualUseCapMinutes: 40 * H,
  });
  await leave()
    .post('/leave-adjustments')
    .query(q())
    .set(bearer(co.manager))
    .send({
      employeeId: co.employeeId,
      policyId: 'sick',
      minutes: 80 * H,
      reason: 'balance brought over',
      date: day(7),
    })
    .expect(201);
});

describe('California sick leave: 40 hours or 5 days of use a year, whichever is more', () => {
  it('approves a fifth 10-hour day past 40 hours, refuses a sixth and a two-day request from the fifth', async () => {
    for (const n of [7, 8, 9, 10]) expect((await approve(await dayOff(day(n), day(n), 10 * H))).status).toBe(200);
    expect((await balanceOf(co, co.employeeId, 'sick', day(10))).balanceMinutes).toBe(40 * H);

    // two days from the fifth: past 40 hours and past 5 days
    const twoDays = await approve(await dayOff(day(11), day(12), 20 * H));
    expect([twoDays.status, twoDays.body.code]).toEqual([422, 'LEAVE_USE_CAP_EXCEEDED']);
    expect(twoDays.body.details[0]).toMatchObject({ usedMinutes: 40 * H, capMinutes: 40 * H, usedDays: 4, capDays: 5 });

    // the fifth day alone: 50 hours, within 5 days
    expect((await approve(await dayOff(day(13), day(13), 10 * H))).status).toBe(200);
    expect((await balanceOf(co, co.employeeId, 'sick', day(13))).balanceMinutes).toBe(30 * H);

    // a sixth day: past both
    const sixth = await approve(await dayOff(day(14), day(14), 10 * H));
    expect([sixth.status, sixth.body.code]).toEqual([422, 'LEAVE_USE_CAP_EXCEEDED']);
    expect(sixth.body.error).toMatch(/40 h or 5 days, whichever is more \(5 days used\)/);
    expect((await balanceOf(co, co.employeeId, 'sick', day(14))).balanceMinutes).toBe(30 * H);
  });

  it('shows the days alternative beside the hours in the law floor of GET /leave-policies', async () => {
    const res = await leave().get('/leave-policies').query(q()).set(bearer(co.owner));
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body.data)).toMatch(/"minUseCapMinutes":2400,"minUseCapDays":5/);
  });
});
