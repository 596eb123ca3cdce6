import { instant } from '../../src/core/calendar';
import { giveEmployeeRecord } from '../helpers/fixtures';
import { bearer, type TestUser } from '../helpers/users';
import { att, attendanceCompany, auditOf } from './helpers';

const TZ = 'Europe/Madrid';
const at = (minute: number) => instant('2025-03-04', minute, TZ);

describe('no one approves their own punches', () => {
  it("refuses a manager approving the punch they added for themselves (403 SELF_APPROVAL); the owner's approval is audited with the owner's name", async () => {
    const co = await attendanceCompany();
    const managerEmployeeId = await giveEmployeeRecord(co.companyId, co.manager, 'manager');
    const created = await att()
      .post('/punches')
      .query({ companyId: co.companyId })
      .set(bearer(co.manager))
      .send({ employeeId: managerEmployeeId, clockInAt: at(9 * 60), clockOutAt: at(17 * 60), reason: 'forgot' });
    expect(created.status).toBe(201);
    const punchId = created.body.data.id;
    const approve = (as: TestUser) =>
      att().post(`/punches/${punchId}/approve`).query({ companyId: co.companyId }).set(bearer(as)).send();

    const own = await approve(co.manager);
    expect(own.status).toBe(403);
    expect(own.body.code).toBe('SELF_APPROVAL');
    const bulk = await att()
      .post('/punches/approve')
      .query({ companyId: co.companyId })
      .set(bearer(co.manager))
      .send({ punchIds: [punchId] });
    expect(bulk.body.data).toMatchObject({ approved: [], skipped: [{ punchId, code: 'SELF_APPROVAL' }] });
    expect((await auditOf(co.companyId, punchId)).map((e) => e.action)).toEqual(['create']);

    const byOwner = await approve(co.owner);
    expect(byOwner.body.data).toMatchObject({ state: 'approved', approvedBy: co.owner.uid });
    expect((await auditOf(co.companyId, punchId)).at(-1)).toMatchObject({ action: 'approve', by: co.owner.uid });
  });

  it("lets a manager approve another employee's punch", async () => {
    const co = await attendanceCompany();
    await giveEmployeeRecord(co.companyId, co.manager, 'manager');
    const created = await att()
      .post('/punches')
      .query({ companyId: co.companyId })
      .set(bearer(co.manager))
      .send({ employeeId: co.employeeId, clockInAt: at(9 * 60), clockOutAt: at(12 * 60), reason: 'forgot' });
    const res = await att()
      .post(`/punches/${created.body.data.id}/approve`)
      .query({ companyId: co.companyId })
      .set(bearer(co.manager))
      .send();
    expect(res.body.data).toMatchObject({ state: 'approved', approvedBy: co.manager.uid });
  });
});
