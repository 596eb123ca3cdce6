import { createHash, randomBytes } from 'node:crypto';
import type { Request } from 'express';
import type { DocumentSnapshot } from 'firebase-admin/firestore';
import { z } from 'zod';
import { businessDateOf } from '../../core/calendar';
import { config } from '../../core/config';
import { runExclusive } from '../../core/exclusive';
import { db, firestoreNs } from '../../core/firebase';
import { lockKeys } from '../../core/locks';
import type { Logger } from '../../core/logger';
import { sendMail } from '../../core/mail';
import { consumeLimits, EVERYONE } from '../../core/rate-limit';
import { clientAddress } from '../../http/client-address';
import { getCompanyRules } from '../companies';
import { dispatchEvents, stageEvent, type StagedEvent } from '../events';
import { storedDecoder } from '../../core/stored';
import { applicantErrors } from './errors';
import * as repo from './repo';
import { checkAnswers } from './rules';
import { applicationSchema, APPLY_LIMITS, type ApplyInput } from './schemas';
import { openPostingOf } from './service';

/**
 * A public application counts only once its applicant confirms it through the link emailed to
 * the address given, so nobody can apply in someone else's name or squat a posting with their
 * address. Applying stores the application as pending in `applicationConfirmations/{sha256 of the
 * token}` (valid 48 hours) and emails the link; the answer is the same whatever was applied before
 * (it echoes no earlier receipt). Confirming creates the application, one per email and posting:
 * the first confirmed one is kept, a later confirmation answers its receipt (to the inbox's owner).
 */
const CONFIRMATIONS = 'applicationConfirmations';
export const CONFIRMATION_TTL_MS = 48 * 3600_000;

/** A pending application as stored: the applicant's input, its answers checked against the posting's questions. */
const storedPending = z.object({
  companyId: z.string(),
  postingId: z.string(),
  application: z.object({
    name: z.string(),
    surname: z.string(),
    email: z.string(),
    phone: z.string().optional(),
    answers: applicationSchema.shape.answers,
    availability: z.record(z.string(), z.unknown()).optional(),
    earliestStart: z.string().optional(),
    message: z.string().optional(),
  }),
  createdAt: z.number(),
  expiresAt: z.number(),
  confirmedAt: z.number().nullable(),
  applicationId: z.string().nullable(),
});
type PendingApplication = z.output<typeof storedPending>;
const pendingFromDoc = storedDecoder(CONFIRMATIONS, storedPending);
const pendingOf = (snap: DocumentSnapshot): PendingApplication | undefined =>
  snap.exists ? pendingFromDoc(snap) : undefined;

const confirmationRef = (token: string) =>
  db().collection(CONFIRMATIONS).doc(createHash('sha256').update(token).digest('hex'));

export const APPLY_ACCEPTED = {
  accepted: true as const,
  message: 'Check your inbox: the application counts once you confirm it with the link we emailed.',
};

export async function apply({
  publicId,
  input,
  req,
  log,
}: {
  publicId: string;
  input: ApplyInput;
  req: Request;
  log: Logger;
}) {
  const address = clientAddress(req);
  await consumeLimits(
    [
      { limit: APPLY_LIMITS.perPosting, key: `${address}|${publicId}` },
      { limit: APPLY_LIMITS.perAddress, key: address },
      { limit: APPLY_LIMITS.global, key: EVERYONE },
    ],
    'applications from this address',
  );
  const { companyId, posting } = await openPostingOf(publicId);
  const answers = checkAnswers(posting.questions, input.answers);
  const email = input.email.trim().toLowerCase();
  const token = `apc_${randomBytes(32).toString('base64url')}`;
  const now = Date.now();
  const ref = confirmationRef(token);
  const pending: PendingApplication = {
    companyId,
    postingId: posting.id,
    application: { ...input, email, answers },
    createdAt: now,
    expiresAt: now + CONFIRMATION_TTL_MS,
    confirmedAt: null,
    applicationId: null,
  };
  await ref.create({ ...pending, expireAt: firestoreNs().Timestamp.fromMillis(pending.expiresAt) });
  try {
    // the token travels in the fragment: never sent to a server, so never in a log
    const link = `${config.hiring.confirmApplicationUrl()}#token=${token}`;
    await sendMail({
      to: email,
      subject: `Confirm your application: ${posting.title}`,
      text: `Someone applied for "${posting.title}" with this email address. If it was you, confirm the application within 48 hours:\n\n${link}\n\nIf it was not you, ignore this message: nothing is sent to the employer.`,
    });
  } catch (err) {
    await ref.delete();
    throw err;
  }
  log.info('application awaiting confirmation', { companyId, postingId: posting.id });
  return APPLY_ACCEPTED;
}

/** The applicant's link: the pending application becomes an application (once per email and posting). */
export async function confirmApplication({ token, req, log }: { token: string; req: Request; log: Logger }) {
  await consumeLimits(
    [
      { limit: APPLY_LIMITS.perAddress, key: clientAddress(req) },
      { limit: APPLY_LIMITS.global, key: EVERYONE },
    ],
    'application confirmations from this address',
  );
  const ref = confirmationRef(token);
  const seen = pendingOf(await ref.get());
  if (!seen) throw applicantErrors.CONFIRMATION_NOT_FOUND('This confirmation link is not valid');
  const { companyId, postingId, application: input } = seen;
  const applicationId = `app_${createHash('sha256').update(`${postingId}\n${input.email}`).digest('hex').slice(0, 32)}`;
  const applicationRef = repo.applicationRef(companyId, applicationId);
  const rules = await getCompanyRules({ companyId });
  let event: StagedEvent | undefined;
  const received = await runExclusive(lockKeys.application(companyId, applicationId), async (tx) => {
    event = undefined;
    const pending = pendingOf(await tx.get(ref));
    if (!pending) throw applicantErrors.CONFIRMATION_NOT_FOUND('This confirmation link is not valid');
    const existing = repo.applicationFromSnapshot(await tx.get(applicationRef));
    const now = Date.now();
    const confirmed = (receivedAt: number) => ({
      result: { applicationId, receivedAt },
      write: (t: FirebaseFirestore.Transaction) =>
        void t.update(ref, { confirmedAt: pending.confirmedAt ?? now, applicationId }),
    });
    if (existing) return confirmed(existing.submittedAt);
    if (pending.expiresAt < now)
      throw applicantErrors.CONFIRMATION_EXPIRED('This confirmation link expired: apply again');
    const posting = await repo.getPosting(companyId, postingId, tx);
    if (!posting || posting.status !== 'open') throw applicantErrors.POSTING_CLOSED('This job posting is closed');
    log.info('application received', { companyId, postingId, applicationId });
    const { write } = confirmed(now);
    const staged = stageEvent({
      companyId,
      type: 'application.received',
      actor: { uid: null },
      subjects: { applicationIds: [applicationId], postingIds: [postingId] },
      data: { applicationId, jobId: postingId },
    });
    event = staged;
    return {
      result: { applicationId, receivedAt: now },
      write: (t: FirebaseFirestore.Transaction) => {
        write(t);
        staged.write(t);
        t.create(applicationRef, {
          postingId,
          name: input.name,
          surname: input.surname,
          email: input.email,
          phone: input.phone,
          answers: input.answers,
          availability: input.availability,
          earliestStart: input.earliestStart,
          message: input.message,
          stage: 'new',
          history: [{ from: null, to: 'new', at: now, by: null }],
          notes: [],
          submittedAt: now,
          submittedOn: businessDateOf(now, {
            timezone: rules.profile.timezone,
            dayChangeTime: rules.settings.dayChangeTime,
          }),
          updatedAt: now,
          employeeId: null,
          invitation: null,
        });
      },
    };
  });
  await dispatchEvents([event]);
  return received;
}
