import { db } from '../../src/core/firebase';
import { addDays, instant } from '../../src/core/calendar';
import { createCompany, type TestCompany } from '../helpers/fixtures';
import { bearer } from '../helpers/users';
import { approvedPunch, payroll, reportOf, setPayroll, storeEmployees } from './helpers';

/**
 * A workweek straddling a closed period, through the API as a payroll clerk works: the period is
 * closed on pay day while the week is still being worked, then the rest of the week is punched
 * and approved. The closed report keeps what it paid; the period in which the week ends pays the
 * true-up of the regular rate (29 CFR 778.115, 778.106) as a prior-period adjustment line.
 * Los Angeles, FLSA, workweeks from Monday; a server role at $12 and a cook role at $20.
 */
const TZ = 'America/Los_Angeles';
const server = 'role-server';
const cook = 'role-cook';
const at = (date: string, hour: number) => instant(date, hour * 60, TZ);

async function restaurant(profile: Record<string, unknown>, settings: Record<string, unknown>) {
  const co = await createCompany({ profile: { timezone: TZ, weekStartingDay: 1, ...profile } });
  const roles = db().collection('companies').doc(co.companyId).collection('roles');
  await Promise.all([
    roles.doc(server).set({ name: 'Server', priority: 0, rate: 12, archived: false, subRoles: {} }),
    roles.doc(cook).set({ name: 'Cook', priority: 1, rate: 20, archived: false, subRoles: {} }),
  ]);
  await storeEmployees(co.companyId, {
    'emp-ana': {
      name: 'Ana',
      surname: 'Straddle',
      employeeNumber: 'A1',
      positions: [{ categoryId: server }, { categoryId: cook }],
    },
  });
  await setPayroll(co, { overtimeRules: { kind: 'flsa' }, companyCode: 'CO1', ...settings });
  return co;
}

const close = async (co: TestCompany, startDate: string) => {
  const res = await payroll()
    .post(`/payroll/periods/${startDate}/close`)
    .query({ companyId: co.companyId })
    .set(bearer(co.manager));
  expect(res.status).toBe(200);
};

/** `days` shifts from `from`, 08:00 to 08:00 + `hours` (10 by default), in `positionId`. */
async function work(co: TestCompany, from: string, days: number, positionId: string, hours = 10) {
  for (let d = 0; d < days; d++)
    await approvedPunch(co, 'emp-ana', at(addDays(from, d), 8), at(addDays(from, d), 8 + hours), { positionId });
}

describe('biweekly, closed on a Wednesday: 30 h serving at $12, then 20 h cooking at $20', () => {
  // periods of two weeks from Thursday 2026-10-15: 10-29..11-11 and 11-12..11-25; the week 11-09..11-15
  let co: TestCompany;
  beforeAll(async () => {
    co = await restaurant({ payrollStartingDay: 4 }, { payFrequency: 'biweekly', anchorDate: '2026-10-15' });
    await work(co, '2026-11-09', 3, server);
    await close(co, '2026-10-29'); // pay day: the week is still being worked
    await work(co, '2026-11-12', 2, cook);
  });

  it('pays $836.00 across the two periods: $360.00 closed, $380.00 + a $96.00 adjustment naming the week', async () => {
    const [closed, next] = await Promise.all([reportOf(co, '2026-10-29'), reportOf(co, '2026-11-12')]);
    expect(closed.row('emp-ana')!.totalPay).toBe(360_00);
    const ana = next.row('emp-ana')!;
    expect(ana).toMatchObject({ regularPay: 152_00, overtimePay: 228_00, adjustmentPay: 96_00, totalPay: 476_00 });
    expect(ana.adjustments).toEqual([
      expect.objectContaining({
        kind: 'priorPeriod',
        weekStart: '2026-11-09',
        weekEnd: '2026-11-15',
        closedPeriodStart: '2026-10-29',
        closedPeriodEnd: '2026-11-11',
        minutes: 30 * 60,
        paidRegularRate: 1200,
        regularRate: 1520,
        paid: 360_00,
        owed: 456_00,
        amount: 96_00,
      }),
    ]);
    expect((ana.adjustments as { reason: string }[])[0].reason).toContain('Workweek 2026-11-09 to 2026-11-15');
    expect((closed.row('emp-ana')!.totalPay as number) + (ana.totalPay as number)).toBe(836_00);
    expect(next.report.totals).toMatchObject({ pay: 476_00, adjustments: 96_00 });
  });

  it('keeps the adjustment when the second period closes, and never rewrites the first', async () => {
    await close(co, '2026-11-12');
    const [closed, next] = await Promise.all([reportOf(co, '2026-10-29'), reportOf(co, '2026-11-12')]);
    expect(closed.row('emp-ana')).toMatchObject({ totalPay: 360_00, adjustments: [] });
    expect(next.row('emp-ana')).toMatchObject({ adjustmentPay: 96_00, totalPay: 476_00 });
  });

  it("exports the adjustment in all four layouts under the providers' adjustment codes", async () => {
    const bodies = Object.fromEntries(
      await Promise.all(
        ['generic', 'adp', 'paychex', 'gusto'].map(async (layout) => {
          const res = await payroll()
            .get('/payroll/periods/2026-11-12/export')
            .query({ companyId: co.companyId, layout })
            .set(bearer(co.owner));
          expect(res.status).toBe(200);
          return [layout, (res.body.data.body as string).trimEnd().split('\r\n')];
        }),
      ),
    ) as Record<string, string[]>;
    const header = bodies.generic[0].split(',');
    const ana = bodies.generic[1].split(',');
    expect(ana[header.indexOf('prior_period_adjustment')]).toBe('96.00');
    expect(ana[header.indexOf('total_pay')]).toBe('476.00');
    // the week's 20 h at its regular rate of $15.20: 10 h regular, 10 h overtime; then the true-up
    expect(bodies.adp.slice(1)).toEqual(['CO1,20261125,A1,10.00,10.00,,,,,15.20', 'CO1,20261125,A1,,,,,RET,96.00,']);
    expect(bodies.paychex.slice(1)).toEqual([
      'CO1,A1,,,Hourly,15.20,,10.00,,,,,,,,',
      'CO1,A1,,,Overtime,22.80,,10.00,,,,,,,,',
      'CO1,A1,,,Retro Pay,,,,,,96.00,,,,,',
    ]);
    // Gusto prices the 20 h at its stored (server, primary) $12: 10 x 12 + 10 x 18 = $300; the rest is a correction
    expect(bodies.gusto[0].split(',').at(-1)).toBe('correction_payment');
    expect(bodies.gusto[1]).toBe('Straddle,Ana,A1,10.00,10.00,0.00,0.00,176.00');
  });
});

describe('semi-monthly, closed on the 15th: 40 h serving at $12, then 10 h cooking at $20', () => {
  // the week Monday 2026-10-12 to Sunday 10-18 straddles 10-01..10-15 and 10-16..10-31
  let co: TestCompany;
  beforeAll(async () => {
    co = await restaurant({ payrollStartingDay: 1 }, { payFrequency: 'semimonthly' });
    await work(co, '2026-10-12', 4, server);
    await close(co, '2026-10-01');
    await work(co, '2026-10-16', 1, cook);
  });

  it('pays $748.00 across the two periods: $480.00 closed, $204.00 + a $64.00 adjustment', async () => {
    const [closed, next] = await Promise.all([reportOf(co, '2026-10-01'), reportOf(co, '2026-10-16')]);
    expect(closed.row('emp-ana')!.totalPay).toBe(480_00);
    const ana = next.row('emp-ana')!;
    expect(ana).toMatchObject({ overtimePay: 204_00, adjustmentPay: 64_00, totalPay: 268_00 });
    expect(ana.adjustments).toEqual([
      expect.objectContaining({ weekStart: '2026-10-12', regularRate: 1360, paid: 480_00, owed: 544_00 }),
    ]);
    expect((closed.row('emp-ana')!.totalPay as number) + (ana.totalPay as number)).toBe(748_00);
  });
});

describe('California, closed on a Wednesday: the meal premiums of the closed days are trued up too', () => {
  // 3 x 8 h serving at $12 without a meal (3 premiums at $12), then 2 x 8 h cooking at $20 without
  // a meal: 40 h, regular rate $608 / 40 h = $15.20, five meal premiums owed at $15.20 (Labor Code 226.7)
  let co: TestCompany;
  beforeAll(async () => {
    co = await restaurant(
      { payrollStartingDay: 4 },
      { payFrequency: 'biweekly', anchorDate: '2026-10-15', overtimeRules: { kind: 'california' } },
    );
    await work(co, '2026-11-09', 3, server, 8);
    await close(co, '2026-10-29');
    await work(co, '2026-11-12', 2, cook, 8);
  });

  it('pays $684.00 across the two periods: $608 of hours and five $15.20 premiums', async () => {
    const [closed, next] = await Promise.all([reportOf(co, '2026-10-29'), reportOf(co, '2026-11-12')]);
    expect(closed.row('emp-ana')).toMatchObject({ totalPay: 288_00 + 36_00, premiumPay: 36_00 });
    const ana = next.row('emp-ana')!;
    expect(ana.adjustments).toEqual([
      expect.objectContaining({ paid: 288_00, owed: 364_80, premiumsPaid: 36_00, premiumsOwed: 45_60, amount: 86_40 }),
    ]);
    expect(ana).toMatchObject({ regularPay: 243_20, premiumPay: 30_40, totalPay: 243_20 + 30_40 + 86_40 });
    expect((closed.row('emp-ana')!.totalPay as number) + (ana.totalPay as number)).toBe(684_00);
  });
});
