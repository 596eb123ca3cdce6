/**
 * The rules of team messaging, pure (no Firestore; `now` a parameter): who may start, post, edit
 * and delete what under the company's interaction policies, unread counts and receipts.
 *
 * The three policies (companies module, `config/employeeInteraction`) bind employees only; managers
 * and owners always may. A policy is read when something is sent, never applied to what was sent.
 */
import type { MemberRole } from '../../core/memberships';
import type { ConversationKind } from './schemas';

export interface InteractionPolicies {
  /** employeeInteractionGroup: employees create and post in group conversations (automatic ones too). */
  group: boolean;
  /** employeeInteractionMessages: employees message other employees directly (else managers and owners only). */
  messages: boolean;
  /** employeeInteractionWorkWith: employees see their colleagues (else, as for shifts, managers and owners only). */
  workWith: boolean;
}

/** Why something may not be sent: the code of messagingErrors to answer. */
export type Refusal = 'MESSAGES_RESTRICTED' | 'GROUPS_DISABLED' | 'NOT_IN_DIRECTORY' | 'RECIPIENT_LEFT';

/** Authors edit (and delete) their own messages for this long after sending them. */
export const EDIT_WINDOW_MS = 15 * 60 * 1000;

const staff = (role: MemberRole) => role !== 'employee';

/**
 * Whether `target` is in the caller's directory (who they may start a conversation with): managers
 * and owners see everyone; an employee sees managers and owners, and other employees only while
 * employeeInteractionWorkWith is on (the limit GET /shifts applies to colleagues' shifts).
 */
export function inDirectory(caller: MemberRole, target: MemberRole, p: InteractionPolicies): boolean {
  return staff(caller) || staff(target) || p.workWith;
}

/** Whether the caller may start a direct conversation with `target` (null: yes). */
export function directStartRefusal(caller: MemberRole, target: MemberRole, p: InteractionPolicies): Refusal | null {
  if (!inDirectory(caller, target, p)) return 'NOT_IN_DIRECTORY';
  if (!staff(caller) && !staff(target) && !p.messages) return 'MESSAGES_RESTRICTED';
  return null;
}

/** Whether the caller may create a group with these members (their roles; null: yes). */
export function groupStartRefusal(caller: MemberRole, members: MemberRole[], p: InteractionPolicies): Refusal | null {
  if (staff(caller)) return null;
  if (!p.group) return 'GROUPS_DISABLED';
  if (members.some((m) => !inDirectory(caller, m, p))) return 'NOT_IN_DIRECTORY';
  return null;
}

/**
 * Whether the caller may post in a conversation now (null: yes). `other` is the other member of a
 * direct conversation: their current role, or null when their access has ended.
 */
export function postRefusal(
  kind: ConversationKind,
  caller: MemberRole,
  other: MemberRole | null,
  p: InteractionPolicies,
): Refusal | null {
  if (kind === 'direct') {
    if (other === null) return 'RECIPIENT_LEFT';
    if (!staff(caller) && !staff(other) && !p.messages) return 'MESSAGES_RESTRICTED';
    return null;
  }
  if (!staff(caller) && !p.group) return 'GROUPS_DISABLED';
  return null;
}

/** Whether the caller may edit a message: its author, within the window, while it is not deleted. */
export function editRefusal(
  message: { authorUid: string; createdAt: number; deletedAt: number | null },
  callerUid: string,
  now: number,
): 'NOT_THE_AUTHOR' | 'EDIT_WINDOW_CLOSED' | 'MESSAGE_DELETED' | null {
  if (message.authorUid !== callerUid) return 'NOT_THE_AUTHOR';
  if (message.deletedAt !== null) return 'MESSAGE_DELETED';
  if (now - message.createdAt > EDIT_WINDOW_MS) return 'EDIT_WINDOW_CLOSED';
  return null;
}

/**
 * Whether the caller may delete a message: managers and owners any time (moderation), in any
 * conversation they read; the author within the edit window.
 */
export function deleteRefusal(
  message: { authorUid: string; createdAt: number },
  caller: { uid: string; role: MemberRole },
  now: number,
): 'NOT_THE_AUTHOR' | 'EDIT_WINDOW_CLOSED' | null {
  if (staff(caller.role)) return null;
  if (message.authorUid !== caller.uid) return 'NOT_THE_AUTHOR';
  if (now - message.createdAt > EDIT_WINDOW_MS) return 'EDIT_WINDOW_CLOSED';
  return null;
}

/** A receipt moves forward only, and never past the newest message. */
export function nextReadUpTo(current: number, requested: number | undefined, messageCount: number): number {
  return Math.max(current, Math.min(requested ?? messageCount, messageCount));
}

/** Unread: the messages after the receipt (one's own messages move one's receipt, so they never count). */
export const unreadCount = (messageCount: number, readUpTo: number): number => Math.max(0, messageCount - readUpTo);

/** The id of the direct conversation of two members: the same whoever starts it. */
export const directConversationId = (a: string, b: string): string => `dm_${[a, b].sort().join('_')}`;
/** The automatic conversations: one for every member, one per role. */
export const EVERYONE_ID = 'everyone';
export const roleConversationId = (roleId: string): string => `role_${roleId}`;

/** Which messages of a conversation a page holds: numbers in [from, to], oldest first. */
export function pageRange(
  messageCount: number,
  limit: number,
  cursor: ['older' | 'newer', number] | undefined,
): { from: number; to: number } {
  if (!cursor) return { from: Math.max(1, messageCount - limit + 1), to: messageCount };
  const [direction, at] = cursor;
  if (direction === 'older') return { from: Math.max(1, at - limit), to: Math.min(at - 1, messageCount) };
  return { from: at + 1, to: Math.min(at + limit, messageCount) };
}

/**
 * Whom a new message notifies (the `message.posted` event): of a direct or named group
 * conversation, each member but the author who had read every message before it and has not muted
 * it, so a member gets one notice per conversation until they read it; of any conversation, the
 * members it mentions (muted or not). Automatic conversations (a role, everyone) notify their
 * mentions only: their members are everyone of a role, and each message would be a notice to all.
 */
export function noticeRecipients(input: {
  memberUids: readonly string[];
  authorUid: string;
  /** messages of the conversation before this one */
  before: number;
  receipts: readonly { uid: string; readUpTo: number; muted: boolean }[];
  mentions: readonly string[];
}): string[] {
  const receipt = new Map(input.receipts.map((r) => [r.uid, r]));
  const caughtUp = input.memberUids.filter((u) => {
    const r = receipt.get(u);
    return !r?.muted && (r?.readUpTo ?? 0) >= input.before;
  });
  return [...new Set([...caughtUp, ...input.mentions])].filter((u) => u !== input.authorUid).sort();
}
