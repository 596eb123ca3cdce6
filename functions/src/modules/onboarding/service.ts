import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';
import { setUsageCompany } from '../../ai/accumulator';
import { complete, type ChatMessage } from '../../ai/models';
import { coreErrors } from '../../core/errors';
import { runExclusiveInTurn } from '../../core/exclusive';
import { firestoreNs } from '../../core/firebase';
import { lockKeys } from '../../core/locks';
import { companyDoc, serverTime } from '../../core/firestore';
import type { Logger } from '../../core/logger';
import { findMembership } from '../../core/memberships';
import { consumeLimits, EVERYONE } from '../../core/rate-limit';
import { clientAddress } from '../../http/client-address';
import { authenticate, type Caller } from '../../http/auth';
import { createCompanyForUser, signup, type CompanySetup } from '../auth';
import { createRoleInBatch } from '../roles';
import {
  applyProposal,
  companySetupOf,
  missingAnswers,
  nextQuestion,
  READY_REPLY,
  SUB_ROLE_ID,
  type DerivedRole,
} from './derive';
import { onboardingErrors } from './errors';
import { DEFAULT_CLOSING, extractionSystem, fallbackWelcome, welcomeSystem } from './prompts';
import { DAY_MS, expireAt } from '../../core/ttl';
import * as repo from './repo';
import { ONBOARDING_LIMITS, type Answers, type CompleteInput, type Session, type Turn } from './schemas';

const TTL_MS = ONBOARDING_LIMITS.ttlDays * DAY_MS;
/** A session (the owner's transcript) is deleted this long after it expires: a retried completion still finds it. */
const KEPT_AFTER_EXPIRY_MS = 30 * DAY_MS;
const START_LIMIT = { name: 'onboarding-start', points: 20, duration: 3600 };
/** Every anonymous caller together: the assistant's model calls cost money. */
const START_GLOBAL = { name: 'onboarding-start-global', points: 2000, duration: 3600 };
const MESSAGE_LIMIT = {
  name: 'onboarding-message',
  points: ONBOARDING_LIMITS.messagesPerAddressPerHour,
  duration: 3600,
};
const ALL_MESSAGES_LIMIT = {
  name: 'onboarding-message-all',
  points: ONBOARDING_LIMITS.messagesPerHour,
  duration: 3600,
};
const TOKEN_HEADER = 'x-onboarding-token';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const notFound = () => onboardingErrors.ONBOARDING_SESSION_NOT_FOUND('Onboarding session not found');

/** The session as answered: the stored state plus what follows from it (status, missing answers, next question). */
export function view(stored: repo.StoredSession): Session {
  const missing = missingAnswers(stored.answers);
  return {
    id: stored.id,
    status: stored.companyId ? 'completed' : missing.length === 0 ? 'ready' : 'collecting',
    anonymous: stored.tokenHash !== null,
    answers: stored.answers,
    missing,
    nextQuestion: stored.companyId ? null : nextQuestion(stored.answers),
    transcript: stored.transcript,
    messageCount: stored.messageCount,
    companyId: stored.companyId,
    expiresAt: stored.expiresAt,
    createdAt: stored.createdAt,
    updatedAt: stored.updatedAt,
  };
}

const replyFor = (answers: Answers) => nextQuestion(answers)?.text ?? READY_REPLY;

/** The caller, when the request carries an ID token (a signed-in session); an invalid token is a 401, never ignored. */
async function optionalCaller(req: Request): Promise<Caller | null> {
  return req.get('authorization') ? authenticate(req) : null;
}

/**
 * Starts a session: signed-in when the request carries an ID token (then only that user reaches
 * it), anonymous otherwise (then a session token, returned once and stored as its hash, reaches it).
 */
export async function startSession({ req }: { req: Request }) {
  const caller = await optionalCaller(req);
  await consumeLimits(
    [
      { limit: START_LIMIT, key: clientAddress(req) },
      { limit: START_GLOBAL, key: EVERYONE },
    ],
    'onboarding sessions',
  );
  const token = caller ? null : randomBytes(32).toString('base64url');
  const ref = repo.sessionsCollection().doc();
  const reply = replyFor({});
  const now = Date.now();
  await ref.create({
    ownerUid: caller?.uid ?? null,
    tokenHash: token ? hashToken(token) : null,
    answers: {},
    transcript: [{ role: 'assistant', text: reply }],
    messageCount: 0,
    messagesStarted: 0,
    companyId: null,
    completion: null,
    lastMessage: null,
    expiresAt: now + TTL_MS,
    expireAt: expireAt(now + TTL_MS + KEPT_AFTER_EXPIRY_MS),
    createdAt: serverTime(),
    updatedAt: serverTime(),
  });
  const stored = (await repo.readSession(ref.id))!;
  return { session: view(stored), sessionToken: token, reply };
}

/**
 * The session the request may reach: an anonymous one with its token (X-Onboarding-Token), a
 * signed-in one with its user's ID token. No credentials: 401; a wrong one or no such session:
 * the same 404 (nothing tells whether the id exists); an expired session that is not completed: 410.
 */
async function reachSession(
  sessionId: string,
  req: Request,
): Promise<{ session: repo.StoredSession; caller: Caller | null }> {
  const token = req.get(TOKEN_HEADER);
  const caller = await optionalCaller(req);
  if (!token && !caller)
    throw onboardingErrors.ONBOARDING_CREDENTIALS_REQUIRED(
      `Send the session token as ${TOKEN_HEADER}, or the ID token of the user who started the session`,
    );
  const session = await repo.readSession(sessionId);
  if (!session) throw notFound();
  const byToken =
    !!token && !!session.tokenHash && timingSafeEqual(Buffer.from(hashToken(token)), Buffer.from(session.tokenHash));
  const byUser = !!caller && session.ownerUid === caller.uid;
  if (!byToken && !byUser) throw notFound();
  if (!session.companyId && session.expiresAt <= Date.now())
    throw onboardingErrors.ONBOARDING_SESSION_EXPIRED('This onboarding session expired; start a new one');
  return { session, caller };
}

export async function getSession({ sessionId, req }: { sessionId: string; req: Request }) {
  return view((await reachSession(sessionId, req)).session);
}

/** Model turns from the transcript: it starts with the assistant's question, the model's messages with the owner's. */
function modelMessages(transcript: readonly Turn[], last: string): ChatMessage[] {
  const turns = transcript.map((t): ChatMessage => ({
    role: t.role === 'owner' ? 'user' : 'assistant',
    content: t.text,
  }));
  while (turns.length > 0 && turns[0].role === 'assistant') turns.shift();
  return [...turns, { role: 'user', content: last }];
}

const trimTranscript = (turns: Turn[]) => turns.slice(-ONBOARDING_LIMITS.transcriptTurns);

/**
 * One owner message: the model (flow onboarding.extract, the onboarding bucket) proposes answers
 * as JSON; each is validated before it is kept. A provider error leaves the session as it was.
 */
export async function postMessage({
  sessionId,
  req,
  text,
  clientMessageId,
}: {
  sessionId: string;
  req: Request;
  text: string;
  clientMessageId?: string;
}) {
  const { session } = await reachSession(sessionId, req);
  if (session.companyId)
    throw onboardingErrors.ONBOARDING_COMPLETED('This onboarding is completed; its company exists');
  if (clientMessageId && session.lastMessage?.clientMessageId === clientMessageId) {
    const { reply, accepted, ignored } = session.lastMessage;
    return { session: view(session), reply, accepted, ignored };
  }
  await consumeLimits(
    [
      { limit: MESSAGE_LIMIT, key: clientAddress(req) },
      { limit: ALL_MESSAGES_LIMIT, key: 'all' },
    ],
    'onboarding messages',
  );
  await takeMessageSlot(sessionId);
  let result: Awaited<ReturnType<typeof complete>>;
  try {
    result = await complete({
      flow: 'onboarding.extract',
      companyId: null,
      system: extractionSystem(session.answers, nextQuestion(session.answers)?.text ?? null),
      messages: modelMessages(session.transcript, text),
      maxTokens: 800,
      temperature: 0,
    });
  } catch (err) {
    await repo.sessionRef(sessionId).update({ messagesStarted: firestoreNs().FieldValue.increment(-1) });
    throw err;
  }
  const outcome = await runExclusiveInTurn(lockKeys.onboardingSession(sessionId), async (tx) => {
    const current = await repo.readSession(sessionId, tx);
    if (!current) throw notFound();
    if (current.companyId)
      throw onboardingErrors.ONBOARDING_COMPLETED('This onboarding is completed; its company exists');
    const { answers, accepted, ignored } = applyProposal(current.answers, result.text);
    const reply = replyFor(answers);
    return {
      result: { reply, accepted, ignored },
      write: (t) =>
        t.update(repo.sessionRef(sessionId), {
          answers,
          transcript: trimTranscript([
            ...current.transcript,
            { role: 'owner', text },
            { role: 'assistant', text: reply },
          ]),
          messageCount: current.messageCount + 1,
          lastMessage: clientMessageId ? { clientMessageId, reply, accepted, ignored } : null,
          expiresAt: Date.now() + TTL_MS,
          expireAt: expireAt(Date.now() + TTL_MS + KEPT_AFTER_EXPIRY_MS),
          updatedAt: serverTime(),
        }),
    };
  });
  return { session: view((await repo.readSession(sessionId))!), ...outcome };
}

/**
 * Counts a message against its session's limit before its model call, atomically (parallel
 * messages of one session cannot all pass): `messagesStarted` is the messages admitted, answered or
 * in flight; a message whose model call fails gives its slot back.
 */
async function takeMessageSlot(sessionId: string): Promise<void> {
  await runExclusiveInTurn(lockKeys.onboardingSession(sessionId), async (tx) => {
    const current = await repo.readSession(sessionId, tx);
    if (!current) throw notFound();
    if (current.messagesStarted >= ONBOARDING_LIMITS.messagesPerSession) {
      throw onboardingErrors.ONBOARDING_TOO_MANY_MESSAGES(
        `An onboarding session takes at most ${ONBOARDING_LIMITS.messagesPerSession} messages; start a new one`,
      );
    }
    return {
      result: undefined,
      // an increment, so that a concurrent give-back (also an increment) is never overwritten
      write: (t) =>
        t.update(repo.sessionRef(sessionId), {
          messagesStarted: current.countsStarted ? firestoreNs().FieldValue.increment(1) : current.messagesStarted + 1,
        }),
    };
  });
}

/** The id of the company a session creates: fixed by the session, so a retried completion cannot make a second one. */
export const companyIdOf = (sessionId: string) =>
  `onb${createHash('sha256').update(`onboarding:${sessionId}`).digest('hex').slice(0, 20)}`;

/** Role ids from their names (role-server, role-line-cook, role-server-2 ...). */
export function derivedRoles(roles: NonNullable<Answers['roles']>): DerivedRole[] {
  const taken = new Set<string>();
  return roles.map((role, priority) => {
    const base = `role-${
      role.name
        .toLowerCase()
        .normalize('NFKD')
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-+|-+$/g, '') || 'staff'
    }`.slice(0, 60);
    let id = base;
    for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
    taken.add(id);
    return { id, name: role.name, type: role.type, priority, headcount: role.headcount };
  });
}

function setupOf(answers: Answers, companyId: string): CompanySetup {
  const roles = derivedRoles(answers.roles!);
  const { profile, settings } = companySetupOf(
    { restaurantType: answers.restaurantType!, openingHours: answers.openingHours! },
    roles,
  );
  return {
    companyId,
    profile,
    settings,
    write: (batch, id) => {
      for (const role of roles) {
        createRoleInBatch(
          batch,
          id,
          {
            name: role.name,
            type: role.type,
            priority: role.priority,
            rate: 0,
            subRoles: { [SUB_ROLE_ID]: { name: role.name, priority: 0 } },
          },
          role.id,
        );
      }
    },
  };
}

/**
 * Completion: the company (through the auth module's signup, or for a signed-in user a company of
 * their own) with the settings, roles and schedule template derived from the answers; then the
 * request's usage moves to the new company's bucket, and the welcome (flow onboarding.welcome) is
 * the first call billed to it. Idempotent: a completed session answers its result again.
 */
export async function completeSession({
  sessionId,
  req,
  input,
  log,
}: {
  sessionId: string;
  req: Request;
  input: CompleteInput;
  log: Logger;
}) {
  const { session, caller } = await reachSession(sessionId, req);
  if (session.companyId && session.completion) {
    return {
      session: view(session),
      companyId: session.companyId,
      uid: session.completion.uid,
      employeeId: session.completion.employeeId,
      reply: session.completion.reply,
    };
  }
  const missing = missingAnswers(session.answers);
  if (missing.length > 0) {
    throw onboardingErrors.ONBOARDING_INCOMPLETE(
      `The company still needs: ${missing.join(', ')}`,
      missing.map((field) => ({ path: `answers.${field}`, message: 'not answered yet' })),
    );
  }
  const answers = session.answers;
  const companyId = companyIdOf(sessionId);
  const company = {
    name: answers.restaurantName!,
    timezone: answers.timezone!,
    country: answers.country!,
    currency: answers.currency,
  };
  let created: { uid: string; employeeId: string | null };
  const existing = await companyDoc(companyId).get();
  if (existing.exists) {
    // an earlier attempt created the company and stopped before the session was updated
    const uid = String(existing.get('createdBy'));
    created = { uid, employeeId: (await findMembership(companyId, uid))?.employeeId ?? null };
  } else if (session.ownerUid) {
    const email = input.owner.email ?? caller?.email;
    if (!email)
      throw coreErrors.VALIDATION_FAILED('Your account has no email: send owner.email', [
        { path: 'body.owner.email', message: 'required' },
      ]);
    created = await createCompanyForUser({
      uid: session.ownerUid,
      owner: { name: input.owner.name, surname: input.owner.surname, email },
      company,
      setup: setupOf(answers, companyId),
      log,
    });
  } else {
    const problems = (['email', 'password'] as const)
      .filter((f) => !input.owner[f])
      .map((f) => ({ path: `body.owner.${f}`, message: 'required to create the account of an anonymous session' }));
    if (problems.length > 0)
      throw coreErrors.VALIDATION_FAILED(
        "An anonymous session creates the owner's account: send owner.email and owner.password",
        problems,
      );
    created = await signup({
      input: {
        name: input.owner.name,
        surname: input.owner.surname,
        email: input.owner.email!,
        password: input.owner.password!,
        company,
      },
      address: clientAddress(req),
      log,
      setup: setupOf(answers, companyId),
    });
  }

  setUsageCompany(companyId);
  let reply = fallbackWelcome(answers.restaurantName!);
  try {
    const welcome = await complete({
      flow: 'onboarding.welcome',
      system: welcomeSystem(answers),
      messages: modelMessages(session.transcript, input.message ?? DEFAULT_CLOSING),
      maxTokens: 300,
    });
    if (welcome.text.trim()) reply = welcome.text.trim().slice(0, ONBOARDING_LIMITS.messageLength);
  } catch (err) {
    // the company exists: a failed welcome does not undo it
    log.warn('onboarding: the welcome call failed; answered the built-in welcome', {
      sessionId,
      companyId,
      error: err instanceof Error ? err.message : String(err),
    });
  }

  await repo.sessionRef(sessionId).update({
    companyId,
    ownerUid: created.uid,
    completion: { uid: created.uid, employeeId: created.employeeId, reply },
    transcript: trimTranscript([
      ...session.transcript,
      ...(input.message ? [{ role: 'owner' as const, text: input.message }] : []),
      { role: 'assistant', text: reply },
    ]),
    updatedAt: serverTime(),
  });
  return {
    session: view((await repo.readSession(sessionId))!),
    companyId,
    uid: created.uid,
    employeeId: created.employeeId,
    reply,
  };
}
