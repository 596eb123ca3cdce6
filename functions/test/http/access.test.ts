import { api } from '../helpers/api';
import { addMember, createCompany } from '../helpers/fixtures';
import { bearer } from '../helpers/users';

describe('membership changes', () => {
  it('apply to the very next request of the member', async () => {
    const co = await createCompany();
    const create = () =>
      api('roles').post('/roles').query({ companyId: co.companyId }).set(bearer(co.employee)).send({ name: 'Runner' });
    expect((await create()).status).toBe(403);
    await addMember(co.companyId, co.employee, 'manager');
    expect((await create()).status).toBe(201);
    await addMember(co.companyId, co.employee, 'employee');
    expect((await create()).status).toBe(403);
  });
});
