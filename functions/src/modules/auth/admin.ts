import type { UserRecord } from 'firebase-admin/auth';
import { auth } from '../../core/firebase';
import { coreErrors } from '../../core/errors';
import { forgetVerifiedTokensOf, type Caller } from '../../http/auth';
import { authErrors } from './errors';
import { membershipsOf } from './memberships-view';
import * as repo from './repo';

const errorCode = (err: unknown) => (err as { code?: string }).code;
const millis = (utc: string | undefined) => (utc ? Date.parse(utc) : null);

function userView(user: UserRecord) {
  return {
    uid: user.uid,
    email: user.email ?? null,
    displayName: user.displayName ?? null,
    emailVerified: user.emailVerified,
    disabled: user.disabled,
    admin: user.customClaims?.admin === true,
    createdAt: millis(user.metadata.creationTime),
    lastSignInAt: millis(user.metadata.lastSignInTime),
    tokensValidAfter: millis(user.tokensValidAfterTime),
  };
}

async function userRecord(uid: string): Promise<UserRecord> {
  try {
    return await auth().getUser(uid);
  } catch (err) {
    if (errorCode(err) === 'auth/user-not-found' || errorCode(err) === 'auth/invalid-uid')
      throw authErrors.USER_NOT_FOUND('No such user');
    throw err;
  }
}

export async function listUsers({ query }: { query: { email?: string; limit: number; pageToken?: string } }) {
  if (query.email) {
    const user = await auth()
      .getUserByEmail(query.email)
      .catch((err) => {
        if (errorCode(err) === 'auth/user-not-found') return null;
        throw err;
      });
    return { users: user ? [userView(user)] : [], nextPageToken: null };
  }
  try {
    const page = await auth().listUsers(query.limit, query.pageToken);
    return { users: page.users.map(userView), nextPageToken: page.pageToken ?? null };
  } catch (err) {
    if (errorCode(err) === 'auth/invalid-page-token') {
      throw coreErrors.VALIDATION_FAILED('Invalid request: query.pageToken: not a page token of this list', [
        { path: 'query.pageToken', message: 'not a page token of this list' },
      ]);
    }
    throw err;
  }
}

export async function getUser({ uid }: { uid: string }) {
  const [user, memberships] = await Promise.all([userRecord(uid), membershipsOf(uid)]);
  return { ...userView(user), memberships };
}

/** Every administrator action: the change, then its audit entry. */
async function audited(actor: Caller, targetUid: string, action: repo.AuditAction, change: () => Promise<unknown>) {
  await change();
  await repo.auditRef().set({ at: Date.now(), actorUid: actor.uid, actorEmail: actor.email, action, targetUid });
  forgetVerifiedTokensOf(targetUid);
  return getUser({ uid: targetUid });
}

function assertNotSelf(actor: Caller, uid: string, what: string) {
  if (actor.uid === uid) throw authErrors.SELF_LOCKOUT(`You cannot ${what} yourself: ask another administrator`);
}

/** Grants or revokes the admin claim (other custom claims kept); it reaches the user's ID token at its next refresh. */
export async function setAdmin({ caller, uid, admin }: { caller: Caller; uid: string; admin: boolean }) {
  if (!admin) assertNotSelf(caller, uid, 'remove the admin claim from');
  const user = await userRecord(uid);
  const claims = { ...(user.customClaims ?? {}) };
  if (admin) claims.admin = true;
  else delete claims.admin;
  return audited(caller, uid, admin ? 'grantAdmin' : 'revokeAdmin', () => auth().setCustomUserClaims(uid, claims));
}

export async function setDisabled({ caller, uid, disabled }: { caller: Caller; uid: string; disabled: boolean }) {
  if (disabled) assertNotSelf(caller, uid, 'disable');
  await userRecord(uid);
  return audited(caller, uid, disabled ? 'disable' : 'enable', () => auth().updateUser(uid, { disabled }));
}

/** Ends every session of the user: refresh tokens stop working and ID tokens issued before now are refused. */
export async function revokeSessions({ caller, uid }: { caller: Caller; uid: string }) {
  assertNotSelf(caller, uid, 'revoke the sessions of');
  await userRecord(uid);
  return audited(caller, uid, 'revokeSessions', () => auth().revokeRefreshTokens(uid));
}

export async function listAudit({ query }: { query: { targetUid?: string; limit: number; before?: number } }) {
  const entries = await repo.listAudit(query);
  return { entries, nextBefore: entries.length === query.limit ? entries[entries.length - 1].at : null };
}
