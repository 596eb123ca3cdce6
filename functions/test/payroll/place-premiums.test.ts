import { addDays, instant } from '../../src/core/calendar';
import { api } from '../helpers/api';
import { createCompany, type TestCompany } from '../helpers/fixtures';
import { bearer } from '../helpers/users';
import { storeShift } from '../attendance/helpers';
import { approvedPunch, payroll, periods, reportOf, setPayroll, storeEmployees } from './helpers';

/**
 * The pay rules by place end to end: a Los Angeles restaurant (split shift, reporting time, rest
 * breaks it records) and a Brooklyn one (spread of hours), each set up through the API by its owner
 * (profile lawLocation, payroll settings), punches entered and approved by a manager; the premiums
 * in the report, the totals, GET /compliance/rules, and all four export layouts.
 */
let la: TestCompany;
let ny: TestCompany;
let laWeek: { startDate: string; endDate: string };
let nyWeek: { startDate: string; endDate: string };
const LA_TZ = 'America/Los_Angeles';
const NY_TZ = 'America/New_York';

async function locate(co: TestCompany, lawLocation: Record<string, unknown>) {
  const res = await api('companies').patch(`/companies/${co.companyId}`).set(bearer(co.owner)).send({ lawLocation });
  expect(res.status).toBe(200);
}

const at = (week: { startDate: string }, day: number, minute: number, tz: string) =>
  instant(addDays(week.startDate, day), minute, tz);

/** A paid 10-minute rest break from `minute` of the day (the others' days have the breaks they need). */
const restAt = (week: { startDate: string }, day: number, minute: number) => ({
  type: 'rest' as const,
  startAt: at(week, day, minute, LA_TZ),
  endAt: at(week, day, minute + 10, LA_TZ),
});

const premiumsOf = async (co: TestCompany, startDate: string, employeeId: string) =>
  (
    ((await reportOf(co, startDate)).row(employeeId)?.premiums ?? []) as {
      kind: string;
      date: string;
      amount: number;
    }[]
  )
    .filter((p) => ['splitShift', 'reportingTime', 'spreadOfHours', 'restBreak', 'callIn'].includes(p.kind))
    .map((p) => [p.kind, p.date, p.amount]);

beforeAll(async () => {
  la = await createCompany({ profile: { timezone: LA_TZ, weekStartingDay: 1, payrollStartingDay: 1 } });
  ny = await createCompany({ profile: { timezone: NY_TZ, weekStartingDay: 1, payrollStartingDay: 1 } });
  await locate(la, { state: 'CA', county: 'Los Angeles', city: 'Los Angeles' });
  await locate(ny, { state: 'NY', county: 'Kings', city: 'New York' });
  await storeEmployees(la.companyId, {
    'emp-split': { name: 'Sal', surname: 'Split', rateRegular: 16.9, employeeNumber: 'S1' },
    'emp-sent': { name: 'Sam', surname: 'Sent', rateRegular: 20, employeeNumber: 'S2' },
    'emp-rest': { name: 'Ria', surname: 'Rest', rateRegular: 20, employeeNumber: 'S3' },
  });
  await storeEmployees(ny.companyId, {
    'emp-double': { name: 'Dot', surname: 'Double', rateRegular: 25, employeeNumber: 'D1' },
    'emp-call': { name: 'Cal', surname: 'Called', rateRegular: 25, employeeNumber: 'C1' },
  });
  await setPayroll(la, { payFrequency: 'weekly', overtimeRules: { kind: 'california' }, restBreaksRecorded: true });
  await setPayroll(ny, { payFrequency: 'weekly' });
  laWeek = (await periods(la, 3))[2];
  nyWeek = (await periods(ny, 3))[2];
  const w = laWeek;
  // split shift at the minimum wage: 08:00-11:00 and 12:01-15:01 (a 61-minute gap), then 08:00-11:00 and 12:00-15:00 (60)
  for (const [day, back] of [
    [0, 12 * 60 + 1],
    [1, 12 * 60],
  ]) {
    await approvedPunch(la, 'emp-split', at(w, day, 8 * 60, LA_TZ), at(w, day, 11 * 60, LA_TZ), {
      breaks: [restAt(w, day, 9 * 60)],
    });
    await approvedPunch(la, 'emp-split', at(w, day, back, LA_TZ), at(w, day, back + 180, LA_TZ));
  }
  // reporting time: 8 h scheduled, sent home after 3 h 59, then a day of exactly 4 h
  for (const [day, worked] of [
    [0, 239],
    [1, 240],
  ]) {
    await storeShift(la.companyId, `shift-sent-${day}`, {
      date: addDays(w.startDate, day),
      employeeId: 'emp-sent',
      start: 9 * 60,
      end: 17 * 60,
      minutes: 480,
      workedMinutes: 480,
    });
    await approvedPunch(la, 'emp-sent', at(w, day, 9 * 60, LA_TZ), at(w, day, 9 * 60 + worked, LA_TZ), {
      breaks: [restAt(w, day, 10 * 60)],
    });
  }
  // rest breaks: 6 h 01 worked (a 30-minute meal) with one 10-minute rest (owed), then with two (none)
  for (const [day, rests] of [
    [0, [10 * 60]],
    [1, [10 * 60, 12 * 60]],
  ] as const) {
    await approvedPunch(la, 'emp-rest', at(w, day, 8 * 60, LA_TZ), at(w, day, 14 * 60 + 31, LA_TZ), {
      breaks: rests.map((m) => restAt(w, day, m)),
      meals: [{ startAt: at(w, day, 11 * 60, LA_TZ), endAt: at(w, day, 11 * 60 + 30, LA_TZ) }],
    });
  }
  // spread of hours: 11:00-14:00 and 18:00-21:01 (10 h 01), then 11:00-14:00 and 18:00-21:00 (10 h)
  for (const [day, end] of [
    [0, 21 * 60 + 1],
    [1, 21 * 60],
  ]) {
    await approvedPunch(ny, 'emp-double', at(nyWeek, day, 11 * 60, NY_TZ), at(nyWeek, day, 14 * 60, NY_TZ));
    await approvedPunch(ny, 'emp-double', at(nyWeek, day, 18 * 60, NY_TZ), at(nyWeek, day, end, NY_TZ));
  }
  // call-in pay: one shift of 2 h 59 (3 h owed), then one of 3 h
  for (const [day, minutes] of [
    [2, 179],
    [3, 180],
  ])
    await approvedPunch(ny, 'emp-call', at(nyWeek, day, 8 * 60, NY_TZ), at(nyWeek, day, 8 * 60 + minutes, NY_TZ));
}, 120_000);

describe('pay rules by place in the payroll report', () => {
  it('owes the California split-shift premium past a one-hour gap, not at it', async () => {
    // 6 h at $16.90 split: 7 x 16.90 - 6 x 16.90
    expect(await premiumsOf(la, laWeek.startDate, 'emp-split')).toEqual([['splitShift', laWeek.startDate, 16_90]]);
  });

  it('owes reporting-time pay when less than half the scheduled shift was worked, not at half', async () => {
    // 3 h 59 of 8 h: paid for 4 h, one more minute at $20
    expect(await premiumsOf(la, laWeek.startDate, 'emp-sent')).toEqual([['reportingTime', laWeek.startDate, 33]]);
  });

  it('owes the California rest premium for a day missing a recorded rest break, not for one with both', async () => {
    expect(await premiumsOf(la, laWeek.startDate, 'emp-rest')).toEqual([['restBreak', laWeek.startDate, 20_00]]);
  });

  it('owes New York spread-of-hours pay past 10 hours, at the NYC basic minimum rate', async () => {
    expect(await premiumsOf(ny, nyWeek.startDate, 'emp-double')).toEqual([['spreadOfHours', nyWeek.startDate, 17_00]]);
  });

  it('owes New York call-in pay for a day short of 3 hours of one shift, at the NYC basic minimum rate, not at 3 hours', async () => {
    // 1 minute at $17.00 an hour
    expect(await premiumsOf(ny, nyWeek.startDate, 'emp-call')).toEqual([['callIn', addDays(nyWeek.startDate, 2), 28]]);
  });

  it('carries call-in pay under its own column and earnings code', async () => {
    await setPayroll(ny, { companyCode: 'NY1' });
    const closed = await payroll()
      .post(`/payroll/periods/${nyWeek.startDate}/close`)
      .query({ companyId: ny.companyId })
      .set(bearer(ny.manager));
    expect(closed.status).toBe(200);
    const body = async (layout: string) => {
      const res = await payroll()
        .get(`/payroll/periods/${nyWeek.startDate}/export`)
        .query({ companyId: ny.companyId, layout })
        .set(bearer(ny.owner));
      expect(res.status).toBe(200);
      return (res.body.data.body as string).split('\r\n');
    };
    const generic = await body('generic');
    const header = generic[0].split(',');
    const cell = (id: string, column: string) =>
      generic.find((l: string) => l.startsWith(`${id},`))!.split(',')[header.indexOf(column)];
    expect([cell('emp-call', 'call_in_pay'), cell('emp-double', 'call_in_pay')]).toEqual(['0.28', '0.00']);
    expect(await body('adp')).toContain(`NY1,${nyWeek.endDate.replaceAll('-', '')},C1,,,,,CIP,0.28,`);
  }, 60_000);

  it('adds them to the premiums, the pay and the totals', async () => {
    const { report, row } = await reportOf(la, laWeek.startDate);
    const sal = row('emp-split')!;
    expect(sal.premiumPay).toBe(16_90);
    expect(sal.totalPay).toBe(Math.round(4 * 180 * (16_90 / 60)) + 16_90);
    expect(report.totals.premiums).toBe(16_90 + 33 + 20_00);
  });

  it('owes no rest premium where the company does not record rest breaks', async () => {
    await setPayroll(la, { restBreaksRecorded: false });
    try {
      expect(await premiumsOf(la, laWeek.startDate, 'emp-rest')).toEqual([]);
    } finally {
      await setPayroll(la, { restBreaksRecorded: true });
    }
  });

  it('lists the rules with their sources in GET /compliance/rules', async () => {
    const res = await api('compliance')
      .get('/compliance/rules')
      .query({ companyId: ny.companyId, date: nyWeek.startDate })
      .set(bearer(ny.manager));
    expect(res.status).toBe(200);
    const state = res.body.data.packs.find((p: { id: string }) => p.id === 'us-ny');
    expect(state.notes.map((n: { rule: string }) => n.rule).sort()).toEqual(['callIn', 'minimumWage', 'spreadOfHours']);
    expect(state.notes.find((n: { rule: string }) => n.rule === 'minimumWage').summary).toContain('$17.00');
  });
});

describe('pay rules by place in the exports', () => {
  const exportOf = (layout: string) =>
    payroll()
      .get(`/payroll/periods/${laWeek.startDate}/export`)
      .query({ companyId: la.companyId, layout })
      .set(bearer(la.owner));

  beforeAll(async () => {
    await setPayroll(la, { companyCode: 'LA1' });
    const closed = await payroll()
      .post(`/payroll/periods/${laWeek.startDate}/close`)
      .query({ companyId: la.companyId })
      .set(bearer(la.manager));
    expect(closed.status).toBe(200);
  }, 60_000);

  it('carries each under its own column, earnings code or pay component in all four layouts', async () => {
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
    const cell = (id: string, column: string) =>
      bodies.generic.find((l: string) => l.startsWith(`${id},`))!.split(',')[header.indexOf(column)];
    expect(cell('emp-split', 'split_shift_pay')).toBe('16.90');
    expect(cell('emp-sent', 'reporting_time_pay')).toBe('0.33');
    expect(cell('emp-rest', 'rest_break_pay')).toBe('20.00');
    expect(cell('emp-rest', 'spread_of_hours_pay')).toBe('0.00');
    const end = laWeek.endDate.replaceAll('-', '');
    expect(bodies.adp).toContain(`LA1,${end},S1,,,,,SPL,16.90,`);
    expect(bodies.adp).toContain(`LA1,${end},S2,,,,,RPT,0.33,`);
    expect(bodies.adp).toContain(`LA1,${end},S3,,,,,RST,20.00,`);
    expect(bodies.paychex).toContain('LA1,S1,,,Split Shift Premium,,,,,,16.90,,,,,');
    expect(bodies.paychex).toContain('LA1,S3,,,Rest Break Premium,,,,,,20.00,,,,,');
    expect(bodies.gusto[0].split(',').at(-1)).toBe('bonus');
    expect(
      bodies.gusto
        .find((l: string) => l.startsWith('Split,Sal,'))!
        .split(',')
        .at(-1),
    ).toBe('16.90');
  });
});
