import { api } from '../helpers/api';
import { addMember, createCompany, type TestCompany } from '../helpers/fixtures';
import { bearer, type TestUser } from '../helpers/users';

export const orgApi = () => api('organizations');

export const EMPLOYER = { name: 'Harbor Group LLC', ein: '12-3456789', companyCodes: { adp: 'HG1' } };

export interface Group {
  orgId: string;
  employerId: string;
  /** The organization's owner: the owner of location A, made an owner of B too. */
  owner: TestUser;
  a: TestCompany;
  b: TestCompany;
}

/** Two locations A and B of one employer; A's owner owns the organization (and B, so as to attach it). */
export async function twoLocationGroup(names = { a: 'Harbor North', b: 'Harbor South' }): Promise<Group> {
  const [a, b] = await Promise.all([
    createCompany({ profile: { name: names.a } }),
    createCompany({ profile: { name: names.b } }),
  ]);
  return groupOf(a, b);
}

/** Companies A and B made two locations of one employer, as `twoLocationGroup` does. */
export async function groupOf<A extends TestCompany, B extends TestCompany>(
  a: A,
  b: B,
): Promise<Group & { a: A; b: B }> {
  const created = await orgApi()
    .post('/organizations')
    .query({ companyId: a.companyId })
    .set(bearer(a.owner))
    .send({ name: 'Harbor Group', employer: EMPLOYER });
  expect(created.status).toBe(201);
  const orgId = created.body.data.id as string;
  const employerId = created.body.data.employers[0].id as string;
  await addMember(b.companyId, a.owner, 'owner');
  const attached = await orgApi()
    .put(`/organizations/${orgId}/locations/${b.companyId}`)
    .set(bearer(a.owner))
    .send({ employerId });
  expect(attached.status).toBe(200);
  return { orgId, employerId, owner: a.owner, a, b };
}

/** Links A's employee record with B's (one person, by the owner's word): by default each fixture's Emma. */
export async function linkEmployees(g: Group, records = { a: g.a.employeeId, b: g.b.employeeId }) {
  const res = await orgApi()
    .post(`/organizations/${g.orgId}/employee-links`)
    .set(bearer(g.owner))
    .send({
      records: [
        { companyId: g.a.companyId, employeeId: records.a },
        { companyId: g.b.companyId, employeeId: records.b },
      ],
    });
  expect(res.status).toBe(201);
  return res.body.data as { id: string; employerId: string; records: { companyId: string; employeeId: string }[] };
}
