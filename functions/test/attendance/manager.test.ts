import { instant } from '../../src/core/calendar';
import { snapshotCompany } from '../helpers/fixtures';
import { bearer } from '../helpers/users';
import { att, attendanceCompany, auditOf, clock, openEntry, storeShift } from './helpers';

const TZ = 'Europe/Madrid';
const DAY = '2025-03-04';
const at = (minute: number, date = DAY) => instant(date, minute, TZ);

type Co = Awaited<ReturnType<typeof attendanceCompany>>;
const create = (co: Co, body: Record<string, unknown>) =>
  att().post('/punches').query({ companyId: co.companyId }).set(bearer(co.manager)).send(body);
const edit = (co: Co, id: string, body: Record<string, unknown>) =>
  att().patch(`/punches/${id}`).query({ companyId: co.companyId }).set(bearer(co.manager)).send(body);
const remove = (co: Co, id: string, reason?: string) =>
  att()
    .delete(`/punches/${id}`)
    .query({ companyId: co.companyId, ...(reason ? { reason } : {}) })
    .set(bearer(co.manager));
const approve = (co: Co, id: string) =>
  att().post(`/punches/${id}/approve`).query({ companyId: co.companyId }).set(bearer(co.manager)).send();

describe('manager changes to punches', () => {
  it('creates a punch with a reason, linked to the shift, and audits it', async () => {
    const co = await attendanceCompany();
    await storeShift(co.companyId, 's1', {
      date: DAY,
      employeeId: co.employeeId,
      start: 9 * 60,
      end: 17 * 60,
      positionId: co.cookId,
      workedMinutes: 450,
    });
    const answer = await create(co, {
      employeeId: co.employeeId,
      clockInAt: at(9 * 60 + 2),
      clockOutAt: at(17 * 60),
      reason: 'forgot to clock in',
      breaks: [{ type: 'meal', startAt: at(13 * 60), endAt: at(13 * 60 + 30) }],
    });
    expect(answer.status).toBe(201);
    expect(answer.body.data).toMatchObject({
      source: 'manager',
      state: 'pending',
      businessDate: DAY,
      positionId: co.cookId,
      lateMinutes: 2,
      leftEarlyMinutes: 0,
      workedMinutes: 448,
      unpaidBreakMinutes: 30,
      paidBreakMinutes: 0,
      shift: { shiftId: 's1' },
      exceptions: [],
    });
    const trail = await auditOf(co.companyId, answer.body.data.id);
    expect(trail).toEqual([
      expect.objectContaining({
        action: 'create',
        by: co.manager.uid,
        before: null,
        reason: 'forgot to clock in',
        after: expect.objectContaining({ clockInAt: at(9 * 60 + 2) }),
      }),
    ]);
  });

  it('requires a reason (400) and refuses bad times (422), overlaps (422) and unknown employees (422), writing nothing', async () => {
    const co = await attendanceCompany();
    const ok = { employeeId: co.employeeId, clockInAt: at(9 * 60), clockOutAt: at(12 * 60), reason: 'manual' };
    expect((await create(co, ok)).status).toBe(201);
    const before = await snapshotCompany(co.companyId);
    const { reason: _r, ...noReason } = ok;
    expect((await create(co, noReason)).status).toBe(400);
    expect((await create(co, { ...ok, reason: '  ' })).status).toBe(400);
    const reversed = await create(co, { ...ok, clockInAt: at(14 * 60), clockOutAt: at(13 * 60) });
    expect(reversed.body.code).toBe('INVALID_PUNCH_TIMES');
    const breakOutside = await create(co, {
      ...ok,
      clockInAt: at(13 * 60),
      clockOutAt: at(15 * 60),
      breaks: [{ type: 'rest', startAt: at(15 * 60), endAt: at(15 * 60 + 10) }],
    });
    expect(breakOutside.body.code).toBe('INVALID_PUNCH_TIMES');
    const overlap = await create(co, { ...ok, clockInAt: at(11 * 60), clockOutAt: at(13 * 60) });
    expect(overlap.status).toBe(422);
    expect(overlap.body.code).toBe('PUNCH_OVERLAP');
    expect(
      (await create(co, { ...ok, employeeId: 'nobody', clockInAt: at(15 * 60), clockOutAt: at(16 * 60) })).body.code,
    ).toBe('UNKNOWN_EMPLOYEE');
    expect(
      (await create(co, { ...ok, positionId: 'no-role', clockInAt: at(15 * 60), clockOutAt: at(16 * 60) })).body.code,
    ).toBe('UNKNOWN_ROLE');
    expect(await snapshotCompany(co.companyId)).toEqual(before);
  });

  it('edits times, breaks and role with the audit entry holding before, after and reason', async () => {
    const co = await attendanceCompany();
    const id = (
      await create(co, { employeeId: co.employeeId, clockInAt: at(9 * 60), clockOutAt: at(12 * 60), reason: 'manual' })
    ).body.data.id;
    const answer = await edit(co, id, {
      clockOutAt: at(13 * 60),
      positionId: co.cookId,
      breaks: [{ type: 'rest', startAt: at(10 * 60), endAt: at(10 * 60 + 15) }],
      reason: 'left later',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      clockOutAt: at(13 * 60),
      positionId: co.cookId,
      workedMinutes: 240,
      paidBreakMinutes: 15,
    });
    const trail = await auditOf(co.companyId, id);
    expect(trail[1]).toMatchObject({
      action: 'edit',
      by: co.manager.uid,
      reason: 'left later',
      before: { clockOutAt: at(12 * 60), positionId: null, breaks: [] },
      after: { clockOutAt: at(13 * 60), positionId: co.cookId },
    });
    expect((await edit(co, id, { reason: 'x', clockInAt: 'soon' })).status).toBe(400);
    expect((await edit(co, 'missing', { reason: 'x' })).status).toBe(404);
  });

  it('closes an open punch when a manager sets its clock-out, freeing the employee', async () => {
    const co = await attendanceCompany();
    const punch = (await clock(co, 'in')).body.data;
    const answer = await edit(co, punch.id, { clockOutAt: punch.clockInAt + 60_000, reason: 'forgot to clock out' });
    expect(answer.status).toBe(200);
    expect(answer.body.data.state).toBe('pending');
    expect((await openEntry(co.companyId, co.employeeId)).exists).toBe(false);
  });

  it('deletes a punch with a required reason and keeps its audit trail', async () => {
    const co = await attendanceCompany();
    const id = (
      await create(co, { employeeId: co.employeeId, clockInAt: at(9 * 60), clockOutAt: at(12 * 60), reason: 'manual' })
    ).body.data.id;
    expect((await remove(co, id)).status).toBe(400);
    const answer = await remove(co, id, 'duplicate');
    expect(answer.status).toBe(200);
    expect((await att().get(`/punches/${id}`).query({ companyId: co.companyId }).set(bearer(co.manager))).status).toBe(
      404,
    );
    const trail = await att().get(`/punches/${id}/audit`).query({ companyId: co.companyId }).set(bearer(co.manager));
    expect(trail.body.data.map((e: { action: string }) => e.action)).toEqual(['create', 'delete']);
    expect(trail.body.data[1]).toMatchObject({ reason: 'duplicate', after: null, before: { clockInAt: at(9 * 60) } });
  });

  it('locks approved punches against edits and deletes until unapproved', async () => {
    const co = await attendanceCompany();
    const id = (
      await create(co, { employeeId: co.employeeId, clockInAt: at(9 * 60), clockOutAt: at(12 * 60), reason: 'manual' })
    ).body.data.id;
    const approved = await approve(co, id);
    expect(approved.body.data).toMatchObject({ state: 'approved', approvedBy: co.manager.uid });
    const before = await snapshotCompany(co.companyId);
    const edited = await edit(co, id, { clockOutAt: at(13 * 60), reason: 'x' });
    expect(edited.status).toBe(422);
    expect(edited.body.code).toBe('PUNCH_LOCKED');
    expect((await remove(co, id, 'x')).body.code).toBe('PUNCH_LOCKED');
    expect(await snapshotCompany(co.companyId)).toEqual(before);
    const unapproved = await att()
      .post(`/punches/${id}/unapprove`)
      .query({ companyId: co.companyId })
      .set(bearer(co.manager))
      .send({ reason: 'fix' });
    expect(unapproved.body.data.state).toBe('pending');
    expect((await edit(co, id, { clockOutAt: at(13 * 60), reason: 'x' })).status).toBe(200);
  });

  it('approves in bulk, listing what it could not approve', async () => {
    const co = await attendanceCompany();
    const a = (
      await create(co, { employeeId: co.employeeId, clockInAt: at(9 * 60), clockOutAt: at(10 * 60), reason: 'm' })
    ).body.data.id;
    const b = (
      await create(co, { employeeId: co.employeeId, clockInAt: at(11 * 60), clockOutAt: at(12 * 60), reason: 'm' })
    ).body.data.id;
    const open = (await clock(co, 'in')).body.data.id;
    const answer = await att()
      .post('/punches/approve')
      .query({ companyId: co.companyId })
      .set(bearer(co.manager))
      .send({ punchIds: [a, open, 'missing', b] });
    expect(answer.status).toBe(200);
    expect(answer.body.data.approved.map((p: { id: string }) => p.id)).toEqual([a, b]);
    expect(answer.body.data.skipped).toEqual([
      { punchId: open, code: 'PUNCH_OPEN', message: expect.any(String) },
      { punchId: 'missing', code: 'PUNCH_NOT_FOUND', message: expect.any(String) },
    ]);
    expect((await approve(co, open)).body.code).toBe('PUNCH_OPEN');
  });
});
