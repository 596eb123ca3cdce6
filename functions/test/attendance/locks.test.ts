import { instant } from '../../src/core/calendar';
import {
  lockRange,
  removeVendorPunch,
  unlockRange,
  upsertVendorPunch,
  workedSpans,
} from '../../src/modules/attendance';
import { snapshotCompany } from '../helpers/fixtures';
import { bearer } from '../helpers/users';
import { att, attendanceCompany, clock, companyRef } from './helpers';

const TZ = 'Europe/Madrid';
const at = (date: string, minute: number) => instant(date, minute, TZ);

type Co = Awaited<ReturnType<typeof attendanceCompany>>;
const create = (co: Co, date: string, from: number, to: number, extra: Record<string, unknown> = {}) =>
  att()
    .post('/punches')
    .query({ companyId: co.companyId })
    .set(bearer(co.manager))
    .send({
      employeeId: co.employeeId,
      clockInAt: at(date, from),
      clockOutAt: at(date, to),
      reason: 'manual',
      ...extra,
    });

describe('payroll locks and reads', () => {
  it('refuses creates, edits, deletes and approvals in a locked range until it is unlocked', async () => {
    const co = await attendanceCompany();
    const id = (await create(co, '2025-03-05', 540, 600)).body.data.id;
    await lockRange(co.companyId, { startDate: '2025-03-03', endDate: '2025-03-09' }, 'payroll-user');
    const before = await snapshotCompany(co.companyId);
    const created = await create(co, '2025-03-06', 540, 600);
    expect(created.status).toBe(422);
    expect(created.body.code).toBe('PERIOD_LOCKED');
    expect(
      (
        await att()
          .patch(`/punches/${id}`)
          .query({ companyId: co.companyId })
          .set(bearer(co.manager))
          .send({ clockOutAt: at('2025-03-05', 610), reason: 'x' })
      ).body.code,
    ).toBe('PERIOD_LOCKED');
    expect(
      (await att().delete(`/punches/${id}`).query({ companyId: co.companyId, reason: 'x' }).set(bearer(co.manager)))
        .body.code,
    ).toBe('PERIOD_LOCKED');
    expect(
      (await att().post(`/punches/${id}/approve`).query({ companyId: co.companyId }).set(bearer(co.manager)).send())
        .body.code,
    ).toBe('PERIOD_LOCKED');
    // moving a punch from outside into the range is refused too
    const outside = (await create(co, '2025-03-12', 540, 600)).body.data.id;
    expect(
      (
        await att()
          .patch(`/punches/${outside}`)
          .query({ companyId: co.companyId })
          .set(bearer(co.manager))
          .send({ clockInAt: at('2025-03-05', 700), clockOutAt: at('2025-03-05', 760), reason: 'x' })
      ).body.code,
    ).toBe('PERIOD_LOCKED');
    const after = await snapshotCompany(co.companyId);
    delete after[`companies/${co.companyId}/punches/${outside}`];
    for (const key of Object.keys(after)) if (key.includes('/punchAudit/') && !(key in before)) delete after[key];
    expect(after).toEqual(before);

    const locks = await att().get('/locks').query({ companyId: co.companyId }).set(bearer(co.manager));
    expect(locks.body.data).toEqual([
      expect.objectContaining({ startDate: '2025-03-03', endDate: '2025-03-09', lockedBy: 'payroll-user' }),
    ]);
    expect(await unlockRange(co.companyId, { startDate: '2025-03-03', endDate: '2025-03-09' }, 'payroll-user')).toBe(
      true,
    );
    expect((await create(co, '2025-03-06', 540, 600)).status).toBe(201);
  });

  it('refuses clock actions whose business date is locked', async () => {
    const co = await attendanceCompany();
    await lockRange(co.companyId, { startDate: '2000-01-01', endDate: '2999-12-31' }, 'payroll-user');
    const answer = await clock(co, 'in');
    expect(answer.status).toBe(422);
    expect(answer.body.code).toBe('PERIOD_LOCKED');
  });

  it('answers the worked spans of closed punches by employee, with unpaid breaks and rest breaks, approved only on request', async () => {
    const co = await attendanceCompany();
    const a = (
      await create(co, '2025-03-03', 540, 1020, {
        breaks: [
          { type: 'meal', startAt: at('2025-03-03', 780), endAt: at('2025-03-03', 810) },
          { type: 'rest', startAt: at('2025-03-03', 900), endAt: at('2025-03-03', 910) },
        ],
      })
    ).body.data.id;
    const b = (await create(co, '2025-03-04', 540, 600)).body.data.id;
    await att().post(`/punches/${a}/approve`).query({ companyId: co.companyId }).set(bearer(co.manager)).send();
    await clock(co, 'in'); // open: never a span

    const all = await workedSpans(
      co.companyId,
      { startDate: '2025-03-01', endDate: '2025-03-31' },
      { approvedOnly: false },
    );
    expect([...all.keys()]).toEqual([co.employeeId]);
    expect(all.get(co.employeeId)).toEqual([
      {
        punchId: a,
        businessDate: '2025-03-03',
        positionId: null,
        shiftId: null,
        startMs: at('2025-03-03', 540),
        endMs: at('2025-03-03', 1020),
        unpaidBreaks: [{ startMs: at('2025-03-03', 780), endMs: at('2025-03-03', 810) }],
        restBreaks: [{ startMs: at('2025-03-03', 900), endMs: at('2025-03-03', 910) }],
      },
      {
        punchId: b,
        businessDate: '2025-03-04',
        positionId: null,
        shiftId: null,
        startMs: at('2025-03-04', 540),
        endMs: at('2025-03-04', 600),
        unpaidBreaks: [],
        restBreaks: [],
      },
    ]);
    const approved = await workedSpans(
      co.companyId,
      { startDate: '2025-03-01', endDate: '2025-03-31' },
      { approvedOnly: true },
    );
    expect(approved.get(co.employeeId)!.map((s) => s.punchId)).toEqual([a]);
  });

  it('upserts POS punches idempotently on (slug, externalId)', async () => {
    const co = await attendanceCompany();
    const input = {
      slug: 'toast',
      externalId: 'tc-123',
      employeeId: co.employeeId,
      clockInAt: at('2025-03-03', 540),
      clockOutAt: at('2025-03-03', 600),
    };
    const first = await upsertVendorPunch(co.companyId, input);
    const second = await upsertVendorPunch(co.companyId, input);
    expect(first.outcome).toBe('created');
    expect(second.outcome).toBe('unchanged');
    expect(first.punch).toMatchObject({
      source: 'pos',
      vendor: { slug: 'toast', externalId: 'tc-123' },
      state: 'pending',
    });
    const third = await upsertVendorPunch(co.companyId, { ...input, clockOutAt: at('2025-03-03', 630) });
    expect(third.outcome).toBe('updated');
    const stored = await companyRef(co.companyId).collection('punches').get();
    expect(stored.size).toBe(1);
    expect(stored.docs[0].data().clockOutAt).toBe(at('2025-03-03', 630));
  });
  it('keeps the POS versions of a punch in a locked range as a late record, the punch as it was; the vendor moves it out, deletes it, and after the unlock writes it', async () => {
    const co = await attendanceCompany();
    const input = {
      slug: 'toast',
      externalId: 'tc-late',
      employeeId: co.employeeId,
      clockInAt: at('2025-03-04', 540),
      clockOutAt: at('2025-03-04', 600),
    };
    expect((await upsertVendorPunch(co.companyId, input)).outcome).toBe('created');
    await lockRange(co.companyId, { startDate: '2025-03-03', endDate: '2025-03-09' }, 'payroll-user');
    const stored = async () => (await companyRef(co.companyId).collection('punches').get()).docs.map((d) => d.data());
    const late = async () => (await companyRef(co.companyId).collection('lateRecords').get()).docs.map((d) => d.data());
    // moved by the vendor to a day after the locked range: still the paid punch's record
    const moved = await upsertVendorPunch(co.companyId, {
      ...input,
      clockInAt: at('2025-03-12', 540),
      clockOutAt: at('2025-03-12', 660),
    });
    expect(moved).toMatchObject({ outcome: 'late', repeated: false });
    expect(await stored()).toEqual([
      expect.objectContaining({ businessDate: '2025-03-04', clockOutAt: at('2025-03-04', 600) }),
    ]);
    expect(await late()).toEqual([
      expect.objectContaining({
        change: 'changed',
        paidEmployeeId: co.employeeId,
        paidBusinessDate: '2025-03-04',
        final: expect.objectContaining({ businessDate: '2025-03-12', clockOutAt: at('2025-03-12', 660) }),
        lock: { startDate: '2025-03-03', endDate: '2025-03-09' },
      }),
    ]);
    const removed = await removeVendorPunch(co.companyId, input);
    expect(removed).toMatchObject({ outcome: 'late' });
    expect(await late()).toEqual([expect.objectContaining({ change: 'deleted', final: null })]);
    expect(await removeVendorPunch(co.companyId, input)).toMatchObject({ outcome: 'late', repeated: true });
    expect(await stored()).toHaveLength(1);
    // reopened: the next delivery writes the punch and drops the late record
    await unlockRange(co.companyId, { startDate: '2025-03-03', endDate: '2025-03-09' }, 'payroll-user');
    expect((await removeVendorPunch(co.companyId, input)).outcome).toBe('deleted');
    expect(await stored()).toEqual([]);
    expect(await late()).toEqual([]);
  });
});
