import type { Mailbox } from '../../dev/mailbox';
import { linkedRecordsOf } from '../../src/modules/organizations';
import { api } from '../helpers/api';
import { bearer } from '../helpers/users';
import { authApi, fromAddress, tokenInLink, useMailbox } from '../auth/support';
import { addMember, createCompany } from '../helpers/fixtures';
import { orgApi, twoLocationGroup, type Group } from './support';

jest.setTimeout(90_000);

let mailbox: Mailbox;
beforeAll(async () => {
  mailbox = await useMailbox();
});
afterAll(() => mailbox.close());

/** B's owner adds a record for A's employee and invites them to it; they accept signed in. */
async function inviteAtB(g: Group): Promise<string> {
  const created = await api('employees')
    .post('/employees')
    .query({ companyId: g.b.companyId })
    .set(bearer(g.b.owner))
    .send({ name: 'Emma', surname: 'Employee' });
  expect(created.status).toBe(201);
  const employeeId = created.body.data.id as string;
  const person = g.a.employee;
  const invited = await authApi()
    .post('/invitations')
    .query({ companyId: g.b.companyId })
    .set(bearer(g.b.owner))
    .send({ email: person.email, role: 'employee', employeeId });
  expect(invited.status).toBe(201);
  await mailbox.waitFor(person.email, () => mailbox.messages(person.email).length >= 1);
  const token = tokenInLink(mailbox.messages(person.email).at(-1)!.text);
  const accepted = await authApi().post('/invitations/accept').set(fromAddress()).set(bearer(person)).send({ token });
  expect(accepted.status).toBe(200);
  return employeeId;
}

describe('the same person invited at a second location', () => {
  it('links their records when both locations have one employer', async () => {
    const g = await twoLocationGroup();
    const atB = await inviteAtB(g);
    expect(await linkedRecordsOf(g.a.companyId, g.a.employeeId)).toEqual([
      { companyId: g.b.companyId, employeeId: atB, locationName: 'Harbor South' },
    ]);
    expect(await linkedRecordsOf(g.b.companyId, atB)).toEqual([
      { companyId: g.a.companyId, employeeId: g.a.employeeId, locationName: 'Harbor North' },
    ]);
  });

  it('does not link them across two employers', async () => {
    const g = await twoLocationGroup();
    const second = await orgApi()
      .post(`/organizations/${g.orgId}/employers`)
      .set(bearer(g.owner))
      .send({ name: 'Harbor South LLC', ein: '20-7654321' });
    await orgApi()
      .put(`/organizations/${g.orgId}/locations/${g.b.companyId}`)
      .set(bearer(g.owner))
      .send({ employerId: second.body.data.id });
    const atB = await inviteAtB(g);
    expect(await linkedRecordsOf(g.a.companyId, g.a.employeeId)).toEqual([]);
    expect(await linkedRecordsOf(g.b.companyId, atB)).toEqual([]);
  });

  it('links only the records of the same employer when the person also works for another employer of the group', async () => {
    const g = await twoLocationGroup();
    const other = await orgApi()
      .post(`/organizations/${g.orgId}/employers`)
      .set(bearer(g.owner))
      .send({ name: 'Harbor Catering LLC', ein: '30-1234567' });
    const c = await createCompany({ profile: { name: 'Harbor Catering' } });
    await addMember(c.companyId, g.owner, 'owner');
    await addMember(c.companyId, g.a.employee, 'employee', c.employeeId);
    const attached = await orgApi()
      .put(`/organizations/${g.orgId}/locations/${c.companyId}`)
      .set(bearer(g.owner))
      .send({ employerId: other.body.data.id });
    expect(attached.status).toBe(200);
    const atB = await inviteAtB(g);
    expect(await linkedRecordsOf(g.b.companyId, atB)).toEqual([
      { companyId: g.a.companyId, employeeId: g.a.employeeId, locationName: 'Harbor North' },
    ]);
    expect(await linkedRecordsOf(c.companyId, c.employeeId)).toEqual([]);
  });
});
