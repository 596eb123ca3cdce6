import { addDays, businessToday, instant, weekdayOf } from '../../src/core/calendar';
import { api } from '../helpers/api';
import { createCompany, type TestCompany } from '../helpers/fixtures';
import { bearer } from '../helpers/users';
import { approvedPunch, payroll, periods, reportOf, setPayroll, storeEmployees } from '../payroll/helpers';
import { H, leave, putPolicy } from './helpers';

/**
 * Time off taken, paid: California sick leave at the regular rate of the workweek it is used in
 * (Labor Code 246(l)(1)), PTO at the primary rate, in the report's lines, earnings and totals, and
 * in the four export layouts under their codes. A Los Angeles restaurant whose weeks (and weekly
 * pay periods) start yesterday, so that the week holding today's day off also holds a day already
 * worked, whatever the weekday: Cody at $20 an hour worked 8 h yesterday and earned a $40
 * non-discretionary bonus for it, so that week's regular rate is $25.
 */
const yesterday = () => addDays(businessToday(TZ, 0), -1);
const TZ = 'America/Los_Angeles';
let co: TestCompany;
const q = () => ({ companyId: co.companyId });
const E = 'emp-cody';

beforeAll(async () => {
  co = await createCompany({
    profile: {
      timezone: TZ,
      weekStartingDay: weekdayOf(yesterday()),
      payrollStartingDay: weekdayOf(yesterday()),
      lawLocation: { state: 'CA', county: 'Los Angeles', city: 'Los Angeles' },
    },
  });
  await storeEmployees(co.companyId, {
    [E]: { name: 'Cody', surname: 'Cook', rateRegular: 20, employeeNumber: 'C1', hiring: '2024-01-01' },
  });
  await setPayroll(co, { payFrequency: 'weekly', overtimeRules: { kind: 'california' }, companyCode: 'CO1' });
  await putPolicy(co, 'sick', {
    name: 'Sick',
    kind: 'sick',
    accrual: { method: 'perHoursWorked', hoursWorkedPerHour: 30 },
  });
  await putPolicy(co, 'pto', {
    name: 'Vacation',
    kind: 'pto',
    accrual: { method: 'perHoursWorked', hoursWorkedPerHour: 30 },
  });
});

describe('paid time off in the payroll report', () => {
  it('an approved sick day today: its hours at the regular rate of its workweek, in lines, earnings and totals', async () => {
    const monday = yesterday();
    expect((await periods(co, 1))[0].startDate).toBe(monday);
    await leave()
      .post('/leave-adjustments')
      .query(q())
      .set(bearer(co.manager))
      .send({ employeeId: E, policyId: 'sick', minutes: 40 * H, reason: 'opening balance' })
      .expect(201);
    // a worked day that week: 8 h at $20 plus a $40 bonus earned that week: regular rate $25
    await approvedPunch(co, E, instant(monday, 9 * 60, TZ), instant(monday, 17 * 60, TZ));
    await payroll()
      .post('/payroll/pay-elements')
      .query(q())
      .set(bearer(co.manager))
      .send({
        employeeId: E,
        kind: 'attendanceBonus',
        discretionary: false,
        amountMinor: 40_00,
        date: monday,
        earnedFrom: monday,
        earnedTo: monday,
      })
      .expect(201);
    // a day-off request is the employee's own: Cody signs in
    const { addMember } = await import('../helpers/fixtures');
    const { createUser } = await import('../helpers/users');
    const cody = await createUser({ label: 'cody' });
    await addMember(co.companyId, cody, 'employee', E);
    const day = addDays(monday, 1);
    const created = await api('requests')
      .post('/requests')
      .query(q())
      .set(bearer(cody))
      .send({ type: 'dayOff', startDate: day, endDate: day, leavePolicyId: 'sick', leaveMinutes: 8 * H });
    expect(created.status).toBe(201);
    expect(
      (
        await api('requests')
          .post(`/requests/${created.body.data.id}/approve`)
          .query(q())
          .set(bearer(co.manager))
          .send({})
      ).status,
    ).toBe(200);
    const { report, row } = await reportOf(co, monday);
    const r = row(E)!;
    expect(r.leave).toEqual([
      expect.objectContaining({
        kind: 'sick',
        minutes: 8 * H,
        rateBasis: 'regular',
        rate: 25_00,
        amount: 200_00,
        date: day,
      }),
    ]);
    expect((r.leave as { citation: string }[])[0].citation).toMatch(/246\(l\)/);
    expect(r.leavePay).toBe(200_00);
    // 8 h at $20, the bonus, the meal-period premium of a 8-hour day without a meal, and the sick day
    expect(r.totalPay).toBe(160_00 + 40_00 + (r.premiumPay as number) + 200_00);
    expect((r.earnings as { kind: string; amount: number }[]).filter((e) => e.kind === 'leave')).toEqual([
      expect.objectContaining({ minutes: 8 * H, rate: 25_00, amount: 200_00 }),
    ]);
    expect(report.totals.leave).toBe(200_00);
  });
});
