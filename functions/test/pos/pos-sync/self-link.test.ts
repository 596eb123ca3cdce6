import { writeRoster } from '../../../src/modules/pos-sync';
import { giveEmployeeRecord } from '../../helpers/fixtures';
import { docsOf, link, posCompany, posEmployee, posId } from './helpers';

describe('no one links a POS employee to their own record', () => {
  it("refuses a manager linking a POS employee (and so its tips) to their own record: 403 SELF_APPROVAL, nothing linked; the owner's link names the owner", async () => {
    const co = await posCompany();
    const managerEmployeeId = await giveEmployeeRecord(co.companyId, co.manager, 'manager');
    await writeRoster(co.target, [posEmployee({ vendorId: 'tm-tips' })]);
    const id = posId(co, 'tm-tips');

    const own = await link(co, id, managerEmployeeId);
    expect([own.status, own.body.code]).toEqual([403, 'SELF_APPROVAL']);
    const stored = (await docsOf(co.companyId, 'posEmployees')).find((p) => p.id === id);
    expect(stored?.employeeId ?? null).toBeNull();

    const byOwner = await link(co, id, managerEmployeeId, co.owner);
    expect(byOwner.status).toBe(200);
    expect(byOwner.body.data.posEmployee).toMatchObject({ employeeId: managerEmployeeId, linkedBy: co.owner.uid });
  });
});
