import { snapshotCompany } from '../helpers/fixtures';
import { hm, putShift, scheduleCompany, storeShift, type ScheduleCompany } from './helpers';

/** The week of Monday 2026-03-02 (weekStartingDay 1). */
const MON = '2026-03-02';
const TUE = '2026-03-03';

let n = 0;
const id = () => `s${++n}`;

/** PUT that must be refused with `code`, leaving every document of the company as it was. */
async function expectRefused(
  co: ScheduleCompany,
  body: Record<string, unknown>,
  o: Parameters<typeof putShift>[3],
  code = 'SHIFT_CONFLICT',
) {
  const before = await snapshotCompany(co.companyId);
  const res = await putShift(co, id(), body, o);
  expect(res.status).toBe(422);
  expect(res.body).toMatchObject({ success: false, code });
  expect(await snapshotCompany(co.companyId)).toEqual(before);
  return res.body.details as Record<string, unknown>[];
}

async function expectSaved(co: ScheduleCompany, body: Record<string, unknown>, o: Parameters<typeof putShift>[3]) {
  const res = await putShift(co, id(), body, o);
  expect(res.status).toBe(200);
  return res.body.data as { shift: Record<string, unknown>; warnings: Record<string, unknown>[] };
}

describe('overlap', () => {
  let co: ScheduleCompany;
  beforeAll(async () => {
    co = await scheduleCompany({ profile: { defaultDuration: 240 } });
    await storeShift(co.companyId, 'base', { date: MON, employeeId: co.employeeId, start: hm(9), end: hm(13) });
    await storeShift(co.companyId, 'night', { date: MON, employeeId: co.employeeId, start: hm(22), end: hm(2) });
    await storeShift(co.companyId, 'open', { date: '2026-03-04', employeeId: co.employeeId, start: hm(10), end: null });
  });

  it('rejects a shift that overlaps another shift of the employee, naming the other shift', async () => {
    const details = await expectRefused(co, { start: hm(12), end: hm(15) }, { date: MON, employeeId: co.employeeId });
    expect(details).toEqual([
      expect.objectContaining({
        rule: 'overlap',
        blocking: true,
        conflictingShiftId: 'base',
        employeeId: co.employeeId,
        date: MON,
      }),
    ]);
  });

  it('accepts a shift that starts exactly when the other one ends', async () => {
    const saved = await expectSaved(co, { start: hm(13), end: hm(14) }, { date: MON, employeeId: co.employeeId });
    expect(saved.warnings).toEqual([]);
  });

  it('does not compare with the shifts of another employee', async () => {
    await expectSaved(co, { start: hm(9), end: hm(13) }, { date: MON, employeeId: co.otherId });
  });

  it("rejects a shift that overlaps the previous day's shift running past midnight", async () => {
    const details = await expectRefused(co, { start: hm(1), end: hm(5) }, { date: TUE, employeeId: co.employeeId });
    expect(details[0]).toMatchObject({ rule: 'overlap', conflictingShiftId: 'night' });
  });

  it('accepts a shift that starts when the midnight-crossing shift ends', async () => {
    await expectSaved(co, { start: hm(2), end: hm(6) }, { date: TUE, employeeId: co.employeeId });
  });

  it('counts an open-ended shift as lasting the company defaultDuration', async () => {
    await expectRefused(co, { start: hm(13, 59), end: hm(16) }, { date: '2026-03-04', employeeId: co.employeeId });
    await expectSaved(co, { start: hm(14), end: hm(16) }, { date: '2026-03-04', employeeId: co.employeeId });
  });

  it('rejects an open-ended shift whose default length reaches the next shift', async () => {
    await expectRefused(co, { start: hm(6, 1), end: null }, { date: '2026-03-04', employeeId: co.employeeId });
  });

  it('still refuses overlaps when conflictsDetectionEnabled is false', async () => {
    const lax = await scheduleCompany({ settings: { conflictsDetectionEnabled: false } });
    await storeShift(lax.companyId, 'a', { date: MON, employeeId: lax.employeeId, start: hm(9), end: hm(13) });
    await expectRefused(lax, { start: hm(10), end: hm(11) }, { date: MON, employeeId: lax.employeeId });
  });
});

describe('modes', () => {
  let co: ScheduleCompany;
  beforeAll(async () => {
    co = await scheduleCompany();
    await storeShift(co.companyId, 'live', {
      date: MON,
      employeeId: co.employeeId,
      start: hm(9),
      end: hm(13),
      mode: 'published',
    });
    await storeShift(co.companyId, 'plan', {
      date: TUE,
      employeeId: co.employeeId,
      start: hm(9),
      end: hm(13),
      mode: 'draft',
    });
  });

  it('rejects a draft that overlaps a published shift, since both would stand once published', async () => {
    const details = await expectRefused(
      co,
      { start: hm(10), end: hm(14) },
      { date: MON, employeeId: co.employeeId, mode: 'draft' },
    );
    expect(details[0]).toMatchObject({ rule: 'overlap', conflictingShiftId: 'live' });
  });

  it('rejects a manual shift that overlaps a published one (both are live)', async () => {
    await expectRefused(co, { start: hm(10), end: hm(14) }, { date: MON, employeeId: co.employeeId, mode: 'manual' });
  });

  it('rejects a draft that overlaps another draft', async () => {
    await expectRefused(co, { start: hm(12), end: hm(14) }, { date: TUE, employeeId: co.employeeId, mode: 'draft' });
  });

  it('accepts a published shift over a draft, which does not stand until it is published', async () => {
    await expectSaved(co, { start: hm(10), end: hm(14) }, { date: TUE, employeeId: co.employeeId, mode: 'published' });
  });
});

describe('betweenShifts (minimum rest)', () => {
  let co: ScheduleCompany;
  beforeAll(async () => {
    co = await scheduleCompany({ profile: { betweenShifts: 60 } });
    await storeShift(co.companyId, 'morning', { date: MON, employeeId: co.employeeId, start: hm(8), end: hm(12) });
    await storeShift(co.companyId, 'late', {
      date: '2026-03-05',
      employeeId: co.employeeId,
      start: hm(18),
      end: hm(23, 30),
    });
  });

  it('accepts a shift exactly betweenShifts minutes after the previous one', async () => {
    await expectSaved(co, { start: hm(13), end: hm(17) }, { date: MON, employeeId: co.employeeId });
  });

  it('rejects a shift one minute short of betweenShifts, with the rest found and the rule', async () => {
    const details = await expectRefused(co, { start: hm(6), end: hm(7, 1) }, { date: MON, employeeId: co.employeeId });
    expect(details).toEqual([
      expect.objectContaining({
        rule: 'betweenShifts',
        conflictingShiftId: 'morning',
        limit: 60,
        actual: 59,
        unit: 'minutes',
        blocking: true,
      }),
    ]);
  });

  it('measures rest across midnight', async () => {
    const strict = await scheduleCompany({ profile: { betweenShifts: 600 } });
    await storeShift(strict.companyId, 'close', {
      date: MON,
      employeeId: strict.employeeId,
      start: hm(18),
      end: hm(23, 30),
    });
    const details = await expectRefused(
      strict,
      { start: hm(9, 29), end: hm(12) },
      { date: TUE, employeeId: strict.employeeId },
    );
    expect(details[0]).toMatchObject({ rule: 'betweenShifts', actual: 599, limit: 600 });
    await expectSaved(strict, { start: hm(9, 30), end: hm(12) }, { date: TUE, employeeId: strict.employeeId });
  });

  it('returns a rest violation as a warning and saves the shift when conflictsDetectionEnabled is false', async () => {
    const lax = await scheduleCompany({
      profile: { betweenShifts: 60 },
      settings: { conflictsDetectionEnabled: false },
    });
    await storeShift(lax.companyId, 'a', { date: MON, employeeId: lax.employeeId, start: hm(8), end: hm(12) });
    const saved = await expectSaved(lax, { start: hm(12, 30), end: hm(14) }, { date: MON, employeeId: lax.employeeId });
    expect(saved.warnings).toEqual([expect.objectContaining({ rule: 'betweenShifts', blocking: false, actual: 30 })]);
  });
});

describe('maxDayHours and breaks', () => {
  it('accepts exactly maxDayHours in a day and rejects one minute more', async () => {
    const co = await scheduleCompany({ profile: { maxDayHours: 8 } });
    await storeShift(co.companyId, 'a', { date: MON, employeeId: co.employeeId, start: hm(8), end: hm(12) });
    const details = await expectRefused(
      co,
      { start: hm(13), end: hm(17, 1) },
      { date: MON, employeeId: co.employeeId },
    );
    expect(details).toEqual([expect.objectContaining({ rule: 'maxDayHours', limit: 8, actual: 8.02, unit: 'hours' })]);
    await expectSaved(co, { start: hm(13), end: hm(17) }, { date: MON, employeeId: co.employeeId });
  });

  it('subtracts the break from worked hours when excludeBreaks is on', async () => {
    const breaks = { long: { hours: 6, length: 30 }, short: { hours: 4, length: 15 } };
    const excluding = await scheduleCompany({ profile: { maxDayHours: 8, excludeBreaks: true, breaks } });
    const saved = await expectSaved(
      excluding,
      { start: hm(8), end: hm(16, 30) },
      { date: MON, employeeId: excluding.employeeId },
    );
    expect(saved.shift).toMatchObject({ minutes: 510, workedMinutes: 480 });
    const counting = await scheduleCompany({ profile: { maxDayHours: 8, excludeBreaks: false, breaks } });
    await expectRefused(counting, { start: hm(8), end: hm(16, 30) }, { date: MON, employeeId: counting.employeeId });
  });

  it('applies no daily limit when maxDayHours is false', async () => {
    const co = await scheduleCompany({ profile: { maxDayHours: false } });
    await expectSaved(co, { start: hm(6), end: hm(22) }, { date: MON, employeeId: co.employeeId });
  });

  it('counts the real length of a night shift across the spring daylight-saving change', async () => {
    // Europe/Madrid moves from 02:00 to 03:00 on 2026-03-29: 22:00-06:00 lasts 7 hours that night.
    const co = await scheduleCompany({ profile: { maxDayHours: 7.5 } });
    const saved = await expectSaved(
      co,
      { start: hm(22), end: hm(6) },
      { date: '2026-03-28', employeeId: co.employeeId },
    );
    expect(saved.shift.minutes).toBe(420);
    await expectRefused(co, { start: hm(22), end: hm(6) }, { date: '2026-03-21', employeeId: co.employeeId });
  });
});

describe('weekly limits (warnings)', () => {
  it('warns when the company maxHoursPerWeek is passed within the company week, and saves', async () => {
    const co = await scheduleCompany({ settings: { maxHoursPerWeek: 10 } });
    await storeShift(co.companyId, 'mon', {
      date: MON,
      employeeId: co.employeeId,
      start: hm(8),
      end: hm(16),
      workedMinutes: 480,
    });
    await storeShift(co.companyId, 'prevSun', {
      date: '2026-03-01',
      employeeId: co.employeeId,
      start: hm(8),
      end: hm(16),
    });
    const saved = await expectSaved(co, { start: hm(8), end: hm(11) }, { date: TUE, employeeId: co.employeeId });
    expect(saved.warnings).toEqual([
      expect.objectContaining({
        rule: 'maxHoursPerWeek',
        blocking: false,
        limit: 10,
        actual: 11,
        unit: 'hours',
        weekStart: MON,
      }),
    ]);
  });

  it('counts the week from weekStartingDay', async () => {
    const co = await scheduleCompany({ profile: { weekStartingDay: 0 }, settings: { maxHoursPerWeek: 10 } });
    await storeShift(co.companyId, 'sun', { date: '2026-03-01', employeeId: co.employeeId, start: hm(8), end: hm(16) });
    const saved = await expectSaved(co, { start: hm(8), end: hm(11) }, { date: TUE, employeeId: co.employeeId });
    expect(saved.warnings).toEqual([
      expect.objectContaining({ rule: 'maxHoursPerWeek', actual: 11, weekStart: '2026-03-01' }),
    ]);
  });

  it("warns about the employee's maxHoursInWeek and maxDaysPerWeek", async () => {
    const co = await scheduleCompany({ availabilities: { maxHoursInWeek: 6, maxDaysPerWeek: 1 } });
    await storeShift(co.companyId, 'mon', { date: MON, employeeId: co.employeeId, start: hm(8), end: hm(12) });
    const saved = await expectSaved(co, { start: hm(8), end: hm(11) }, { date: TUE, employeeId: co.employeeId });
    expect(saved.warnings).toEqual([
      expect.objectContaining({ rule: 'maxHoursInWeek', limit: 6, actual: 7, unit: 'hours' }),
      expect.objectContaining({ rule: 'maxDaysPerWeek', limit: 1, actual: 2, unit: 'days' }),
    ]);
  });
});

describe('availability (warnings)', () => {
  let co: ScheduleCompany;
  beforeAll(async () => {
    co = await scheduleCompany({
      availabilities: {
        Monday: { allDay: false, shift1: { start: hm(8), end: hm(16) }, shift2: { start: hm(18), end: 1440 } },
        Tuesday: { allDay: true },
        Wednesday: { allDay: false },
      },
    });
  });

  it('accepts a shift inside one of the windows of that weekday without warning', async () => {
    expect(
      (await expectSaved(co, { start: hm(9), end: hm(16) }, { date: MON, employeeId: co.employeeId })).warnings,
    ).toEqual([]);
    expect(
      (await expectSaved(co, { start: hm(18), end: 0 }, { date: '2026-03-09', employeeId: co.employeeId })).warnings,
    ).toEqual([]);
  });

  it('warns about a shift that ends after the window, and saves it', async () => {
    const saved = await expectSaved(
      co,
      { start: hm(17), end: hm(19) },
      { date: '2026-03-16', employeeId: co.employeeId },
    );
    expect(saved.warnings).toEqual([expect.objectContaining({ rule: 'availability', blocking: false })]);
  });

  it('accepts any time on an allDay weekday and on a weekday without an entry', async () => {
    expect(
      (await expectSaved(co, { start: hm(3), end: hm(9) }, { date: TUE, employeeId: co.employeeId })).warnings,
    ).toEqual([]);
    expect(
      (await expectSaved(co, { start: hm(3), end: hm(9) }, { date: '2026-03-05', employeeId: co.employeeId })).warnings,
    ).toEqual([]);
  });

  it('warns on a weekday the employee is not available at all', async () => {
    const saved = await expectSaved(
      co,
      { start: hm(9), end: hm(12) },
      { date: '2026-03-04', employeeId: co.employeeId },
    );
    expect(saved.warnings).toEqual([
      expect.objectContaining({ rule: 'availability', message: 'the employee is not available on Wednesday' }),
    ]);
  });
});

describe('references', () => {
  let co: ScheduleCompany;
  beforeAll(async () => {
    co = await scheduleCompany();
  });

  it('rejects a role the employee does not hold', async () => {
    const details = await expectRefused(
      co,
      { start: hm(9), end: hm(12), positionId: co.serverId },
      { date: MON, employeeId: co.employeeId },
    );
    expect(details[0]).toMatchObject({ rule: 'positionNotHeld' });
  });

  it('rejects a sub-role the employee does not hold and accepts the one they hold', async () => {
    const details = await expectRefused(
      co,
      { start: hm(9), end: hm(12), positionId: co.cookId, subRoleId: 'prep' },
      { date: MON, employeeId: co.otherId },
    );
    expect(details[0]).toMatchObject({ rule: 'positionNotHeld' });
    const saved = await expectSaved(
      co,
      { start: hm(9), end: hm(12), positionId: co.cookId, subRoleId: 'line' },
      { date: MON, employeeId: co.otherId },
    );
    expect(saved.shift).toMatchObject({ positionId: co.cookId, subRoleId: 'line' });
  });

  it('rejects an archived sub-role, an unknown sub-role and a sub-role without a role', async () => {
    await expectRefused(
      co,
      { start: hm(9), end: hm(12), positionId: co.cookId, subRoleId: 'grill' },
      { date: MON, employeeId: co.employeeId },
      'UNKNOWN_SUB_ROLE',
    );
    await expectRefused(
      co,
      { start: hm(9), end: hm(12), positionId: co.cookId, subRoleId: 'pastry' },
      { date: MON, employeeId: co.employeeId },
      'UNKNOWN_SUB_ROLE',
    );
    await expectRefused(
      co,
      { start: hm(9), end: hm(12), subRoleId: 'line' },
      { date: MON, employeeId: co.employeeId },
      'UNKNOWN_SUB_ROLE',
    );
  });

  it('rejects an unknown role and an unknown employee', async () => {
    await expectRefused(
      co,
      { start: hm(9), end: hm(12), positionId: 'nope' },
      { date: MON, employeeId: co.employeeId },
      'UNKNOWN_ROLE',
    );
    await expectRefused(co, { start: hm(9), end: hm(12) }, { date: MON, employeeId: 'ghost' }, 'UNKNOWN_EMPLOYEE');
  });

  it('rejects an archived role and an archived employee', async () => {
    const { db } = await import('../../src/core/firebase');
    const company = db().collection('companies').doc(co.companyId);
    await company.collection('roles').doc(co.serverId).update({ archived: true });
    await company.collection('employees').doc(co.otherId).update({ archived: true });
    await expectRefused(
      co,
      { start: hm(9), end: hm(12), positionId: co.serverId },
      { date: MON, employeeId: co.employeeId },
      'ROLE_ARCHIVED',
    );
    await expectRefused(
      co,
      { start: hm(9), end: hm(12) },
      { date: '2026-03-10', employeeId: co.otherId },
      'EMPLOYEE_ARCHIVED',
    );
  });
});

it('lists every conflict found in one answer', async () => {
  const co = await scheduleCompany({ profile: { betweenShifts: 120, maxDayHours: 6 } });
  await storeShift(co.companyId, 'a', { date: MON, employeeId: co.employeeId, start: hm(8), end: hm(12) });
  await storeShift(co.companyId, 'b', { date: MON, employeeId: co.employeeId, start: hm(13), end: hm(14) });
  const details = await expectRefused(
    co,
    { start: hm(13, 30), end: hm(15), positionId: co.serverId },
    { date: MON, employeeId: co.employeeId },
  );
  expect(details.map((d) => d.rule).sort()).toEqual(['betweenShifts', 'maxDayHours', 'overlap', 'positionNotHeld']);
});
