/** Conversations: the caller's list, starting one, a group's name and members, receipts, muting, the directory. */
import type { Transaction } from 'firebase-admin/firestore';
import { db } from '../../core/firebase';
import { grantsAccess, listMembershipsOfCompany, type Membership, type MemberRole } from '../../core/memberships';
import { listEmployees, type Employee } from '../employees';
import { peopleAt } from '../organizations';
import { currentRoleOf, interactionPolicies, readableConversation, readableConversations, refuse } from './access';
import { messagingErrors } from './errors';
import { inLogTurn } from './log';
import * as repo from './repo';
import {
  directConversationId,
  directStartRefusal,
  groupStartRefusal,
  inDirectory,
  nextReadUpTo,
  unreadCount,
} from './rules';
import type { Conversation, ConversationCreate, ConversationPatch } from './schemas';

export function conversationView(
  c: repo.StoredConversation,
  mine: repo.StoredMember | null,
  uid: string,
): Conversation {
  const readUpTo = mine?.readUpTo ?? 0;
  return {
    id: c.id,
    kind: c.kind,
    name: c.name,
    roleId: c.roleId,
    memberUids: c.memberUids,
    createdBy: c.createdBy,
    createdAt: c.createdAt,
    messageCount: c.messageCount,
    lastMessageAt: c.lastMessageAt,
    unreadCount: uid ? unreadCount(c.messageCount, readUpTo) : 0,
    muted: mine?.muted ?? false,
    readUpTo,
  };
}

/** The caller's conversations, the most recent message first (then by id), with unread counts. */
export async function listConversations({ member }: { member: Membership }): Promise<Conversation[]> {
  const conversations = await readableConversations(member);
  const mine = await repo.membersOfUid(
    member.companyId,
    member.uid,
    conversations.map((c) => c.id),
  );
  return conversations
    .map((c) => conversationView(c, mine.get(c.id) ?? null, member.uid))
    .sort((a, b) => (b.lastMessageAt ?? 0) - (a.lastMessageAt ?? 0) || a.id.localeCompare(b.id));
}

const membersWithAccess = async (companyId: string, now: number) =>
  (await listMembershipsOfCompany(companyId)).filter((m) => grantsAccess(m, now));

/** A conversation with its members' read receipts (and who has left). */
export async function getConversation({ member, conversationId }: { member: Membership; conversationId: string }) {
  const conversation = await readableConversation(member, conversationId);
  const now = Date.now();
  const [rows, people] = await Promise.all([
    repo.membersOf(member.companyId, conversation.id),
    peopleAt(member.companyId, membersWithAccess(member.companyId, now)),
  ]);
  const withAccess = new Set(people.map((p) => p.uid));
  const byUid = new Map(rows.map((r) => [r.uid, r]));
  const uids = conversation.memberUids.length ? conversation.memberUids : rows.map((r) => r.uid);
  return {
    ...conversationView(conversation, byUid.get(member.uid) ?? null, member.uid),
    members: uids.map((uid) => ({
      uid,
      readUpTo: byUid.get(uid)?.readUpTo ?? 0,
      readAt: byUid.get(uid)?.readAt ?? null,
      left: !withAccess.has(uid),
    })),
  };
}

/**
 * The members the caller may start a conversation with (not the caller), under
 * employeeInteractionWorkWith; then the owners and administrators of the company's organization,
 * as owners (one who is a member with access is listed once, as that member).
 */
export async function directory({ member }: { member: Membership }) {
  const now = Date.now();
  const [people, employees, policies] = await Promise.all([
    peopleAt(member.companyId, membersWithAccess(member.companyId, now)),
    listEmployees(member.companyId, false),
    interactionPolicies(member.companyId),
  ]);
  const byUser = new Map((employees as Employee[]).filter((e) => e.userId).map((e) => [e.userId as string, e]));
  const byId = new Map((employees as Employee[]).map((e) => [e.id, e]));
  return people
    .filter((p) => p.uid !== member.uid && inDirectory(member.role, p.role, policies))
    .map((p) => {
      const employee = (p.employeeId ? byId.get(p.employeeId) : undefined) ?? byUser.get(p.uid);
      return {
        uid: p.uid,
        role: p.role,
        employeeId: employee?.id ?? p.employeeId,
        name: employee ? `${employee.name} ${employee.surname ?? ''}`.trim() : null,
        organizationRole: p.organizationRole,
      };
    })
    .sort(
      (a, b) =>
        Number(a.organizationRole !== null) - Number(b.organizationRole !== null) ||
        (a.name ?? '').localeCompare(b.name ?? '') ||
        a.uid.localeCompare(b.uid),
    );
}

const memberRow = (conversationId: string, uid: string, now: number): repo.StoredMember => ({
  conversationId,
  uid,
  readUpTo: 0,
  readAt: null,
  muted: false,
  joinedAt: now,
});

/**
 * Starts a direct conversation (the same one whoever starts it: starting it again answers it) or a
 * group. The policies in force decide who an employee may start one with.
 */
export async function createConversation({ member, input }: { member: Membership; input: ConversationCreate }) {
  const { companyId } = member;
  const policies = await interactionPolicies(companyId);
  const now = Date.now();
  if (input.kind === 'direct') {
    if (input.uid === member.uid) refuse('NOT_IN_DIRECTORY');
    const role = await currentRoleOf(companyId, input.uid, now);
    if (!role) refuse('NOT_IN_DIRECTORY');
    const refusal = directStartRefusal(member.role, role, policies);
    if (refusal) refuse(refusal);
    const id = directConversationId(member.uid, input.uid);
    const conversation = await db().runTransaction(async (tx) => {
      const existing = await repo.getConversation(companyId, id, tx);
      if (existing) return existing;
      const created: repo.StoredConversation = {
        id,
        kind: 'direct',
        name: null,
        roleId: null,
        memberUids: [member.uid, input.uid].sort(),
        createdBy: member.uid,
        createdAt: now,
        messageCount: 0,
        lastSeq: 0,
        lastMessageAt: null,
      };
      writeConversation(tx, companyId, created, created.memberUids, now);
      return created;
    });
    return conversationView(conversation, memberRow(id, member.uid, now), member.uid);
  }
  const others = [...new Set(input.memberUids.filter((u) => u !== member.uid))];
  const roles = await rolesOfAll(companyId, others, now);
  const refusal = groupStartRefusal(member.role, roles, policies);
  if (refusal) refuse(refusal);
  const ref = repo.conversationsCollection(companyId).doc();
  const created: repo.StoredConversation = {
    id: ref.id,
    kind: 'group',
    name: input.name,
    roleId: null,
    memberUids: [member.uid, ...others],
    createdBy: member.uid,
    createdAt: now,
    messageCount: 0,
    lastSeq: 0,
    lastMessageAt: null,
  };
  const batch = db().batch();
  writeConversation(batch, companyId, created, created.memberUids, now);
  await batch.commit();
  return conversationView(created, memberRow(ref.id, member.uid, now), member.uid);
}

/** The roles of members now; NOT_IN_DIRECTORY for anyone without access. */
async function rolesOfAll(companyId: string, uids: string[], now: number): Promise<MemberRole[]> {
  const roles = await Promise.all(uids.map((u) => currentRoleOf(companyId, u, now)));
  if (roles.some((r) => r === null)) refuse('NOT_IN_DIRECTORY');
  return roles as MemberRole[];
}

function writeConversation(
  writer: Transaction | FirebaseFirestore.WriteBatch,
  companyId: string,
  c: repo.StoredConversation,
  newMembers: string[],
  now: number,
) {
  const { id, ...data } = c;
  (writer as FirebaseFirestore.WriteBatch).set(repo.conversationRef(companyId, id), data);
  for (const uid of newMembers)
    (writer as FirebaseFirestore.WriteBatch).set(repo.memberRef(companyId, id, uid), memberRow(id, uid, now));
}

/**
 * A group's name and members: its creator, managers and owners. Removed members keep their
 * messages (attributed); added ones are checked against the directory as at creation.
 */
export async function patchConversation({
  member,
  conversationId,
  patch,
}: {
  member: Membership;
  conversationId: string;
  patch: ConversationPatch;
}) {
  const { companyId } = member;
  const conversation = await readableConversation(member, conversationId);
  if (conversation.kind !== 'group') throw messagingErrors.NOT_EDITABLE('Only group conversations are edited');
  if (member.role === 'employee' && conversation.createdBy !== member.uid)
    throw messagingErrors.NOT_THE_AUTHOR("Only the group's creator, managers and owners change it");
  const now = Date.now();
  const added = [...new Set(patch.addUids ?? [])].filter((u) => !conversation.memberUids.includes(u));
  const policies = await interactionPolicies(companyId);
  const refusal = groupStartRefusal(member.role, await rolesOfAll(companyId, added, now), policies);
  if (refusal) refuse(refusal);
  const removed = new Set(patch.removeUids ?? []);
  const updated = await inLogTurn(companyId, async (tx) => {
    const current = await repo.getConversation(companyId, conversationId, tx);
    if (!current) throw messagingErrors.CONVERSATION_NOT_FOUND('Conversation not found');
    const memberUids = [...current.memberUids.filter((u) => !removed.has(u)), ...added.filter((u) => !removed.has(u))];
    const next = { ...current, name: patch.name ?? current.name, memberUids: [...new Set(memberUids)] };
    const seq = current.lastSeq + 1;
    return {
      result: next,
      write: (t) => {
        t.update(repo.conversationRef(companyId, conversationId), {
          name: next.name,
          memberUids: next.memberUids,
          lastSeq: seq,
        });
        for (const uid of added.filter((u) => !removed.has(u)))
          t.set(repo.memberRef(companyId, conversationId, uid), memberRow(conversationId, uid, now));
      },
      // the streams of the members before and after learn of it (and stop or start delivering)
      log: {
        conversationId,
        seq,
        kind: 'members',
        messageId: null,
        uid: member.uid,
        readUpTo: null,
        memberUids: next.memberUids,
        previousUids: current.memberUids,
        at: now,
      },
    };
  });
  return getConversation({ member: { ...member }, conversationId: updated.id });
}

/**
 * Moves the caller's read receipt forward (never back, never past the newest message) and logs it
 * for the stream; a receipt already there changes nothing.
 */
export async function markRead({
  member,
  conversationId,
  upTo,
}: {
  member: Membership;
  conversationId: string;
  upTo?: number;
}) {
  const { companyId, uid } = member;
  const readable = await readableConversation(member, conversationId);
  const now = Date.now();
  const result = await inLogTurn(companyId, async (tx) => {
    const [stored, mine] = await Promise.all([
      repo.getConversation(companyId, conversationId, tx),
      repo.getMember(companyId, conversationId, uid, tx),
    ]);
    const conversation = stored ?? readable;
    const row = mine ?? memberRow(conversationId, uid, now);
    const readUpTo = nextReadUpTo(row.readUpTo, upTo, conversation.messageCount);
    if (readUpTo === row.readUpTo && mine) return { result: { conversation, row } };
    const seq = conversation.lastSeq + 1;
    const nextRow = { ...row, readUpTo, readAt: now };
    return {
      result: { conversation: { ...conversation, lastSeq: seq }, row: nextRow },
      write: (t) => {
        const { id, ...data } = { ...conversation, lastSeq: seq };
        t.set(repo.conversationRef(companyId, id), data);
        t.set(repo.memberRef(companyId, conversationId, uid), nextRow);
      },
      log: {
        conversationId,
        seq,
        kind: 'receipt',
        messageId: null,
        uid,
        readUpTo,
        memberUids: null,
        previousUids: null,
        at: now,
      },
    };
  });
  return conversationView(result.conversation, result.row, uid);
}

/** Mutes (or unmutes) a conversation for the caller: no notifications of it, mentions aside. */
export async function setMuted({
  member,
  conversationId,
  muted,
}: {
  member: Membership;
  conversationId: string;
  muted: boolean;
}) {
  const { companyId, uid } = member;
  const conversation = await readableConversation(member, conversationId);
  const now = Date.now();
  const row = await db().runTransaction(async (tx) => {
    const mine = (await repo.getMember(companyId, conversationId, uid, tx)) ?? memberRow(conversationId, uid, now);
    const next = { ...mine, muted };
    tx.set(repo.memberRef(companyId, conversationId, uid), next);
    return next;
  });
  return conversationView(conversation, row, uid);
}
