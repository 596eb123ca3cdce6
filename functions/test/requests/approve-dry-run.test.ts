import { api } from '../helpers/api';
import { snapshotCompany } from '../helpers/fixtures';
import { bearer, type TestUser } from '../helpers/users';
import { act, cookShift, createRequest, day, requestsCompany, type RequestsCompany } from './helpers';

/**
 * POST /requests/{id}/approve?dryRun=true answers what approval would do and writes nothing; the
 * real call then answers the same outcome (dryRun false), or the refusal the dry run named.
 */
const dryApprove = (co: RequestsCompany, as: TestUser, id: string) =>
  api('requests')
    .post(`/requests/${id}/approve`)
    .query({ companyId: co.companyId, dryRun: 'true' })
    .set(bearer(as))
    .send({});

describe('a dry run of a request approval', () => {
  it('answers the approved request and writes nothing; the real call answers the same outcome', async () => {
    const co = await requestsCompany();
    const id = (await createRequest(co, co.employee, { type: 'dayOff', startDate: day(6), endDate: day(7) })).body.data
      .id;
    const before = await snapshotCompany(co.companyId);
    const dry = await dryApprove(co, co.manager, id);
    expect(dry.status).toBe(200);
    expect(dry.body.data.state).toBe('approved');
    expect(dry.body.data.outcome).toEqual({ dryRun: true, refusal: null, blocking: [], warnings: [], premiums: [] });
    expect(await snapshotCompany(co.companyId)).toEqual(before);
    const real = await act(co, co.manager, id, 'approve');
    expect(real.status).toBe(200);
    expect(real.body.data.state).toBe('approved');
    expect(real.body.data.outcome).toEqual({ ...dry.body.data.outcome, dryRun: false });
  });

  it('names the refusal the real call answers (422 TIME_OFF_CONFLICT, then 409 REQUEST_NOT_PENDING), writing nothing', async () => {
    const co = await requestsCompany();
    await cookShift(co, 'working', co.employeeId, day(6));
    const id = (await createRequest(co, co.employee, { type: 'dayOff', startDate: day(5), endDate: day(6) })).body.data
      .id;
    const before = await snapshotCompany(co.companyId);
    const dry = await dryApprove(co, co.manager, id);
    expect(dry.status).toBe(200);
    expect(dry.body.data.state).toBe('pending_manager');
    expect(await snapshotCompany(co.companyId)).toEqual(before);
    const real = await act(co, co.manager, id, 'approve');
    expect(dry.body.data.outcome.refusal).toEqual({
      status: real.status,
      code: real.body.code,
      message: real.body.error,
    });
    expect(real.body.code).toBe('TIME_OFF_CONFLICT');

    const other = (await createRequest(co, co.employee, { type: 'dayOff', startDate: day(9), endDate: day(9) })).body
      .data.id;
    expect((await act(co, co.manager, other, 'approve')).status).toBe(200);
    const again = await dryApprove(co, co.manager, other);
    expect([again.status, again.body.data.outcome.refusal?.code]).toEqual([200, 'REQUEST_NOT_PENDING']);
  });

  it('stays an error for a caller who may not approve (403) and an unknown request (404)', async () => {
    const co = await requestsCompany();
    const id = (await createRequest(co, co.employee, { type: 'dayOff', startDate: day(6), endDate: day(6) })).body.data
      .id;
    expect((await dryApprove(co, co.employee, id)).status).toBe(403);
    expect((await dryApprove(co, co.manager, 'no-such-request')).status).toBe(404);
  });
});
