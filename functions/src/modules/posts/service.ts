import { coreErrors, type ErrorDetail } from '../../core/errors';
import { runExclusive } from '../../core/exclusive';
import { db } from '../../core/firebase';
import { markRequestComplete } from '../../core/store-ops';
import { requireCompany } from '../../core/firestore';
import type { Membership } from '../../core/memberships';
import { findEmployeeByUser, listEmployees, type Employee } from '../employees';
import { dispatchEvents, stageEvent } from '../events';
import { LIVE_MODES, listShiftsInRange } from '../schedule';
import { postErrors } from './errors';
import * as repo from './repo';
import { postsCursor, type Audience, type Post, type PostCreate, type PostPatch } from './schemas';
import { lockKeys } from '../../core/locks';

const notFound = () => postErrors.POST_NOT_FOUND('Post not found');
const BATCH_WRITES = 450;

/** The caller's employee record id: the membership's, else a record linked to the uid; null for none. */
async function employeeIdOf(member: Membership): Promise<string | null> {
  return member.employeeId ?? (await findEmployeeByUser(member.companyId, member.uid))?.id ?? null;
}

/** The employees an audience names, resolved when the post is published. */
export async function resolveAudience(companyId: string, audience: Audience): Promise<string[]> {
  const active = (await listEmployees(companyId, false)) as Employee[];
  switch (audience.kind) {
    case 'everyone':
      return active.map((e) => e.id);
    case 'roles':
      return active.filter((e) => e.positions.some((p) => audience.roleIds.includes(p.categoryId))).map((e) => e.id);
    case 'employees': {
      const known = new Set(active.map((e) => e.id));
      const problems: ErrorDetail[] = audience.employeeIds.flatMap((id, i) =>
        known.has(id) ? [] : [{ path: `body.audience.employeeIds.${i}`, message: `no active employee ${id}` }],
      );
      if (problems.length) throw postErrors.UNKNOWN_EMPLOYEES(problems.map((p) => p.message).join('; '), problems);
      return [...new Set(audience.employeeIds)];
    }
    case 'scheduled': {
      const shifts = await listShiftsInRange({ companyId, from: audience.date, to: audience.date, modes: LIVE_MODES });
      const scheduled = new Set(shifts.map((s) => s.employeeId));
      return active.filter((e) => scheduled.has(e.id)).map((e) => e.id);
    }
  }
}

function postView(post: repo.StoredPost, receipt: repo.Recipient | null): Post {
  return { ...post, myReceipt: receipt ? { readAt: receipt.readAt, acknowledgedAt: receipt.acknowledgedAt } : null };
}

/**
 * Publishes a post: the post and one inbox entry per recipient. Entries are written first (in
 * batches) and the post last, with its event, so a post is never listed before everyone it names can see it.
 */
export async function createPost({ member, input }: { member: Membership; input: PostCreate }): Promise<Post> {
  const { companyId } = member;
  await requireCompany(companyId);
  const recipients = await resolveAudience(companyId, input.audience);
  if (recipients.length === 0) throw postErrors.EMPTY_AUDIENCE('No employee is in this audience');
  const ref = repo.postsCollection(companyId).doc();
  const now = Date.now();
  for (let i = 0; i < recipients.length; i += BATCH_WRITES) {
    const batch = db().batch();
    for (const employeeId of recipients.slice(i, i + BATCH_WRITES)) {
      batch.set(repo.recipientRef(companyId, ref.id, employeeId), {
        postId: ref.id,
        employeeId,
        createdAt: now,
        readAt: null,
        acknowledgedAt: null,
      });
    }
    await batch.commit();
  }
  const stored = {
    ...input,
    authorUid: member.uid,
    recipientCount: recipients.length,
    createdAt: now,
    updatedAt: now,
    editedAt: null,
  };
  const event = stageEvent({
    companyId,
    type: 'post.published',
    actor: { uid: member.uid },
    subjects: { postIds: [ref.id] },
    data: { postId: ref.id, title: input.title, employeeIds: recipients },
  });
  const last = db().batch();
  last.set(ref, stored);
  event.write(last);
  // the post completes the request (its Idempotency-Key): a failure before it leaves no post, and a retry starts over
  markRequestComplete(last);
  await last.commit();
  await dispatchEvents([event]);
  const mine = await employeeIdOf(member);
  return postView(
    { id: ref.id, ...stored },
    mine && recipients.includes(mine)
      ? { postId: ref.id, employeeId: mine, createdAt: now, readAt: null, acknowledgedAt: null }
      : null,
  );
}

function page(posts: Post[], limit: number, after?: [number, string]) {
  let rest = posts.sort((a, b) => b.createdAt - a.createdAt || a.id.localeCompare(b.id));
  if (after) {
    const [at, id] = after;
    rest = rest.filter((p) => p.createdAt < at || (p.createdAt === at && p.id > id));
  }
  const out = rest.slice(0, limit);
  const last = out[out.length - 1];
  return { posts: out, nextCursor: rest.length > limit ? postsCursor.encode([last.createdAt, last.id]) : null };
}

/** The caller's inbox (or, for managers, every post), newest first, `limit` a page. */
export async function listPosts({
  member,
  query,
}: {
  member: Membership;
  query: { view: 'inbox' | 'all'; pinned?: boolean; limit: number; cursor?: [number, string] };
}) {
  const { companyId } = member;
  const mine = await employeeIdOf(member);
  const inbox = mine ? await repo.inboxOf(companyId, mine) : [];
  const receipts = new Map(inbox.map((r) => [r.postId, r]));
  let posts: repo.StoredPost[];
  if (query.view === 'all') {
    if (member.role === 'employee')
      throw coreErrors.INSUFFICIENT_ROLE(
        'Employees list the posts addressed to them (view=inbox); view=all is for managers and owners',
      );
    posts = await repo.listPosts(companyId);
  } else {
    posts = [...(await repo.getPosts(companyId, [...receipts.keys()])).values()];
  }
  const views = posts
    .filter((p) => query.pinned === undefined || p.pinned === query.pinned)
    .map((p) => postView(p, receipts.get(p.id) ?? null));
  return page(views, query.limit, query.cursor);
}

/** A post the caller may see: addressed to them, written by them, or any post for managers and owners. */
async function visiblePost(member: Membership, postId: string) {
  const [post, mine] = await Promise.all([repo.getPost(member.companyId, postId), employeeIdOf(member)]);
  if (!post) throw notFound();
  const receipt = mine ? await repo.getRecipient(member.companyId, postId, mine) : null;
  if (!receipt && member.role === 'employee' && post.authorUid !== member.uid) throw notFound();
  return { post, receipt, employeeId: mine };
}

export async function getPost({ member, postId }: { member: Membership; postId: string }) {
  const { post, receipt } = await visiblePost(member, postId);
  return postView(post, receipt);
}

/**
 * Records the caller's first read (and with `acknowledge`, their acknowledgement). Serialized per
 * receipt: two reads at once record one first read; later reads change nothing.
 */
export async function markRead({
  member,
  postId,
  acknowledge,
}: {
  member: Membership;
  postId: string;
  acknowledge: boolean;
}) {
  const { companyId } = member;
  const { post, employeeId } = await visiblePost(member, postId);
  if (!employeeId || !(await repo.getRecipient(companyId, postId, employeeId)))
    throw postErrors.NOT_A_RECIPIENT('This post is not addressed to you');
  if (acknowledge && !post.requiresAcknowledgement)
    throw postErrors.ACKNOWLEDGEMENT_NOT_REQUIRED('This post does not ask for an acknowledgement');
  const receipt = await runExclusive(lockKeys.postReceipt(companyId, postId, employeeId), async (tx) => {
    const current = await repo.getRecipient(companyId, postId, employeeId, tx);
    if (!current) throw notFound();
    const now = Date.now();
    const update: Record<string, number> = {};
    if (current.readAt === null) update.readAt = now;
    if (acknowledge && current.acknowledgedAt === null) update.acknowledgedAt = now;
    if (Object.keys(update).length === 0) return { result: current };
    return {
      result: { ...current, ...update },
      write: (t) => void t.update(repo.recipientRef(companyId, postId, employeeId), update),
    };
  });
  return postView(post, receipt);
}

/** Who has read (and acknowledged) and who has not: for the author, managers and owners. */
export async function receipts({ member, postId }: { member: Membership; postId: string }) {
  const { companyId } = member;
  const post = await repo.getPost(companyId, postId);
  if (!post || (member.role === 'employee' && post.authorUid !== member.uid)) throw notFound();
  const [recipients, employees] = await Promise.all([repo.recipientsOf(companyId, postId), listEmployees(companyId)]);
  const names = new Map((employees as Employee[]).map((e) => [e.id, `${e.name} ${e.surname}`.trim()]));
  const rows = recipients
    .map((r) => ({
      employeeId: r.employeeId,
      name: names.get(r.employeeId) ?? '',
      readAt: r.readAt,
      acknowledgedAt: r.acknowledgedAt,
    }))
    .sort((a, b) => (a.readAt ?? Infinity) - (b.readAt ?? Infinity) || a.name.localeCompare(b.name));
  return {
    recipientCount: rows.length,
    readCount: rows.filter((r) => r.readAt !== null).length,
    acknowledgedCount: rows.filter((r) => r.acknowledgedAt !== null).length,
    recipients: rows,
  };
}

export async function updatePost({ member, postId, patch }: { member: Membership; postId: string; patch: PostPatch }) {
  const { companyId } = member;
  const { receipt } = await visiblePost(member, postId);
  const post = await db().runTransaction(async (tx) => {
    const current = await repo.getPost(companyId, postId, tx);
    if (!current) throw notFound();
    if (current.authorUid !== member.uid) throw postErrors.NOT_THE_AUTHOR('Only the author edits a post');
    if (Object.keys(patch).length === 0) return current;
    const now = Date.now();
    const update = { ...patch, updatedAt: now, editedAt: now };
    tx.update(repo.postRef(companyId, postId), update);
    return { ...current, ...update };
  });
  return postView(post, receipt);
}

async function deleteAll(refs: FirebaseFirestore.DocumentReference[]) {
  for (let i = 0; i < refs.length; i += BATCH_WRITES) {
    const batch = db().batch();
    for (const ref of refs.slice(i, i + BATCH_WRITES)) batch.delete(ref);
    await batch.commit();
  }
}

/** The post first (it disappears at once), then its inbox entries and comments; a retry finishes the job. */
export async function deletePost({ member, postId }: { member: Membership; postId: string }) {
  const { companyId } = member;
  const post = await repo.getPost(companyId, postId);
  if (post) {
    if (post.authorUid !== member.uid && member.role !== 'owner')
      throw postErrors.NOT_THE_AUTHOR('Only the author or an owner deletes a post');
    await repo.postRef(companyId, postId).delete();
  } else if (member.role === 'employee') {
    throw notFound();
  }
  const [recipients, comments] = await Promise.all([
    repo.recipientsOf(companyId, postId),
    repo.commentsOf(companyId, postId),
  ]);
  if (!post && recipients.length === 0 && comments.length === 0) throw notFound();
  await deleteAll([
    ...recipients.map((r) => repo.recipientRef(companyId, postId, r.employeeId)),
    ...comments.map((c) => repo.commentRef(companyId, c.id)),
  ]);
  return { id: postId, deleted: true as const };
}

export async function listComments({ member, postId }: { member: Membership; postId: string }) {
  await visiblePost(member, postId);
  return (await repo.commentsOf(member.companyId, postId)).sort(
    (a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id),
  );
}

export async function addComment({ member, postId, text }: { member: Membership; postId: string; text: string }) {
  const { post } = await visiblePost(member, postId);
  if (!post.allowComments) throw postErrors.COMMENTS_DISABLED('This post does not allow comments');
  const ref = repo.commentsCollection(member.companyId).doc();
  const comment = { postId, authorUid: member.uid, text, createdAt: Date.now() };
  await ref.set(comment);
  return { id: ref.id, ...comment };
}

export async function deleteComment({
  member,
  postId,
  commentId,
}: {
  member: Membership;
  postId: string;
  commentId: string;
}) {
  await visiblePost(member, postId);
  const ref = repo.commentRef(member.companyId, commentId);
  const comment = repo.commentFromSnapshot(await ref.get());
  if (!comment || comment.postId !== postId) throw postErrors.COMMENT_NOT_FOUND('Comment not found');
  if (comment.authorUid !== member.uid && member.role === 'employee')
    throw postErrors.NOT_THE_AUTHOR("Only the comment's author or a manager deletes it");
  await ref.delete();
  return { id: commentId, deleted: true as const };
}
