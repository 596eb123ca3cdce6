import { listPremiums } from '../../src/modules/schedule';
import { api } from '../helpers/api';
import { snapshotCompany } from '../helpers/fixtures';
import { bearer } from '../helpers/users';
import { putShift } from '../schedule/helpers';
import { act, cookShift, createRequest, day, hm, requestsCompany, storeShift } from './helpers';

const withJurisdiction = (j: string) => requestsCompany({ settings: { fairWorkweekJurisdiction: j } });
const premiumsOf = (companyId: string) => listPremiums({ companyId, from: day(-30), to: day(60) });

describe('fair-workweek premiums on published shifts', () => {
  it('records one extra hour (Seattle) when a published shift inside the 14 days gets longer, once', async () => {
    const co = await withJurisdiction('seattle');
    await cookShift(co, 's1', co.employeeId, day(3), hm(9), hm(13));
    const body = { start: hm(9), end: hm(15), positionId: co.cookId, subRoleId: 'line' };
    const res = await putShift(co, 's1', body, { date: day(3), employeeId: co.employeeId });
    expect(res.status).toBe(200);
    expect(res.body.data.premiums).toEqual([
      expect.objectContaining({
        rule: 'scheduleChange',
        payHours: 1,
        amountMinor: null,
        employeeId: co.employeeId,
        shiftId: 's1',
        jurisdiction: 'seattle',
      }),
    ]);
    expect(
      (await putShift(co, 's1', body, { date: day(3), employeeId: co.employeeId })).body.data.premiums,
    ).toBeUndefined();
    const stored = await premiumsOf(co.companyId);
    expect(stored.map((p) => [p.employeeId, p.payHours])).toEqual([[co.employeeId, 1]]);
  });

  it('records $45 (NYC) for a published shift cancelled with two days of notice, and nothing beyond 14 days', async () => {
    const co = await withJurisdiction('nyc');
    await cookShift(co, 'soon', co.employeeId, day(2));
    await cookShift(co, 'far', co.employeeId, day(20));
    const del = (id: string, date: string) =>
      api('schedule')
        .delete(`/shifts/${id}`)
        .query({ companyId: co.companyId, date, employeeId: co.employeeId })
        .set(bearer(co.manager));
    expect((await del('soon', day(2))).status).toBe(200);
    expect((await del('far', day(20))).status).toBe(200);
    expect((await premiumsOf(co.companyId)).map((p) => [p.shiftId, p.amountMinor, p.currency])).toEqual([
      ['soon', 45_00, 'USD'],
    ]);
  });

  it('refuses a clopening under 11 hours (NYC) without consent, and records $100 with it', async () => {
    const co = await withJurisdiction('nyc');
    await cookShift(co, 'close', co.employeeId, day(3), hm(15), hm(23));
    const open = { start: hm(8), end: hm(14), positionId: co.cookId, subRoleId: 'line' };
    const before = await snapshotCompany(co.companyId);
    const refused = await putShift(co, 'open', open, { date: day(4), employeeId: co.employeeId });
    expect(refused.status).toBe(422);
    expect(refused.body.details).toEqual([
      expect.objectContaining({ rule: 'fairWorkweekRest', actual: 540, limit: 660, conflictingShiftId: 'close' }),
    ]);
    expect(await snapshotCompany(co.companyId)).toEqual(before);

    const ok = await putShift(co, 'open', { ...open, restConsent: true }, { date: day(4), employeeId: co.employeeId });
    expect(ok.status).toBe(200);
    expect(
      ok.body.data.premiums.map((p: { rule: string; amountMinor: number }) => [p.rule, p.amountMinor]).sort(),
    ).toEqual([
      ['rest', 100_00],
      ['scheduleChange', 15_00],
    ]);
  });

  it('publishes a week late but reports and records what each employee is owed (Chicago: one hour per shift)', async () => {
    const co = await withJurisdiction('chicago');
    await storeShift(co.companyId, 'd1', {
      date: day(5),
      employeeId: co.employeeId,
      start: hm(9),
      end: hm(13),
      mode: 'draft',
      positionId: co.cookId,
      subRoleId: 'line',
    });
    await storeShift(co.companyId, 'd2', {
      date: day(30),
      employeeId: co.otherId,
      start: hm(9),
      end: hm(13),
      mode: 'draft',
      positionId: co.cookId,
      subRoleId: 'line',
    });
    const res = await api('schedule')
      .post('/shifts/publish')
      .query({ companyId: co.companyId })
      .set(bearer(co.manager))
      .send({ startDate: day(0), endDate: day(40) });
    expect(res.status).toBe(200);
    expect(res.body.data.published).toHaveLength(2);
    expect(res.body.data.premiums).toEqual([
      expect.objectContaining({ employeeId: co.employeeId, shiftId: 'd1', payHours: 1 }),
    ]);
    expect((await premiumsOf(co.companyId)).map((p) => p.shiftId)).toEqual(['d1']);
  });

  it('refuses to publish a clopening pair of drafts without consent, and records one $100 with the consent of either day', async () => {
    const co = await withJurisdiction('nyc');
    const draft = (id: string, date: string, start: number, end: number) =>
      storeShift(co.companyId, id, {
        date,
        employeeId: co.employeeId,
        start,
        end,
        mode: 'draft',
        positionId: co.cookId,
        subRoleId: 'line',
      });
    await draft('close', day(5), hm(15), hm(23));
    await draft('open', day(6), hm(8), hm(14));
    const publish = (body: Record<string, unknown>) =>
      api('schedule')
        .post('/shifts/publish')
        .query({ companyId: co.companyId })
        .set(bearer(co.manager))
        .send({ startDate: day(5), endDate: day(6), ...body });
    const before = await snapshotCompany(co.companyId);
    const refused = await publish({});
    expect(refused.status).toBe(422);
    expect(refused.body.details.map((d: { rule: string }) => d.rule)).toEqual(['fairWorkweekRest']);
    expect(await snapshotCompany(co.companyId)).toEqual(before);

    const ok = await publish({ restConsents: [{ employeeId: co.employeeId, date: day(5) }] });
    expect(ok.status).toBe(200);
    const rest = ok.body.data.premiums.filter((p: { rule: string }) => p.rule === 'rest');
    expect(rest.map((p: { shiftId: string; amountMinor: number }) => [p.shiftId, p.amountMinor])).toEqual([
      ['open', 100_00],
    ]);
    expect(ok.body.data.premiums.filter((p: { rule: string }) => p.rule === 'scheduleChange')).toHaveLength(2);
  });

  it('refuses to publish a draft on an approved day-off', async () => {
    const co = await requestsCompany();
    const id = (await createRequest(co, co.employee, { type: 'dayOff', startDate: day(5), endDate: day(5) })).body.data
      .id;
    await act(co, co.manager, id, 'approve');
    await storeShift(co.companyId, 'd1', {
      date: day(5),
      employeeId: co.employeeId,
      start: hm(9),
      end: hm(13),
      mode: 'draft',
    });
    const res = await api('schedule')
      .post('/shifts/publish')
      .query({ companyId: co.companyId })
      .set(bearer(co.manager))
      .send({ startDate: day(5), endDate: day(5) });
    expect(res.status).toBe(422);
    expect(res.body.details.map((d: { rule: string }) => d.rule)).toEqual(['timeOff']);
  });

  it('records no premium for a change the employees asked for (an approved swap)', async () => {
    const co = await withJurisdiction('seattle');
    await cookShift(co, 'mine', co.employeeId, day(3));
    await cookShift(co, 'theirs', co.otherId, day(4));
    const id = (await createRequest(co, co.employee, { type: 'swap', shiftId: 'mine', peerShiftId: 'theirs' })).body
      .data.id;
    await act(co, co.otto, id, 'accept');
    expect((await act(co, co.manager, id, 'approve')).body.data.state).toBe('approved');
    expect(await premiumsOf(co.companyId)).toEqual([]);
  });

  it('refuses a taker whose rest would break the jurisdiction rule (NOT_ELIGIBLE, fairWorkweekRest)', async () => {
    const co = await withJurisdiction('oregon');
    await cookShift(co, 'urgent', co.employeeId, day(1), hm(7), hm(12));
    await cookShift(co, 'late', co.otherId, day(0), hm(20), hm(23));
    const id = (await createRequest(co, co.employee, { type: 'emergency', shiftId: 'urgent' })).body.data.id;
    const res = await act(co, co.otto, id, 'claim');
    expect(res.status).toBe(422);
    expect(res.body.details.map((d: { rule: string }) => d.rule)).toContain('fairWorkweekRest');
  });

  it('takes the jurisdiction as a company setting and rejects an unknown one', async () => {
    const co = await requestsCompany();
    const patch = (value: string) =>
      api('companies')
        .patch(`/companies/${co.companyId}/settings`)
        .set(bearer(co.owner))
        .send({ fairWorkweekJurisdiction: value });
    expect((await patch('paris')).status).toBe(400);
    expect((await patch('oregon')).status).toBe(200);
    const settings = await api('companies').get(`/companies/${co.companyId}/settings`).set(bearer(co.owner));
    expect(settings.body.data.fairWorkweekJurisdiction).toBe('oregon');
  });
});
