import { createHash } from 'node:crypto';
import type { WriteBatch } from 'firebase-admin/firestore';
import { z } from 'zod';
import { config } from '../../core/config';
import { auth, db } from '../../core/firebase';
import { logger, type Logger } from '../../core/logger';
import { sendMail } from '../../core/mail';
import { membershipRef, type Membership } from '../../core/memberships';
import { consumeLimits, EVERYONE, withinLimit } from '../../core/rate-limit';
import { enqueueTask } from '../../core/tasks';
import type { Caller } from '../../http/auth';
import { createCompanyInBatch } from '../companies';
import { createEmployeeInBatch } from '../employees';
import { passwordResetMail } from './emails';
import { authErrors } from './errors';
import { LIMITS } from './limits';
import { PASSWORD_RESET_QUEUE } from './queues';
import { membershipsOf } from './memberships-view';
import * as repo from './repo';
import type { SignupInput } from './schemas';

const errorCode = (err: unknown) => (err as { code?: string }).code;
const emailKey = (email: string) => createHash('sha256').update(email).digest('hex');

/** What a caller that sets a company up (onboarding) adds to a signup, written in the same batch. */
export interface CompanySetup {
  /** The id of the new company (a retried setup names the same one, so it cannot make two). */
  companyId?: string;
  /** Profile fields over the signup's (industry, daysStructure, flags ...). */
  profile?: Record<string, unknown>;
  /** Settings over the defaults. */
  settings?: Record<string, unknown>;
  /** More documents of the new company (its roles ...). */
  write?: (batch: WriteBatch, companyId: string) => void;
}

/**
 * Signup: the owner's account, then the company (profile, default settings and policies), the
 * owner's membership, employee record and profile in one batch. The account comes first (a taken
 * email is the common refusal, and it writes nothing); when the batch fails the account is deleted
 * again, so a failure leaves neither a half company nor an account without one.
 */
export async function signup({
  input,
  address,
  log,
  setup,
}: {
  input: SignupInput;
  address: string;
  log: Logger;
  setup?: CompanySetup;
}) {
  await consumeLimits(
    [
      { limit: LIMITS.signupPerAddress, key: address },
      { limit: LIMITS.signupPerEmail, key: emailKey(input.email) },
      { limit: LIMITS.signupGlobal, key: EVERYONE },
    ],
    'signups',
  );
  let uid: string;
  try {
    ({ uid } = await auth().createUser({
      email: input.email,
      password: input.password,
      displayName: `${input.name} ${input.surname}`,
    }));
  } catch (err) {
    if (errorCode(err) === 'auth/email-already-exists')
      throw authErrors.EMAIL_TAKEN('An account already exists for this email');
    throw err;
  }
  let written: { companyId: string; employeeId: string };
  try {
    written = await writeOwnedCompany({ uid, owner: input, company: input.company, setup, newUser: true });
  } catch (err) {
    log.error('signup: writing the company failed; deleting the new account', { uid, error: err });
    await auth()
      .deleteUser(uid)
      .catch((deleteErr) =>
        log.error('signup: the new account could not be deleted (an account without a company remains)', {
          uid,
          error: deleteErr,
        }),
      );
    throw authErrors.SIGNUP_FAILED('The signup could not be completed and nothing was kept; please try again');
  }
  log.info('signup: new company and owner', { uid, companyId: written.companyId });
  return { uid, ...written, profile: await profileOf(uid) };
}

/**
 * A new company owned by a user who already has an account (a signed-in onboarding): the same
 * company, membership and employee record as a signup, without a new account.
 */
export async function createCompanyForUser({
  uid,
  owner,
  company,
  setup,
  log,
}: {
  uid: string;
  owner: { name: string; surname: string; email: string };
  company: SignupInput['company'];
  setup?: CompanySetup;
  log: Logger;
}) {
  const hasProfile = (await repo.readProfile(uid)) !== null;
  const written = await writeOwnedCompany({ uid, owner, company, setup, newUser: !hasProfile });
  log.info('new company of an existing user', { uid, companyId: written.companyId });
  return { uid, ...written, profile: await profileOf(uid) };
}

/** The company, the owner's membership, employee record and (for a new user) profile, in one batch. */
async function writeOwnedCompany({
  uid,
  owner,
  company,
  setup,
  newUser,
}: {
  uid: string;
  owner: { name: string; surname: string; email: string };
  company: SignupInput['company'];
  setup?: CompanySetup;
  newUser: boolean;
}): Promise<{ companyId: string; employeeId: string }> {
  const companyId = setup?.companyId ?? db().collection('companies').doc().id;
  const batch = db().batch();
  createCompanyInBatch(batch, {
    companyId,
    profile: {
      name: company.name,
      timezone: company.timezone,
      country: company.country,
      currency: company.currency,
      email: owner.email,
      createdBy: uid,
      ...setup?.profile,
    },
    settings: setup?.settings,
  });
  const employeeId = createEmployeeInBatch(
    batch,
    companyId,
    { name: owner.name, surname: owner.surname, email: owner.email },
    uid,
  );
  const membership: Membership = { companyId, uid, role: 'owner', employeeId };
  batch.set(membershipRef(companyId, uid), membership);
  if (newUser)
    batch.set(repo.userRef(uid), {
      name: owner.name,
      surname: owner.surname,
      phone: null,
      locale: null,
      email: owner.email,
      createdAt: Date.now(),
      updatedAt: Date.now(),
    });
  setup?.write?.(batch, companyId);
  await batch.commit();
  return { companyId, employeeId };
}

const ACCEPTED = {
  accepted: true as const,
  message: 'If an account exists for this email, a link to reset its password is on its way.',
};

/**
 * The same answer whether or not the account exists, in the same time: the route only hands the
 * email to a task queue, whose task (below) looks the account up and sends the link. One task per
 * email and minute (the task id), so a burst of requests sends one email. The per-email limit caps
 * the emails an inbox receives but never refuses the request: over it the answer is the same and
 * no new email is queued (the inbox already holds this hour's links), so requests made for someone
 * else's address can never lock its owner out of their own reset.
 */
export async function requestPasswordReset({ email, address }: { email: string; address: string }) {
  await consumeLimits(
    [
      { limit: LIMITS.resetPerAddress, key: address },
      { limit: LIMITS.resetGlobal, key: EVERYONE },
    ],
    'password reset requests',
  );
  if (!(await withinLimit(LIMITS.resetPerEmail, emailKey(email)))) return ACCEPTED;
  await enqueueTask(
    PASSWORD_RESET_QUEUE,
    { email },
    { id: `reset-${emailKey(email).slice(0, 32)}-${Math.floor(Date.now() / 60_000)}` },
  );
  return ACCEPTED;
}

const resetPayload = z.object({ email: z.email() });

/** The task of the reset queue: a link generated by Firebase Authentication, emailed; no account (or a disabled one), no email. */
export async function deliverPasswordReset(payload: unknown, log: Logger = logger): Promise<string> {
  const parsed = resetPayload.safeParse(payload);
  if (!parsed.success) {
    log.warn('password reset task: malformed payload dropped');
    return 'dropped';
  }
  const { email } = parsed.data;
  const user = await auth()
    .getUserByEmail(email)
    .catch((err) => {
      if (errorCode(err) === 'auth/user-not-found') return null;
      throw err;
    });
  if (!user || user.disabled) return 'no account';
  const continueUrl = config.accounts.passwordResetContinueUrl();
  const link = await auth().generatePasswordResetLink(email, continueUrl ? { url: continueUrl } : undefined);
  await sendMail(passwordResetMail({ to: email, link }));
  return 'sent';
}

/** The caller's profile (their own) and memberships with company names. */
export async function profileOf(uid: string) {
  const [user, stored, memberships] = await Promise.all([
    auth().getUser(uid),
    repo.readProfile(uid),
    membershipsOf(uid),
  ]);
  return {
    uid,
    email: user.email ?? null,
    emailVerified: user.emailVerified,
    name: stored?.name ?? user.displayName ?? null,
    surname: stored?.surname ?? null,
    phone: stored?.phone ?? null,
    locale: stored?.locale ?? null,
    admin: user.customClaims?.admin === true,
    memberships,
  };
}

export const getMe = ({ caller }: { caller: Caller }) => profileOf(caller.uid);

export async function updateMe({
  caller,
  patch,
}: {
  caller: Caller;
  patch: { name?: string; surname?: string; phone?: string | null; locale?: string | null };
}) {
  if (Object.keys(patch).length > 0) {
    await repo.userRef(caller.uid).set({ ...patch, updatedAt: Date.now() }, { merge: true });
    if (patch.name !== undefined || patch.surname !== undefined) {
      const stored = await repo.readProfile(caller.uid);
      const displayName = [stored?.name, stored?.surname].filter(Boolean).join(' ');
      if (displayName) await auth().updateUser(caller.uid, { displayName });
    }
  }
  return profileOf(caller.uid);
}
