import type { Transaction } from 'firebase-admin/firestore';
import { db } from '../../core/firebase';
import { z } from 'zod';
import { storedDecoder, storedMillis } from '../../core/stored';
import { answersSchema, sessionSchema, turnSchema, type Answers, type Turn } from './schemas';

/** A session as stored: `onboardingSessions/{sessionId}` (root: there is no company yet). */
export interface StoredSession {
  id: string;
  /** Signed-in sessions: the user who started it (and, after completion, the owner). */
  ownerUid: string | null;
  /** Anonymous sessions: sha256 of the session token (the token itself is never stored). */
  tokenHash: string | null;
  answers: Answers;
  transcript: Turn[];
  messageCount: number;
  /** Messages admitted (answered or in flight), counted before their model call: what the per-session limit checks. */
  messagesStarted: number;
  /** False for a session started before messagesStarted existed (its messageCount stands in). */
  countsStarted: boolean;
  companyId: string | null;
  completion: { uid: string; employeeId: string | null; reply: string } | null;
  /** The result of the last message, answered again to a retry with the same clientMessageId. */
  lastMessage: { clientMessageId: string; reply: string; accepted: string[]; ignored: string[] } | null;
  expiresAt: number;
  createdAt?: number;
  updatedAt?: number;
}

const COLLECTION = 'onboardingSessions';
export const sessionsCollection = () => db().collection(COLLECTION);
export const sessionRef = (id: string) => sessionsCollection().doc(id);

/**
 * A session document. Stored answers and transcript are read again through their schemas: a session
 * whose answers no longer pass (the rules tightened since) resumes with none rather than failing.
 */
const storedSession = z
  .object({
    id: z.string(),
    ownerUid: z.string().nullable().default(null),
    tokenHash: z.string().nullable().default(null),
    answers: answersSchema.catch({}),
    transcript: turnSchema.array().catch([]),
    messageCount: sessionSchema.shape.messageCount.default(0),
    messagesStarted: z.int().optional(),
    companyId: sessionSchema.shape.companyId.default(null),
    completion: z
      .object({ uid: z.string(), employeeId: z.string().nullable().default(null), reply: z.string().default('') })
      .nullable()
      .default(null),
    lastMessage: z
      .object({
        clientMessageId: z.string(),
        reply: z.string(),
        accepted: z.array(z.string()),
        ignored: z.array(z.string()),
      })
      .nullable()
      .default(null),
    expiresAt: sessionSchema.shape.expiresAt.default(0),
    createdAt: storedMillis.optional(),
    updatedAt: storedMillis.optional(),
  })
  // a session started before messagesStarted existed counts its answered messages
  .transform(({ messagesStarted, ...session }): StoredSession => ({
    ...session,
    messagesStarted: messagesStarted ?? session.messageCount,
    countsStarted: messagesStarted !== undefined,
  }));
const sessionFromDoc = storedDecoder(COLLECTION, storedSession);

export async function readSession(id: string, tx?: Transaction): Promise<StoredSession | null> {
  const snap = tx ? await tx.get(sessionRef(id)) : await sessionRef(id).get();
  return snap.exists ? sessionFromDoc(snap) : null;
}
