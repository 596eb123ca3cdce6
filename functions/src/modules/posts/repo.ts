import type { DocumentData, Transaction } from 'firebase-admin/firestore';
import { companyCollection, toMillis } from '../../core/firestore';

export interface StoredPost {
  id: string;
  title: string;
  body: string;
  audience: { kind: string } & Record<string, unknown>;
  pinned: boolean;
  requiresAcknowledgement: boolean;
  allowComments: boolean;
  authorUid: string;
  recipientCount: number;
  createdAt: number;
  updatedAt: number;
  editedAt: number | null;
}

export interface Recipient {
  postId: string;
  employeeId: string;
  createdAt: number;
  readAt: number | null;
  acknowledgedAt: number | null;
}

export interface Comment {
  id: string;
  postId: string;
  authorUid: string;
  text: string;
  createdAt: number;
}

/** The one parser of a post. */
function postFromDoc(id: string, data: DocumentData): StoredPost {
  return {
    id,
    title: String(data.title ?? ''),
    body: String(data.body ?? ''),
    audience: data.audience ?? { kind: 'everyone' },
    pinned: data.pinned === true,
    requiresAcknowledgement: data.requiresAcknowledgement === true,
    allowComments: data.allowComments !== false,
    authorUid: String(data.authorUid ?? ''),
    recipientCount: Number(data.recipientCount ?? 0),
    createdAt: toMillis(data.createdAt) ?? 0,
    updatedAt: toMillis(data.updatedAt) ?? 0,
    editedAt: toMillis(data.editedAt) ?? null,
  };
}

const recipientFromDoc = (_id: string, data: DocumentData): Recipient => ({
  postId: String(data.postId ?? ''),
  employeeId: String(data.employeeId ?? ''),
  createdAt: toMillis(data.createdAt) ?? 0,
  readAt: toMillis(data.readAt) ?? null,
  acknowledgedAt: toMillis(data.acknowledgedAt) ?? null,
});

const commentFromDoc = (id: string, data: DocumentData): Comment => ({
  id,
  postId: String(data.postId ?? ''),
  authorUid: String(data.authorUid ?? ''),
  text: String(data.text ?? ''),
  createdAt: toMillis(data.createdAt) ?? 0,
});

/** Posts at companies/{companyId}/posts/{postId}. */
export const {
  collection: postsCollection,
  ref: postRef,
  fromSnapshot: postFromSnapshot,
} = companyCollection('posts', postFromDoc);
/**
 * One document per (post, employee) the post is addressed to: the employee's inbox entry and read
 * receipt, at companies/{companyId}/postRecipients/{postId}_{employeeId}.
 */
export const { collection: recipientsCollection, fromSnapshot: recipientFromSnapshot } = companyCollection(
  'postRecipients',
  recipientFromDoc,
);
export const recipientRef = (companyId: string, postId: string, employeeId: string) =>
  recipientsCollection(companyId).doc(`${postId}_${employeeId}`);
/** Comments at companies/{companyId}/postComments/{commentId}. */
export const {
  collection: commentsCollection,
  ref: commentRef,
  fromSnapshot: commentFromSnapshot,
} = companyCollection('postComments', commentFromDoc);

export async function getPost(companyId: string, postId: string, tx?: Transaction): Promise<StoredPost | null> {
  const ref = postRef(companyId, postId);
  return postFromSnapshot(tx ? await tx.get(ref) : await ref.get());
}

export async function getPosts(companyId: string, postIds: string[]): Promise<Map<string, StoredPost>> {
  if (postIds.length === 0) return new Map();
  const snaps = await postsCollection(companyId).firestore.getAll(...postIds.map((id) => postRef(companyId, id)));
  return new Map(
    snaps
      .map(postFromSnapshot)
      .filter((p): p is StoredPost => !!p)
      .map((p) => [p.id, p]),
  );
}

export async function listPosts(companyId: string): Promise<StoredPost[]> {
  return (await postsCollection(companyId).get()).docs.map((d) => postFromDoc(d.id, d.data()));
}

export async function inboxOf(companyId: string, employeeId: string): Promise<Recipient[]> {
  return (await recipientsCollection(companyId).where('employeeId', '==', employeeId).get()).docs.map((d) =>
    recipientFromDoc(d.id, d.data()),
  );
}

export async function recipientsOf(companyId: string, postId: string): Promise<Recipient[]> {
  return (await recipientsCollection(companyId).where('postId', '==', postId).get()).docs.map((d) =>
    recipientFromDoc(d.id, d.data()),
  );
}

export async function getRecipient(
  companyId: string,
  postId: string,
  employeeId: string,
  tx?: Transaction,
): Promise<Recipient | null> {
  const ref = recipientRef(companyId, postId, employeeId);
  return recipientFromSnapshot(tx ? await tx.get(ref) : await ref.get());
}

export async function commentsOf(companyId: string, postId: string): Promise<Comment[]> {
  return (await commentsCollection(companyId).where('postId', '==', postId).get()).docs.map((d) =>
    commentFromDoc(d.id, d.data()),
  );
}
