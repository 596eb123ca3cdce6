import { addDays, instant } from '../../src/core/calendar';
import { db } from '../../src/core/firebase';
import { api } from '../helpers/api';
import { createCompany, type TestCompany } from '../helpers/fixtures';
import { bearer } from '../helpers/users';
import { approvedPunch, payroll, periods, reportOf, setPayroll, storeEmployees } from '../payroll/helpers';

/**
 * Missed rest breaks as attendance exceptions, end to end: a Los Angeles restaurant (California's
 * rest rule: one 10-minute rest from 3.5 hours worked, a premium of one hour) and a Portland one
 * (Oregon's: one from 2 hours, no premium) that record rest breaks on punches. The timesheet lists
 * each workday missing one (missed_rest_break, with the rule and its citation) on the days payroll
 * pays the premium; the setting lives in the attendance settings and is still read and set through
 * PATCH /payroll/settings.
 */

const LA_TZ = 'America/Los_Angeles';
const OR_TZ = 'America/Los_Angeles';
let la: TestCompany;
let or: TestCompany;
let laWeek: { startDate: string; endDate: string };
let orWeek: { startDate: string; endDate: string };

async function locate(co: TestCompany, lawLocation: Record<string, unknown>) {
  const res = await api('companies').patch(`/companies/${co.companyId}`).set(bearer(co.owner)).send({ lawLocation });
  expect(res.status).toBe(200);
}

/** A punch from 08:00 of the week's `day` for `minutes`, with a rest break of `rest` minutes at 09:00 (0: none). */
async function workday(co: TestCompany, week: { startDate: string }, day: number, minutes: number, rest = 0) {
  const date = addDays(week.startDate, day);
  const at = (minute: number) => instant(date, minute, LA_TZ);
  await approvedPunch(co, 'emp-ria', at(8 * 60), at(8 * 60 + minutes), {
    breaks: rest ? [{ type: 'rest', startAt: at(9 * 60), endAt: at(9 * 60 + rest) }] : [],
  });
}

type Exception = { type: string; minutes?: number; breaksRequired?: number; breaksTaken?: number; rule?: string };
async function missedRests(co: TestCompany, week: { startDate: string; endDate: string }) {
  const res = await api('attendance')
    .get('/timesheets')
    .query({ companyId: co.companyId, startDate: week.startDate, endDate: week.endDate, employeeId: 'emp-ria' })
    .set(bearer(co.manager));
  expect(res.status).toBe(200);
  return (res.body.data.employees[0].days as { date: string; exceptions: (Exception & { citation?: string })[] }[])
    .flatMap((d) => d.exceptions.filter((e) => e.type === 'missed_rest_break').map((e) => ({ date: d.date, ...e })))
    .sort((a, b) => a.date.localeCompare(b.date));
}

const restPremiums = async (co: TestCompany, week: { startDate: string }) =>
  (((await reportOf(co, week.startDate)).row('emp-ria')?.premiums ?? []) as { kind: string; date: string }[])
    .filter((p) => p.kind === 'restBreak')
    .map((p) => p.date)
    .sort();

const attendanceSettings = async (co: TestCompany) =>
  (await api('attendance').get('/settings').query({ companyId: co.companyId }).set(bearer(co.owner))).body.data;
const payrollSettings = async (co: TestCompany) =>
  (await payroll().get('/payroll/settings').query({ companyId: co.companyId }).set(bearer(co.owner))).body.data;
const setAttendance = async (co: TestCompany, patch: Record<string, unknown>) => {
  const res = await api('attendance')
    .patch('/settings')
    .query({ companyId: co.companyId })
    .set(bearer(co.owner))
    .send(patch);
  expect(res.status).toBe(200);
};

beforeAll(async () => {
  la = await createCompany({ profile: { timezone: LA_TZ, weekStartingDay: 1, payrollStartingDay: 1 } });
  or = await createCompany({ profile: { timezone: OR_TZ, weekStartingDay: 1, payrollStartingDay: 1 } });
  await locate(la, { state: 'CA', county: 'Los Angeles', city: 'Los Angeles' });
  await locate(or, { state: 'OR', county: 'Multnomah', city: 'Portland' });
  for (const co of [la, or]) {
    await storeEmployees(co.companyId, { 'emp-ria': { name: 'Ria', surname: 'Rest', rateRegular: 20 } });
    // set through payroll's settings, as before the setting moved
    await setPayroll(co, { payFrequency: 'weekly', restBreaksRecorded: true });
  }
  laWeek = (await periods(la, 3))[2];
  orWeek = (await periods(or, 3))[2];
  // California: 3 h 29 worked (no rest due), 3 h 30 (one due, none), 3 h 30 with a 10-minute rest, 3 h 30 with 9 minutes
  await workday(la, laWeek, 0, 209);
  await workday(la, laWeek, 1, 210);
  await workday(la, laWeek, 2, 210, 10);
  await workday(la, laWeek, 3, 210, 9);
  // Oregon: 1 h 59 (none due), 2 h (one due, none)
  await workday(or, orWeek, 0, 119);
  await workday(or, orWeek, 1, 120);
}, 120_000);

describe('missed rest breaks in the timesheets', () => {
  it('lists a California workday from 3.5 hours worked without a 10-minute rest, with the rule and its citation', async () => {
    const missed = await missedRests(la, laWeek);
    expect(missed.map((m) => [m.date, m.minutes, m.breaksRequired, m.breaksTaken])).toEqual([
      [addDays(laWeek.startDate, 1), 210, 1, 0],
      [addDays(laWeek.startDate, 3), 210, 1, 0],
    ]);
    expect(missed[0].rule).toBe('restBreak (California)');
    expect(missed[0].citation).toMatch(/Labor Code 226\.7\(c\).*2026-12-0\d/);
  });

  it('flags the days payroll pays the rest premium on', async () => {
    expect(await restPremiums(la, laWeek)).toEqual((await missedRests(la, laWeek)).map((m) => m.date));
  });

  it("lists Oregon's from 2 hours, where payroll owes no premium", async () => {
    const missed = await missedRests(or, orWeek);
    expect(missed.map((m) => [m.date, m.breaksRequired, m.breaksTaken])).toEqual([
      [addDays(orWeek.startDate, 1), 1, 0],
    ]);
    expect(missed[0].citation).toMatch(/OAR 839-020-0050/);
    expect(await restPremiums(or, orWeek)).toEqual([]);
  });

  it('keeps the setting in the attendance settings, read and set through either', async () => {
    expect((await attendanceSettings(la)).restBreaksRecorded).toBe(true);
    expect((await payrollSettings(la)).restBreaksRecorded).toBe(true);
    await setAttendance(la, { restBreaksRecorded: false });
    try {
      expect((await payrollSettings(la)).restBreaksRecorded).toBe(false);
      expect(await missedRests(la, laWeek)).toEqual([]);
      expect(await restPremiums(la, laWeek)).toEqual([]);
    } finally {
      await setPayroll(la, { restBreaksRecorded: true });
    }
    expect((await attendanceSettings(la)).restBreaksRecorded).toBe(true);
  });

  it('lists none for a company without a location for law, records or not', async () => {
    const co = await createCompany({ profile: { timezone: LA_TZ, weekStartingDay: 1, payrollStartingDay: 1 } });
    await storeEmployees(co.companyId, { 'emp-ria': { name: 'Ria', surname: 'Rest', rateRegular: 20 } });
    await setAttendance(co, { restBreaksRecorded: true });
    await setPayroll(co, { payFrequency: 'weekly' });
    const week = (await periods(co, 3))[2];
    await workday(co, week, 1, 300);
    expect(await missedRests(co, week)).toEqual([]);
  });

  it('honours a value payroll stored before the move, and moves it with the next PATCH of /payroll/settings', async () => {
    const co = await createCompany({ profile: { timezone: LA_TZ, weekStartingDay: 1, payrollStartingDay: 1 } });
    await locate(co, { state: 'CA', county: 'Los Angeles', city: 'Los Angeles' });
    await storeEmployees(co.companyId, { 'emp-ria': { name: 'Ria', surname: 'Rest', rateRegular: 20 } });
    await setPayroll(co, { payFrequency: 'weekly' });
    const ref = db().collection('companies').doc(co.companyId).collection('payrollSettings').doc('current');
    expect((await ref.get()).exists).toBe(true);
    await ref.update({ restBreaksRecorded: true });
    const week = (await periods(co, 3))[2];
    await workday(co, week, 1, 210);
    expect((await payrollSettings(co)).restBreaksRecorded).toBe(true);
    expect(await restPremiums(co, week)).toEqual([addDays(week.startDate, 1)]);
    expect(await missedRests(co, week)).toEqual([]);
    await setPayroll(co, { companyCode: 'LA2' });
    expect((await attendanceSettings(co)).restBreaksRecorded).toBe(true);
    expect((await ref.get()).get('restBreaksRecorded')).toBeUndefined();
    expect((await missedRests(co, week)).map((m) => m.date)).toEqual([addDays(week.startDate, 1)]);
  });
});
