import { api } from '../helpers/api';
import { giveEmployeeRecord, snapshotCompany } from '../helpers/fixtures';
import { bearer, createUser } from '../helpers/users';
import { act, createRequest, day, requestsCompany } from './helpers';

describe('no one approves their own requests', () => {
  it('refuses a manager switching manager approval off (403), writing nothing; the owner may', async () => {
    const co = await requestsCompany();
    const patch = (as: typeof co.owner) =>
      api('requests')
        .patch('/request-policy')
        .query({ companyId: co.companyId })
        .set(bearer(as))
        .send({ managerApproval: { dayOff: false } });
    const before = await snapshotCompany(co.companyId);
    const byManager = await patch(co.manager);
    expect(byManager.status).toBe(403);
    expect(byManager.body.code).toBe('INSUFFICIENT_ROLE');
    expect(await snapshotCompany(co.companyId)).toEqual(before);
    expect((await patch(co.owner)).body.data.managerApproval.dayOff).toBe(false);
  });

  it("refuses a manager approving their own day-off (403 SELF_APPROVAL); another manager's approval names that manager", async () => {
    const co = await requestsCompany();
    await giveEmployeeRecord(co.companyId, co.manager, 'manager');
    const created = await createRequest(co, co.manager, { type: 'dayOff', startDate: day(6), endDate: day(7) });
    expect(created.body.data.state).toBe('pending_manager');
    const id = created.body.data.id;

    const own = await act(co, co.manager, id, 'approve');
    expect(own.status).toBe(403);
    expect(own.body.code).toBe('SELF_APPROVAL');

    const colleague = await createUser({ label: 'second-manager' });
    await giveEmployeeRecord(co.companyId, colleague, 'manager');
    const approved = await act(co, colleague, id, 'approve');
    expect(approved.body.data.state).toBe('approved');
    expect(approved.body.data.history.at(-1)).toMatchObject({ action: 'approve', by: colleague.uid });
  });

  it('lets the owner approve their own day-off (no one is above them)', async () => {
    const co = await requestsCompany();
    await giveEmployeeRecord(co.companyId, co.owner, 'owner');
    const created = await createRequest(co, co.owner, { type: 'dayOff', startDate: day(6), endDate: day(6) });
    const approved = await act(co, co.owner, created.body.data.id, 'approve');
    expect(approved.body.data).toMatchObject({ state: 'approved' });
    expect(approved.body.data.history.at(-1)).toMatchObject({ action: 'approve', by: co.owner.uid });
  });
});
