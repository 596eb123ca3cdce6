import { addDays, instant, weekdayOf } from '../../src/core/calendar';
import { db } from '../../src/core/firebase';
import { forgetMembership } from '../../src/core/memberships';
import { writeRoster } from '../../src/modules/pos-sync';
import { listPremiums } from '../../src/modules/schedule';
import { api } from '../helpers/api';
import { snapshotCompany } from '../helpers/fixtures';
import { bearer, type TestUser } from '../helpers/users';
import { link, posEmployee } from '../pos/pos-sync/helpers';
import { cookShift, createRequest, day, requestsCompany, type RequestsCompany } from '../requests/helpers';
import { scheduleCompany, storedShift } from '../schedule/helpers';

/**
 * The end of an employment end to end: Emma (co.employeeId, a Cook) leaves a company under NYC's
 * fair-workweek law, with future shifts, a pending swap with Otto, a POS link and paid past work.
 */

const TZ = 'Europe/Madrid';
const employees = () => api('employees');
const archive = (co: RequestsCompany, id: string, body: object, as: TestUser = co.manager) =>
  employees().post(`/employees/${id}/archive`).query({ companyId: co.companyId }).set(bearer(as)).send(body);
const rehire = (co: RequestsCompany, id: string, body: object = {}, as: TestUser = co.manager) =>
  employees().post(`/employees/${id}/rehire`).query({ companyId: co.companyId }).set(bearer(as)).send(body);
const posTarget = (co: RequestsCompany) => ({
  companyId: co.companyId,
  connectionId: 'square_api_key~L1',
  slug: 'square_api_key' as const,
});

async function approvedPunch(co: RequestsCompany, employeeId: string, date: string) {
  const attendance = api('attendance');
  const res = await attendance
    .post('/punches')
    .query({ companyId: co.companyId })
    .set(bearer(co.manager))
    .send({
      employeeId,
      clockInAt: instant(date, 9 * 60, TZ),
      clockOutAt: instant(date, 13 * 60, TZ),
      breaks: [],
      reason: 'worked before leaving',
    });
  expect(res.status).toBe(201);
  const approved = await api('attendance')
    .post(`/punches/${res.body.data.id}/approve`)
    .query({ companyId: co.companyId })
    .set(bearer(co.manager))
    .send({});
  expect(approved.status).toBe(200);
}

async function payReport(co: RequestsCompany, startDate: string) {
  const res = await api('payroll')
    .get(`/payroll/periods/${startDate}/report`)
    .query({ companyId: co.companyId })
    .set(bearer(co.owner));
  expect(res.status).toBe(200);
  return res.body.data.employees.find((e: { employeeId: string }) => e.employeeId === co.employeeId);
}

describe('archiving an employee who leaves', () => {
  let co: RequestsCompany;
  let periodStart: string;
  let swapId: string;
  let answer: { status: number; body: { data: Record<string, unknown> } };
  let payBefore: unknown;

  beforeAll(async () => {
    co = await requestsCompany({ settings: { fairWorkweekJurisdiction: 'nyc' } });
    await cookShift(co, 'past', co.employeeId, day(-2));
    await cookShift(co, 'soon', co.employeeId, day(3));
    await cookShift(co, 'far', co.employeeId, day(20));
    await cookShift(co, 'otto', co.otherId, day(4));
    const swap = await createRequest(co, co.employee, { type: 'swap', shiftId: 'soon', peerShiftId: 'otto' });
    expect(swap.status).toBe(201);
    swapId = swap.body.data.id;
    await writeRoster(posTarget(co), [posEmployee({ vendorId: 'tm-emma', firstName: 'Emma' })]);
    expect((await link(co as never, 'square_api_key~L1~tm-emma', co.employeeId)).status).toBe(200);
    const settings = await api('payroll')
      .patch('/payroll/settings')
      .query({ companyId: co.companyId })
      .set(bearer(co.owner))
      .send({ payFrequency: 'weekly', anchorDate: '2026-01-05', overtimeRules: { kind: 'flsa' } });
    expect(settings.status).toBe(200);
    const periods = await api('payroll')
      .get('/payroll/periods')
      .query({ companyId: co.companyId, count: 2 })
      .set(bearer(co.manager));
    periodStart = periods.body.data[1].startDate;
    await approvedPunch(co, co.employeeId, addDays(periodStart, 1));
    payBefore = await payReport(co, periodStart);
    answer = await archive(co, co.employeeId, { effectiveDate: day(1), reason: 'dismissed', note: 'closing the line' });
  });

  it('answers the archived record, the open seats, the premiums owed and the cancelled requests', () => {
    expect(answer.status).toBe(200);
    const data = answer.body.data as {
      employee: { archived: boolean; archive: { effectiveDate: string; reason: string } };
      openSeats: { shiftId: string }[];
      premiums: { shiftId: string; amountMinor: number }[];
      cancelledRequests: string[];
    };
    expect(data.employee.archive).toMatchObject({ effectiveDate: day(1), reason: 'dismissed' });
    expect(data.openSeats.map((s) => s.shiftId).sort()).toEqual(['far', 'soon']);
    // NYC: a cancellation with 24 hours to 7 days of notice ($45); none beyond the 14 days' notice
    expect(data.premiums.map((p) => [p.shiftId, p.amountMinor])).toEqual([['soon', 45_00]]);
    expect(data.cancelledRequests).toEqual([swapId]);
  });

  it('leaves the shifts from the effective date as open seats, and the past shift and the colleague untouched', async () => {
    expect(await storedShift(co.companyId, 'soon')).toBeNull();
    expect(await storedShift(co.companyId, 'far')).toBeNull();
    expect(await storedShift(co.companyId, 'past')).toMatchObject({ employeeId: co.employeeId });
    expect(await storedShift(co.companyId, 'otto')).toMatchObject({ employeeId: co.otherId });
    const premiums = await listPremiums({ companyId: co.companyId, from: day(-30), to: day(60) });
    expect(premiums.map((p) => p.shiftId)).toEqual(['soon']);
  });

  it('cancels the pending swap with the reason in its history', async () => {
    const res = await api('requests')
      .get(`/requests/${swapId}`)
      .query({ companyId: co.companyId })
      .set(bearer(co.manager));
    expect(res.body.data.state).toBe('cancelled');
    expect(res.body.data.history.at(-1)).toMatchObject({ action: 'cancel', state: 'cancelled', by: co.manager.uid });
    expect(res.body.data.history.at(-1).reason).toContain(day(1));
  });

  it('keeps the POS link for history', async () => {
    const snap = await db()
      .collection('companies')
      .doc(co.companyId)
      .collection('posEmployees')
      .doc('square_api_key~L1~tm-emma')
      .get();
    expect(snap.data()).toMatchObject({ employeeId: co.employeeId });
  });

  it('leaves the person unable to act in the company from the effective date (their account remains)', async () => {
    // the archive takes effect tomorrow: today they still work, tomorrow they are out
    const me = await employees().get('/employees/me').query({ companyId: co.companyId }).set(bearer(co.employee));
    expect(me.status).toBe(200);
    const membership = await db().collection('memberships').doc(`${co.companyId}_${co.employee.uid}`).get();
    expect(membership.data()!.accessEndsAt).toBe((answer.body.data as { accessEndsAt: number }).accessEndsAt);
    // tomorrow, as far as the membership is concerned
    await membership.ref.update({ accessEndsAt: Date.now() - 1 });
    forgetMembership(co.companyId, co.employee.uid);
    const refused = await api('requests').get('/requests').query({ companyId: co.companyId }).set(bearer(co.employee));
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('NOT_A_MEMBER');
    const shifts = await api('schedule').get('/shifts/user-shifts').set(bearer(co.employee));
    expect(shifts.status).toBe(200);
    expect(shifts.body.data.companies).toEqual([]);
  });

  it('leaves their past pay unchanged', async () => {
    expect(await payReport(co, periodStart)).toEqual(payBefore);
  });

  it('refuses a new shift on or after the effective date, and accepts one before it', async () => {
    const put = (id: string, date: string) =>
      api('schedule')
        .put(`/shifts/${id}`)
        .query({ companyId: co.companyId, date, employeeId: co.employeeId })
        .set(bearer(co.manager))
        .send({ start: 600, end: 700, positionId: co.cookId, subRoleId: 'line' });
    const after = await put('after', day(2));
    expect(after.status).toBe(422);
    expect(after.body.code).toBe('EMPLOYEE_ARCHIVED');
    expect((await put('before', day(0))).status).toBe(200);
  });

  it('repeats the same archive as a no-op, and refuses another one (422 EMPLOYEE_ARCHIVED)', async () => {
    const again = await archive(co, co.employeeId, {
      effectiveDate: day(1),
      reason: 'dismissed',
      note: 'closing the line',
    });
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ openSeats: [], premiums: [], cancelledRequests: [] });
    const other = await archive(co, co.employeeId, { effectiveDate: day(5), reason: 'resigned' });
    expect(other.status).toBe(422);
    expect(other.body.code).toBe('EMPLOYEE_ARCHIVED');
  });

  it('rehires under the same id with its history, restoring access but not the cancelled items', async () => {
    const res = await rehire(co, co.employeeId, { hiring: day(30) });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: co.employeeId, archived: false, hiring: day(30) });
    expect(res.body.data.archive).toBeNull();
    const membership = await db().collection('memberships').doc(`${co.companyId}_${co.employee.uid}`).get();
    expect(membership.data()!.accessEndsAt).toBeNull();
    const me = await employees().get('/employees/me').query({ companyId: co.companyId }).set(bearer(co.employee));
    expect(me.status).toBe(200);
    expect(await storedShift(co.companyId, 'soon')).toBeNull();
    const audit = await employees()
      .get(`/employees/${co.employeeId}/audit`)
      .query({ companyId: co.companyId })
      .set(bearer(co.owner));
    expect(audit.body.data.map((e: { action: string }) => e.action)).toEqual(['archive', 'archive-effects', 'rehire']);
    expect(audit.body.data[0]).toMatchObject({ by: co.manager.uid, before: { archived: false } });
  });
});

describe('archive refusals and resignations', () => {
  it('owes no premium for a resignation', async () => {
    const co = await requestsCompany({ settings: { fairWorkweekJurisdiction: 'nyc' } });
    await cookShift(co, 'soon', co.otherId, day(3));
    const res = await archive(co, co.otherId, { effectiveDate: day(0), reason: 'resigned' });
    expect(res.status).toBe(200);
    expect(res.body.data.openSeats.map((s: { shiftId: string }) => s.shiftId)).toEqual(['soon']);
    expect(res.body.data.premiums).toEqual([]);
    expect(res.body.data.employee.archived).toBe(true);
    // effective today: their access ended when the day began
    const me = await employees().get('/employees/me').query({ companyId: co.companyId }).set(bearer(co.otto));
    expect([me.status, me.body.code]).toEqual([403, 'NOT_A_MEMBER']);
  });

  it("refuses the caller's own record and an owner's (422 CANNOT_ARCHIVE), an employee (403), bad input (400), writing nothing", async () => {
    const co = await requestsCompany();
    const ownerRecord = db().collection('companies').doc(co.companyId).collection('employees').doc();
    await ownerRecord.set({ name: 'Olga', surname: 'Owner', positions: [], archived: false, userId: co.owner.uid });
    const before = await snapshotCompany(co.companyId);
    const body = { effectiveDate: day(1), reason: 'dismissed' };
    const own = await archive(co, co.employeeId, body, co.employee);
    expect(own.status).toBe(403);
    const owner = await archive(co, ownerRecord.id, body);
    expect([owner.status, owner.body.code]).toEqual([422, 'CANNOT_ARCHIVE']);
    for (const bad of [
      { reason: 'dismissed' },
      { ...body, reason: 'bored' },
      { ...body, effectiveDate: '2026-02-30' },
    ]) {
      const res = await archive(co, co.otherId, bad);
      expect([res.status, res.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    }
    const missing = await archive(co, 'nobody', body);
    expect([missing.status, missing.body.code]).toEqual([404, 'EMPLOYEE_NOT_FOUND']);
    expect(await snapshotCompany(co.companyId)).toEqual(before);
  });
});

describe('schedule generation around an archive', () => {
  it('proposes the employee before the effective date and never from it', async () => {
    const co = await scheduleCompany();
    let monday = day(7);
    while (weekdayOf(monday) !== 1) monday = addDays(monday, 1);
    const tuesday = addDays(monday, 1);
    const template = { shifts: { [co.cookId]: [{ start: 540, end: 780, key: 'lunch', line: { required: 2 } }] } };
    await db()
      .collection('companies')
      .doc(co.companyId)
      .update({ daysStructure: { Monday: template, Tuesday: template } });
    const archived = await archive(co as RequestsCompany, co.otherId, { effectiveDate: tuesday, reason: 'laidOff' });
    expect(archived.status).toBe(200);
    const res = await api('schedule')
      .post('/schedule-proposals')
      .query({ companyId: co.companyId })
      .set(bearer(co.manager))
      .send({ startDate: monday, endDate: tuesday });
    expect(res.status).toBe(201);
    const onDay = (date: string) =>
      res.body.data.assignments
        .filter((a: { date: string }) => a.date === date)
        .map((a: { employeeId: string }) => a.employeeId)
        .sort();
    expect(onDay(monday)).toEqual([co.employeeId, co.otherId].sort());
    expect(onDay(tuesday)).toEqual([co.employeeId]);
  });
});
