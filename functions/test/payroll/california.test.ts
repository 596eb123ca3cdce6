import { db } from '../../src/core/firebase';
import { addDays, instant } from '../../src/core/calendar';
import { api } from '../helpers/api';
import { createCompany, type TestCompany } from '../helpers/fixtures';
import { bearer } from '../helpers/users';
import { approvedPunch, payroll, periods, reportOf, setPayroll, storeEmployees } from './helpers';

/**
 * The California meal-period premium on both sides of each threshold, a recorded fair-workweek
 * premium, and both in the period's totals and every export layout: a Los Angeles restaurant under
 * the california rule set, weekly periods from Monday, hourly employees at $20 with numbers.
 */
const TZ = 'America/Los_Angeles';
let co: TestCompany;
let week: { startDate: string; endDate: string };
const MIN = 60_000;
const q = () => ({ companyId: co.companyId });

/** A punch from 08:00 of `day` (days after the week's Monday) lasting `minutes`, with meals [after worked minute, length]. */
async function workday(employeeId: string, day: number, minutes: number, meals: [number, number][] = []) {
  const start = instant(addDays(week.startDate, day), 8 * 60, TZ);
  let elapsed = 0;
  let worked = 0;
  const breaks = meals.map(([after, length]) => {
    elapsed += after - worked;
    worked = after;
    const meal = { startAt: start + elapsed * MIN, endAt: start + (elapsed + length) * MIN };
    elapsed += length;
    return meal;
  });
  return approvedPunch(co, employeeId, start, start + minutes * MIN, { meals: breaks });
}

const mealDays = async (employeeId: string) =>
  ((await reportOf(co, week.startDate)).row(employeeId)?.premiums as { kind: string; date: string; amount: number }[])
    .filter((p) => p.kind === 'mealPeriod')
    .map((p) => [p.date, p.amount]);

beforeAll(async () => {
  co = await createCompany({ profile: { timezone: TZ, weekStartingDay: 1, payrollStartingDay: 1 } });
  await storeEmployees(co.companyId, {
    'emp-five': { name: 'Fay', surname: 'Five', rateRegular: 20, employeeNumber: 'F5' },
    'emp-ten': { name: 'Ted', surname: 'Ten', rateRegular: 20, employeeNumber: 'T10' },
    'emp-rest': { name: 'Rex', surname: 'Rest', rateRegular: 20, employeeNumber: 'R1' },
  });
  await setPayroll(co, { payFrequency: 'weekly', overtimeRules: { kind: 'california' }, companyCode: null });
  week = (await periods(co, 3))[2];
  // the first meal period: more than 5 hours, a 30-minute meal starting by the end of the fifth hour
  await workday('emp-five', 0, 300); // exactly 5 h, no meal: none
  await workday('emp-five', 1, 301); // 5 h 01, no meal: owed
  await workday('emp-five', 2, 510, [[300, 30]]); // meal after exactly 5 h: none
  await workday('emp-five', 3, 510, [[301, 30]]); // meal after 5 h 01: owed
  await workday('emp-five', 4, 509, [[180, 29]]); // a 29-minute meal: owed
  // the second: more than 10 hours, a second meal by the end of the tenth hour
  await workday('emp-ten', 0, 630, [[240, 30]]); // 10 h worked, one meal: none
  await workday('emp-ten', 1, 631, [[240, 30]]); // 10 h 01, one meal: owed
  await workday('emp-ten', 2, 690, [
    [240, 30],
    [600, 30],
  ]); // second meal after exactly 10 h: none
  await workday('emp-ten', 3, 690, [
    [240, 30],
    [601, 30],
  ]); // after 10 h 01: owed
  // 7 h with an unpaid 30-minute break of the rest kind after 4 h: a meal period for California,
  // though the per-punch check (6 h without a break of the meal kind) would flag it
  const restDay = instant(week.startDate, 8 * 60, TZ);
  await approvedPunch(co, 'emp-rest', restDay, restDay + 420 * MIN, {
    breaks: [{ type: 'rest', startAt: restDay + 240 * MIN, endAt: restDay + 270 * MIN, paid: false }],
  });
  // a fair-workweek premium the schedule recorded for a shift of the week (NYC, $75)
  await db()
    .collection('companies')
    .doc(co.companyId)
    .collection('schedulePremiums')
    .doc('p1')
    .set({
      employeeId: 'emp-ten',
      date: addDays(week.startDate, 4),
      shiftId: 'shift-1',
      jurisdiction: 'nyc',
      rule: 'scheduleChange',
      reason: '240 minutes cut with 0.5 days notice',
      amountMinor: 75_00,
      currency: 'USD',
      payHours: null,
      createdAt: Date.now(),
    });
});

describe('the California meal-period premium', () => {
  it('owes one hour at the regular rate past 5 hours without a 30-minute meal by the end of the fifth hour', async () => {
    const d = (n: number) => addDays(week.startDate, n);
    expect(await mealDays('emp-five')).toEqual([
      [d(1), 20_00],
      [d(3), 20_00],
      [d(4), 20_00],
    ]);
  });

  it('owes one past 10 hours without a second meal by the end of the tenth hour, never two a day', async () => {
    const d = (n: number) => addDays(week.startDate, n);
    expect(await mealDays('emp-ten')).toEqual([
      [d(1), 20_00],
      [d(3), 20_00],
    ]);
  });

  it('adds the premiums to the pay and the totals, beside overtime on the regular rate', async () => {
    const { report, row } = await reportOf(co, week.startDate);
    const ted = row('emp-ten')!;
    // worked 10 h, 10 h 01, 10 h 30, 10 h 30: 8 h regular a day, the rest daily overtime
    expect(ted).toMatchObject({ regularMinutes: 4 * 480, overtimeMinutes: 120 + 121 + 150 + 150 });
    expect(ted.premiumPay).toBe(2 * 20_00 + 75_00);
    expect(ted.totalPay).toBe((1920 * 2000) / 60 + (541 * 3000) / 60 + 2 * 20_00 + 75_00);
    expect(ted.premiums).toContainEqual(
      expect.objectContaining({ kind: 'scheduleChange', shiftId: 'shift-1', amount: 75_00 }),
    );
    expect(report.totals.premiums).toBe(5 * 20_00 + 75_00);
    expect(report.totals.pay).toBe(
      report.employees.reduce((s: number, e: { totalPay: number; tips: number }) => s + e.totalPay - e.tips, 0),
    );
  });

  it("agrees with attendance: the timesheet's missed_break days are the days the premium is paid", async () => {
    expect(await mealDays('emp-rest')).toEqual([]);
    for (const employeeId of ['emp-five', 'emp-ten', 'emp-rest']) {
      const res = await api('attendance')
        .get('/timesheets')
        .query({ ...q(), startDate: week.startDate, endDate: week.endDate, employeeId })
        .set(bearer(co.manager));
      expect(res.status).toBe(200);
      const flagged = res.body.data.employees[0].days
        .filter((d: { exceptions: { type: string }[] }) => d.exceptions.some((e) => e.type === 'missed_break'))
        .map((d: { date: string }) => d.date);
      expect(flagged).toEqual((await mealDays(employeeId)).map(([date]) => date));
    }
  });

  it('is not paid when the company turns it off', async () => {
    await setPayroll(co, { mealPeriodPremium: false });
    try {
      expect(await mealDays('emp-five')).toEqual([]);
    } finally {
      await setPayroll(co, { mealPeriodPremium: true });
    }
  });
});

describe('premiums in the exports', () => {
  const exportOf = (layout: string) =>
    payroll()
      .get(`/payroll/periods/${week.startDate}/export`)
      .query({ ...q(), layout })
      .set(bearer(co.owner));

  beforeAll(async () => {
    const closed = await payroll().post(`/payroll/periods/${week.startDate}/close`).query(q()).set(bearer(co.manager));
    expect(closed.status).toBe(200);
  });

  it('names a missing company code as the cause (EXPORT_MISSING_COMPANY_CODE), for ADP and Paychex', async () => {
    for (const layout of ['adp', 'paychex']) {
      const res = await exportOf(layout);
      expect(res.status).toBe(422);
      expect(res.body.code).toBe('EXPORT_MISSING_COMPANY_CODE');
      expect(res.body.error).toContain('companyCode');
    }
  });

  it('carries each premium in all four layouts under its earnings code', async () => {
    await setPayroll(co, { companyCode: 'CO1' });
    const bodies = Object.fromEntries(
      await Promise.all(
        ['generic', 'adp', 'paychex', 'gusto'].map(async (layout) => {
          const res = await exportOf(layout);
          expect(res.status).toBe(200);
          return [layout, (res.body.data.body as string).split('\r\n')];
        }),
      ),
    );
    const header: string[] = bodies.generic[0].split(',');
    const ted = bodies.generic.find((l: string) => l.startsWith('emp-ten,'))!.split(',');
    expect(ted[header.indexOf('schedule_premium_pay')]).toBe('75.00');
    expect(ted[header.indexOf('meal_premium_pay')]).toBe('40.00');
    expect(bodies.adp).toContain('CO1,' + week.endDate.replaceAll('-', '') + ',T10,,,,,FWW,75.00,');
    expect(bodies.adp).toContain('CO1,' + week.endDate.replaceAll('-', '') + ',T10,,,,,MLP,40.00,');
    expect(bodies.paychex).toContain('CO1,T10,,,Schedule Premium,,,,,,75.00,,,,,');
    expect(bodies.paychex).toContain('CO1,T10,,,Meal Premium,,,,,,40.00,,,,,');
    expect(bodies.gusto[0].split(',').at(-1)).toBe('bonus');
    expect(
      bodies.gusto
        .find((l: string) => l.startsWith('Ten,Ted,'))!
        .split(',')
        .at(-1),
    ).toBe('115.00');
  });
});
