import { db } from '../../src/core/firebase';
import { api } from '../helpers/api';
import { snapshotCompany } from '../helpers/fixtures';
import { bearer } from '../helpers/users';
import { hm, putShift, scheduleCompany, storeShift, type ScheduleCompany } from '../schedule/helpers';

/**
 * The minors' hours end to end: a date of birth on the employee, the company's school calendar,
 * and PUT /shifts refusing (422 MINOR_HOURS, nothing written) each rule of the federal 14-15
 * hours (29 CFR 570.35), the minimum age of 14, California 16-17 (Labor Code 1391) and New York
 * 16-17 (Labor Law 143); the warn setting; and generation never proposing such a shift.
 */

jest.setTimeout(120_000);

/** The school week of Monday 2026-03-02 (weekStartingDay 1): school 08:00-15:00 Monday to Friday. */
const MON = '2026-03-02';
const SAT = '2026-03-07';
const SUN = '2026-03-08';
const CALENDAR = {
  terms: [{ from: '2025-09-01', to: '2026-06-12' }],
  closedDays: [],
  hours: { start: hm(8), end: hm(15) },
};

let n = 0;
const id = () => `m${++n}`;

async function minorCompany(age: { dateOfBirth: string }, extra: { profile?: object; settings?: object } = {}) {
  const co = await scheduleCompany({
    profile: { timezone: 'America/New_York', ...extra.profile },
    settings: { schoolCalendar: CALENDAR, ...extra.settings },
  });
  const res = await api('employees')
    .patch(`/employees/${co.employeeId}`)
    .query({ companyId: co.companyId })
    .set(bearer(co.manager))
    .send(age);
  expect(res.status).toBe(200);
  expect(res.body.data.dateOfBirth).toBe(age.dateOfBirth);
  return co;
}

const cook = (co: ScheduleCompany, start: number, end: number) => ({
  start,
  end,
  positionId: co.cookId,
  subRoleId: 'line',
});

async function refused(co: ScheduleCompany, date: string, start: number, end: number) {
  const before = await snapshotCompany(co.companyId);
  const res = await putShift(co, id(), cook(co, start, end), { date, employeeId: co.employeeId });
  expect([res.status, res.body.code]).toEqual([422, 'MINOR_HOURS']);
  expect(await snapshotCompany(co.companyId)).toEqual(before);
  return (res.body.details as { rule: string; law: string; citation: string; path: string }[]).map((d) => {
    expect(d.path).toBe(d.rule);
    expect(d.citation).toMatch(/checked 2026-12-03/);
    return `${d.law}:${d.rule}`;
  });
}

async function saved(co: ScheduleCompany, date: string, start: number, end: number) {
  const res = await putShift(co, id(), cook(co, start, end), { date, employeeId: co.employeeId });
  expect(res.status).toBe(200);
  return res.body.data.warnings as { rule: string; blocking: boolean }[];
}

describe('a date of birth on the employee', () => {
  it('is personal: a colleague does not see it, the manager does; a malformed one is refused', async () => {
    const co = await minorCompany({ dateOfBirth: '2011-05-01' });
    const asColleague = await api('employees')
      .get(`/employees/${co.otherId}`)
      .query({ companyId: co.companyId })
      .set(bearer(co.employee));
    expect(asColleague.status).toBe(200);
    const own = await api('employees')
      .get(`/employees/${co.employeeId}`)
      .query({ companyId: co.companyId })
      .set(bearer(co.employee));
    expect(own.body.data.dateOfBirth).toBe('2011-05-01');
    await db()
      .collection('companies')
      .doc(co.companyId)
      .collection('employees')
      .doc(co.otherId)
      .update({ dateOfBirth: '2011-05-01' });
    const other = await api('employees')
      .get(`/employees/${co.otherId}`)
      .query({ companyId: co.companyId })
      .set(bearer(co.employee));
    expect(other.body.data).not.toHaveProperty('dateOfBirth');
    const before = await snapshotCompany(co.companyId);
    const bad = await api('employees')
      .patch(`/employees/${co.employeeId}`)
      .query({ companyId: co.companyId })
      .set(bearer(co.manager))
      .send({ dateOfBirth: '2011-02-30' });
    expect([bad.status, bad.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(await snapshotCompany(co.companyId)).toEqual(before);
  });

  it('a malformed school calendar is refused with 400, nothing written', async () => {
    const co = await minorCompany({ dateOfBirth: '2011-05-01' });
    const before = await snapshotCompany(co.companyId);
    for (const schoolCalendar of [
      { terms: [{ from: '2026-06-12', to: '2025-09-01' }], closedDays: [], hours: null },
      { terms: [], closedDays: ['June 1'], hours: null },
      { terms: [], closedDays: [], hours: { start: hm(15), end: hm(8) } },
    ]) {
      const res = await api('companies')
        .patch(`/companies/${co.companyId}/settings`)
        .set(bearer(co.owner))
        .send({ schoolCalendar });
      expect([res.status, res.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    }
    expect(await snapshotCompany(co.companyId)).toEqual(before);
  });
});

describe('federal, 14 and 15 (29 CFR 570.35), anywhere', () => {
  let co: ScheduleCompany;
  beforeAll(async () => {
    co = await minorCompany({ dateOfBirth: '2011-01-15' }); // 15 in March 2026
  });

  it('under 14: nobody is scheduled (29 CFR 570.2)', async () => {
    const young = await minorCompany({ dateOfBirth: '2012-03-08' }); // 13 until 8 March 2026
    const before = await snapshotCompany(young.companyId);
    const res = await putShift(young, id(), cook(young, hm(10), hm(12)), { date: SAT, employeeId: young.employeeId });
    expect([res.status, res.body.code]).toEqual([422, 'MINOR_HOURS']);
    expect(res.body.details).toEqual([expect.objectContaining({ rule: 'minorAge', limit: 14, actual: 13 })]);
    expect(await snapshotCompany(young.companyId)).toEqual(before);
    // the birthday: 14 on Sunday
    expect(await saved(young, SUN, hm(10), hm(12))).toEqual([]);
  });

  it('7 a.m. to 7 p.m.', async () => {
    expect(await refused(co, SAT, hm(18), hm(20))).toEqual(['us-federal-14-15:minorTimeOfDay']);
    expect(await refused(co, SAT, hm(6, 30), hm(8))).toEqual(['us-federal-14-15:minorTimeOfDay']);
    expect(await saved(co, SAT, hm(17), hm(19))).toEqual([]);
  });

  it("outside the school's hours on a school day", async () => {
    expect(await refused(co, MON, hm(14), hm(16))).toEqual(['us-federal-14-15:minorSchoolHours']);
    expect(await saved(co, MON, hm(15), hm(17))).toEqual([]);
  });

  it('3 hours on a school day', async () => {
    expect(await refused(co, '2026-03-03', hm(15), hm(18, 15))).toEqual(['us-federal-14-15:minorDayHours']);
    expect(await saved(co, '2026-03-03', hm(15), hm(18))).toEqual([]);
  });

  it('18 hours in a school week', async () => {
    // Monday 2 h, Tuesday 3 h (above), Wednesday and Thursday 3 h, Saturday 17:00-19:00 and 7 h: 18 h
    await storeShift(co.companyId, 'wed', {
      date: '2026-03-04',
      employeeId: co.employeeId,
      start: hm(15),
      end: hm(18),
    });
    await storeShift(co.companyId, 'thu', {
      date: '2026-03-05',
      employeeId: co.employeeId,
      start: hm(15),
      end: hm(18),
    });
    expect(await saved(co, SUN, hm(9), hm(14))).toEqual([]);
    expect(await refused(co, '2026-03-06', hm(15), hm(15, 30))).toEqual(['us-federal-14-15:minorWeekHours']);
  });

  it('warn: the company may save such a shift, with the findings as warnings', async () => {
    const warn = await minorCompany({ dateOfBirth: '2011-01-15' }, { settings: { minorRules: 'warn' } });
    const warnings = await saved(warn, SAT, hm(18), hm(20));
    expect(warnings).toEqual([
      expect.objectContaining({ rule: 'minorTimeOfDay', blocking: false, law: 'us-federal-14-15' }),
    ]);
  });
});

describe('California 16 and 17 (Labor Code 1391)', () => {
  let co: ScheduleCompany;
  beforeAll(async () => {
    co = await minorCompany(
      { dateOfBirth: '2009-06-01' },
      {
        profile: { timezone: 'America/Los_Angeles', lawLocation: { state: 'CA', county: 'Alameda', city: 'Oakland' } },
      },
    );
  });

  it('10 p.m. before a school day, 12:30 a.m. before a day without school', async () => {
    expect(await refused(co, SUN, hm(18), hm(22, 30))).toEqual(['us-ca-16-17:minorTimeOfDay']);
    expect(await saved(co, SUN, hm(18), hm(22))).toEqual([]);
    expect(await saved(co, SAT, hm(17), hm(0, 30))).toEqual([]);
    expect(await refused(co, '2026-03-14', hm(17), hm(0, 45))).toEqual(['us-ca-16-17:minorTimeOfDay']);
  });

  it('4 hours on a school day', async () => {
    expect(await refused(co, MON, hm(16), hm(20, 30))).toEqual(['us-ca-16-17:minorDayHours']);
    expect(await saved(co, MON, hm(16), hm(20))).toEqual([]);
  });
});

describe('New York 16 and 17 (Labor Law 143)', () => {
  it('six days a week', async () => {
    const co = await minorCompany(
      { dateOfBirth: '2009-06-01' },
      { profile: { lawLocation: { state: 'NY', county: 'Erie', city: 'Buffalo' } } },
    );
    for (let d = 0; d < 5; d++)
      await storeShift(co.companyId, `d${d}`, {
        date: `2026-03-0${2 + d}`,
        employeeId: co.employeeId,
        start: hm(16),
        end: hm(17),
      });
    expect(await saved(co, SAT, hm(10), hm(12))).toEqual([]);
    expect(await refused(co, SUN, hm(10), hm(12))).toEqual(['us-ny-16-17:minorDaysPerWeek']);
  });
});

describe('schedule generation', () => {
  it('never proposes a minor outside the hours: the evening seat stays open, the morning one is filled, the commit passes', async () => {
    const co = await minorCompany({ dateOfBirth: '2011-01-15' });
    const slots = [
      { start: hm(9), end: hm(12), line: { required: 1, hold: 0 } },
      { start: hm(18), end: hm(21), line: { required: 1, hold: 0 } },
    ];
    await db()
      .collection('companies')
      .doc(co.companyId)
      .update({ daysStructure: { Saturday: { shifts: { [co.cookId]: slots } } } });
    const res = await api('schedule')
      .post('/schedule-proposals')
      .query({ companyId: co.companyId })
      .set(bearer(co.manager))
      .send({ startDate: SAT, endDate: SAT, employeeIds: [co.employeeId] });
    expect(res.status).toBe(201);
    const p = res.body.data;
    expect(p.assignments).toEqual([
      expect.objectContaining({ date: SAT, start: hm(9), end: hm(12), employeeId: co.employeeId }),
    ]);
    expect(p.unfilled).toEqual([
      expect.objectContaining({
        seat: expect.objectContaining({ start: hm(18) }),
        blockedBy: [{ employeeId: co.employeeId, rule: 'minor' }],
      }),
    ]);
    const commit = await api('schedule')
      .post(`/schedule-proposals/${p.id}/commit`)
      .query({ companyId: co.companyId })
      .set(bearer(co.manager))
      .send();
    expect(commit.status).toBeLessThan(300);
    expect((await db().collection('companies').doc(co.companyId).collection('shifts').get()).size).toBe(1);
  });
});
