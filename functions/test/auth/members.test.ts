import { db } from '../../src/core/firebase';
import type { Mailbox } from '../../dev/mailbox';
import { api } from '../helpers/api';
import { signIn } from '../helpers/users';
import {
  authApi,
  bearerOf,
  fromAddress,
  newEmail,
  signUp,
  tokenInLink,
  useMailbox,
  PASSWORD,
  type SignedUp,
} from './support';

let mailbox: Mailbox;
beforeAll(async () => {
  mailbox = await useMailbox();
});
afterAll(() => mailbox.close());

interface Joined {
  uid: string;
  token: string;
  employeeId: string | null;
}

/** Invites `email` with `role` (and an employee record) and accepts as a new account. */
async function join(owner: SignedUp, role: 'owner' | 'manager' | 'employee', withEmployee = false): Promise<Joined> {
  const email = newEmail(role);
  let employeeId: string | null = null;
  if (withEmployee) {
    const created = await api('employees')
      .post('/employees')
      .query({ companyId: owner.companyId })
      .set(bearerOf(owner.token))
      .send({ name: 'Sky', surname: 'Member' });
    employeeId = created.body.data.id;
  }
  const res = await authApi()
    .post('/invitations')
    .query({ companyId: owner.companyId })
    .set(bearerOf(owner.token))
    .send({ email, role, ...(employeeId ? { employeeId } : {}) });
  expect(res.status).toBe(201);
  const mail = await mailbox.waitFor(email);
  const accepted = await authApi()
    .post('/invitations/accept')
    .set(fromAddress())
    .send({ token: tokenInLink(mail.text), name: 'Sky', surname: 'Member', password: PASSWORD });
  expect(accepted.status).toBe(200);
  return { uid: accepted.body.data.uid, token: await signIn(email, PASSWORD), employeeId };
}

const members = (owner: SignedUp, token = owner.token) =>
  authApi().get('/members').query({ companyId: owner.companyId }).set(bearerOf(token));
const setRole = (owner: SignedUp, uid: string, role: string, token = owner.token) =>
  authApi().patch(`/members/${uid}`).query({ companyId: owner.companyId }).set(bearerOf(token)).send({ role });
const remove = (owner: SignedUp, uid: string, token = owner.token) =>
  authApi().delete(`/members/${uid}`).query({ companyId: owner.companyId }).set(bearerOf(token));

describe('GET and PATCH /auth/me', () => {
  it('updates your own profile and the account display name; unknown fields are refused', async () => {
    const owner = await signUp();
    const res = await authApi()
      .patch('/me')
      .set(bearerOf(owner.token))
      .send({ name: 'Olga', phone: '+1 555 0100', locale: 'es-MX' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'Olga', surname: 'Owner', phone: '+1 555 0100', locale: 'es-MX' });
    const list = await members(owner);
    expect(list.body.data[0]).toMatchObject({ uid: owner.uid, name: 'Olga Owner' });
    const refused = await authApi().patch('/me').set(bearerOf(owner.token)).send({ email: 'new@example.test' });
    expect(refused.status).toBe(400);
    expect((await authApi().get('/me')).status).toBe(401);
  });
});

describe('membership management', () => {
  it('lists members with roles, owners first, for managers and owners only', async () => {
    const owner = await signUp();
    const manager = await join(owner, 'manager');
    const employee = await join(owner, 'employee');
    const list = await members(owner, manager.token);
    expect(list.status).toBe(200);
    expect(list.body.data.map((m: { uid: string; role: string }) => [m.uid, m.role])).toEqual([
      [owner.uid, 'owner'],
      [manager.uid, 'manager'],
      [employee.uid, 'employee'],
    ]);
    expect((await members(owner, employee.token)).body.code).toBe('INSUFFICIENT_ROLE');
  });

  it('lets only owners change roles, and never demotes the last owner', async () => {
    const owner = await signUp();
    const manager = await join(owner, 'manager');
    const byManager = await setRole(owner, manager.uid, 'owner', manager.token);
    expect(byManager.body.code).toBe('INSUFFICIENT_ROLE');

    const lastOwner = await setRole(owner, owner.uid, 'manager');
    expect(lastOwner.status).toBe(422);
    expect(lastOwner.body.code).toBe('LAST_OWNER');

    expect((await setRole(owner, manager.uid, 'owner')).body.data).toMatchObject({ uid: manager.uid, role: 'owner' });
    // now there is another owner: the first may step down, and the new owner's token has owner rights at once
    expect((await setRole(owner, owner.uid, 'manager')).body.data.role).toBe('manager');
    expect((await setRole(owner, owner.uid, 'owner', manager.token)).status).toBe(200);
    expect((await setRole(owner, 'no-such-user', 'employee')).body.code).toBe('MEMBER_NOT_FOUND');
  });

  it('removes a member: their token stops working on the company, their employee record stays and is unlinked', async () => {
    const owner = await signUp();
    const employee = await join(owner, 'employee', true);
    const before = await api('roles').get('/roles').query({ companyId: owner.companyId }).set(bearerOf(employee.token));
    expect(before.status).toBe(200);

    const res = await remove(owner, employee.uid);
    expect(res.body.data).toEqual({ companyId: owner.companyId, uid: employee.uid, removed: true });
    const after = await api('roles').get('/roles').query({ companyId: owner.companyId }).set(bearerOf(employee.token));
    expect(after.status).toBe(403);
    expect(after.body.code).toBe('NOT_A_MEMBER');
    const record = (
      await db().collection('companies').doc(owner.companyId).collection('employees').doc(employee.employeeId!).get()
    ).data()!;
    expect(record).toMatchObject({ userId: null, archived: false, name: 'Sky' });
    expect((await remove(owner, employee.uid)).body.code).toBe('MEMBER_NOT_FOUND');
  });

  it('lets managers remove employees but not managers or owners; the last owner cannot be removed or leave', async () => {
    const owner = await signUp();
    const manager = await join(owner, 'manager');
    const otherManager = await join(owner, 'manager');
    const employee = await join(owner, 'employee');
    expect((await remove(owner, otherManager.uid, manager.token)).body.code).toBe('ROLE_NOT_ALLOWED');
    expect((await remove(owner, owner.uid, manager.token)).body.code).toBe('ROLE_NOT_ALLOWED');
    expect((await remove(owner, employee.uid, manager.token)).status).toBe(200);

    const removeLast = await remove(owner, owner.uid);
    expect(removeLast.status).toBe(422);
    expect(removeLast.body.code).toBe('LAST_OWNER');
    const leaveLast = await authApi().post('/leave').query({ companyId: owner.companyId }).set(bearerOf(owner.token));
    expect(leaveLast.body.code).toBe('LAST_OWNER');
    expect((await members(owner)).body.data).toHaveLength(3);
  });

  it('lets a member leave the company', async () => {
    const owner = await signUp();
    const employee = await join(owner, 'employee');
    const res = await authApi().post('/leave').query({ companyId: owner.companyId }).set(bearerOf(employee.token));
    expect(res.body.data).toEqual({ companyId: owner.companyId, left: true });
    expect((await authApi().get('/me').set(bearerOf(employee.token))).body.data.memberships).toEqual([]);
  });
});
