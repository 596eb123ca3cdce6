import { db } from '../../src/core/firebase';
import { addDays, instant } from '../../src/core/calendar';
import { createCompany, type TestCompany } from '../helpers/fixtures';
import { storeShift } from '../schedule/helpers';
import { approvedPunch, periods, reportOf, setPayroll, storeEmployees } from './helpers';

/**
 * Rates per position, the regular rate of pay and period edges, over real punches: a Los Angeles
 * restaurant under FLSA, weekly pay periods from Monday (workweeks from Monday too), a Cook role at
 * $15 and a Server role at $12 with a sub-role.
 */
const TZ = 'America/Los_Angeles';
let co: TestCompany;
let week: { startDate: string; endDate: string };
const cook = 'role-cook';
const server = 'role-server';
const at = (date: string, hour: number, minute = 0) => instant(date, hour * 60 + minute, TZ);

beforeAll(async () => {
  co = await createCompany({ profile: { timezone: TZ, weekStartingDay: 1, payrollStartingDay: 1 } });
  const roles = db().collection('companies').doc(co.companyId).collection('roles');
  await Promise.all([
    roles.doc(cook).set({ name: 'Cook', priority: 0, rate: 15, archived: false, subRoles: {} }),
    roles.doc(server).set({
      name: 'Server',
      priority: 1,
      rate: 12,
      archived: false,
      subRoles: { floor: { name: 'Floor', priority: 0 } },
    }),
  ]);
  await storeEmployees(co.companyId, {
    // a cook who also serves: $20 as a cook (her own rate), the Server role's $12 otherwise
    'emp-multi': {
      name: 'Mia',
      surname: 'Multi',
      positions: [{ categoryId: cook }, { categoryId: server }],
      positionRates: { [cook]: 20 },
      rateRegular: 9,
    },
    // the same, positions listed the other way round
    'emp-multi-2': {
      name: 'Max',
      surname: 'Multi',
      positions: [{ categoryId: server }, { categoryId: cook }],
      positionRates: { [cook]: 20 },
    },
    'emp-sub': {
      name: 'Sol',
      surname: 'Sub',
      positions: [{ categoryId: server, subcategoryId: 'floor' }],
      rateRegular: 9,
    },
    'emp-flat': { name: 'Flo', surname: 'Flat', rateRegular: 18 },
    'emp-linked': { name: 'Lin', surname: 'Linked', positions: [{ categoryId: cook }], rateRegular: 9 },
    'emp-night': { name: 'Nora', surname: 'Night', rateRegular: 10 },
    'emp-dst': { name: 'Dan', surname: 'Dst', rateRegular: 10 },
    'emp-archived': { name: 'Arlo', surname: 'Archived', rateRegular: 16 },
    'emp-semi': { name: 'Sam', surname: 'Semi', rateRegular: 10 },
  });
  await setPayroll(co, { payFrequency: 'weekly', overtimeRules: { kind: 'flsa' } });
  week = (await periods(co, 3))[2]; // two weeks ago: ended, a whole workweek
  for (const id of ['emp-multi', 'emp-multi-2']) {
    // Monday to Friday 8 h as a cook (40 h), Saturday 10 h serving
    for (let d = 0; d < 5; d++)
      await approvedPunch(co, id, at(addDays(week.startDate, d), 8), at(addDays(week.startDate, d), 16), {
        positionId: cook,
      });
    await approvedPunch(co, id, at(addDays(week.startDate, 5), 9), at(addDays(week.startDate, 5), 19), {
      positionId: server,
    });
  }
  await approvedPunch(co, 'emp-sub', at(week.startDate, 9), at(week.startDate, 13));
  // a punch without a position of its own, linked to a published Server shift
  await storeShift(co.companyId, 'shift-served', {
    date: week.startDate,
    employeeId: 'emp-linked',
    start: 9 * 60,
    end: 13 * 60,
    positionId: server,
  });
  await approvedPunch(co, 'emp-linked', at(week.startDate, 9), at(week.startDate, 13), { positionId: null });
  await approvedPunch(co, 'emp-flat', at(week.startDate, 9), at(week.startDate, 13));
  await approvedPunch(co, 'emp-archived', at(week.startDate, 9), at(week.startDate, 15));
  await db()
    .collection('companies')
    .doc(co.companyId)
    .collection('employees')
    .doc('emp-archived')
    .update({ archived: true });
  // Sunday 22:00 (the period's last day) to Monday 02:00 (the next period's first)
  await approvedPunch(co, 'emp-night', at(week.endDate, 22), at(addDays(week.endDate, 1), 2));
});

describe('a week worked in two positions at two rates (FLSA)', () => {
  it('pays $1,012.00: straight time $920, regular rate $18.40, half-time premium $92 on 10 hours', async () => {
    const { row } = await reportOf(co, week.startDate);
    const mia = row('emp-multi')!;
    expect(mia).toMatchObject({ workedMinutes: 50 * 60, regularMinutes: 40 * 60, overtimeMinutes: 10 * 60 });
    expect(mia.totalPay).toBe(1012_00);
    expect(mia.weeks).toEqual([
      {
        weekStart: week.startDate,
        workedMinutes: 50 * 60,
        straightTimePay: 920_00,
        regularRate: 1840,
        regularMinutes: 40 * 60,
        overtimeMinutes: 10 * 60,
        doubleTimeMinutes: 0,
        regularPay: 40 * 1840,
        overtimePay: 10 * 2760,
        doubleTimePay: 0,
        premiumPortion: 92_00,
      },
    ]);
    expect(mia.lines).toEqual([
      {
        positionId: cook,
        positionName: 'Cook',
        rateSource: 'position',
        rate: 2000,
        minutes: 40 * 60,
        straightTimePay: 800_00,
      },
      {
        positionId: server,
        positionName: 'Server',
        rateSource: 'role',
        rate: 1200,
        minutes: 10 * 60,
        straightTimePay: 120_00,
      },
    ]);
    expect(mia).toMatchObject({ regularRate: 1840, overtimeRate: 2760 });
  });

  it('pays the same whichever position is listed first', async () => {
    const { row } = await reportOf(co, week.startDate);
    expect(row('emp-multi-2')!.totalPay).toBe(1012_00);
  });
});

describe('the rate of work without a position of its own', () => {
  it("takes the role's rate for a primary position that names a sub-role", async () => {
    const { row } = await reportOf(co, week.startDate);
    expect(row('emp-sub')!.lines).toEqual([
      expect.objectContaining({ positionId: server, rateSource: 'role', rate: 1200, minutes: 240 }),
    ]);
    expect(row('emp-sub')!.totalPay).toBe(48_00);
  });

  it("takes the position of the published shift the punch is linked to, before the employee's primary one", async () => {
    const { row } = await reportOf(co, week.startDate);
    expect(row('emp-linked')!.lines).toEqual([
      expect.objectContaining({ positionId: server, rateSource: 'role', rate: 1200, minutes: 240 }),
    ]);
  });

  it("falls back on the employee's rateRegular without any position", async () => {
    const { row } = await reportOf(co, week.startDate);
    expect(row('emp-flat')!.lines).toEqual([
      expect.objectContaining({ positionId: null, rateSource: 'employee', rate: 1800, minutes: 240 }),
    ]);
  });
});

describe('archived employees', () => {
  it('are paid for the work they did before the archive', async () => {
    const { row } = await reportOf(co, week.startDate);
    expect(row('emp-archived')).toMatchObject({ archived: true, workedMinutes: 360, totalPay: 96_00 });
  });
});

describe('period edges', () => {
  it('pays an overnight shift across the weekly period edge in both periods: 2 h and 2 h', async () => {
    const [before, after] = await Promise.all([reportOf(co, week.startDate), reportOf(co, addDays(week.endDate, 1))]);
    expect(before.row('emp-night')).toMatchObject({ workedMinutes: 120, totalPay: 20_00 });
    expect(after.row('emp-night')).toMatchObject({ workedMinutes: 120, totalPay: 20_00 });
    expect(after.row('emp-night')!.days).toEqual([expect.objectContaining({ date: addDays(week.endDate, 1) })]);
  });

  it('pays the 25-hour day of the end of daylight saving time in real hours, across the edge too', async () => {
    // Sunday 2026-11-01, Los Angeles: 01:00-02:00 happens twice. Saturday 22:00 to Sunday 06:00 is 9 h,
    // Sunday 22:00 to Monday 03:00 5 h, of which 3 h on Monday, in the next weekly period.
    await approvedPunch(co, 'emp-dst', at('2026-10-31', 22), at('2026-11-01', 6));
    await approvedPunch(co, 'emp-dst', at('2026-11-01', 22), at('2026-11-02', 3));
    const [dstWeek, next] = await Promise.all([reportOf(co, '2026-10-26'), reportOf(co, '2026-11-02')]);
    expect(dstWeek.row('emp-dst')!.days).toEqual([
      expect.objectContaining({ date: '2026-10-31', workedMinutes: 120 }),
      expect.objectContaining({ date: '2026-11-01', workedMinutes: 9 * 60 }),
    ]);
    expect(next.row('emp-dst')).toMatchObject({ workedMinutes: 180 });
  });

  it('pays an overnight shift from the 15th to the 16th in both semi-monthly periods', async () => {
    const month = addDays(week.startDate, -45).slice(0, 7);
    await approvedPunch(co, 'emp-semi', at(`${month}-15`, 21), at(`${month}-16`, 3));
    await setPayroll(co, { payFrequency: 'semimonthly' });
    try {
      const [first, second] = await Promise.all([reportOf(co, `${month}-01`), reportOf(co, `${month}-16`)]);
      expect(first.row('emp-semi')).toMatchObject({ workedMinutes: 180, totalPay: 30_00 });
      expect(second.row('emp-semi')).toMatchObject({ workedMinutes: 180, totalPay: 30_00 });
    } finally {
      await setPayroll(co, { payFrequency: 'weekly' });
    }
  });
});
