import { db } from '../../src/core/firebase';
import { api } from '../helpers/api';
import { snapshotCompany } from '../helpers/fixtures';
import { bearer } from '../helpers/users';
import { putShift } from '../schedule/helpers';
import {
  act,
  cookShift,
  createRequest,
  day,
  hm,
  list,
  requestsCompany,
  setPolicy,
  shiftOwner,
  type RequestsCompany,
} from './helpers';

/** An illegal step answers `status` with `code` and changes nothing stored in the company. */
async function refusedWithoutWrites(
  co: RequestsCompany,
  call: () => Promise<{ status: number; body: { code?: string } }>,
  status: number,
  code: string,
) {
  const before = await snapshotCompany(co.companyId);
  const res = await call();
  expect({ status: res.status, code: res.body.code }).toEqual({ status, code });
  expect(await snapshotCompany(co.companyId)).toEqual(before);
}

describe('swap', () => {
  it('exchanges the two shifts once the peer accepts and a manager approves', async () => {
    const co = await requestsCompany();
    await cookShift(co, 'mine', co.employeeId, day(3));
    await cookShift(co, 'theirs', co.otherId, day(4));
    const created = await createRequest(co, co.employee, { type: 'swap', shiftId: 'mine', peerShiftId: 'theirs' });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      type: 'swap',
      state: 'pending_peer',
      employeeId: co.employeeId,
      peerEmployeeId: co.otherId,
      needsManager: true,
    });
    const id = created.body.data.id;

    const accepted = await act(co, co.otto, id, 'accept');
    expect(accepted.body.data.state).toBe('pending_manager');
    expect(await shiftOwner(co, 'mine')).toBe(co.employeeId);

    const approved = await act(co, co.manager, id, 'approve');
    expect(approved.status).toBe(200);
    expect(approved.body.data.state).toBe('approved');
    expect(approved.body.data.history.map((h: { action: string }) => h.action)).toEqual([
      'create',
      'accept',
      'approve',
    ]);
    expect(await shiftOwner(co, 'mine')).toBe(co.otherId);
    expect(await shiftOwner(co, 'theirs')).toBe(co.employeeId);
  });

  it('is approved by the peer alone when the company policy needs no manager for swaps', async () => {
    const co = await requestsCompany();
    expect((await setPolicy(co, { swap: false })).body.data.managerApproval.swap).toBe(false);
    await cookShift(co, 'mine', co.employeeId, day(3));
    await cookShift(co, 'theirs', co.otherId, day(4));
    const id = (await createRequest(co, co.employee, { type: 'swap', shiftId: 'mine', peerShiftId: 'theirs' })).body
      .data.id;
    expect((await act(co, co.otto, id, 'accept')).body.data.state).toBe('approved');
    expect(await shiftOwner(co, 'mine')).toBe(co.otherId);
  });

  it('refuses the requester accepting their own swap (422 OWN_REQUEST) and anyone but the peer (403)', async () => {
    const co = await requestsCompany();
    await cookShift(co, 'mine', co.employeeId, day(3));
    await cookShift(co, 'theirs', co.otherId, day(4));
    const id = (await createRequest(co, co.employee, { type: 'swap', shiftId: 'mine', peerShiftId: 'theirs' })).body
      .data.id;
    await refusedWithoutWrites(co, () => act(co, co.employee, id, 'accept'), 422, 'OWN_REQUEST');
    await refusedWithoutWrites(co, () => act(co, co.lea, id, 'accept'), 403, 'NOT_REQUEST_PARTY');
  });

  it('refuses approving a declined swap and a cancelled one (409 REQUEST_NOT_PENDING), writing nothing', async () => {
    const co = await requestsCompany();
    await cookShift(co, 'a', co.employeeId, day(3));
    await cookShift(co, 'b', co.otherId, day(4));
    const id = (await createRequest(co, co.employee, { type: 'swap', shiftId: 'a', peerShiftId: 'b' })).body.data.id;
    expect((await act(co, co.otto, id, 'decline')).body.data.state).toBe('denied');
    await refusedWithoutWrites(co, () => act(co, co.manager, id, 'approve'), 409, 'REQUEST_NOT_PENDING');

    const again = (await createRequest(co, co.employee, { type: 'swap', shiftId: 'a', peerShiftId: 'b' })).body.data.id;
    expect((await act(co, co.employee, again, 'cancel')).body.data.state).toBe('cancelled');
    await refusedWithoutWrites(co, () => act(co, co.manager, again, 'approve'), 409, 'REQUEST_NOT_PENDING');
    await refusedWithoutWrites(co, () => act(co, co.otto, again, 'accept'), 409, 'REQUEST_NOT_PENDING');
    expect(await shiftOwner(co, 'a')).toBe(co.employeeId);
  });

  it('refuses an approval that would break a rule with 422 NOT_ELIGIBLE and the rule in details', async () => {
    const co = await requestsCompany();
    await cookShift(co, 'mine', co.employeeId, day(3));
    await cookShift(co, 'theirs', co.otherId, day(4));
    const id = (await createRequest(co, co.employee, { type: 'swap', shiftId: 'mine', peerShiftId: 'theirs' })).body
      .data.id;
    await act(co, co.otto, id, 'accept');
    // Otto is given an overlapping shift by a manager meanwhile.
    expect(
      (await putShift(co, 'busy', { start: hm(10), end: hm(12) }, { date: day(3), employeeId: co.otherId })).status,
    ).toBe(200);
    const before = await snapshotCompany(co.companyId);
    const res = await act(co, co.manager, id, 'approve');
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('NOT_ELIGIBLE');
    expect(res.body.details.map((d: { rule: string }) => d.rule)).toContain('overlap');
    expect(await snapshotCompany(co.companyId)).toEqual(before);
  });

  it('refuses a second pending request about the same shift (409 REQUEST_EXISTS)', async () => {
    const co = await requestsCompany();
    await cookShift(co, 'a', co.employeeId, day(3));
    await cookShift(co, 'b', co.otherId, day(4));
    expect((await createRequest(co, co.employee, { type: 'replace', shiftId: 'a' })).status).toBe(201);
    await refusedWithoutWrites(
      co,
      () => createRequest(co, co.employee, { type: 'swap', shiftId: 'a', peerShiftId: 'b' }),
      409,
      'REQUEST_EXISTS',
    );
  });

  it("refuses a request about someone else's shift or a shift already started (422 INVALID_REQUEST_SHIFT)", async () => {
    const co = await requestsCompany();
    await cookShift(co, 'theirs', co.otherId, day(4));
    await cookShift(co, 'past', co.employeeId, day(-2));
    await refusedWithoutWrites(
      co,
      () => createRequest(co, co.employee, { type: 'replace', shiftId: 'theirs' }),
      422,
      'INVALID_REQUEST_SHIFT',
    );
    await refusedWithoutWrites(
      co,
      () => createRequest(co, co.employee, { type: 'replace', shiftId: 'past' }),
      422,
      'INVALID_REQUEST_SHIFT',
    );
  });
});

describe('replace (offer up)', () => {
  it('lets eligible coworkers volunteer, the requester pick one, and a manager approve the move', async () => {
    const co = await requestsCompany();
    await cookShift(co, 'offer', co.employeeId, day(5));
    const id = (await createRequest(co, co.employee, { type: 'replace', shiftId: 'offer' })).body.data.id;
    expect((await act(co, co.otto, id, 'volunteer')).body.data.volunteers).toEqual([co.otherId]);
    expect((await act(co, co.otto, id, 'volunteer')).body.data.volunteers).toEqual([co.otherId]);
    expect((await act(co, co.lea, id, 'volunteer')).body.data.volunteers).toEqual([co.otherId, co.leaId]);
    const picked = await act(co, co.employee, id, 'pick', { employeeId: co.leaId });
    expect(picked.body.data).toMatchObject({ state: 'pending_manager', takerEmployeeId: co.leaId });
    expect(await shiftOwner(co, 'offer')).toBe(co.employeeId);
    expect((await act(co, co.manager, id, 'approve')).body.data.state).toBe('approved');
    expect(await shiftOwner(co, 'offer')).toBe(co.leaId);
  });

  it('refuses a volunteer who does not hold the role (422 NOT_ELIGIBLE, positionNotHeld) and the requester volunteering', async () => {
    const co = await requestsCompany();
    await cookShift(co, 'offer', co.employeeId, day(5));
    const id = (await createRequest(co, co.employee, { type: 'replace', shiftId: 'offer' })).body.data.id;
    const before = await snapshotCompany(co.companyId);
    const res = await act(co, co.nina, id, 'volunteer');
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('NOT_ELIGIBLE');
    expect(res.body.details.map((d: { rule: string }) => d.rule)).toContain('positionNotHeld');
    expect(await snapshotCompany(co.companyId)).toEqual(before);
    await refusedWithoutWrites(co, () => act(co, co.employee, id, 'volunteer'), 422, 'OWN_REQUEST');
  });

  it('refuses picking someone who did not volunteer (422 NOT_A_VOLUNTEER); a manager pick applies at once', async () => {
    const co = await requestsCompany();
    await cookShift(co, 'offer', co.employeeId, day(5));
    const id = (await createRequest(co, co.employee, { type: 'replace', shiftId: 'offer' })).body.data.id;
    await refusedWithoutWrites(
      co,
      () => act(co, co.employee, id, 'pick', { employeeId: co.leaId }),
      422,
      'NOT_A_VOLUNTEER',
    );
    await act(co, co.lea, id, 'volunteer');
    await refusedWithoutWrites(
      co,
      () => act(co, co.otto, id, 'pick', { employeeId: co.leaId }),
      403,
      'NOT_REQUEST_PARTY',
    );
    expect((await act(co, co.manager, id, 'pick', { employeeId: co.leaId })).body.data.state).toBe('approved');
    expect(await shiftOwner(co, 'offer')).toBe(co.leaId);
  });
});

describe('emergency', () => {
  it('gives a shift starting soon to the first eligible claimant, approved at once by default', async () => {
    const co = await requestsCompany();
    await cookShift(co, 'urgent', co.employeeId, day(1));
    const created = await createRequest(co, co.manager, { type: 'emergency', shiftId: 'urgent' });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ employeeId: co.employeeId, needsManager: false });
    const id = created.body.data.id;
    const claimed = await act(co, co.otto, id, 'claim');
    expect(claimed.body.data).toMatchObject({ state: 'approved', takerEmployeeId: co.otherId });
    expect(await shiftOwner(co, 'urgent')).toBe(co.otherId);
    await refusedWithoutWrites(co, () => act(co, co.lea, id, 'claim'), 409, 'ALREADY_CLAIMED');
    expect((await act(co, co.otto, id, 'claim')).status).toBe(200);
  });

  it('refuses a claimant who is not eligible (422 NOT_ELIGIBLE) and a shift that does not start soon', async () => {
    const co = await requestsCompany();
    await cookShift(co, 'urgent', co.employeeId, day(1));
    await cookShift(co, 'later', co.employeeId, day(10));
    const id = (await createRequest(co, co.employee, { type: 'emergency', shiftId: 'urgent' })).body.data.id;
    await refusedWithoutWrites(co, () => act(co, co.nina, id, 'claim'), 422, 'NOT_ELIGIBLE');
    await refusedWithoutWrites(
      co,
      () => createRequest(co, co.employee, { type: 'emergency', shiftId: 'later' }),
      422,
      'INVALID_REQUEST_SHIFT',
    );
  });

  it('answers an emergency whose shift has started as expired, and refuses steps on it (409 REQUEST_EXPIRED)', async () => {
    const co = await requestsCompany();
    await cookShift(co, 'urgent', co.employeeId, day(1));
    const id = (await createRequest(co, co.employee, { type: 'emergency', shiftId: 'urgent' })).body.data.id;
    await db()
      .collection('companies')
      .doc(co.companyId)
      .collection('shiftRequests')
      .doc(id)
      .update({ shiftStartsAt: Date.now() - 60_000 });
    await refusedWithoutWrites(co, () => act(co, co.otto, id, 'claim'), 409, 'REQUEST_EXPIRED');
    const mine = await list(co, co.employee, { state: 'expired' });
    expect(mine.body.data.map((r: { id: string }) => r.id)).toEqual([id]);
  });
});

describe('dayOff', () => {
  it('records approved day-offs in the schedule, which then refuses a shift on them', async () => {
    const co = await requestsCompany();
    const created = await createRequest(co, co.employee, { type: 'dayOff', startDate: day(6), endDate: day(7) });
    expect(created.body.data.state).toBe('pending_manager');
    const approved = await act(co, co.manager, created.body.data.id, 'approve');
    expect(approved.body.data.state).toBe('approved');
    const refused = await putShift(
      co,
      'blocked',
      { start: hm(9), end: hm(13) },
      { date: day(7), employeeId: co.employeeId },
    );
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('SHIFT_CONFLICT');
    expect(refused.body.details.map((d: { rule: string }) => d.rule)).toEqual(['timeOff']);
    expect(
      (await putShift(co, 'free', { start: hm(9), end: hm(13) }, { date: day(8), employeeId: co.employeeId })).status,
    ).toBe(200);
  });

  it('blocks only the hours of a partial day-off', async () => {
    const co = await requestsCompany();
    const id = (
      await createRequest(co, co.employee, {
        type: 'dayOff',
        startDate: day(6),
        endDate: day(6),
        start: hm(8),
        end: hm(12),
      })
    ).body.data.id;
    await act(co, co.manager, id, 'approve');
    expect(
      (await putShift(co, 'morning', { start: hm(10), end: hm(14) }, { date: day(6), employeeId: co.employeeId }))
        .status,
    ).toBe(422);
    expect(
      (await putShift(co, 'evening', { start: hm(14), end: hm(20) }, { date: day(6), employeeId: co.employeeId }))
        .status,
    ).toBe(200);
  });

  it('refuses approving a day-off that meets a live shift (422 TIME_OFF_CONFLICT) and an overlapping second request (409)', async () => {
    const co = await requestsCompany();
    await cookShift(co, 'working', co.employeeId, day(6));
    const id = (await createRequest(co, co.employee, { type: 'dayOff', startDate: day(5), endDate: day(6) })).body.data
      .id;
    await refusedWithoutWrites(co, () => act(co, co.manager, id, 'approve'), 422, 'TIME_OFF_CONFLICT');
    await refusedWithoutWrites(
      co,
      () => createRequest(co, co.employee, { type: 'dayOff', startDate: day(6), endDate: day(8) }),
      409,
      'REQUEST_EXISTS',
    );
  });

  it('rejects a malformed day-off (end before start) with 400', async () => {
    const co = await requestsCompany();
    const res = await createRequest(co, co.employee, { type: 'dayOff', startDate: day(6), endDate: day(5) });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
  });
});

describe('availabilities', () => {
  it("replaces the employee's availabilities when a manager approves", async () => {
    const co = await requestsCompany();
    const availabilities = { maxHoursInWeek: 20, Monday: { shift1: { start: hm(9), end: hm(17) } } };
    const id = (await createRequest(co, co.employee, { type: 'availabilities', availabilities })).body.data.id;
    const employee = () =>
      db().collection('companies').doc(co.companyId).collection('employees').doc(co.employeeId).get();
    expect((await employee()).data()!.availabilities).toBeUndefined();
    expect((await act(co, co.employee, id, 'approve')).status).toBe(403);
    expect((await act(co, co.manager, id, 'approve')).body.data.state).toBe('approved');
    expect((await employee()).data()!.availabilities).toEqual(availabilities);
  });
});

describe('listing', () => {
  it("lists my requests, the offers I am eligible to take, and the manager's queue", async () => {
    const co = await requestsCompany();
    await cookShift(co, 'offer', co.employeeId, day(5));
    const offer = (await createRequest(co, co.employee, { type: 'replace', shiftId: 'offer' })).body.data.id;
    const off = (await createRequest(co, co.employee, { type: 'dayOff', startDate: day(9), endDate: day(9) })).body.data
      .id;

    const ids = (res: { body: { data: { id: string }[] } }) => res.body.data.map((r) => r.id).sort();
    expect(ids(await list(co, co.employee))).toEqual([offer, off].sort());
    expect(ids(await list(co, co.employee, { type: 'dayOff' }))).toEqual([off]);
    expect(ids(await list(co, co.otto, { view: 'available' }))).toEqual([offer]);
    expect(ids(await list(co, co.nina, { view: 'available' }))).toEqual([]);
    expect(ids(await list(co, co.employee, { view: 'available' }))).toEqual([]);
    expect(ids(await list(co, co.manager, { view: 'queue' }))).toEqual([off]);
    expect(ids(await list(co, co.manager, { view: 'all', from: day(6), to: day(20) }))).toEqual([off]);
    const forbidden = await list(co, co.employee, { view: 'queue' });
    expect([forbidden.status, forbidden.body.code]).toEqual([403, 'INSUFFICIENT_ROLE']);
  });

  it("hides another employee's day-off request from coworkers (404) but not from managers", async () => {
    const co = await requestsCompany();
    const id = (await createRequest(co, co.employee, { type: 'dayOff', startDate: day(9), endDate: day(9) })).body.data
      .id;
    const get = (as: typeof co.otto) =>
      api('requests').get(`/requests/${id}`).query({ companyId: co.companyId }).set(bearer(as));
    expect((await get(co.otto)).status).toBe(404);
    expect((await get(co.manager)).body.data.id).toBe(id);
    expect((await get(co.employee)).body.data.id).toBe(id);
  });
});

describe('the create body', () => {
  it('refuses fields another type takes and a type without its required fields (400, every problem listed)', async () => {
    const co = await requestsCompany();
    const swapWithDates = await createRequest(co, co.employee, { type: 'swap', shiftId: 'a', startDate: day(3) });
    expect(swapWithDates.status).toBe(400);
    expect(swapWithDates.body.details.map((d: { path: string }) => d.path).sort()).toEqual([
      'body.peerShiftId',
      'body.startDate',
    ]);
    const bare = await createRequest(co, co.employee, { type: 'availabilities' });
    expect([bare.status, bare.body.details[0].path]).toEqual([400, 'body.availabilities']);
  });
});

describe('cancelling an approved day-off', () => {
  it('opens its days to scheduling again; other approved requests cannot be cancelled (409)', async () => {
    const co = await requestsCompany();
    const id = (await createRequest(co, co.employee, { type: 'dayOff', startDate: day(6), endDate: day(6) })).body.data
      .id;
    await act(co, co.manager, id, 'approve');
    expect(
      (await putShift(co, 'blocked', { start: hm(9), end: hm(13) }, { date: day(6), employeeId: co.employeeId }))
        .status,
    ).toBe(422);
    expect((await act(co, co.employee, id, 'cancel')).body.data.state).toBe('cancelled');
    expect(
      (await putShift(co, 'blocked', { start: hm(9), end: hm(13) }, { date: day(6), employeeId: co.employeeId }))
        .status,
    ).toBe(200);

    const avail = (
      await createRequest(co, co.employee, { type: 'availabilities', availabilities: { maxDaysPerWeek: 4 } })
    ).body.data.id;
    await act(co, co.manager, avail, 'approve');
    await refusedWithoutWrites(co, () => act(co, co.employee, avail, 'cancel'), 409, 'REQUEST_NOT_PENDING');
  });
});

describe('retried creates', () => {
  it('refuses a second pending availabilities request of the same employee (409 REQUEST_EXISTS), allowed again once the first is decided', async () => {
    const co = await requestsCompany();
    const body = { type: 'availabilities', availabilities: { maxDaysPerWeek: 4 } };
    const first = (await createRequest(co, co.employee, body)).body.data.id;
    await refusedWithoutWrites(co, () => createRequest(co, co.employee, body), 409, 'REQUEST_EXISTS');
    await act(co, co.manager, first, 'deny');
    expect((await createRequest(co, co.employee, body)).status).toBe(201);
  });
});

describe('day-off dates', () => {
  it('refuses a day-off starting before today (422 DAY_OFF_IN_PAST) and one longer than 31 days (400)', async () => {
    const co = await requestsCompany();
    await refusedWithoutWrites(
      co,
      () => createRequest(co, co.employee, { type: 'dayOff', startDate: day(-1), endDate: day(1) }),
      422,
      'DAY_OFF_IN_PAST',
    );
    await refusedWithoutWrites(
      co,
      () => createRequest(co, co.employee, { type: 'dayOff', startDate: day(1), endDate: day(40) }),
      400,
      'INVALID_DATE_RANGE',
    );
  });
});
