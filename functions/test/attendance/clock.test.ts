import { db } from '../../src/core/firebase';
import { addMember, snapshotCompany } from '../helpers/fixtures';
import { bearer, createUser } from '../helpers/users';
import { att, attendanceCompany, clock, companyRef, openEntry } from './helpers';

describe('the time clock', () => {
  it('clocks in and out on server time, recording the device time beside it, with breaks in between', async () => {
    const co = await attendanceCompany();
    const deviceTime = 1_700_000_000_000;
    const before = Date.now();
    const inAnswer = await clock(co, 'in', { deviceTime });
    const after = Date.now();
    expect(inAnswer.status).toBe(201);
    const punch = inAnswer.body.data;
    expect(punch).toMatchObject({
      employeeId: co.employeeId,
      state: 'open',
      source: 'app',
      deviceClockInAt: deviceTime,
      clockOutAt: null,
      shift: null,
      positionId: null,
      exceptions: ['unscheduled'],
    });
    expect(punch.clockInAt).toBeGreaterThanOrEqual(before);
    expect(punch.clockInAt).toBeLessThanOrEqual(after);
    expect((await openEntry(co.companyId, co.employeeId)).data()).toMatchObject({ punchId: punch.id });

    const current = await att().get('/clock/current').query({ companyId: co.companyId }).set(bearer(co.employee));
    expect(current.body.data).toMatchObject({ punch: { id: punch.id }, onBreak: false });

    const rest = await clock(co, 'breaks/start', { type: 'rest' });
    expect(rest.status).toBe(200);
    expect(rest.body.data.breaks).toEqual([expect.objectContaining({ type: 'rest', endAt: null, paid: true })]);
    expect(
      (await att().get('/clock/current').query({ companyId: co.companyId }).set(bearer(co.employee))).body.data.onBreak,
    ).toBe(true);
    const ended = await clock(co, 'breaks/end', {});
    expect(ended.body.data.breaks[0].endAt).toBeGreaterThanOrEqual(ended.body.data.breaks[0].startAt);

    const out = await clock(co, 'out', { deviceTime: deviceTime + 1000 });
    expect(out.status).toBe(200);
    expect(out.body.data).toMatchObject({
      id: punch.id,
      state: 'pending',
      deviceClockOutAt: deviceTime + 1000,
      workedMinutes: 0,
    });
    expect(out.body.data.clockOutAt).toBeGreaterThanOrEqual(punch.clockInAt);
    expect((await openEntry(co.companyId, co.employeeId)).exists).toBe(false);
    expect(
      (await att().get('/clock/current').query({ companyId: co.companyId }).set(bearer(co.employee))).body.data,
    ).toEqual({ punch: null, onBreak: false });

    const trail = await att()
      .get(`/punches/${punch.id}/audit`)
      .query({ companyId: co.companyId })
      .set(bearer(co.manager));
    expect(trail.body.data.map((e: { action: string }) => e.action)).toEqual([
      'clock_in',
      'break_start',
      'break_end',
      'clock_out',
    ]);
  });

  it('lets exactly one of several concurrent clock-ins of one employee succeed', async () => {
    const co = await attendanceCompany();
    const answers = await Promise.all(Array.from({ length: 6 }, () => clock(co, 'in', {})));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.code === 'ALREADY_CLOCKED_IN')).toBe(true);
    const punches = await companyRef(co.companyId).collection('punches').get();
    expect(punches.size).toBe(1);
  });

  it('refuses a second clock-in while a punch is open', async () => {
    const co = await attendanceCompany();
    expect((await clock(co, 'in')).status).toBe(201);
    const again = await clock(co, 'in');
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ success: false, code: 'ALREADY_CLOCKED_IN' });
  });

  it('refuses breaks and clock-out without an open punch, and a second break while one runs', async () => {
    const co = await attendanceCompany();
    expect((await clock(co, 'breaks/start', { type: 'meal' })).body.code).toBe('NOT_CLOCKED_IN');
    expect((await clock(co, 'breaks/end')).body.code).toBe('NOT_CLOCKED_IN');
    const out = await clock(co, 'out');
    expect(out.status).toBe(422);
    expect(out.body.code).toBe('NOT_CLOCKED_IN');

    await clock(co, 'in');
    expect((await clock(co, 'breaks/end')).body.code).toBe('NO_OPEN_BREAK');
    expect((await clock(co, 'breaks/start', { type: 'meal' })).status).toBe(200);
    const second = await clock(co, 'breaks/start', { type: 'rest' });
    expect(second.status).toBe(422);
    expect(second.body.code).toBe('BREAK_ALREADY_STARTED');
  });

  it('ends a running break at clock-out, the meal break unpaid by default', async () => {
    const co = await attendanceCompany();
    await clock(co, 'in');
    await clock(co, 'breaks/start', { type: 'meal' });
    const out = await clock(co, 'out');
    expect(out.status).toBe(200);
    const [meal] = out.body.data.breaks;
    expect(meal).toMatchObject({ type: 'meal', paid: false });
    expect(meal.endAt).toBe(out.body.data.clockOutAt);
  });

  it('refuses a member without an employee record with NOT_AN_EMPLOYEE, writing nothing', async () => {
    const co = await attendanceCompany();
    const before = await snapshotCompany(co.companyId);
    const answer = await clock(co, 'in', {}, co.manager);
    expect(answer.status).toBe(422);
    expect(answer.body.code).toBe('NOT_AN_EMPLOYEE');
    expect(await snapshotCompany(co.companyId)).toEqual(before);
  });

  it('refuses an unknown field and a bad break type with 400', async () => {
    const co = await attendanceCompany();
    expect((await clock(co, 'in', { foo: 1 })).status).toBe(400);
    expect((await clock(co, 'breaks/start', { type: 'nap' })).status).toBe(400);
  });

  it('lets a manager linked to an employee record clock in as themselves', async () => {
    const co = await attendanceCompany();
    const emp = companyRef(co.companyId).collection('employees').doc();
    await emp.set({ name: 'Max', surname: 'Manager', positions: [], archived: false });
    const boss = await createUser({ label: 'boss' });
    await addMember(co.companyId, boss, 'manager', emp.id);
    const answer = await clock(co, 'in', {}, boss);
    expect(answer.status).toBe(201);
    expect(answer.body.data.employeeId).toBe(emp.id);
    expect((await db().collection('openPunches').doc(`${co.companyId}~${emp.id}`).get()).exists).toBe(true);
  });
});
