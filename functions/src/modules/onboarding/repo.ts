import type { DocumentData, Transaction } from 'firebase-admin/firestore';
import { db } from '../../core/firebase';
import { toMillis } from '../../core/firestore';
import { answersSchema, turnSchema, type Answers, type Turn } from './schemas';

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

/** The one parser of a session document; stored answers are re-validated (a field that no longer passes is dropped). */
function sessionFromDoc(id: string, data: DocumentData): StoredSession {
  const answers = answersSchema.safeParse(data.answers ?? {});
  const transcript = turnSchema.array().safeParse(data.transcript ?? []);
  return {
    id,
    ownerUid: typeof data.ownerUid === 'string' ? data.ownerUid : null,
    tokenHash: typeof data.tokenHash === 'string' ? data.tokenHash : null,
    answers: answers.success ? answers.data : {},
    transcript: transcript.success ? transcript.data : [],
    messageCount: Number(data.messageCount ?? 0),
    messagesStarted: Number(data.messagesStarted ?? data.messageCount ?? 0),
    countsStarted: typeof data.messagesStarted === 'number',
    companyId: typeof data.companyId === 'string' ? data.companyId : null,
    completion:
      data.completion && typeof data.completion.uid === 'string'
        ? {
            uid: data.completion.uid,
            employeeId: data.completion.employeeId ?? null,
            reply: String(data.completion.reply ?? ''),
          }
        : null,
    lastMessage: data.lastMessage && typeof data.lastMessage.clientMessageId === 'string' ? data.lastMessage : null,
    expiresAt: Number(data.expiresAt ?? 0),
    createdAt: toMillis(data.createdAt),
    updatedAt: toMillis(data.updatedAt),
  };
}

export async function readSession(id: string, tx?: Transaction): Promise<StoredSession | null> {
  const snap = tx ? await tx.get(sessionRef(id)) : await sessionRef(id).get();
  return snap.exists ? sessionFromDoc(id, snap.data()!) : null;
}
