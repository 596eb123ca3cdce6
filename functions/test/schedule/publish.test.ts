import { api } from '../helpers/api';
import { snapshotCompany } from '../helpers/fixtures';
import { bearer } from '../helpers/users';
import { hm, scheduleCompany, storeShift, storedShift, type ScheduleCompany } from './helpers';

const MON = '2026-03-02';
const TUE = '2026-03-03';

const publish = (co: ScheduleCompany, body: Record<string, unknown>, as = co.manager) =>
  api('schedule').post('/shifts/publish').query({ companyId: co.companyId }).set(bearer(as)).send(body);

describe('POST /shifts/publish', () => {
  it('publishes every draft of the range in one call and returns them; drafts outside the range stay drafts', async () => {
    const co = await scheduleCompany({ settings: { maxHoursPerWeek: 5 } });
    await Promise.all([
      storeShift(co.companyId, 'd1', {
        date: MON,
        employeeId: co.employeeId,
        start: hm(9),
        end: hm(13),
        mode: 'draft',
      }),
      storeShift(co.companyId, 'd2', { date: TUE, employeeId: co.otherId, start: hm(9), end: hm(13), mode: 'draft' }),
      storeShift(co.companyId, 'live', { date: TUE, employeeId: co.employeeId, start: hm(9), end: hm(11) }),
      storeShift(co.companyId, 'later', {
        date: '2026-03-10',
        employeeId: co.employeeId,
        start: hm(9),
        end: hm(13),
        mode: 'draft',
      }),
    ]);
    const res = await publish(co, { startDate: MON, endDate: '2026-03-08' });
    expect(res.status).toBe(200);
    expect(res.body.data.published.map((s: { id: string; mode: string }) => [s.id, s.mode])).toEqual([
      ['d1', 'published'],
      ['d2', 'published'],
    ]);
    expect(res.body.data.warnings).toEqual([
      expect.objectContaining({ rule: 'maxHoursPerWeek', employeeId: co.employeeId, actual: 6 }),
    ]);
    expect(await storedShift(co.companyId, 'd1')).toMatchObject({ mode: 'published', minutes: 240 });
    expect(await storedShift(co.companyId, 'later')).toMatchObject({ mode: 'draft' });
  });

  it('publishes only the drafts of the employees named', async () => {
    const co = await scheduleCompany();
    await storeShift(co.companyId, 'd1', {
      date: MON,
      employeeId: co.employeeId,
      start: hm(9),
      end: hm(13),
      mode: 'draft',
    });
    await storeShift(co.companyId, 'd2', {
      date: MON,
      employeeId: co.otherId,
      start: hm(9),
      end: hm(13),
      mode: 'draft',
    });
    const res = await publish(co, { startDate: MON, endDate: MON, employeeIds: [co.otherId] });
    expect(res.body.data.published.map((s: { id: string }) => s.id)).toEqual(['d2']);
    expect(await storedShift(co.companyId, 'd1')).toMatchObject({ mode: 'draft' });
  });

  it('publishes only the drafts of the schedule named', async () => {
    const co = await scheduleCompany();
    await storeShift(co.companyId, 'bar', {
      date: MON,
      employeeId: co.employeeId,
      start: hm(9),
      end: hm(13),
      mode: 'draft',
      scheduleId: 'bar',
    });
    await storeShift(co.companyId, 'kitchen', {
      date: TUE,
      employeeId: co.employeeId,
      start: hm(9),
      end: hm(13),
      mode: 'draft',
      scheduleId: 'kitchen',
    });
    const res = await publish(co, { startDate: MON, endDate: TUE, scheduleId: 'kitchen' });
    expect(res.body.data.published.map((s: { id: string }) => s.id)).toEqual(['kitchen']);
  });

  it('refuses the whole publish, writing nothing, when one draft overlaps a published shift, listing every conflict', async () => {
    const co = await scheduleCompany({ profile: { betweenShifts: 60 } });
    await Promise.all([
      storeShift(co.companyId, 'ok', { date: MON, employeeId: co.otherId, start: hm(9), end: hm(13), mode: 'draft' }),
      storeShift(co.companyId, 'clash', {
        date: TUE,
        employeeId: co.employeeId,
        start: hm(10),
        end: hm(14),
        mode: 'draft',
      }),
      storeShift(co.companyId, 'tight', {
        date: TUE,
        employeeId: co.employeeId,
        start: hm(14, 30),
        end: hm(16),
        mode: 'draft',
      }),
      storeShift(co.companyId, 'live', { date: TUE, employeeId: co.employeeId, start: hm(9), end: hm(11) }),
    ]);
    const before = await snapshotCompany(co.companyId);
    const res = await publish(co, { startDate: MON, endDate: TUE });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('SHIFT_CONFLICT');
    expect(res.body.details).toEqual([
      expect.objectContaining({ rule: 'overlap', shiftId: 'clash', conflictingShiftId: 'live' }),
      expect.objectContaining({ rule: 'betweenShifts', actual: 30, limit: 60 }),
    ]);
    expect(await snapshotCompany(co.companyId)).toEqual(before);
  });

  it('refuses two drafts of one employee that overlap each other, reporting the pair once', async () => {
    const co = await scheduleCompany();
    await storeShift(co.companyId, 'x', {
      date: MON,
      employeeId: co.employeeId,
      start: hm(9),
      end: hm(13),
      mode: 'draft',
    });
    await storeShift(co.companyId, 'y', {
      date: MON,
      employeeId: co.employeeId,
      start: hm(12),
      end: hm(15),
      mode: 'draft',
    });
    const res = await publish(co, { startDate: MON, endDate: MON });
    expect(res.status).toBe(422);
    expect(res.body.details).toEqual([expect.objectContaining({ rule: 'overlap' })]);
  });

  it('refuses a draft whose employee was archived since', async () => {
    const co = await scheduleCompany();
    await storeShift(co.companyId, 'x', {
      date: MON,
      employeeId: co.otherId,
      start: hm(9),
      end: hm(13),
      mode: 'draft',
    });
    const { db } = await import('../../src/core/firebase');
    await db()
      .collection('companies')
      .doc(co.companyId)
      .collection('employees')
      .doc(co.otherId)
      .update({ archived: true });
    const res = await publish(co, { startDate: MON, endDate: MON });
    expect(res.status).toBe(422);
    expect(res.body.details).toEqual([expect.objectContaining({ rule: 'employeeArchived', shiftId: 'x' })]);
  });

  it('answers an empty list when there is nothing to publish', async () => {
    const co = await scheduleCompany();
    const res = await publish(co, { startDate: MON, endDate: MON });
    expect(res.body).toEqual({
      success: true,
      data: {
        published: [],
        warnings: [],
        outcome: { dryRun: false, refusal: null, blocking: [], warnings: [], premiums: [] },
      },
    });
  });

  it('validates the range and the body, and is for managers and owners', async () => {
    const co = await scheduleCompany();
    expect((await publish(co, { startDate: TUE, endDate: MON })).body.code).toBe('INVALID_DATE_RANGE');
    expect((await publish(co, { startDate: MON })).status).toBe(400);
    expect((await publish(co, { startDate: MON, endDate: MON, employeeIds: [] })).status).toBe(400);
    expect((await publish(co, { startDate: MON, endDate: MON, force: true })).status).toBe(400);
    expect((await publish(co, { startDate: MON, endDate: MON }, co.employee)).status).toBe(403);
    expect((await publish(co, { startDate: MON, endDate: MON }, co.owner)).status).toBe(200);
    expect(
      (
        await api('schedule')
          .post('/shifts/publish')
          .query({ companyId: co.companyId })
          .send({ startDate: MON, endDate: MON })
      ).status,
    ).toBe(401);
  });
});
