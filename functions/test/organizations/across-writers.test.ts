import { db } from '../../src/core/firebase';
import { api } from '../helpers/api';
import { createCompany, snapshotCompany } from '../helpers/fixtures';
import { bearer } from '../helpers/users';
import { act, cookShift, createRequest, day, list, requestsCompany, shiftOwner } from '../requests/helpers';
import { hm, putShift, storeShift, storedShift } from '../schedule/helpers';
import { groupOf, linkEmployees, twoLocationGroup, type Group } from './support';

jest.setTimeout(90_000);

/**
 * The checks across an employer's locations at the writers other than PUT /shifts: publishing
 * drafts and the taker of a request (swap, offer, emergency). The person works at A (Harbor North)
 * and at B; B is the location writing.
 */

const MON = '2027-03-01';
const TUE = '2027-03-02';

const publish = (g: Group, body: Record<string, unknown>, dryRun = false) =>
  api('schedule')
    .post('/shifts/publish')
    .query({ companyId: g.b.companyId, ...(dryRun ? { dryRun: 'true' } : {}) })
    .set(bearer(g.b.manager))
    .send(body);

/** B with NYC rules and 8 hours between shifts; the person at A works Monday 09-17 and Tuesday 15-23. */
async function publishingGroup(): Promise<Group> {
  const g = await twoLocationGroup();
  const b = db().collection('companies').doc(g.b.companyId);
  await b.set({ betweenShifts: 8 * 60 }, { merge: true });
  await b.collection('config').doc('settings').set({ fairWorkweekJurisdiction: 'nyc' }, { merge: true });
  await storeShift(g.a.companyId, 'a-monday', { date: MON, employeeId: g.a.employeeId, start: hm(9), end: hm(17) });
  await storeShift(g.a.companyId, 'a-close', { date: TUE, employeeId: g.a.employeeId, start: hm(15), end: hm(23) });
  return g;
}

const draftAtB = (g: Group, id: string, date: string, start: number, end: number) =>
  storeShift(g.b.companyId, id, { date, employeeId: g.b.employeeId, start, end, mode: 'draft' });

describe('publishing drafts against the person’s shifts at the other locations', () => {
  it('refuses publishing a draft overlapping the person’s shift at A (dry run and real), naming A and its times only', async () => {
    const g = await publishingGroup();
    await linkEmployees(g);
    await draftAtB(g, 'b-overlap', MON, hm(16), hm(20));
    const range = { startDate: MON, endDate: MON };

    const dry = await publish(g, range, true);
    expect(dry.status).toBe(200);
    expect(dry.body.data.outcome.refusal).toMatchObject({ code: 'SHIFT_CONFLICT' });
    expect(dry.body.data.outcome.blocking).toEqual([
      expect.objectContaining({ rule: 'overlap', shiftId: 'b-overlap', otherLocation: 'Harbor North' }),
    ]);

    const before = await snapshotCompany(g.b.companyId);
    const res = await publish(g, range);
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('SHIFT_CONFLICT');
    expect(res.body.error).toContain("overlaps the person's shift at Harbor North (2027-03-01 09:00-17:00)");
    expect(JSON.stringify(res.body)).not.toContain('a-monday');
    expect(JSON.stringify(res.body)).not.toContain(g.a.companyId);
    expect(await snapshotCompany(g.b.companyId)).toEqual(before);
  });

  it('refuses the fair-workweek rest after the close at A unless the consent is given, then warns and publishes', async () => {
    const g = await publishingGroup();
    await linkEmployees(g);
    const WED = '2027-03-03';
    // 23:00 at A, 09:00 at B: 10 hours, B's 8 hours are met, NYC's 11 are not
    await draftAtB(g, 'b-open', WED, hm(9), hm(14));
    const range = { startDate: WED, endDate: WED };
    const refused = await publish(g, range);
    expect(refused.status).toBe(422);
    expect(refused.body.error).toContain('fair-workweek rule (nyc) requires 660');
    expect(refused.body.details).toEqual([
      expect.objectContaining({ rule: 'fairWorkweekRest', otherLocation: 'Harbor North', blocking: true }),
    ]);
    const ok = await publish(g, { ...range, restConsents: [{ employeeId: g.b.employeeId, date: WED }] });
    expect(ok.status).toBe(200);
    expect(ok.body.data.published.map((s: { id: string }) => s.id)).toEqual(['b-open']);
    expect(ok.body.data.warnings).toEqual([
      expect.objectContaining({ rule: 'fairWorkweekRest', otherLocation: 'Harbor North', blocking: false }),
    ]);
    expect((await storedShift(g.b.companyId, 'b-open'))?.mode).toBe('published');
    // the clopening's $100 is recorded at B with the published shift
    const premiums = await api('schedule')
      .get('/shifts/premiums')
      .query({ companyId: g.b.companyId, startDate: WED, endDate: WED })
      .set(bearer(g.b.manager));
    expect(premiums.status).toBe(200);
    expect(premiums.body.data).toEqual([
      expect.objectContaining({
        shiftId: 'b-open',
        rule: 'rest',
        amountMinor: 100_00,
        reason: expect.stringContaining('Harbor North'),
      }),
    ]);
  });

  it('refuses less rest than B’s betweenShifts after the close at A', async () => {
    const g = await publishingGroup();
    await linkEmployees(g);
    // 23:00 at A, 06:00 at B: 7 hours
    await draftAtB(g, 'b-early', '2027-03-03', hm(6), hm(12));
    const res = await publish(g, { startDate: '2027-03-03', endDate: '2027-03-03' });
    expect(res.status).toBe(422);
    expect(res.body.details.map((d: { rule: string }) => d.rule)).toEqual(['betweenShifts', 'fairWorkweekRest']);
  });

  it('never lets a publish at B and a PUT at A at once double-book the person (the linked schedules are locked)', async () => {
    const g = await twoLocationGroup();
    await linkEmployees(g);
    await draftAtB(g, 'b-evening', MON, hm(16), hm(20));
    const [published, put] = await Promise.all([
      publish(g, { startDate: MON, endDate: MON }),
      putShift(g.a, 'a-evening', { start: hm(17), end: hm(21) }, { date: MON, employeeId: g.a.employeeId }),
    ]);
    expect([published.status, put.status].sort()).toEqual([200, 422]);
    const bLive = (await storedShift(g.b.companyId, 'b-evening'))?.mode === 'published';
    const aLive = (await storedShift(g.a.companyId, 'a-evening')) !== null;
    expect(bLive !== aLive).toBe(true);
  });

  it('publishes as before for records that are not linked', async () => {
    const g = await publishingGroup();
    await draftAtB(g, 'b-overlap', MON, hm(16), hm(20));
    const res = await publish(g, { startDate: MON, endDate: MON });
    expect(res.status).toBe(200);
    expect(res.body.data.warnings).toEqual([]);
  });
});

/** B a requests company (Emma, Otto, Lea at B); Otto also works at A as A's Emma record. */
async function requestsGroup() {
  const [a, b] = await Promise.all([createCompany({ profile: { name: 'Harbor North' } }), requestsCompany()]);
  const g = await groupOf(a, b);
  await linkEmployees(g, { a: a.employeeId, b: b.otherId });
  const atA = (id: string, date: string, start: number, end: number) =>
    storeShift(a.companyId, id, { date, employeeId: a.employeeId, start, end });
  return { g, co: b, atA };
}

describe('a request’s taker against their shifts at the other locations', () => {
  it('refuses a volunteer whose shift at A overlaps the offer (422 NOT_ELIGIBLE naming A), and leaves the offer out of their listing', async () => {
    const { co, atA } = await requestsGroup();
    await cookShift(co, 'offer', co.employeeId, day(5), hm(9), hm(13));
    await atA('a-shift', day(5), hm(12), hm(18));
    const id = (await createRequest(co, co.employee, { type: 'replace', shiftId: 'offer' })).body.data.id;
    const listed = await list(co, co.otto, { view: 'available' });
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((r: { id: string }) => r.id)).not.toContain(id);
    expect((await list(co, co.lea, { view: 'available' })).body.data.map((r: { id: string }) => r.id)).toContain(id);
    const res = await act(co, co.otto, id, 'volunteer');
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('NOT_ELIGIBLE');
    expect(res.body.details).toEqual([expect.objectContaining({ rule: 'overlap', otherLocation: 'Harbor North' })]);
    expect(JSON.stringify(res.body)).not.toContain('a-shift');
    expect((await act(co, co.lea, id, 'volunteer')).status).toBe(200);
  });

  it('refuses approving an offer whose picked taker took a shift at A since (the check runs again at approval)', async () => {
    const { co, atA } = await requestsGroup();
    await cookShift(co, 'offer', co.employeeId, day(5), hm(9), hm(13));
    const id = (await createRequest(co, co.employee, { type: 'replace', shiftId: 'offer' })).body.data.id;
    expect((await act(co, co.otto, id, 'volunteer')).status).toBe(200);
    expect((await act(co, co.employee, id, 'pick', { employeeId: co.otherId })).body.data.state).toBe(
      'pending_manager',
    );
    await atA('a-shift', day(5), hm(8), hm(10));
    const res = await act(co, co.manager, id, 'approve');
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('NOT_ELIGIBLE');
    expect(await shiftOwner(co, 'offer')).toBe(co.employeeId);
  });

  it('refuses a swap whose peer would take a shift overlapping their shift at A, at acceptance', async () => {
    const { co, atA } = await requestsGroup();
    await cookShift(co, 'mine', co.employeeId, day(3), hm(9), hm(13));
    await cookShift(co, 'theirs', co.otherId, day(4), hm(9), hm(13));
    await atA('a-shift', day(3), hm(10), hm(16));
    const id = (await createRequest(co, co.employee, { type: 'swap', shiftId: 'mine', peerShiftId: 'theirs' })).body
      .data.id;
    const res = await act(co, co.otto, id, 'accept');
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('NOT_ELIGIBLE');
    expect(res.body.details).toEqual([expect.objectContaining({ rule: 'overlap', otherLocation: 'Harbor North' })]);
  });

  it('lets an emergency claimant whose shift at A is elsewhere in the day take the shift', async () => {
    const { co, atA } = await requestsGroup();
    await cookShift(co, 'urgent', co.employeeId, day(1), hm(9), hm(13));
    await atA('a-evening', day(1), hm(18), hm(22));
    const id = (await createRequest(co, co.manager, { type: 'emergency', shiftId: 'urgent' })).body.data.id;
    const claimed = await act(co, co.otto, id, 'claim');
    expect(claimed.status).toBe(200);
    expect(claimed.body.data).toMatchObject({ state: 'approved', takerEmployeeId: co.otherId });
  });
});
