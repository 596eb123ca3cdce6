import { DateTime } from 'luxon';
import { api } from '../helpers/api';
import { addMember, snapshotCompany } from '../helpers/fixtures';
import { bearer, createUser } from '../helpers/users';
import { hm, putShift, scheduleCompany, storeShift, storedShift, type ScheduleCompany } from './helpers';

const MON = '2026-03-02';
const TUE = '2026-03-03';

describe('PUT /shifts/{id}', () => {
  let co: ScheduleCompany;
  beforeAll(async () => {
    co = await scheduleCompany();
  });

  it('creates a shift under a new id with the stored shape other modules read', async () => {
    const res = await putShift(
      co,
      'new-1',
      { start: hm(9), end: hm(17), positionId: co.cookId, subRoleId: 'line', note: 'opening' },
      { date: MON, employeeId: co.employeeId, query: { scheduleId: 'main' } },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      shift: expect.objectContaining({ id: 'new-1', mode: 'published' }),
      warnings: [],
      outcome: { dryRun: false, refusal: null, blocking: [], warnings: [], premiums: [] },
    });
    expect(await storedShift(co.companyId, 'new-1')).toEqual({
      companyId: co.companyId,
      date: MON,
      employeeId: co.employeeId,
      positionId: co.cookId,
      subRoleId: 'line',
      start: 540,
      end: 1020,
      mode: 'published',
      scheduleId: 'main',
      note: 'opening',
      onHold: false,
      minutes: 480,
      workedMinutes: 480,
      createdAt: expect.any(Number),
      updatedAt: expect.any(Number),
    });
  });

  it('replaces the shift: fields not sent take their defaults, createdAt is kept', async () => {
    const before = await storedShift(co.companyId, 'new-1');
    const res = await putShift(
      co,
      'new-1',
      { start: hm(10), end: hm(14), onHold: true },
      { date: MON, employeeId: co.employeeId, query: { positionId: co.cookId } },
    );
    expect(res.status).toBe(200);
    expect(await storedShift(co.companyId, 'new-1')).toMatchObject({
      start: 600,
      end: 840,
      note: '',
      onHold: true,
      positionId: co.cookId,
      subRoleId: null,
      scheduleId: 'main',
      createdAt: before!.createdAt,
    });
  });

  it('answers 404 and writes nothing when the id exists at another date, employee, mode or role', async () => {
    const before = await snapshotCompany(co.companyId);
    for (const o of [
      { date: TUE, employeeId: co.employeeId },
      { date: MON, employeeId: co.otherId },
      { date: MON, employeeId: co.employeeId, mode: 'draft' as const },
      { date: MON, employeeId: co.employeeId, query: { positionId: co.serverId } },
    ]) {
      const res = await putShift(co, 'new-1', { start: hm(10), end: hm(14) }, o);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ success: false, code: 'SHIFT_NOT_FOUND' });
    }
    expect(await snapshotCompany(co.companyId)).toEqual(before);
  });

  it("moves the shift to another employee, checked against that employee's shifts", async () => {
    await storeShift(co.companyId, 'otto-busy', { date: TUE, employeeId: co.otherId, start: hm(9), end: hm(12) });
    await putShift(co, 'mover', { start: hm(10), end: hm(11) }, { date: TUE, employeeId: co.employeeId }).expect(200);
    const refused = await putShift(
      co,
      'mover',
      { start: hm(10), end: hm(11), employeeId: co.otherId },
      { date: TUE, employeeId: co.employeeId },
    );
    expect(refused.status).toBe(422);
    expect(refused.body.details[0]).toMatchObject({ rule: 'overlap', conflictingShiftId: 'otto-busy' });
    expect(await storedShift(co.companyId, 'mover')).toMatchObject({ employeeId: co.employeeId });
    const moved = await putShift(
      co,
      'mover',
      { start: hm(13), end: hm(15), employeeId: co.otherId },
      { date: TUE, employeeId: co.employeeId },
    );
    expect(moved.status).toBe(200);
    expect(await storedShift(co.companyId, 'mover')).toMatchObject({ employeeId: co.otherId, start: hm(13) });
  });

  it.each([
    ['an unknown field', { start: 1, end: 2, colour: 'red' }],
    ['a start past the last minute of the day', { start: 1440, end: 2 }],
    ['an end past the last minute of the day', { start: 60, end: 1440 }],
    ['a missing end', { start: 60 }],
    ['an end equal to the start', { start: 60, end: 60 }],
    ['a fractional minute', { start: 60.5, end: 90 }],
  ])('rejects %s with 400 and writes nothing', async (_what, body) => {
    const before = await snapshotCompany(co.companyId);
    const res = await putShift(co, 'bad', body, { date: MON, employeeId: co.employeeId });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect(await snapshotCompany(co.companyId)).toEqual(before);
  });

  it('refuses the ids of other routes as shift ids', async () => {
    const res = await putShift(co, 'publish', { start: 1, end: 2 }, { date: MON, employeeId: co.employeeId });
    expect(res.status).toBe(400);
    expect(await storedShift(co.companyId, 'publish')).toBeNull();
  });

  it('rejects a query without date or employeeId, or with an unknown mode, with 400', async () => {
    const base = { companyId: co.companyId, date: MON, employeeId: co.employeeId };
    for (const query of [
      { ...base, date: undefined },
      { ...base, employeeId: undefined },
      { ...base, mode: 'final' },
      { ...base, date: '2026-02-30' },
    ]) {
      const res = await api('schedule')
        .put('/shifts/q')
        .query(JSON.parse(JSON.stringify(query)))
        .set(bearer(co.manager))
        .send({ start: 1, end: 2 });
      expect(res.status).toBe(400);
    }
  });

  it('lets an owner write and refuses an employee with 403 INSUFFICIENT_ROLE, writing nothing', async () => {
    await putShift(
      co,
      'by-owner',
      { start: hm(18), end: hm(20) },
      { date: '2026-03-05', employeeId: co.employeeId, as: co.owner },
    ).expect(200);
    const before = await snapshotCompany(co.companyId);
    const res = await putShift(
      co,
      'by-employee',
      { start: hm(18), end: hm(20) },
      { date: '2026-03-06', employeeId: co.employeeId, as: co.employee },
    );
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('INSUFFICIENT_ROLE');
    expect(await snapshotCompany(co.companyId)).toEqual(before);
  });
});

describe('POST /shifts (legacy draft create)', () => {
  let co: ScheduleCompany;
  beforeAll(async () => {
    co = await scheduleCompany();
  });

  it('creates a draft with a generated id and answers 201', async () => {
    const res = await api('schedule')
      .post('/shifts')
      .query({ companyId: co.companyId, scheduleId: 'main' })
      .set(bearer(co.manager))
      .send({ date: MON, employeeId: co.employeeId, start: hm(9), end: null, positionId: co.cookId });
    expect(res.status).toBe(201);
    const shift = res.body.data.shift;
    expect(shift).toMatchObject({
      mode: 'draft',
      date: MON,
      employeeId: co.employeeId,
      end: null,
      scheduleId: 'main',
      minutes: 480,
    });
    expect(await storedShift(co.companyId, shift.id)).toMatchObject({ mode: 'draft' });
  });

  it('checks conflicts like PUT and writes nothing when refused', async () => {
    const before = await snapshotCompany(co.companyId);
    const res = await api('schedule')
      .post('/shifts')
      .query({ companyId: co.companyId })
      .set(bearer(co.manager))
      .send({ date: MON, employeeId: co.employeeId, start: hm(12), end: hm(13) });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('SHIFT_CONFLICT');
    expect(await snapshotCompany(co.companyId)).toEqual(before);
  });

  it('requires date and employeeId', async () => {
    const res = await api('schedule')
      .post('/shifts')
      .query({ companyId: co.companyId })
      .set(bearer(co.manager))
      .send({ start: 1, end: 2 });
    expect(res.status).toBe(400);
    expect(res.body.details.map((d: { path: string }) => d.path).sort()).toEqual(['body.date', 'body.employeeId']);
  });
});

describe('DELETE /shifts/{id}', () => {
  let co: ScheduleCompany;
  beforeAll(async () => {
    co = await scheduleCompany();
    await storeShift(co.companyId, 'gone', {
      date: MON,
      employeeId: co.employeeId,
      start: hm(9),
      end: hm(12),
      mode: 'manual',
    });
  });
  const del = (query: Record<string, string>, as = co.manager) =>
    api('schedule')
      .delete('/shifts/gone')
      .query({ companyId: co.companyId, ...query })
      .set(bearer(as));

  it('answers 404 and deletes nothing when the date, employee or mode do not match', async () => {
    const before = await snapshotCompany(co.companyId);
    for (const q of [
      { date: TUE, employeeId: co.employeeId, mode: 'manual' } as Record<string, string>,
      { date: MON, employeeId: co.otherId, mode: 'manual' },
      { date: MON, employeeId: co.employeeId },
    ]) {
      const res = await del(q);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('SHIFT_NOT_FOUND');
    }
    expect(await snapshotCompany(co.companyId)).toEqual(before);
  });

  it('refuses an employee with 403', async () => {
    expect((await del({ date: MON, employeeId: co.employeeId, mode: 'manual' }, co.employee)).status).toBe(403);
  });

  it('answers 400 without the date or the employee that address the shift, and deletes nothing', async () => {
    const before = await snapshotCompany(co.companyId);
    for (const q of [
      { employeeId: co.employeeId, mode: 'manual' } as Record<string, string>,
      { date: MON, mode: 'manual' },
    ]) {
      const res = await del(q);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
    expect(await snapshotCompany(co.companyId)).toEqual(before);
  });

  it('removes the shift it identifies and returns it; a second delete is 404', async () => {
    const res = await del({ date: MON, employeeId: co.employeeId, mode: 'manual' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: 'gone', mode: 'manual' });
    expect(await storedShift(co.companyId, 'gone')).toBeNull();
    expect((await del({ date: MON, employeeId: co.employeeId, mode: 'manual' })).status).toBe(404);
  });
});

describe('GET /shifts', () => {
  let co: ScheduleCompany;
  beforeAll(async () => {
    co = await scheduleCompany();
    const e = co.employeeId;
    await Promise.all([
      storeShift(co.companyId, 'p1', {
        date: MON,
        employeeId: e,
        start: hm(9),
        end: hm(13),
        positionId: co.cookId,
        scheduleId: 'main',
      }),
      storeShift(co.companyId, 'm1', {
        date: TUE,
        employeeId: e,
        start: hm(9),
        end: hm(13),
        mode: 'manual',
        scheduleId: 'bar',
      }),
      storeShift(co.companyId, 'd1', {
        date: TUE,
        employeeId: co.otherId,
        start: hm(15),
        end: hm(18),
        mode: 'draft',
        positionId: co.cookId,
      }),
      storeShift(co.companyId, 'p2', {
        date: '2026-03-08',
        employeeId: co.otherId,
        start: hm(8),
        end: hm(10),
        positionId: co.serverId,
      }),
      storeShift(co.companyId, 'late', { date: '2026-03-09', employeeId: e, start: hm(8), end: hm(10) }),
      storeShift(co.companyId, 'early', { date: '2026-03-01', employeeId: e, start: hm(8), end: hm(10) }),
    ]);
  });
  const list = async (query: Record<string, string>, as = co.manager) => {
    const res = await api('schedule')
      .get('/shifts')
      .query({ companyId: co.companyId, startDate: MON, endDate: '2026-03-08', ...query })
      .set(bearer(as));
    return res;
  };
  const ids = async (query: Record<string, string>, as = co.manager) => {
    const res = await list(query, as);
    expect(res.status).toBe(200);
    return res.body.data.map((s: { id: string }) => s.id);
  };

  it('lists published and manual shifts of the range, both ends included, without drafts by default', async () => {
    expect(await ids({})).toEqual(['p1', 'm1', 'p2']);
  });

  it('leaves manual shifts out with includeManual=false and adds drafts with includeDraft=true', async () => {
    expect(await ids({ includeManual: 'false' })).toEqual(['p1', 'p2']);
    expect(await ids({ includeDraft: 'true' })).toEqual(['p1', 'm1', 'd1', 'p2']);
  });

  it('filters by employee, role and schedule, also combined', async () => {
    expect(await ids({ employeeId: co.employeeId })).toEqual(['p1', 'm1']);
    expect(await ids({ positionId: co.cookId, includeDraft: 'true' })).toEqual(['p1', 'd1']);
    expect(await ids({ scheduleId: 'bar' })).toEqual(['m1']);
    expect(await ids({ employeeId: co.otherId, positionId: co.serverId })).toEqual(['p2']);
    expect(await ids({ employeeId: co.employeeId, scheduleId: 'main' })).toEqual(['p1']);
  });

  it('answers the shift fields', async () => {
    const res = await list({ employeeId: co.employeeId, includeManual: 'false' });
    expect(res.body.data).toEqual([
      {
        id: 'p1',
        companyId: co.companyId,
        date: MON,
        employeeId: co.employeeId,
        positionId: co.cookId,
        subRoleId: null,
        start: 540,
        end: 780,
        mode: 'published',
        scheduleId: 'main',
        note: '',
        onHold: false,
        minutes: 0,
        workedMinutes: 0,
        createdAt: 1,
        updatedAt: 1,
      },
    ]);
  });

  it('shows employees the published schedule and refuses them drafts with 403', async () => {
    expect(await ids({}, co.employee)).toEqual(['p1', 'm1', 'p2']);
    const res = await list({ includeDraft: 'true' }, co.employee);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('INSUFFICIENT_ROLE');
  });

  it('rejects a range that ends before it starts, or is longer than 62 days, with 400 INVALID_DATE_RANGE', async () => {
    const backwards = await list({ startDate: TUE, endDate: MON });
    expect(backwards.status).toBe(400);
    expect(backwards.body).toMatchObject({ code: 'INVALID_DATE_RANGE', error: expect.stringContaining('after') });
    const long = await list({ startDate: '2026-03-01', endDate: '2026-05-02' });
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ code: 'INVALID_DATE_RANGE', error: expect.stringContaining('63 days') });
    expect((await list({ startDate: '2026-03-01', endDate: '2026-05-01' })).status).toBe(200);
  });

  it('rejects malformed parameters with 400', async () => {
    for (const q of [
      { startDate: '2026-3-1' },
      { includeDraft: 'maybe' },
      { employeeId: '' },
      { companyId: '' },
    ] as Record<string, string>[]) {
      expect((await list(q)).status).toBe(400);
    }
  });

  it('answers 401 without a token and 403 to a non-member', async () => {
    const anonymous = await api('schedule')
      .get('/shifts')
      .query({ companyId: co.companyId, startDate: MON, endDate: MON });
    expect(anonymous.status).toBe(401);
    const stranger = await createUser();
    const res = await list({}, stranger);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ success: false, error: expect.any(String), code: 'NOT_A_MEMBER' });
  });
});

describe('GET /shifts/user-shifts', () => {
  it("lists the caller's own live shifts in every company they belong to, around today in each company's calendar", async () => {
    const a = await scheduleCompany();
    const b = await scheduleCompany({ profile: { timezone: 'America/New_York', name: 'Second' } });
    const { db } = await import('../../src/core/firebase');
    // The employee of company a also works at company b, linked through the employee record's userId.
    const bEmployee = db().collection('companies').doc(b.companyId).collection('employees').doc();
    await bEmployee.set({ name: 'Emma', surname: 'Employee', positions: [], archived: false, userId: a.employee.uid });
    await addMember(b.companyId, a.employee, 'employee');
    const todayA = DateTime.now().setZone('Europe/Madrid').toISODate()!;
    const soonB = DateTime.now().setZone('America/New_York').plus({ days: 3 }).toISODate()!;
    const farB = DateTime.now().setZone('America/New_York').plus({ days: 60 }).toISODate()!;
    await Promise.all([
      storeShift(a.companyId, 'mine-a', { date: todayA, employeeId: a.employeeId, start: hm(9), end: hm(12) }),
      storeShift(a.companyId, 'draft-a', {
        date: todayA,
        employeeId: a.employeeId,
        start: hm(14),
        end: hm(16),
        mode: 'draft',
      }),
      storeShift(a.companyId, 'theirs-a', { date: todayA, employeeId: a.otherId, start: hm(9), end: hm(12) }),
      storeShift(b.companyId, 'mine-b', {
        date: soonB,
        employeeId: bEmployee.id,
        start: hm(9),
        end: hm(12),
        mode: 'manual',
      }),
      storeShift(b.companyId, 'far-b', { date: farB, employeeId: bEmployee.id, start: hm(9), end: hm(12) }),
    ]);
    const res = await api('schedule').get('/shifts/user-shifts').set(bearer(a.employee));
    expect(res.status).toBe(200);
    expect(res.body.data.shifts.map((s: { id: string }) => s.id)).toEqual(['mine-a', 'mine-b']);
    expect(res.body.data.companies).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ companyId: a.companyId, employeeId: a.employeeId, timezone: 'Europe/Madrid' }),
        expect.objectContaining({
          companyId: b.companyId,
          employeeId: bEmployee.id,
          timezone: 'America/New_York',
          name: 'Second',
        }),
      ]),
    );
  });

  it('answers an empty list to a user without memberships, and 401 without a token', async () => {
    const loner = await createUser();
    const res = await api('schedule').get('/shifts/user-shifts').set(bearer(loner));
    expect(res.body).toEqual({ success: true, data: { companies: [], shifts: [] } });
    expect((await api('schedule').get('/shifts/user-shifts')).status).toBe(401);
  });
});
