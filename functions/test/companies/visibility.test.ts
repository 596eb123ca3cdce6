/**
 * Who sees what: each policy and setting that decides what a member sees acts on the answers of the
 * modules (the tagged fields of src/http/visibility.ts and the rows the policies filter).
 */
import { db } from '../../src/core/firebase';
import { logger } from '../../src/core/logger';
import { runTool } from '../../src/modules/chat/tools';
import { api } from '../helpers/api';
import { createCompany, type TestCompany } from '../helpers/fixtures';
import { bearer, type TestUser } from '../helpers/users';
import { clock } from '../attendance/helpers';
import { hm, scheduleCompany, storeShift } from '../schedule/helpers';

const config = (co: TestCompany, doc: 'settings' | 'managerPermissions' | 'employeeInteraction') =>
  db().collection('companies').doc(co.companyId).collection('config').doc(doc);
const get = (module: string, path: string, as: TestUser, co: TestCompany, query: Record<string, unknown> = {}) =>
  api(module)
    .get(path)
    .query({ companyId: co.companyId, ...query })
    .set(bearer(as));
const policies = (co: TestCompany, as: TestUser, patch: Record<string, boolean>) =>
  api('companies').patch(`/companies/${co.companyId}/policies`).set(bearer(as)).send(patch);

const TODAY = new Date().toISOString().slice(0, 10);

describe('role rates', () => {
  let co: TestCompany;
  beforeAll(async () => {
    co = await createCompany();
    await db()
      .collection('companies')
      .doc(co.companyId)
      .collection('roles')
      .doc('cook')
      .set({ name: 'Cook', priority: 0, rate: 21.5, additionalSalary: 40, archived: false, subRoles: {} });
  });

  it('are not shown to employees, who see the roles without pay', async () => {
    const res = await get('roles', '/roles', co.employee, co);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([expect.objectContaining({ id: 'cook', name: 'Cook' })]);
    expect(res.body.data[0]).not.toHaveProperty('rate');
    expect(res.body.data[0]).not.toHaveProperty('additionalSalary');
  });

  it('are shown to managers until the company hides financial info from them, and always to owners', async () => {
    expect((await get('roles', '/roles', co.manager, co)).body.data[0]).toMatchObject({ rate: 21.5 });
    await config(co, 'managerPermissions').set({ hideFinancialInfo: true });
    try {
      expect((await get('roles', '/roles', co.manager, co)).body.data[0]).not.toHaveProperty('rate');
      expect((await get('roles', '/roles', co.owner, co)).body.data[0]).toMatchObject({ rate: 21.5 });
    } finally {
      await config(co, 'managerPermissions').delete();
    }
  });
});

describe('shifts as employees see them', () => {
  let co: Awaited<ReturnType<typeof scheduleCompany>>;
  beforeAll(async () => {
    co = await scheduleCompany({ profile: { timezone: 'UTC' } });
    await storeShift(co.companyId, 'mine', {
      date: TODAY,
      employeeId: co.employeeId,
      start: hm(9),
      end: hm(17),
      minutes: 480,
      workedMinutes: 480,
    });
    await storeShift(co.companyId, 'theirs', {
      date: TODAY,
      employeeId: co.otherId,
      start: hm(10),
      end: hm(18),
      minutes: 480,
      workedMinutes: 480,
    });
  });
  const shifts = (as: TestUser) => get('schedule', '/shifts', as, co, { startDate: TODAY, endDate: TODAY });

  it('hold no end (nor the length that tells it) while employeesCanSeeShiftEndTimes is off, for their own shifts too; managers still see it', async () => {
    expect(await policies(co, co.owner, { employeesCanSeeShiftEndTimes: false })).toHaveProperty('status', 200);
    try {
      const seen = (await shifts(co.employee)).body.data;
      expect(seen.map((s: { id: string }) => s.id).sort()).toEqual(['mine', 'theirs']);
      for (const shift of seen) {
        expect(shift.end).toBeNull();
        expect(shift).not.toHaveProperty('minutes');
        expect(shift).not.toHaveProperty('workedMinutes');
      }
      const punch = (await clock(co, 'in')).body.data;
      expect(punch.shift).toMatchObject({ shiftId: 'mine' });
      expect(punch.shift).not.toHaveProperty('scheduledEndAt');
      expect(punch.shift).not.toHaveProperty('scheduledMinutes');
      const own = await api('schedule').get('/shifts/user-shifts').set(bearer(co.employee));
      expect(own.body.data.shifts).toEqual([expect.objectContaining({ id: 'mine', start: hm(9), end: null })]);
      expect((await shifts(co.manager)).body.data).toEqual(
        expect.arrayContaining([expect.objectContaining({ id: 'mine', end: hm(17), minutes: 480 })]),
      );
    } finally {
      await policies(co, co.owner, { employeesCanSeeShiftEndTimes: true });
    }
    expect((await shifts(co.employee)).body.data).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: 'mine', end: hm(17), minutes: 480 })]),
    );
  });

  it("show who works with them only while employeeInteractionWorkWith is on: off, an employee's schedule is their own", async () => {
    expect((await shifts(co.employee)).body.data).toHaveLength(2);
    await policies(co, co.owner, { employeeInteractionWorkWith: false });
    try {
      const seen = (await shifts(co.employee)).body.data;
      expect(seen.map((s: { id: string }) => s.id)).toEqual(['mine']);
      expect((await shifts(co.manager)).body.data).toHaveLength(2);
    } finally {
      await policies(co, co.owner, { employeeInteractionWorkWith: true });
    }
  });
});

describe('attendanceBreaksEnabled', () => {
  it('off, the time clock takes no break (422 BREAKS_DISABLED) and nothing is written; on, it does', async () => {
    const co = await createCompany({ settings: { attendanceBreaksEnabled: false } });
    expect((await clock(co, 'in')).status).toBe(201);
    const refused = await clock(co, 'breaks/start', { type: 'rest' });
    expect([refused.status, refused.body.code]).toEqual([422, 'BREAKS_DISABLED']);
    const current = await get('attendance', '/clock/current', co.employee, co);
    expect(current.body.data).toMatchObject({ onBreak: false, punch: { breaks: [] } });
    await config(co, 'settings').set({ attendanceBreaksEnabled: true }, { merge: true });
    expect((await clock(co, 'breaks/start', { type: 'rest' })).status).toBe(200);
  });
});

describe('hasAccessToLaborCost', () => {
  it('off, nobody gets labour cost figures from GET /sales, owners included; the answer lists laborCost as hidden', async () => {
    const co = await createCompany({ settings: { hasAccessToLaborCost: false } });
    const res = await get('sales', '/sales', co.owner, co, {
      startDate: TODAY,
      endDate: TODAY,
      fields: 'totalSales,ratio',
    });
    expect(res.status).toBe(200);
    expect(res.body.data.hidden).toEqual(['laborCost']);
    for (const bucket of [...res.body.data.buckets, res.body.data.summary.totals]) {
      for (const field of ['laborCost', 'ratio', 'actualLaborCost', 'actualRatio'])
        expect(bucket).not.toHaveProperty(field);
    }
    await config(co, 'settings').set({ hasAccessToLaborCost: true });
    const open = await get('sales', '/sales', co.owner, co, {
      startDate: TODAY,
      endDate: TODAY,
      fields: 'totalSales,ratio',
    });
    expect(open.body.data.hidden).toEqual([]);
    expect(open.body.data.summary.totals).toHaveProperty('laborCost', 0);
  });
});

describe('payroll while tips are hidden from managers', () => {
  let co: TestCompany;
  let startDate: string;
  beforeAll(async () => {
    co = await createCompany();
    await config(co, 'managerPermissions').set({ hideTips: true });
    const periods = await get('payroll', '/payroll/periods', co.owner, co);
    startDate = periods.body.data[0].startDate;
  });

  it('the report withholds tips (and the totals that hold them) from managers, not from owners', async () => {
    const manager = (await get('payroll', `/payroll/periods/${startDate}/report`, co.manager, co)).body.data;
    expect(manager.hidden).toEqual(['tips']);
    expect(manager.totals).toMatchObject({ tips: null, pay: 0 });
    const owner = (await get('payroll', `/payroll/periods/${startDate}/report`, co.owner, co)).body.data;
    expect(owner.hidden).toEqual([]);
    expect(owner.totals).toMatchObject({ tips: 0, pay: 0 });
  });

  it('exports are for owners: a manager gets 403 PAY_HIDDEN', async () => {
    const res = await get('payroll', `/payroll/periods/${startDate}/export`, co.manager, co);
    expect([res.status, res.body.code]).toEqual([403, 'PAY_HIDDEN']);
  });
});

describe('schedule proposals', () => {
  it('answer no labour cost per assignment (cost / hours would be the rate) to managers while financial info is hidden from them', async () => {
    const co = await scheduleCompany();
    const day = {
      shifts: { [co.cookId]: [{ start: hm(9), end: hm(13), key: 'lunch', line: { required: 1, hold: 0 } }] },
    };
    await db()
      .collection('companies')
      .doc(co.companyId)
      .update({ daysStructure: { Monday: day } });
    const generate = (as: TestUser) =>
      api('schedule')
        .post('/schedule-proposals')
        .query({ companyId: co.companyId })
        .set(bearer(as))
        .send({ startDate: '2026-03-02', endDate: '2026-03-02' });
    expect((await generate(co.manager)).body.data.assignments[0].why).toHaveProperty('costMinor', 6000);
    await config(co, 'managerPermissions').set({ hideFinancialInfo: true });
    const hidden = await generate(co.manager);
    expect(hidden.status).toBe(201);
    expect(hidden.body.data.assignments[0].why).not.toHaveProperty('costMinor');
    expect((await generate(co.owner)).body.data.assignments[0].why).toHaveProperty('costMinor', 6000);
  });
});

describe("the assistant's tools", () => {
  const run = (name: string, input: object, co: TestCompany, role: 'manager' | 'employee', uid: string) =>
    runTool(name, input, {
      member: { companyId: co.companyId, uid, role, employeeId: role === 'employee' ? co.employeeId : null },
      conversationId: 'visibility',
      log: logger,
      propose: () => ({ proposalId: 'none' }),
    }).then((outcome) => JSON.parse(outcome.content));

  it('list_shifts gives employees no shift end while employeesCanSeeShiftEndTimes is off', async () => {
    const co = await scheduleCompany({ profile: { timezone: 'UTC' } });
    await storeShift(co.companyId, 'mine', { date: TODAY, employeeId: co.employeeId, start: hm(9), end: hm(17) });
    await config(co, 'settings').set({ employeesCanSeeShiftEndTimes: false }, { merge: true });
    const { shifts } = await run('list_shifts', { startDate: TODAY, endDate: TODAY }, co, 'employee', co.employee.uid);
    expect(shifts).toEqual([expect.objectContaining({ id: 'mine', start: hm(9), end: null })]);
  });

  it('sales_summary gives managers no tips nor labour cost while the policies hide them', async () => {
    const co = await createCompany();
    await config(co, 'managerPermissions').set({ hideFinancialInfo: true, hideTips: true });
    const answer = await run(
      'sales_summary',
      { startDate: TODAY, endDate: TODAY, includeLabor: true },
      co,
      'manager',
      co.manager.uid,
    );
    expect(new Set(answer.hidden)).toEqual(new Set(['tips', 'pay']));
    for (const figures of [answer.totals, ...answer.buckets])
      for (const field of ['tips', 'laborCost', 'ratio', 'actualLaborCost', 'actualRatio'])
        expect(figures).not.toHaveProperty(field);
  });
});
