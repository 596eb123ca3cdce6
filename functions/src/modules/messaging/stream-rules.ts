/**
 * The live stream's rules, pure: event ids, who reads which conversation's events, and which log
 * entries a stream delivers next. An event id is the entry's number in the company's log
 * (`companySeq`, decimal), so a client's events have one total order and a resumption from the last
 * id it received is the range after it: nothing missed, nothing twice.
 */
import type { MemberRole } from '../../core/memberships';
import { EVERYONE_ID } from './rules';
import type { ConversationKind } from './schemas';

/** The longest event id (the company number as decimal digits, no sign, no leading zero). */
const EVENT_ID = /^(0|[1-9]\d{0,14})$/;

/**
 * The position a client resumes after: the Last-Event-ID header, else the `lastEventId` query
 * parameter (a client that cannot set headers); `undefined` when neither (the stream starts at the
 * head), `'invalid'` when one is not an event id.
 */
export function resumePosition(header: string | undefined, query: string | undefined): number | undefined | 'invalid' {
  const raw = header !== undefined && header.trim() !== '' ? header.trim() : query;
  if (raw === undefined) return undefined;
  return EVENT_ID.test(raw) ? Number(raw) : 'invalid';
}

export const eventId = (companySeq: number): string => String(companySeq);

/** A conversation as the stream knows it: an automatic one by its id, explicit ones by their members. */
export interface StreamConversation {
  kind: ConversationKind;
  memberUids: readonly string[];
}

/**
 * Whether a reader gets a conversation's events now (as GET of the conversation answers it):
 * everyone, every member with access; a role group, its current holders and managers and owners
 * (`roleGroups`: the ids of the role groups the reader is in now); a direct conversation, its two
 * members; a group, its members and managers and owners (moderation).
 */
export function readsConversation(
  conversationId: string,
  conversation: StreamConversation | null,
  reader: { uid: string; role: MemberRole },
  roleGroups: ReadonlySet<string>,
): boolean {
  if (conversationId === EVERYONE_ID) return true;
  if (conversationId.startsWith('role_')) return roleGroups.has(conversationId);
  if (!conversation) return false;
  if (conversation.memberUids.includes(reader.uid)) return true;
  return conversation.kind === 'group' && reader.role !== 'employee';
}

/**
 * Of a page of the company's log (ordered by companySeq), the entries to deliver after `cursor`,
 * in order and each once, and the cursor after the page (past the entries the reader does not get
 * too, so that they are not read again).
 */
export function nextDeliveries<E extends { companySeq: number | null }>(
  page: readonly E[],
  cursor: number,
  reads: (entry: E) => boolean,
): { deliver: E[]; cursor: number } {
  const deliver: E[] = [];
  let at = cursor;
  for (const entry of page) {
    if (entry.companySeq === null || entry.companySeq <= at) continue;
    at = entry.companySeq;
    if (reads(entry)) deliver.push(entry);
  }
  return { deliver, cursor: at };
}
