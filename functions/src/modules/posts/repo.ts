import type { Transaction } from 'firebase-admin/firestore';
import { z } from 'zod';
import { storedCollection, storedMillis } from '../../core/stored';
import { commentSchema, postSchema } from './schemas';

/** A post document: the API's post without the caller's receipt, with defaults for what older posts lack. */
const storedPost = postSchema.omit({ myReceipt: true }).extend({
  title: postSchema.shape.title.default(''),
  body: postSchema.shape.body.default(''),
  audience: postSchema.shape.audience.default({ kind: 'everyone' }),
  pinned: postSchema.shape.pinned.default(false),
  requiresAcknowledgement: postSchema.shape.requiresAcknowledgement.default(false),
  allowComments: postSchema.shape.allowComments.default(true),
  authorUid: postSchema.shape.authorUid.default(''),
  recipientCount: postSchema.shape.recipientCount.default(0),
  createdAt: storedMillis.default(0),
  updatedAt: storedMillis.default(0),
  editedAt: storedMillis.nullable().default(null),
});
export type StoredPost = z.output<typeof storedPost>;

const storedRecipient = z.object({
  postId: z.string().default(''),
  employeeId: z.string().default(''),
  createdAt: storedMillis.default(0),
  readAt: storedMillis.nullable().default(null),
  acknowledgedAt: storedMillis.nullable().default(null),
});
export type Recipient = z.output<typeof storedRecipient>;

const storedComment = commentSchema.extend({
  postId: commentSchema.shape.postId.default(''),
  authorUid: commentSchema.shape.authorUid.default(''),
  text: commentSchema.shape.text.default(''),
  createdAt: storedMillis.default(0),
});
export type Comment = z.output<typeof storedComment>;

/** Posts at companies/{companyId}/posts/{postId}. */
export const {
  collection: postsCollection,
  ref: postRef,
  fromDoc: postFromDoc,
  fromSnapshot: postFromSnapshot,
} = storedCollection('posts', storedPost);
/**
 * One document per (post, employee) the post is addressed to: the employee's inbox entry and read
 * receipt, at companies/{companyId}/postRecipients/{postId}_{employeeId}.
 */
export const {
  collection: recipientsCollection,
  fromDoc: recipientFromDoc,
  fromSnapshot: recipientFromSnapshot,
} = storedCollection('postRecipients', storedRecipient);
export const recipientRef = (companyId: string, postId: string, employeeId: string) =>
  recipientsCollection(companyId).doc(`${postId}_${employeeId}`);
/** Comments at companies/{companyId}/postComments/{commentId}. */
export const {
  collection: commentsCollection,
  ref: commentRef,
  fromDoc: commentFromDoc,
  fromSnapshot: commentFromSnapshot,
} = storedCollection('postComments', storedComment);

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
  return (await postsCollection(companyId).get()).docs.map(postFromDoc);
}

export async function inboxOf(companyId: string, employeeId: string): Promise<Recipient[]> {
  return (await recipientsCollection(companyId).where('employeeId', '==', employeeId).get()).docs.map(recipientFromDoc);
}

export async function recipientsOf(companyId: string, postId: string): Promise<Recipient[]> {
  return (await recipientsCollection(companyId).where('postId', '==', postId).get()).docs.map(recipientFromDoc);
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
  return (await commentsCollection(companyId).where('postId', '==', postId).get()).docs.map(commentFromDoc);
}
