/**
 * Who is in which conversation, read at the time of each request: the policies in force, the
 * caller's automatic groups (their roles now), the conversations they read, what they may send
 * now. Nothing here writes.
 */
import { findMembership, grantsAccess, type Membership, type MemberRole } from '../../core/memberships';
import { policiesInForce } from '../companies';
import { employeeFromSnapshot, employeeRef, type Employee } from '../employees';
import { organizationMembersAt } from '../organizations';
import { listRoles, type Role } from '../roles';
import { messagingErrors } from './errors';
import * as repo from './repo';
import { EVERYONE_ID, postRefusal, roleConversationId, type InteractionPolicies, type Refusal } from './rules';

export async function interactionPolicies(companyId: string): Promise<InteractionPolicies> {
  const p = await policiesInForce(companyId);
  return {
    group: p.employeeInteractionGroup,
    messages: p.employeeInteractionMessages,
    workWith: p.employeeInteractionWorkWith,
  };
}

const staff = (role: MemberRole) => role !== 'employee';

/** The roles whose automatic group the caller is in: managers and owners every active role, an employee those they hold. */
export async function rolesOf(member: Membership): Promise<Role[]> {
  const roles = (await listRoles(member.companyId)).filter((r) => !r.archived);
  if (staff(member.role)) return roles;
  if (!member.employeeId) return [];
  const employee = employeeFromSnapshot(
    await employeeRef(member.companyId, member.employeeId).get(),
  ) as Employee | null;
  if (!employee || employee.archived) return [];
  const held = new Set(employee.positions.map((p) => p.categoryId));
  return roles.filter((r) => held.has(r.id));
}

/** An automatic conversation as it is before its first message (its document is written then). */
export function automaticConversation(id: string, role: Role | null): repo.StoredConversation {
  return {
    id,
    kind: role ? 'role' : 'everyone',
    name: role ? role.name : 'Everyone',
    roleId: role?.id ?? null,
    memberUids: [],
    createdBy: null,
    createdAt: 0,
    messageCount: 0,
    lastSeq: 0,
    lastMessageAt: null,
  };
}

/** Every conversation the caller reads: automatic ones, their direct and group ones, and (managers, owners) every group. */
export async function readableConversations(member: Membership): Promise<repo.StoredConversation[]> {
  const { companyId } = member;
  const [roles, explicit, groups] = await Promise.all([
    rolesOf(member),
    repo.conversationsOfUid(companyId, member.uid),
    staff(member.role) ? repo.groupConversations(companyId) : Promise.resolve([]),
  ]);
  const automatic = [
    automaticConversation(EVERYONE_ID, null),
    ...roles.map((r) => automaticConversation(roleConversationId(r.id), r)),
  ];
  const stored = new Map(
    (
      await repo.conversationsByIds(
        companyId,
        automatic.map((c) => c.id),
      )
    ).map((c) => [c.id, c]),
  );
  const all = new Map<string, repo.StoredConversation>();
  for (const c of automatic) all.set(c.id, { ...c, ...stored.get(c.id), name: c.name });
  for (const c of [...explicit, ...groups]) all.set(c.id, c);
  return [...all.values()];
}

/**
 * The conversation if the caller reads it (else 404, as for one that does not exist): a member of a
 * direct or group one (managers and owners: any group), an automatic one they belong to now.
 */
export async function readableConversation(member: Membership, id: string): Promise<repo.StoredConversation> {
  const notFound = () => messagingErrors.CONVERSATION_NOT_FOUND('Conversation not found');
  if (id === EVERYONE_ID) {
    return { ...automaticConversation(EVERYONE_ID, null), ...(await repo.getConversation(member.companyId, id)) };
  }
  if (id.startsWith('role_')) {
    const role = (await rolesOf(member)).find((r) => roleConversationId(r.id) === id);
    if (!role) throw notFound();
    return {
      ...automaticConversation(id, role),
      ...(await repo.getConversation(member.companyId, id)),
      name: role.name,
    };
  }
  const conversation = await repo.getConversation(member.companyId, id);
  if (!conversation) throw notFound();
  const reads = conversation.memberUids.includes(member.uid) || (conversation.kind === 'group' && staff(member.role));
  if (!reads) throw notFound();
  return conversation;
}

/**
 * The membership an owner or administrator of the company's organization acts with there: an
 * owner's, without a membership document (null for anyone else).
 */
export async function organizationOwnerAt(companyId: string, uid: string): Promise<Membership | null> {
  const members = await organizationMembersAt(companyId);
  return members.some((o) => o.uid === uid) ? { companyId, uid, role: 'owner', employeeId: null } : null;
}

/**
 * Another person's role now (an owner or administrator of the company's organization: owner), or
 * null when they have no access (archived, removed).
 */
export async function currentRoleOf(companyId: string, uid: string, now = Date.now()): Promise<MemberRole | null> {
  const m = await findMembership(companyId, uid);
  if (m && grantsAccess(m, now)) return m.role;
  // the organization is asked only after the membership: a member's role costs no read more
  return (await organizationOwnerAt(companyId, uid))?.role ?? null;
}

export function refuse(refusal: Refusal): never {
  const messages: Record<Refusal, string> = {
    MESSAGES_RESTRICTED:
      'Employees message managers and owners only in this company (employeeInteractionMessages is off)',
    GROUPS_DISABLED: 'Employees do not create or post in groups in this company (employeeInteractionGroup is off)',
    NOT_IN_DIRECTORY: 'That person is not in your directory',
    RECIPIENT_LEFT: 'The other member no longer has access to the company',
  };
  throw messagingErrors[refusal](messages[refusal]);
}

/** Whom a direct conversation's message goes to besides the sender; null for groups. */
const otherOf = (c: repo.StoredConversation, uid: string) =>
  c.kind === 'direct' ? (c.memberUids.find((u) => u !== uid) ?? null) : null;

/** Refuses what the caller may not send to the conversation now (the policies in force, a recipient who left). */
export async function assertMayPost(
  member: Membership,
  conversation: repo.StoredConversation,
  now: number,
  knownPolicies?: InteractionPolicies,
) {
  const other = otherOf(conversation, member.uid);
  const [policies, otherRole] = await Promise.all([
    knownPolicies ?? interactionPolicies(member.companyId),
    other ? currentRoleOf(member.companyId, other, now) : Promise.resolve(null),
  ]);
  const refusal = postRefusal(conversation.kind, member.role, otherRole, policies);
  if (refusal) refuse(refusal);
}
