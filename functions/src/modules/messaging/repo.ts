import type { DocumentSnapshot, Transaction } from 'firebase-admin/firestore';
import { db } from '../../core/firebase';
import { z } from 'zod';
import { storedCollection, storedMillis } from '../../core/stored';
import { attachmentSchema, CONVERSATION_KINDS, messageSchema } from './schemas';

/**
 * The messaging module's documents:
 *   companies/{c}/conversations/{id}             a conversation: kind, name, members, counters
 *   companies/{c}/conversationMembers/{id}_{uid} a member's read receipt and mute
 *   companies/{c}/messages/{id}                  a message (number 1.. within its conversation)
 *   companies/{c}/conversationLog/{id}_{seq}     what happened in a conversation, in order (seq 1..), and
 *                                                its place in the company's stream (companySeq 1..: the
 *                                                event id); the live stream replays it (no text: it points at the message)
 *   companies/{c}/messagingHead/log              the company's last companySeq (written in each log entry's commit)
 *   companies/{c}/messageAttachments/{id}        a file uploaded to a conversation, waiting to be sent or sent
 *                                                with a message; its bytes in Cloud Storage at storagePath
 *   unsentAttachments/{c}_{id}                   an upload waiting to be sent (the daily job's list)
 */
const storedConversation = z.object({
  id: z.string(),
  kind: z.enum(CONVERSATION_KINDS),
  name: z.string().nullable().default(null),
  roleId: z.string().nullable().default(null),
  memberUids: z.array(z.string()).default([]),
  createdBy: z.string().nullable().default(null),
  createdAt: storedMillis.default(0),
  messageCount: z.number().int().default(0),
  lastSeq: z.number().int().default(0),
  lastMessageAt: storedMillis.nullable().default(null),
});
export type StoredConversation = z.output<typeof storedConversation>;

const storedMember = z.object({
  conversationId: z.string(),
  uid: z.string(),
  readUpTo: z.number().int().default(0),
  readAt: storedMillis.nullable().default(null),
  muted: z.boolean().default(false),
  joinedAt: storedMillis.default(0),
});
export type StoredMember = z.output<typeof storedMember>;

const storedMessage = messageSchema.extend({
  seq: z.number().int().default(0),
  mentions: messageSchema.shape.mentions.default([]),
  attachments: messageSchema.shape.attachments.default([]),
  createdAt: storedMillis,
  editedAt: storedMillis.nullable().default(null),
  deletedAt: storedMillis.nullable().default(null),
  deletedBy: z.string().nullable().default(null),
  erased: z.boolean().default(false),
});
export type StoredMessage = z.output<typeof storedMessage>;

const storedAttachment = attachmentSchema.extend({
  createdAt: storedMillis,
  storagePath: z.string(),
  /** messageId !== null, for the queries (the emulator's filters do not take `== null`). */
  sent: z.boolean(),
});
export type StoredAttachment = z.output<typeof storedAttachment>;

export const LOG_KINDS = ['message', 'edited', 'deleted', 'receipt', 'members'] as const;
export type LogKind = (typeof LOG_KINDS)[number];
const storedLogEntry = z.object({
  conversationId: z.string(),
  seq: z.number().int(),
  /** The entry's number in the company's stream (the event id); null on entries written before the stream. */
  companySeq: z.number().int().nullable().default(null),
  kind: z.enum(LOG_KINDS),
  messageId: z.string().nullable().default(null),
  /** The member whose receipt moved (kind receipt), or who acted. */
  uid: z.string(),
  readUpTo: z.number().int().nullable().default(null),
  /** kind members: the group's members after the change, and before it (so a stream reads each entry as of its place). */
  memberUids: z.array(z.string()).nullable().default(null),
  previousUids: z.array(z.string()).nullable().default(null),
  at: storedMillis,
});
export type LogEntry = z.output<typeof storedLogEntry>;

export const {
  collection: conversationsCollection,
  ref: conversationRef,
  fromDoc: conversationFromDoc,
  fromSnapshot: conversationFromSnapshot,
} = storedCollection('conversations', storedConversation);
export const {
  collection: membersCollection,
  fromDoc: memberFromDoc,
  fromSnapshot: memberFromSnapshot,
} = storedCollection('conversationMembers', storedMember);
export const memberRef = (companyId: string, conversationId: string, uid: string) =>
  membersCollection(companyId).doc(`${conversationId}_${uid}`);
export const {
  collection: messagesCollection,
  ref: messageRef,
  fromDoc: messageFromDoc,
  fromSnapshot: messageFromSnapshot,
} = storedCollection('messages', storedMessage);
export const {
  collection: attachmentsCollection,
  ref: attachmentRef,
  fromDoc: attachmentFromDoc,
  fromSnapshot: attachmentFromSnapshot,
} = storedCollection('messageAttachments', storedAttachment);
export const attachmentPathOf = (companyId: string, conversationId: string, attachmentId: string) =>
  `companies/${companyId}/messaging/${conversationId}/${attachmentId}`;

export async function getAttachment(companyId: string, id: string, tx?: Transaction): Promise<StoredAttachment | null> {
  const ref = attachmentRef(companyId, id);
  return attachmentFromSnapshot(tx ? await tx.get(ref) : await ref.get());
}

/** The sender's upload of these bytes to the conversation that waits to be sent, if any. */
export async function unsentUpload(
  companyId: string,
  conversationId: string,
  uid: string,
  sha256: string,
): Promise<StoredAttachment | null> {
  const snap = await attachmentsCollection(companyId)
    .where('conversationId', '==', conversationId)
    .where('uploadedBy', '==', uid)
    .where('sha256', '==', sha256)
    .where('sent', '==', false)
    .limit(1)
    .get();
  return snap.empty ? null : attachmentFromDoc(snap.docs[0]);
}

/** The attachments sent with these messages. */
export async function attachmentsOfMessages(
  companyId: string,
  messageIds: readonly string[],
): Promise<StoredAttachment[]> {
  const out: StoredAttachment[] = [];
  // an `in` filter takes at most 30 values
  for (let i = 0; i < messageIds.length; i += 30) {
    const snap = await attachmentsCollection(companyId)
      .where('messageId', 'in', messageIds.slice(i, i + 30))
      .get();
    out.push(...snap.docs.map(attachmentFromDoc));
  }
  return out;
}

/**
 * Uploads waiting to be sent, across companies (root `unsentAttachments/{c}_{id}`: the daily job
 * lists those older than a day); written with the upload, deleted in the commit of its message.
 */
const storedUnsent = z.object({ companyId: z.string(), attachmentId: z.string(), createdAt: storedMillis });
export type UnsentEntry = z.output<typeof storedUnsent>;
export const unsentRef = (companyId: string, attachmentId: string) =>
  db().collection('unsentAttachments').doc(`${companyId}_${attachmentId}`);
export async function unsentBefore(before: number, limit: number): Promise<UnsentEntry[]> {
  const snap = await db().collection('unsentAttachments').where('createdAt', '<', before).limit(limit).get();
  return snap.docs.map((d) => storedUnsent.parse(d.data()));
}

export const { collection: logCollection, fromDoc: logFromDoc } = storedCollection('conversationLog', storedLogEntry);

/** A company's retention of messages (root `messageRetention/{companyId}`: the daily job lists them). */
const storedRetention = z.object({
  companyId: z.string(),
  days: z.number().int().positive().nullable().default(null),
  updatedAt: storedMillis.nullable().default(null),
});
export type StoredRetention = z.output<typeof storedRetention>;
export const retentionRef = (companyId: string) => db().collection('messageRetention').doc(companyId);
export const retentionOf = (snap: DocumentSnapshot): StoredRetention =>
  snap.exists ? storedRetention.parse(snap.data()) : { companyId: snap.id, days: null, updatedAt: null };
export async function retentionsInForce(): Promise<StoredRetention[]> {
  const snap = await db().collection('messageRetention').where('days', '>', 0).get();
  return snap.docs.map((d) => storedRetention.parse(d.data()));
}
/** A company's messages sent before `before` and not reduced to tombstones, oldest first, at most `limit`. */
export async function messagesSentBefore(companyId: string, before: number, limit: number): Promise<StoredMessage[]> {
  const snap = await messagesCollection(companyId)
    .where('erased', '==', false)
    .where('createdAt', '<', before)
    .orderBy('createdAt')
    .limit(limit)
    .get();
  return snap.docs.map(messageFromDoc);
}
/** The company's stream head: the last companySeq handed out. */
export const headRef = (companyId: string) => db().doc(`companies/${companyId}/messagingHead/log`);
export const headOf = (snap: DocumentSnapshot): number =>
  snap.exists ? z.number().int().nonnegative().catch(0).parse(snap.get('lastSeq')) : 0;
export async function readHead(companyId: string): Promise<number> {
  return headOf(await headRef(companyId).get());
}

/** The company's log after `afterSeq` (its stream), in order, at most `limit` entries. */
export async function companyLogAfter(companyId: string, afterSeq: number, limit: number): Promise<LogEntry[]> {
  const snap = await logCollection(companyId)
    .where('companySeq', '>', afterSeq)
    .orderBy('companySeq')
    .limit(limit)
    .get();
  return snap.docs.map(logFromDoc);
}

/** Zero-padded so that ids sort as the sequence does. */
export const logRef = (companyId: string, conversationId: string, seq: number) =>
  logCollection(companyId).doc(`${conversationId}_${String(seq).padStart(10, '0')}`);

export async function getConversation(
  companyId: string,
  id: string,
  tx?: Transaction,
): Promise<StoredConversation | null> {
  const ref = conversationRef(companyId, id);
  return conversationFromSnapshot(tx ? await tx.get(ref) : await ref.get());
}

export async function getMember(
  companyId: string,
  conversationId: string,
  uid: string,
  tx?: Transaction,
): Promise<StoredMember | null> {
  const ref = memberRef(companyId, conversationId, uid);
  return memberFromSnapshot(tx ? await tx.get(ref) : await ref.get());
}

/** The explicit (direct and group) conversations a uid is a member of. */
export async function conversationsOfUid(companyId: string, uid: string): Promise<StoredConversation[]> {
  const snap = await conversationsCollection(companyId).where('memberUids', 'array-contains', uid).get();
  return snap.docs.map(conversationFromDoc);
}

export async function conversationsByIds(companyId: string, ids: string[]): Promise<StoredConversation[]> {
  if (ids.length === 0) return [];
  const snaps = await conversationsCollection(companyId).firestore.getAll(
    ...ids.map((id) => conversationRef(companyId, id)),
  );
  return snaps.map(conversationFromSnapshot).filter((c): c is StoredConversation => c !== null);
}

/** Every group conversation of the company (managers and owners read them all). */
export async function groupConversations(companyId: string): Promise<StoredConversation[]> {
  const snap = await conversationsCollection(companyId).where('kind', '==', 'group').get();
  return snap.docs.map(conversationFromDoc);
}

/** A member's receipt rows of the given conversations, by conversation id. */
export async function membersOfUid(
  companyId: string,
  uid: string,
  conversationIds: string[],
): Promise<Map<string, StoredMember>> {
  if (conversationIds.length === 0) return new Map();
  const snaps = await membersCollection(companyId).firestore.getAll(
    ...conversationIds.map((id) => memberRef(companyId, id, uid)),
  );
  return new Map(
    snaps
      .map(memberFromSnapshot)
      .filter((m): m is StoredMember => m !== null)
      .map((m) => [m.conversationId, m]),
  );
}

export async function membersOf(companyId: string, conversationId: string): Promise<StoredMember[]> {
  const snap = await membersCollection(companyId).where('conversationId', '==', conversationId).get();
  return snap.docs.map(memberFromDoc);
}

/** Messages numbered from..to of a conversation, oldest first. */
export async function messagesInRange(
  companyId: string,
  conversationId: string,
  from: number,
  to: number,
): Promise<StoredMessage[]> {
  if (to < from) return [];
  const snap = await messagesCollection(companyId)
    .where('conversationId', '==', conversationId)
    .where('number', '>=', from)
    .where('number', '<=', to)
    .orderBy('number')
    .get();
  return snap.docs.map(messageFromDoc);
}

/** The log of a conversation after `afterSeq`, in order, at most `limit` entries. */
export async function logAfter(
  companyId: string,
  conversationId: string,
  afterSeq: number,
  limit: number,
): Promise<LogEntry[]> {
  const snap = await logCollection(companyId)
    .where('conversationId', '==', conversationId)
    .where('seq', '>', afterSeq)
    .orderBy('seq')
    .limit(limit)
    .get();
  return snap.docs.map(logFromDoc);
}

export async function messagesByIds(companyId: string, ids: string[]): Promise<Map<string, StoredMessage>> {
  if (ids.length === 0) return new Map();
  const snaps = await messagesCollection(companyId).firestore.getAll(...ids.map((id) => messageRef(companyId, id)));
  return new Map(
    snaps
      .map(messageFromSnapshot)
      .filter((m): m is StoredMessage => m !== null)
      .map((m) => [m.id, m]),
  );
}
