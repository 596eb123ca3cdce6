import { z } from 'zod';
import { companyIdQuery } from '../../http/fields';
import { companyInQuery, defineRoute, type RouteDef } from '../../http/route';
import {
  commentBody,
  commentIdParams,
  commentSchema,
  deletedSchema,
  listPostsQuery,
  postCreateBody,
  postIdParam,
  postPage,
  postPatchBody,
  postSchema,
  receiptsSchema,
} from './schemas';
import { lazyFile } from '../kit';

/** The service (with employees and schedule) is loaded by the first request that uses it, not with the routes. */
const service = lazyFile<typeof import('./service')>(() => require('./service'));

const member = companyInQuery('employee');
const manager = companyInQuery('manager');
const SEES =
  'A post is seen by the employees it is addressed to, its author, and managers and owners (an employee asking for another post gets 404).';

export const routes: RouteDef[] = [
  defineRoute({
    method: 'post',
    path: '/posts',
    completion: 'marked',
    summary: 'Publish an announcement to the team',
    status: 201,
    description:
      'Managers and owners. The audience is everyone (active employees), employees holding given roles, given employees, or the employees scheduled (published or manual shifts) on a business date; it is resolved to employees when the post is published (later hires do not receive it). 422 EMPTY_AUDIENCE when it resolves to no one, 422 UNKNOWN_EMPLOYEES for employees the company does not have. Optional: pinned, an acknowledgement asked of recipients, comments allowed (default true).',
    access: manager,
    query: companyIdQuery,
    body: postCreateBody,
    response: postSchema,
    handler: ({ member: m, body }) => service().createPost({ member: m, input: body }),
  }),
  defineRoute({
    method: 'get',
    path: '/posts',
    summary: 'The posts addressed to the caller, newest first',
    description:
      "`view=inbox` (default): the posts addressed to the caller's employee record, each with the caller's read receipt (`myReceipt`). `view=all` (managers and owners): every post of the company. `pinned` filters; `limit` per page, pass `nextCursor` as `cursor` for the next. Listing does not mark posts read (POST /posts/{postId}/read does).",
    access: member,
    query: listPostsQuery,
    response: postPage,
    handler: ({ member: m, query }) => service().listPosts({ member: m, query }),
  }),
  defineRoute({
    method: 'get',
    path: '/posts/:postId',
    summary: 'A post',
    description: `${SEES} Reading it does not record a read: the client calls POST /posts/{postId}/read when the post is shown.`,
    access: member,
    params: postIdParam,
    query: companyIdQuery,
    response: postSchema,
    handler: ({ member: m, params }) => service().getPost({ member: m, postId: params.postId }),
  }),
  defineRoute({
    method: 'post',
    path: '/posts/:postId/read',
    summary: "Record the caller's read of a post",
    description:
      'The first read is kept (its time); reading again changes nothing, and two reads at once record one. 403 NOT_A_RECIPIENT when the post is not addressed to the caller.',
    access: member,
    params: postIdParam,
    query: companyIdQuery,
    response: postSchema,
    handler: ({ member: m, params }) => service().markRead({ member: m, postId: params.postId, acknowledge: false }),
  }),
  defineRoute({
    method: 'post',
    path: '/posts/:postId/acknowledge',
    summary: 'Acknowledge a post that asks for it',
    description:
      'Records the acknowledgement (and the read, if not yet). Repeating it changes nothing. 422 ACKNOWLEDGEMENT_NOT_REQUIRED when the post does not ask for one; 403 NOT_A_RECIPIENT when it is not addressed to the caller.',
    access: member,
    params: postIdParam,
    query: companyIdQuery,
    response: postSchema,
    handler: ({ member: m, params }) => service().markRead({ member: m, postId: params.postId, acknowledge: true }),
  }),
  defineRoute({
    method: 'get',
    path: '/posts/:postId/receipts',
    summary: 'Who has read a post and who has not',
    description:
      'Every recipient with their first read and acknowledgement: readers first (by first read), then those who have not read. For managers and owners (and the author).',
    access: manager,
    params: postIdParam,
    query: companyIdQuery,
    response: receiptsSchema,
    handler: ({ member: m, params }) => service().receipts({ member: m, postId: params.postId }),
  }),
  defineRoute({
    method: 'patch',
    path: '/posts/:postId',
    summary: 'Edit a post (its author)',
    description:
      'Title, body, pinned, acknowledgement and comments; the audience stays. Sets `editedAt` (the edited mark). 403 NOT_THE_AUTHOR for anyone else.',
    access: manager,
    params: postIdParam,
    query: companyIdQuery,
    body: postPatchBody,
    response: postSchema,
    handler: ({ member: m, params, body }) => service().updatePost({ member: m, postId: params.postId, patch: body }),
  }),
  defineRoute({
    method: 'delete',
    path: '/posts/:postId',
    completion: 'steps',
    summary: 'Delete a post with its receipts and comments (its author or an owner)',
    access: manager,
    params: postIdParam,
    query: companyIdQuery,
    response: deletedSchema,
    handler: ({ member: m, params }) => service().deletePost({ member: m, postId: params.postId }),
  }),
  defineRoute({
    method: 'get',
    path: '/posts/:postId/comments',
    summary: "A post's comments, oldest first",
    description: SEES,
    access: member,
    params: postIdParam,
    query: companyIdQuery,
    response: z.array(commentSchema),
    handler: ({ member: m, params }) => service().listComments({ member: m, postId: params.postId }),
  }),
  defineRoute({
    method: 'post',
    path: '/posts/:postId/comments',
    summary: 'Comment on a post',
    status: 201,
    description: `${SEES} Whoever sees the post may comment when it allows comments (422 COMMENTS_DISABLED otherwise).`,
    access: member,
    params: postIdParam,
    query: companyIdQuery,
    body: commentBody,
    response: commentSchema,
    handler: ({ member: m, params, body }) =>
      service().addComment({ member: m, postId: params.postId, text: body.text }),
  }),
  defineRoute({
    method: 'delete',
    path: '/posts/:postId/comments/:commentId',
    summary: 'Delete a comment (its author, or a manager)',
    access: member,
    params: commentIdParams,
    query: companyIdQuery,
    response: deletedSchema,
    handler: ({ member: m, params }) =>
      service().deleteComment({ member: m, postId: params.postId, commentId: params.commentId }),
  }),
];
