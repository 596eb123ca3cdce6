import { auth, db } from '../../src/core/firebase';
import { moduleNamed } from '../../src/modules/registry';
import { createUser, signIn, type TestUser } from '../helpers/users';
import { authApi, bearerOf, signUp } from './support';

let admin: TestUser;
beforeAll(async () => {
  admin = await createUser({ admin: true, label: 'admin' });
});

const adminHeaders = () => ({ Authorization: `Bearer ${admin.token}` });
const auditOf = async (uid: string) =>
  (await authApi().get('/admin/audit').query({ targetUid: uid }).set(adminHeaders())).body.data.entries;

describe('admin tier', () => {
  it('refuses every admin route to a signed-in non-admin (403 ADMIN_REQUIRED) and to no one (401)', async () => {
    const owner = await signUp();
    const adminRoutes = moduleNamed('auth')
      .http()
      .routes.filter((r) => r.access.kind === 'admin');
    expect(adminRoutes.length).toBeGreaterThanOrEqual(7);
    for (const route of adminRoutes) {
      const path = route.path.replace(':uid', owner.uid);
      const signedIn = await authApi()[route.method](path).set(bearerOf(owner.token)).send({ admin: true });
      expect([route.path, signedIn.status, signedIn.body.code]).toEqual([route.path, 403, 'ADMIN_REQUIRED']);
      const anonymous = await authApi()[route.method](path).send({ admin: true });
      expect([route.path, anonymous.status]).toEqual([route.path, 401]);
    }
    expect((await auth().getUser(owner.uid)).customClaims?.admin).toBeUndefined();
    expect(await auditOf(owner.uid)).toEqual([]);
  });

  it('finds a user by email and pages through users', async () => {
    const owner = await signUp();
    const found = await authApi().get('/admin/users').query({ email: owner.email }).set(adminHeaders());
    expect(found.body.data).toEqual({
      users: [expect.objectContaining({ uid: owner.uid, email: owner.email, disabled: false, admin: false })],
      nextPageToken: null,
    });
    const detail = await authApi().get(`/admin/users/${owner.uid}`).set(adminHeaders());
    expect(detail.body.data.memberships).toEqual([
      {
        companyId: owner.companyId,
        companyName: 'Olive Tree Bistro',
        role: 'owner',
        employeeId: owner.employeeId,
        organizationRole: null,
      },
    ]);

    const first = await authApi().get('/admin/users').query({ limit: 2 }).set(adminHeaders());
    expect(first.body.data.users).toHaveLength(2);
    const second = await authApi()
      .get('/admin/users')
      .query({ limit: 2, pageToken: first.body.data.nextPageToken })
      .set(adminHeaders());
    expect(second.body.data.users.map((u: { uid: string }) => u.uid)).not.toContain(first.body.data.users[0].uid);
    expect((await authApi().get('/admin/users/no-such-user').set(adminHeaders())).body.code).toBe('USER_NOT_FOUND');
  });

  it('grants and revokes the admin claim (other claims kept), with an audit entry each', async () => {
    const owner = await signUp();
    await auth().setCustomUserClaims(owner.uid, { beta: true });
    const granted = await authApi().post(`/admin/users/${owner.uid}/admin`).set(adminHeaders()).send({ admin: true });
    expect(granted.body.data.admin).toBe(true);
    expect((await auth().getUser(owner.uid)).customClaims).toEqual({ beta: true, admin: true });
    // a fresh token carries the claim: the admin routes open
    const fresh = await signIn(owner.email, 'correct-horse-battery');
    expect((await authApi().get('/admin/users').query({ limit: 1 }).set(bearerOf(fresh))).status).toBe(200);

    await authApi().post(`/admin/users/${owner.uid}/admin`).set(adminHeaders()).send({ admin: false });
    expect((await auth().getUser(owner.uid)).customClaims).toEqual({ beta: true });
    expect((await auditOf(owner.uid)).map((e: { action: string; actorUid: string }) => [e.action, e.actorUid])).toEqual(
      [
        ['revokeAdmin', admin.uid],
        ['grantAdmin', admin.uid],
      ],
    );
  });

  it('disables a user (their token is refused at once) and enables them again', async () => {
    const owner = await signUp();
    const me = () => authApi().get('/me').set(bearerOf(owner.token));
    expect((await me()).status).toBe(200);
    const disabled = await authApi().post(`/admin/users/${owner.uid}/disable`).set(adminHeaders());
    expect(disabled.body.data.disabled).toBe(true);
    const refused = await me();
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ code: 'AUTH_INVALID_TOKEN', error: 'This account is disabled' });
    await expect(signIn(owner.email, 'correct-horse-battery')).rejects.toThrow(/USER_DISABLED/);

    await authApi().post(`/admin/users/${owner.uid}/enable`).set(adminHeaders());
    const token = await signIn(owner.email, 'correct-horse-battery');
    expect((await authApi().get('/me').set(bearerOf(token))).status).toBe(200);
    expect((await auditOf(owner.uid)).map((e: { action: string }) => e.action)).toEqual(['enable', 'disable']);
  });

  it("revokes a user's sessions: tokens issued before are refused, a new sign-in works", async () => {
    const owner = await signUp();
    // ID tokens carry whole seconds: revoke in a later second than the sign-in
    await new Promise((r) => setTimeout(r, 1100));
    const res = await authApi().post(`/admin/users/${owner.uid}/revoke-sessions`).set(adminHeaders());
    expect(res.body.data.tokensValidAfter).toEqual(expect.any(Number));
    const old = await authApi().get('/me').set(bearerOf(owner.token));
    expect(old.status).toBe(401);
    expect(old.body.error).toBe('The session was revoked: sign in again');
    await new Promise((r) => setTimeout(r, 1100));
    const token = await signIn(owner.email, 'correct-horse-battery');
    expect((await authApi().get('/me').set(bearerOf(token))).status).toBe(200);
  });

  it('keeps administrators from locking themselves out', async () => {
    for (const [path, body] of [
      [`/admin/users/${admin.uid}/admin`, { admin: false }],
      [`/admin/users/${admin.uid}/disable`, {}],
      [`/admin/users/${admin.uid}/revoke-sessions`, {}],
    ] as const) {
      const res = await authApi().post(path).set(adminHeaders()).send(body);
      expect([path, res.status, res.body.code]).toEqual([path, 422, 'SELF_LOCKOUT']);
    }
    expect((await auth().getUser(admin.uid)).customClaims?.admin).toBe(true);
    expect((await db().collection('authAudit').where('targetUid', '==', admin.uid).get()).size).toBe(0);
  });
});
