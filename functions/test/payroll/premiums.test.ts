import { payPeriodOf } from '../../src/core/calendar';
import { api } from '../helpers/api';
import { bearer, type TestUser } from '../helpers/users';
import { putShift } from '../schedule/helpers';
import { act, cookShift, createRequest, day, hm, requestsCompany, type RequestsCompany } from '../requests/helpers';
import { reportOf, setPayroll } from './helpers';

/**
 * Fair-workweek premiums from schedule changes to pay: what a change, a cancellation, a
 * reassignment and an approved swap record (NYC, a Madrid company for the calendar), read back
 * through GET /shifts/premiums and paid in the report of the period holding the shift.
 */
let co: RequestsCompany;

const premiums = (as: TestUser, query: Record<string, string> = {}) =>
  api('schedule')
    .get('/shifts/premiums')
    .query({ companyId: co.companyId, startDate: day(0), endDate: day(13), ...query })
    .set(bearer(as));
const removeShift = (id: string, date: string, employeeId: string) =>
  api('schedule').delete(`/shifts/${id}`).query({ companyId: co.companyId, date, employeeId }).set(bearer(co.manager));
const brief = (list: { employeeId: string; shiftId: string; amountMinor: number; reason: string }[]) =>
  list.map((p) => [p.employeeId, p.shiftId, p.amountMinor]);

beforeAll(async () => {
  co = await requestsCompany({
    profile: { payrollStartingDay: 1 },
    settings: { fairWorkweekJurisdiction: 'nyc' },
  });
  await setPayroll(co, { payFrequency: 'weekly' });
});

describe('premiums recorded by schedule changes', () => {
  it('records a new published shift inside the notice window, and lists it to managers and to its employee', async () => {
    const res = await putShift(
      co,
      'added',
      { start: hm(9), end: hm(13), positionId: co.cookId, subRoleId: 'line' },
      { date: day(3), employeeId: co.employeeId },
    );
    expect(res.status).toBe(200);
    expect(brief(res.body.data.premiums)).toEqual([[co.employeeId, 'added', 15_00]]);
    const byManager = await premiums(co.manager);
    expect(byManager.status).toBe(200);
    expect(brief(byManager.body.data)).toEqual([[co.employeeId, 'added', 15_00]]);
    expect(brief((await premiums(co.employee)).body.data)).toEqual([[co.employeeId, 'added', 15_00]]);
    expect((await premiums(co.otto)).body.data).toEqual([]);
    const someoneElses = await premiums(co.otto, { employeeId: co.employeeId });
    expect(someoneElses.status).toBe(403);
    expect(someoneElses.body.code).toBe('INSUFFICIENT_ROLE');
  });

  it('answers a cancellation with the premium it recorded', async () => {
    await cookShift(co, 'cancelled', co.employeeId, day(2));
    const res = await removeShift('cancelled', day(2), co.employeeId);
    expect(res.status).toBe(200);
    expect(res.body.data.id).toBe('cancelled');
    expect(brief(res.body.data.premiums)).toEqual([[co.employeeId, 'cancelled', 45_00]]);
  });

  it('records a reassignment as a cancellation for the first employee and an addition for the second', async () => {
    await cookShift(co, 'moved', co.employeeId, day(4));
    const res = await putShift(
      co,
      'moved',
      { start: hm(9), end: hm(13), employeeId: co.otherId, positionId: co.cookId, subRoleId: 'line' },
      { date: day(4), employeeId: co.employeeId },
    );
    expect(res.status).toBe(200);
    expect(brief(res.body.data.premiums)).toEqual([
      [co.employeeId, 'moved', 45_00],
      [co.otherId, 'moved', 15_00],
    ]);
  });

  it('records nothing for an approved swap, the employees asked for it', async () => {
    await cookShift(co, 'mine', co.employeeId, day(5));
    await cookShift(co, 'theirs', co.otherId, day(6));
    const before = (await premiums(co.manager)).body.data.length;
    const id = (await createRequest(co, co.employee, { type: 'swap', shiftId: 'mine', peerShiftId: 'theirs' })).body
      .data.id;
    await act(co, co.otto, id, 'accept');
    const approved = await act(co, co.manager, id, 'approve');
    expect(approved.body.data).toMatchObject({ state: 'approved', premiums: [] });
    expect((await premiums(co.manager)).body.data).toHaveLength(before);
  });

  it('pays each premium in the period holding its shift, in the report and its totals', async () => {
    const listed: { employeeId: string; date: string; amountMinor: number }[] = (await premiums(co.manager)).body.data;
    expect(listed).toHaveLength(4);
    const startOf = (date: string) => payPeriodOf(date, { payrollStartingDay: 1 }, 'weekly').start;
    for (const start of new Set(listed.map((p) => startOf(p.date)))) {
      const { report, row } = await reportOf(co, start);
      const owed = listed.filter((p) => startOf(p.date) === start);
      expect(report.totals.premiums).toBe(owed.reduce((s, p) => s + p.amountMinor, 0));
      for (const employeeId of new Set(owed.map((p) => p.employeeId)))
        expect(row(employeeId)!.premiumPay).toBe(
          owed.filter((p) => p.employeeId === employeeId).reduce((s, p) => s + p.amountMinor, 0),
        );
    }
  });
});
