import { db } from '../../src/core/firebase';
import type { Mailbox, ReceivedMail } from '../../dev/mailbox';
import { api } from '../helpers/api';
import { createUser, signIn } from '../helpers/users';
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

async function addEmployee(owner: SignedUp, name = 'Maya') {
  const res = await api('employees')
    .post('/employees')
    .query({ companyId: owner.companyId })
    .set(bearerOf(owner.token))
    .send({ name, surname: 'Lopez' });
  expect(res.status).toBe(201);
  return res.body.data.id as string;
}

async function invite(by: { companyId: string; token: string }, body: Record<string, unknown>) {
  return authApi().post('/invitations').query({ companyId: by.companyId }).set(bearerOf(by.token)).send(body);
}

/** The invitation email to `email` and the token of its link (the newest one). */
async function emailedToken(email: string, count = 1): Promise<{ mail: ReceivedMail; token: string }> {
  await mailbox.waitFor(email, () => mailbox.messages(email).length >= count);
  const mail = mailbox.messages(email).at(-1)!;
  return { mail, token: tokenInLink(mail.text) };
}

const accept = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  authApi().post('/invitations/accept').set(fromAddress()).set(headers).send(body);
const invitationDoc = async (id: string) => (await db().collection('invitations').doc(id).get()).data()!;
const membershipsOf = async (companyId: string) =>
  (await db().collection('memberships').where('companyId', '==', companyId).get()).docs.map((d) => d.data());

describe('invitations end to end', () => {
  it('sign up, create a role and an employee, invite a manager; the invitee accepts from the emailed link and their token works on the company routes', async () => {
    const owner = await signUp();
    const role = await api('roles')
      .post('/roles')
      .query({ companyId: owner.companyId })
      .set(bearerOf(owner.token))
      .send({ name: 'Kitchen', type: 'BOH' });
    expect(role.status).toBe(201);
    const employeeId = await addEmployee(owner);
    const email = newEmail('maya');

    const created = await invite(owner, { email, role: 'manager', employeeId });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      companyId: owner.companyId,
      email,
      role: 'manager',
      employeeId,
      state: 'pending',
      invitedBy: owner.uid,
      sends: 1,
    });
    expect(created.body.data.expiresAt - created.body.data.createdAt).toBe(7 * 24 * 3600_000);

    const { mail, token } = await emailedToken(email);
    expect(mail.subject).toBe('You are invited to join Olive Tree Bistro');
    expect(mail.text).toContain('as a manager');
    // only the token's hash is stored, and no answer carries the token
    const stored = await invitationDoc(created.body.data.id);
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(stored.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(created.body)).not.toContain(token);

    // the link opens the invitation page, which looks the token up: what the invitee is offered
    const link = new URL(mail.links[0]);
    expect(link.pathname).toBe('/auth/invitations/open');
    const page = await authApi().get('/invitations/open').query(Object.fromEntries(link.searchParams));
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.text).not.toContain(token);
    const preview = await authApi()
      .post('/invitations/lookup')
      .set(fromAddress())
      .send({ token: link.searchParams.get('token') });
    expect(preview.status).toBe(200);
    expect(preview.body.data).toMatchObject({
      companyName: 'Olive Tree Bistro',
      role: 'manager',
      email,
      state: 'pending',
      accountExists: false,
    });

    const accepted = await accept({ token, name: 'Maya', surname: 'Lopez', password: PASSWORD });
    expect(accepted.status).toBe(200);
    expect(accepted.body.data).toMatchObject({
      companyId: owner.companyId,
      role: 'manager',
      employeeId,
      accountCreated: true,
    });

    const mayaToken = await signIn(email, PASSWORD);
    const me = await api('employees')
      .get('/employees/me')
      .query({ companyId: owner.companyId })
      .set(bearerOf(mayaToken));
    expect(me.body.data).toMatchObject({ id: employeeId, userId: accepted.body.data.uid });
    // a manager's route
    const roles = await api('roles')
      .post('/roles')
      .query({ companyId: owner.companyId })
      .set(bearerOf(mayaToken))
      .send({ name: 'Bar', type: 'FOH' });
    expect(roles.status).toBe(201);
    const profile = await authApi().get('/me').set(bearerOf(mayaToken));
    expect(profile.body.data).toMatchObject({
      email,
      emailVerified: true,
      name: 'Maya',
      memberships: [{ companyId: owner.companyId, role: 'manager', employeeId }],
    });

    const list = await authApi().get('/invitations').query({ companyId: owner.companyId }).set(bearerOf(owner.token));
    expect(list.body.data.invitations).toEqual([
      expect.objectContaining({ id: created.body.data.id, state: 'accepted', acceptedBy: accepted.body.data.uid }),
    ]);

    // single use
    const again = await accept({ token, name: 'Eve', surname: 'Other', password: PASSWORD });
    expect(again.status).toBe(410);
    expect(again.body.code).toBe('INVITATION_USED');
    expect(await membershipsOf(owner.companyId)).toHaveLength(2);
  });
});

describe('who may invite', () => {
  it('lets managers invite employees only, and refuses employees', async () => {
    const owner = await signUp();
    const managerEmail = newEmail('mgr');
    await invite(owner, { email: managerEmail, role: 'manager' });
    const { token } = await emailedToken(managerEmail);
    await accept({ token, name: 'Max', surname: 'Manager', password: PASSWORD });
    const manager = { companyId: owner.companyId, token: await signIn(managerEmail, PASSWORD) };

    expect((await invite(manager, { email: newEmail(), role: 'employee' })).status).toBe(201);
    const before = (await db().collection('invitations').where('companyId', '==', owner.companyId).get()).size;
    for (const role of ['manager', 'owner']) {
      const res = await invite(manager, { email: newEmail(), role });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('ROLE_NOT_ALLOWED');
    }
    expect((await db().collection('invitations').where('companyId', '==', owner.companyId).get()).size).toBe(before);

    const employeeEmail = newEmail('emp');
    await invite(owner, { email: employeeEmail, role: 'employee' });
    const emp = await emailedToken(employeeEmail);
    await accept({ token: emp.token, name: 'Eli', surname: 'Employee', password: PASSWORD });
    const employee = { companyId: owner.companyId, token: await signIn(employeeEmail, PASSWORD) };
    const refused = await invite(employee, { email: newEmail(), role: 'employee' });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('INSUFFICIENT_ROLE');
  });

  it('refuses a second pending invitation to one email, a member, and an employee record linked to someone else', async () => {
    const owner = await signUp();
    const email = newEmail();
    const first = await invite(owner, { email, role: 'employee' });
    const second = await invite(owner, { email: email.toUpperCase(), role: 'employee' });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ code: 'INVITATION_PENDING', details: [{ invitationId: first.body.data.id }] });

    const member = await invite(owner, { email: owner.email, role: 'manager' });
    expect(member.status).toBe(409);
    expect(member.body.code).toBe('ALREADY_MEMBER');

    const linked = await invite(owner, { email: newEmail(), role: 'employee', employeeId: owner.employeeId });
    expect(linked.status).toBe(409);
    expect(linked.body.code).toBe('EMPLOYEE_ALREADY_LINKED');
    const unknown = await invite(owner, { email: newEmail(), role: 'employee', employeeId: 'no-such-employee' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.code).toBe('UNKNOWN_EMPLOYEE');
  });

  it('keeps nothing when the email cannot be sent (503 MAIL_UNAVAILABLE)', async () => {
    const owner = await signUp();
    const working = process.env.SMTP_URL;
    process.env.SMTP_URL = 'smtp://127.0.0.1:9';
    try {
      const res = await invite(owner, { email: newEmail(), role: 'employee' });
      expect(res.status).toBe(503);
      expect(res.body.code).toBe('MAIL_UNAVAILABLE');
    } finally {
      process.env.SMTP_URL = working;
    }
    expect((await db().collection('invitations').where('companyId', '==', owner.companyId).get()).size).toBe(0);
  });
});

describe('invitation tokens', () => {
  it('refuses an expired token (410), lists it as expired, and a resend sends a new link that works while the old one is dead', async () => {
    const owner = await signUp();
    const email = newEmail();
    const created = await invite(owner, { email, role: 'employee' });
    const { token: oldToken } = await emailedToken(email);
    await db()
      .collection('invitations')
      .doc(created.body.data.id)
      .update({ expiresAt: Date.now() - 1000 });

    const expired = await accept({ token: oldToken, name: 'Late', surname: 'Comer', password: PASSWORD });
    expect(expired.status).toBe(410);
    expect(expired.body.code).toBe('INVITATION_EXPIRED');
    const list = await authApi()
      .get('/invitations')
      .query({ companyId: owner.companyId, state: 'expired' })
      .set(bearerOf(owner.token));
    expect(list.body.data.invitations.map((i: { id: string }) => i.id)).toEqual([created.body.data.id]);
    expect(
      (
        await authApi()
          .get('/invitations')
          .query({ companyId: owner.companyId, state: 'pending' })
          .set(bearerOf(owner.token))
      ).body.data.invitations,
    ).toEqual([]);

    const resent = await authApi()
      .post(`/invitations/${created.body.data.id}/resend`)
      .query({ companyId: owner.companyId })
      .set(bearerOf(owner.token));
    expect(resent.status).toBe(200);
    expect(resent.body.data).toMatchObject({ state: 'pending', sends: 2 });
    expect(resent.body.data.expiresAt).toBeGreaterThan(Date.now() + 6 * 24 * 3600_000);
    const { token: newToken } = await emailedToken(email, 2);
    expect(newToken).not.toBe(oldToken);

    const stale = await accept({ token: oldToken, name: 'Late', surname: 'Comer', password: PASSWORD });
    expect(stale.status).toBe(404);
    expect(stale.body.code).toBe('INVITATION_NOT_FOUND');
    expect((await accept({ token: newToken, name: 'Late', surname: 'Comer', password: PASSWORD })).status).toBe(200);
  });

  it('refuses a revoked token with 410 and creates no account', async () => {
    const owner = await signUp();
    const email = newEmail();
    const created = await invite(owner, { email, role: 'employee' });
    const { token } = await emailedToken(email);
    const revoked = await authApi()
      .post(`/invitations/${created.body.data.id}/revoke`)
      .query({ companyId: owner.companyId })
      .set(bearerOf(owner.token));
    expect(revoked.body.data).toMatchObject({ state: 'revoked', revokedAt: expect.any(Number) });
    const again = await authApi()
      .post(`/invitations/${created.body.data.id}/revoke`)
      .query({ companyId: owner.companyId })
      .set(bearerOf(owner.token));
    expect(again.body.data.revokedAt).toBe(revoked.body.data.revokedAt);

    const res = await accept({ token, name: 'Rex', surname: 'Revoked', password: PASSWORD });
    expect(res.status).toBe(410);
    expect(res.body.code).toBe('INVITATION_REVOKED');
    await expect(signIn(email, PASSWORD)).rejects.toThrow();
    const resend = await authApi()
      .post(`/invitations/${created.body.data.id}/resend`)
      .query({ companyId: owner.companyId })
      .set(bearerOf(owner.token));
    expect(resend.body.code).toBe('INVITATION_REVOKED');
  });

  it('answers unknown and malformed tokens without revealing anything', async () => {
    const unknown = await accept({ token: `inv_${'A'.repeat(43)}`, name: 'A', surname: 'B', password: PASSWORD });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('INVITATION_NOT_FOUND');
    const malformed = await accept({ token: 'guess', name: 'A', surname: 'B', password: PASSWORD });
    expect(malformed.status).toBe(400);
  });

  it('asks an invitee without an account for name, surname and password', async () => {
    const owner = await signUp();
    const email = newEmail();
    await invite(owner, { email, role: 'employee' });
    const { token } = await emailedToken(email);
    const res = await accept({ token });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('ACCOUNT_DETAILS_REQUIRED');
  });
});

describe('accepting with an existing account', () => {
  it('needs that account signed in: without it 409 ACCOUNT_EXISTS, with another account 403 EMAIL_MISMATCH', async () => {
    const owner = await signUp();
    const existing = await createUser({ label: 'existing' });
    const other = await createUser({ label: 'other' });
    await invite(owner, { email: existing.email, role: 'employee' });
    const { token } = await emailedToken(existing.email);

    const preview = await authApi().post('/invitations/lookup').set(fromAddress()).send({ token });
    expect(preview.body.data.accountExists).toBe(true);
    expect((await accept({ token, name: 'X', surname: 'Y', password: PASSWORD })).body.code).toBe('ACCOUNT_EXISTS');
    expect((await accept({ token }, bearerOf(other.token))).body.code).toBe('EMAIL_MISMATCH');

    const joined = await accept({ token }, bearerOf(existing.token));
    expect(joined.status).toBe(200);
    expect(joined.body.data).toMatchObject({ uid: existing.uid, role: 'employee', accountCreated: false });
    const roles = await api('roles').get('/roles').query({ companyId: owner.companyId }).set(bearerOf(existing.token));
    expect(roles.status).toBe(200);
  });

  it('lets exactly one of two concurrent accepts of one token through', async () => {
    const owner = await signUp();
    const existing = await createUser({ label: 'racer' });
    await invite(owner, { email: existing.email, role: 'employee' });
    const { token } = await emailedToken(existing.email);
    const answers = await Promise.all([
      accept({ token }, bearerOf(existing.token)),
      accept({ token }, bearerOf(existing.token)),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, expect.any(Number)]);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.find((a) => a.status !== 200)!.body.code).toMatch(
      /^(INVITATION_USED|ALREADY_MEMBER|CONCURRENT_MODIFICATION)$/,
    );
    expect((await membershipsOf(owner.companyId)).filter((m) => m.uid === existing.uid)).toHaveLength(1);
  });
});
