import { z } from 'zod';
import { companyIdQuery, documentId, isoDate, nextCursor } from '../../http/fields';
import { pageCursor } from '../../http/cursor';

export const audienceSchema = z
  .discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('everyone').describe('Every active employee') }),
    z.strictObject({
      kind: z.literal('roles'),
      roleIds: z.array(documentId).min(1).max(50).describe('Employees holding any of these roles'),
    }),
    z.strictObject({ kind: z.literal('employees'), employeeIds: z.array(documentId).min(1).max(500) }),
    z.strictObject({
      kind: z.literal('scheduled'),
      date: isoDate.describe('The employees with a published or manual shift on this business date'),
    }),
  ])
  .meta({ id: 'PostAudience' });
export type Audience = z.infer<typeof audienceSchema>;

export const postCreateBody = z.strictObject({
  title: z.string().trim().min(1).max(200),
  body: z.string().trim().min(1).max(20_000),
  audience: audienceSchema,
  pinned: z.boolean().default(false),
  requiresAcknowledgement: z
    .boolean()
    .default(false)
    .describe('Recipients are asked to acknowledge (POST /posts/{postId}/acknowledge)'),
  allowComments: z.boolean().default(true),
});
export type PostCreate = z.output<typeof postCreateBody>;

export const postPatchBody = z
  .strictObject({
    title: postCreateBody.shape.title,
    body: postCreateBody.shape.body,
    pinned: z.boolean(),
    requiresAcknowledgement: z.boolean(),
    allowComments: z.boolean(),
  })
  .partial();
export type PostPatch = z.output<typeof postPatchBody>;

export const receiptSchema = z
  .object({ readAt: z.number().nullable(), acknowledgedAt: z.number().nullable() })
  .meta({ id: 'PostReceipt' });

export const postSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    body: z.string(),
    audience: z.looseObject({ kind: z.string() }),
    pinned: z.boolean(),
    requiresAcknowledgement: z.boolean(),
    allowComments: z.boolean(),
    authorUid: z.string(),
    recipientCount: z.number().describe('Employees the post was addressed to (resolved when it was published)'),
    createdAt: z.number(),
    updatedAt: z.number(),
    editedAt: z.number().nullable().describe('Set when the author edited the post (the edited mark)'),
    myReceipt: receiptSchema
      .nullable()
      .describe("The caller's read and acknowledgement; null when the post is not addressed to the caller"),
  })
  .meta({ id: 'Post' });
export type Post = z.infer<typeof postSchema>;

/** Where a page of posts ended: the last post's createdAt and id. */
export const postsCursor = pageCursor('posts', z.tuple([z.number().int().nonnegative(), documentId]));

export const listPostsQuery = companyIdQuery.extend({
  view: z
    .enum(['inbox', 'all'])
    .default('inbox')
    .describe('inbox: the posts addressed to the caller; all (managers and owners): every post of the company'),
  pinned: z.stringbool().optional().meta({ type: 'boolean' }).describe('Only pinned (true) or unpinned (false) posts'),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: postsCursor.query,
});

export const postPage = z.object({ posts: z.array(postSchema), nextCursor }).meta({ id: 'PostPage' });

export const receiptsSchema = z
  .object({
    recipientCount: z.number(),
    readCount: z.number(),
    acknowledgedCount: z.number(),
    recipients: z
      .array(
        z.object({
          employeeId: z.string(),
          name: z.string(),
          readAt: z.number().nullable(),
          acknowledgedAt: z.number().nullable(),
        }),
      )
      .describe('Readers first (by first read), then those who have not read'),
  })
  .meta({ id: 'PostReceipts' });

export const commentSchema = z
  .object({
    id: z.string(),
    postId: z.string(),
    authorUid: z.string(),
    text: z.string(),
    createdAt: z.number(),
  })
  .meta({ id: 'PostComment' });
export const commentBody = z.strictObject({ text: z.string().trim().min(1).max(4000) });

export const postIdParam = z.object({ postId: documentId });
export const commentIdParams = z.object({ postId: documentId, commentId: documentId });
export const deletedSchema = z.object({ id: z.string(), deleted: z.literal(true) }).meta({ id: 'DeletedPost' });
