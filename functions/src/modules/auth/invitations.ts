import { createHash, randomBytes } from 'node:crypto';
import type { Request } from 'express';
import { config } from '../../core/config';
import { auth, db } from '../../core/firebase';
import { ALREADY_EXISTS } from '../../core/firestore';
import type { Logger } from '../../core/logger';
import { sendMail } from '../../core/mail';
import {
  findMembership,
  forgetMembership,
  membershipRef,
  type MemberRole,
  type Membership,
} from '../../core/memberships';
import { consumeLimits, EVERYONE } from '../../core/rate-limit';
import { authenticate } from '../../http/auth';
import { employeeErrors, employeeRef } from '../employees';
import { dispatchEvents, stageEvent, type StagedEvent } from '../events';
import { invitationMail } from './emails';
import { authErrors } from './errors';
import { LIMITS } from './limits';
import { DAY_MS, expireAt } from '../../core/ttl';
import * as repo from './repo';
import type { Invitation, InvitationState } from './schemas';
import { autoLinkPerson } from '../organizations';

/** Invitation tokens are single-use and valid for 7 days from the latest email. */
export const INVITATION_TTL_MS = 7 * 24 * 3600_000;
/** An invitation (an email address) is deleted this long after its link expires: long enough to be listed as expired. */
const KEPT_AFTER_EXPIRY_MS = 30 * DAY_MS;

const newToken = () => `inv_${randomBytes(32).toString('base64url')}`;
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
const errorCode = (err: unknown) => (err as { code?: string | number }).code;

function stateOf(invitation: repo.StoredInvitation, now = Date.now()): InvitationState {
  return invitation.state === 'pending' && invitation.expiresAt <= now ? 'expired' : invitation.state;
}

function view(invitation: repo.StoredInvitation): Invitation {
  const { tokenHash: _hidden, ...rest } = invitation;
  return { ...rest, state: stateOf(invitation) };
}

/** Managers handle employees; owners any role. */
function assertMayHandle(member: Membership, role: MemberRole): void {
  if (member.role !== 'owner' && role !== 'employee') {
    throw authErrors.ROLE_NOT_ALLOWED(`Only an owner can invite or handle a ${role}`);
  }
}

/** The refusal for a token whose invitation cannot be accepted (any more). */
function assertOpen(invitation: repo.StoredInvitation | null): asserts invitation is repo.StoredInvitation {
  if (!invitation) throw authErrors.INVITATION_NOT_FOUND('This invitation link is not valid');
  const state = stateOf(invitation);
  if (state === 'accepted') throw authErrors.INVITATION_USED('This invitation was already accepted');
  if (state === 'revoked') throw authErrors.INVITATION_REVOKED('This invitation was revoked');
  if (state === 'expired') throw authErrors.INVITATION_EXPIRED('This invitation expired: ask for a new one');
}

const companyName = async (companyId: string) =>
  String((await db().collection('companies').doc(companyId).get()).get('name') ?? 'your team');

async function userByEmail(email: string) {
  return auth()
    .getUserByEmail(email)
    .catch((err) => {
      if (errorCode(err) === 'auth/user-not-found') return null;
      throw err;
    });
}

function mailFor(invitation: { email: string; role: MemberRole; expiresAt: number }, token: string, name: string) {
  const link = `${config.accounts.invitationUrl()}?token=${token}`;
  return invitationMail({
    to: invitation.email,
    companyName: name,
    role: invitation.role,
    link,
    expiresAt: invitation.expiresAt,
  });
}

/**
 * Creates the invitation and emails its link. The email is sent after the invitation is stored and
 * before answering; when it cannot be sent the invitation is deleted again (nothing kept) and the
 * answer is MAIL_UNAVAILABLE.
 */
export async function createInvitation({
  member,
  companyId,
  input,
}: {
  member: Membership;
  companyId: string;
  input: { email: string; role: MemberRole; employeeId?: string };
}) {
  assertMayHandle(member, input.role);
  const existing = await userByEmail(input.email);
  if (existing && (await findMembership(companyId, existing.uid)))
    throw authErrors.ALREADY_MEMBER('That person is already a member of this company');

  const token = newToken();
  const now = Date.now();
  const ref = repo.invitationsCollection().doc();
  const stored: Omit<repo.StoredInvitation, 'id'> = {
    companyId,
    email: input.email,
    role: input.role,
    employeeId: input.employeeId ?? null,
    state: 'pending',
    tokenHash: tokenHash(token),
    invitedBy: member.uid,
    createdAt: now,
    expiresAt: now + INVITATION_TTL_MS,
    sentAt: now,
    sends: 1,
    acceptedAt: null,
    acceptedBy: null,
    revokedAt: null,
  };
  await db().runTransaction(async (tx) => {
    const pending = (await repo.pendingInvitationsTo(companyId, input.email, tx)).filter((i) => i.expiresAt > now);
    if (pending.length) {
      throw authErrors.INVITATION_PENDING('An invitation to this email is already pending: resend it instead', [
        { message: 'pending invitation', invitationId: pending[0].id },
      ]);
    }
    if (input.employeeId) await assertEmployeeFree(tx, companyId, input.employeeId, null);
    tx.create(ref, { ...stored, expireAt: expireAt(stored.expiresAt + KEPT_AFTER_EXPIRY_MS) });
  });
  try {
    await sendMail(mailFor(stored, token, await companyName(companyId)));
  } catch (err) {
    await ref.delete();
    throw err;
  }
  return view({ id: ref.id, ...stored });
}

/** The employee record exists, is active and is linked to nobody (or to `uid`). */
async function assertEmployeeFree(
  tx: FirebaseFirestore.Transaction,
  companyId: string,
  employeeId: string,
  uid: string | null,
): Promise<void> {
  const snap = await tx.get(employeeRef(companyId, employeeId));
  if (!snap.exists)
    throw employeeErrors.UNKNOWN_EMPLOYEE(`The company has no employee ${employeeId}`, [
      { path: 'body.employeeId', message: 'unknown employee' },
    ]);
  if (snap.get('archived') === true) throw employeeErrors.EMPLOYEE_ARCHIVED(`Employee ${employeeId} is archived`);
  const linked = snap.get('userId');
  if (typeof linked === 'string' && linked !== uid)
    throw authErrors.EMPLOYEE_ALREADY_LINKED(`Employee ${employeeId} is already linked to another user`);
}

export async function listInvitations({
  companyId,
  query,
}: {
  companyId: string;
  query: { state?: InvitationState; limit: number; before?: number };
}) {
  const storedState = query.state === 'expired' ? 'pending' : query.state;
  const page = await repo.listInvitations(companyId, { state: storedState, before: query.before, limit: query.limit });
  const invitations = page.map(view).filter((i) => !query.state || i.state === query.state);
  return { invitations, nextBefore: page.length === query.limit ? page[page.length - 1].createdAt : null };
}

async function invitationOfCompany(companyId: string, invitationId: string, tx?: FirebaseFirestore.Transaction) {
  const invitation = await repo.readInvitation(invitationId, tx);
  if (!invitation || invitation.companyId !== companyId)
    throw authErrors.INVITATION_NOT_FOUND('No such invitation in this company');
  return invitation;
}

/** A member's call about one invitation of their company. */
interface InvitationCall {
  member: Membership;
  companyId: string;
  invitationId: string;
}

/**
 * A new email with a new token (the previous link stops working) and 7 more days. The email goes
 * first; the new token is stored only once it was sent, and only if the invitation is still pending.
 */
export async function resendInvitation({ member, companyId, invitationId }: InvitationCall) {
  const current = await invitationOfCompany(companyId, invitationId);
  assertMayHandle(member, current.role);
  if (current.state !== 'pending') assertOpen(current);
  const token = newToken();
  const now = Date.now();
  const next = {
    tokenHash: tokenHash(token),
    expiresAt: now + INVITATION_TTL_MS,
    expireAt: expireAt(now + INVITATION_TTL_MS + KEPT_AFTER_EXPIRY_MS),
    sentAt: now,
    sends: current.sends + 1,
  };
  await sendMail(mailFor({ ...current, ...next }, token, await companyName(companyId)));
  return db().runTransaction(async (tx) => {
    const latest = await invitationOfCompany(companyId, invitationId, tx);
    if (latest.state !== 'pending') assertOpen(latest);
    tx.update(repo.invitationRef(invitationId), next);
    return view({ ...latest, ...next });
  });
}

/** Revoking a revoked invitation answers it unchanged; an accepted one cannot be revoked. */
export async function revokeInvitation({ member, companyId, invitationId }: InvitationCall) {
  return db().runTransaction(async (tx) => {
    const invitation = await invitationOfCompany(companyId, invitationId, tx);
    assertMayHandle(member, invitation.role);
    if (invitation.state === 'revoked') return view(invitation);
    if (invitation.state === 'accepted')
      throw authErrors.INVITATION_USED('This invitation was already accepted: remove the member instead');
    const revokedAt = Date.now();
    tx.update(repo.invitationRef(invitationId), { state: 'revoked', revokedAt });
    return view({ ...invitation, state: 'revoked', revokedAt });
  });
}

const invitationLimits = (address: string) => [
  { limit: LIMITS.invitationPerAddress, key: address },
  { limit: LIMITS.invitationGlobal, key: EVERYONE },
];

/** What the invitee sees before accepting (public, with the token). */
export async function lookupInvitation({ token, address }: { token: string; address: string }) {
  await consumeLimits(invitationLimits(address), 'invitation attempts');
  const invitation = await repo.invitationByTokenHash(tokenHash(token));
  if (!invitation) throw authErrors.INVITATION_NOT_FOUND('This invitation link is not valid');
  const accountExists = (await userByEmail(invitation.email)) !== null;
  return {
    companyName: await companyName(invitation.companyId),
    role: invitation.role,
    email: invitation.email,
    state: stateOf(invitation),
    expiresAt: invitation.expiresAt,
    accountExists,
    accept: accountExists
      ? 'POST /auth/invitations/accept with {"token"} and the Authorization of that account (sign in first)'
      : 'POST /auth/invitations/accept with {"token", "name", "surname", "password"} to create your account',
  };
}

/**
 * Accepting: signed in (Authorization) as the invited email's account, or without an account
 * (name, surname and password create it; the token proves the inbox, so the email counts as
 * verified). The membership, the employee link and the invitation's `accepted` state are written
 * in one transaction that re-checks the token is still open: of two concurrent accepts one wins.
 * An account created for an accept that then fails is deleted again.
 */
export async function acceptInvitation({
  req,
  input,
  address,
  log,
}: {
  req: Request;
  input: { token: string; name?: string; surname?: string; password?: string };
  address: string;
  log: Logger;
}) {
  await consumeLimits(invitationLimits(address), 'invitation attempts');
  const hash = tokenHash(input.token);
  const found = await repo.invitationByTokenHash(hash);
  assertOpen(found);
  const invitation = found;

  let uid: string;
  let accountCreated = false;
  if (req.get('authorization')) {
    const caller = await authenticate(req);
    if ((caller.email ?? '').toLowerCase() !== invitation.email)
      throw authErrors.EMAIL_MISMATCH('You are signed in with another email than the invited one');
    uid = caller.uid;
  } else {
    if (await userByEmail(invitation.email))
      throw authErrors.ACCOUNT_EXISTS('An account exists for this email: sign in, then accept with its ID token');
    if (!input.name || !input.surname || !input.password) {
      throw authErrors.ACCOUNT_DETAILS_REQUIRED(
        'To create your account, send name, surname and password with the token',
      );
    }
    try {
      ({ uid } = await auth().createUser({
        email: invitation.email,
        password: input.password,
        displayName: `${input.name} ${input.surname}`,
        emailVerified: true,
      }));
    } catch (err) {
      if (errorCode(err) === 'auth/email-already-exists')
        throw authErrors.ACCOUNT_EXISTS('An account exists for this email: sign in, then accept with its ID token');
      throw err;
    }
    accountCreated = true;
  }

  let event: StagedEvent | undefined;
  try {
    await db().runTransaction(async (tx) => {
      // read by its document (not the token query): the transaction then conflicts with a concurrent accept
      const stored = await repo.readInvitation(invitation.id, tx);
      const latest = stored?.tokenHash === hash ? stored : null;
      assertOpen(latest);
      const existing = await tx.get(membershipRef(latest.companyId, uid));
      if (existing.exists) throw authErrors.ALREADY_MEMBER('You are already a member of this company');
      if (latest.employeeId) await assertEmployeeFree(tx, latest.companyId, latest.employeeId, uid);
      const membership: Membership = {
        companyId: latest.companyId,
        uid,
        role: latest.role,
        employeeId: latest.employeeId,
      };
      // create(): of two concurrent accepts, the second commit fails (ALREADY_EXISTS) even where reads are not serialised
      tx.create(membershipRef(latest.companyId, uid), membership);
      if (latest.employeeId)
        tx.update(employeeRef(latest.companyId, latest.employeeId), { userId: uid, updatedAt: Date.now() });
      tx.update(repo.invitationRef(latest.id), { state: 'accepted', acceptedAt: Date.now(), acceptedBy: uid });
      event = stageEvent({
        companyId: latest.companyId,
        type: 'invitation.accepted',
        actor: { uid },
        subjects: { invitationIds: [latest.id], uids: [uid] },
        data: { uid, role: latest.role, employeeId: latest.employeeId },
      });
      event.write(tx);
      if (accountCreated) {
        tx.set(repo.userRef(uid), {
          name: input.name,
          surname: input.surname,
          phone: null,
          locale: null,
          email: latest.email,
          createdAt: Date.now(),
          updatedAt: Date.now(),
        });
      }
    });
  } catch (err) {
    if (accountCreated) {
      await auth()
        .deleteUser(uid)
        .catch((deleteErr) =>
          log.error('invitation accept: the new account could not be deleted', { uid, error: deleteErr }),
        );
    }
    throw errorCode(err) === ALREADY_EXISTS ? authErrors.INVITATION_USED('This invitation was already accepted') : err;
  }
  forgetMembership(invitation.companyId, uid);
  // the same person at another location of the same employer: one person across the locations
  await autoLinkPerson({ companyId: invitation.companyId, uid, employeeId: invitation.employeeId, log });
  await dispatchEvents([event]);
  return {
    uid,
    companyId: invitation.companyId,
    role: invitation.role,
    employeeId: invitation.employeeId,
    accountCreated,
  };
}
