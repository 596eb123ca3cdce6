/** Messages: sending (policies, mentions, the rate limit), paging both ways, edits and deletions. */
import type { Membership } from '../../core/memberships';
import { countInTransaction, type Limit } from '../../core/rate-limit';
import { dispatchEvents, stageEvent } from '../events';
import { assertMayPost, currentRoleOf, interactionPolicies, readableConversation } from './access';
import { attachmentsToSend, deleteAttachmentsOf, messageAttachmentOf } from './attachments';
import { messagingErrors } from './errors';
import { inLogTurn } from './log';
import * as repo from './repo';
import { deleteRefusal, editRefusal, noticeRecipients, pageRange } from './rules';
import { messagesCursor, type Message, type MessageInput } from './schemas';

/**
 * At most 30 messages per sender per 10 seconds in a company (a burst of a busy service is a few a
 * second; a stuck client or a script is refused with 429 RATE_LIMITED and Retry-After).
 */
export const MESSAGE_RATE: Limit = { name: 'messaging-send', points: 30, duration: 10 };

export function messageView(m: repo.StoredMessage): Message {
  return {
    id: m.id,
    conversationId: m.conversationId,
    number: m.number,
    authorUid: m.authorUid,
    text: m.deletedAt !== null || m.erased ? '' : m.text,
    mentions: m.mentions,
    attachments: m.deletedAt !== null || m.erased ? [] : m.attachments,
    createdAt: m.createdAt,
    editedAt: m.editedAt,
    deletedAt: m.deletedAt,
    deletedBy: m.deletedBy,
    erased: m.erased,
  };
}

export async function postMessage({
  member,
  conversationId,
  input,
}: {
  member: Membership;
  conversationId: string;
  input: MessageInput;
}): Promise<Message> {
  const { companyId, uid } = member;
  const now = Date.now();
  const [readable, policies] = await Promise.all([
    readableConversation(member, conversationId),
    interactionPolicies(companyId),
  ]);
  await assertMayPost(member, readable, now, policies);
  const attachmentIds = [...new Set(input.attachmentIds)];
  const mentions = [...new Set(input.mentions)];
  // of an automatic conversation, anyone with access (an owner or administrator of the organization too)
  const inConversation = async (u: string) =>
    readable.memberUids.length ? readable.memberUids.includes(u) : (await currentRoleOf(companyId, u, now)) !== null;
  const unknown = (await Promise.all(mentions.map(async (u) => ((await inConversation(u)) ? null : u)))).filter(
    (u): u is string => u !== null,
  );
  if (unknown.length)
    throw messagingErrors.UNKNOWN_MENTIONS(
      `Not members of the conversation: ${unknown.join(', ')}`,
      unknown.map((u) => ({ path: `body.mentions.${mentions.indexOf(u)}`, message: `${u} is not a member` })),
    );
  const ref = repo.messagesCollection(companyId).doc();
  // read before the turn: a receipt moving meanwhile costs at most one notice more or less
  const receipts = readable.memberUids.length ? await repo.membersOf(companyId, conversationId) : [];
  const recipientUids = noticeRecipients({
    memberUids: readable.memberUids,
    authorUid: uid,
    before: readable.messageCount,
    receipts,
    mentions,
  });
  const event = recipientUids.length
    ? stageEvent({
        companyId,
        type: 'message.posted',
        actor: { uid },
        subjects: { conversationIds: [conversationId], messageIds: [ref.id], recipientUids },
        data: {
          conversationId,
          messageId: ref.id,
          conversationKind: readable.kind,
          conversationName: readable.kind === 'direct' ? null : readable.name,
          authorUid: uid,
        },
      })
    : null;
  const posted = await inLogTurn(companyId, async (tx) => {
    // the rate limit in the turn's commit, counted at the request's arrival (core/rate-limit.ts)
    const [stored, mine, files, countSend] = await Promise.all([
      repo.getConversation(companyId, conversationId, tx),
      repo.getMember(companyId, conversationId, uid, tx),
      attachmentsToSend(companyId, conversationId, uid, attachmentIds, tx),
      countInTransaction(tx, MESSAGE_RATE, `${companyId}/${uid}`, 'messages', now),
    ]);
    const conversation = stored ?? readable;
    const number = conversation.messageCount + 1;
    const seq = conversation.lastSeq + 1;
    const message: repo.StoredMessage = {
      id: ref.id,
      conversationId,
      number,
      seq,
      authorUid: uid,
      text: input.text,
      mentions,
      attachments: files.map(messageAttachmentOf),
      createdAt: now,
      editedAt: null,
      deletedAt: null,
      deletedBy: null,
      erased: false,
    };
    return {
      result: messageView(message),
      write: (t) => {
        const { id: _id, ...data } = message;
        t.set(ref, data);
        countSend(t);
        for (const f of files) {
          t.update(repo.attachmentRef(companyId, f.id), { messageId: ref.id, sent: true });
          t.delete(repo.unsentRef(companyId, f.id));
        }
        const { id, ...conv } = { ...conversation, messageCount: number, lastSeq: seq, lastMessageAt: now };
        t.set(repo.conversationRef(companyId, id), conv);
        t.set(repo.memberRef(companyId, conversationId, uid), {
          conversationId,
          uid,
          muted: mine?.muted ?? false,
          joinedAt: mine?.joinedAt ?? now,
          readUpTo: number,
          readAt: now,
        });
        event?.write(t);
      },
      log: {
        conversationId,
        seq,
        kind: 'message',
        messageId: ref.id,
        uid,
        readUpTo: null,
        memberUids: null,
        previousUids: null,
        at: now,
      },
    };
  });
  await dispatchEvents([event]);
  return posted;
}

/** A page of messages, oldest first: the newest without a cursor, then older or newer pages by cursor. */
export async function listMessages({
  member,
  conversationId,
  query,
}: {
  member: Membership;
  conversationId: string;
  query: { limit: number; cursor?: ['older' | 'newer', number] };
}) {
  const conversation = await readableConversation(member, conversationId);
  const { from, to } = pageRange(conversation.messageCount, query.limit, query.cursor);
  const messages = (await repo.messagesInRange(member.companyId, conversation.id, from, to)).map(messageView);
  const first = messages[0];
  const last = messages[messages.length - 1];
  return {
    messages,
    olderCursor: first && first.number > 1 ? messagesCursor.encode(['older', first.number]) : null,
    newerCursor: last
      ? messagesCursor.encode(['newer', last.number])
      : query.cursor?.[0] === 'newer'
        ? messagesCursor.encode(query.cursor)
        : null,
  };
}

/** Edits (the author, within the window) or deletes (the author within the window; managers and owners any time). */
async function change(
  member: Membership,
  conversationId: string,
  messageId: string,
  how: { kind: 'edited'; text: string } | { kind: 'deleted' },
): Promise<Message> {
  const { companyId, uid } = member;
  await readableConversation(member, conversationId);
  return inLogTurn(companyId, async (tx) => {
    const [conversation, snap] = await Promise.all([
      repo.getConversation(companyId, conversationId, tx),
      tx.get(repo.messageRef(companyId, messageId)),
    ]);
    const message = repo.messageFromSnapshot(snap);
    if (!conversation || !message || message.conversationId !== conversationId)
      throw messagingErrors.MESSAGE_NOT_FOUND('Message not found');
    const now = Date.now();
    if (how.kind === 'deleted' && message.deletedAt !== null) return { result: messageView(message) };
    const refusal =
      how.kind === 'edited' ? editRefusal(message, uid, now) : deleteRefusal(message, { uid, role: member.role }, now);
    if (refusal) {
      const text = {
        NOT_THE_AUTHOR: 'Only the author edits a message (a manager or owner may delete it)',
        EDIT_WINDOW_CLOSED: 'The edit window of this message has closed',
        MESSAGE_DELETED: 'The message was deleted',
      }[refusal];
      throw messagingErrors[refusal](text);
    }
    const update =
      how.kind === 'edited'
        ? { text: how.text, editedAt: now }
        : { text: '', attachments: [], deletedAt: now, deletedBy: uid };
    const seq = conversation.lastSeq + 1;
    return {
      result: messageView({ ...message, ...update }),
      write: (t) => {
        t.update(repo.messageRef(companyId, messageId), update);
        t.update(repo.conversationRef(companyId, conversationId), { lastSeq: seq });
      },
      log: {
        conversationId,
        seq,
        kind: how.kind,
        messageId,
        uid,
        readUpTo: null,
        memberUids: null,
        previousUids: null,
        at: now,
      },
    };
  });
}

export const editMessage = ({
  member,
  conversationId,
  messageId,
  text,
}: {
  member: Membership;
  conversationId: string;
  messageId: string;
  text: string;
}) => change(member, conversationId, messageId, { kind: 'edited', text });

/** The message's files go after its deletion commits; deleting it again (a retry) deletes what is left of them. */
export async function deleteMessage({
  member,
  conversationId,
  messageId,
}: {
  member: Membership;
  conversationId: string;
  messageId: string;
}): Promise<Message> {
  const deleted = await change(member, conversationId, messageId, { kind: 'deleted' });
  await deleteAttachmentsOf(member.companyId, [messageId]);
  return deleted;
}
