import type { z } from 'zod';
import {
  audienceSchema,
  commentBody,
  commentIdParams,
  listPostsQuery,
  postsCursor,
  postCreateBody,
  postIdParam,
  postPatchBody,
} from '../../../../src/modules/posts/schemas';
import { accepts, refuses } from '../../../helpers/accepts';

/**
 * The request schemas of the posts module ("posts — team feed": announcements to
 * everyone, roles, specific employees or the people scheduled on a date; pinned posts; optional
 * acknowledgement; comments when allowed; edits by the author) and the limits of the OpenAPI description.
 */

const paths = (schema: z.ZodType, input: unknown) =>
  (schema.safeParse(input).error?.issues ?? []).map((i) => i.path.join('.'));
const post = { title: 'New menu', body: 'Tasting on Friday at 3 pm.', audience: { kind: 'everyone' } };
const ids = (n: number) => Array.from({ length: n }, (_, i) => `e${i}`);

describe('audiences', () => {
  it.each([
    [{ kind: 'everyone' }],
    [{ kind: 'roles', roleIds: ['foh'] }],
    [{ kind: 'roles', roleIds: ids(50) }],
    [{ kind: 'employees', employeeIds: ['e1'] }],
    [{ kind: 'employees', employeeIds: ids(500) }],
    [{ kind: 'scheduled', date: '2026-11-27' }],
  ])('accepts %j', (audience) => {
    expect(accepts(audienceSchema, audience)).toEqual(audience);
  });

  it.each([
    ['no roles', { kind: 'roles', roleIds: [] }],
    ['51 roles', { kind: 'roles', roleIds: ids(51) }],
    ['roles without the list', { kind: 'roles' }],
    ['a role id that is not a document id', { kind: 'roles', roleIds: ['a/b'] }],
    ['no employees', { kind: 'employees', employeeIds: [] }],
    ['501 employees', { kind: 'employees', employeeIds: ids(501) }],
    ['a scheduled audience without a date', { kind: 'scheduled' }],
    ['a scheduled audience on a date that is not one', { kind: 'scheduled', date: '2026-02-30' }],
    ['an unknown kind', { kind: 'managers' }],
    ['no kind', {}],
    ['everyone with a list (strict)', { kind: 'everyone', employeeIds: ['e1'] }],
    ['roles with an employee list (strict)', { kind: 'roles', roleIds: ['foh'], employeeIds: ['e1'] }],
    ['employees with a date (strict)', { kind: 'employees', employeeIds: ['e1'], date: '2026-11-27' }],
    ['scheduled with a role list (strict)', { kind: 'scheduled', date: '2026-11-27', roleIds: ['foh'] }],
  ])('refuses %s', (_name, audience) => {
    expect(refuses(audienceSchema, audience)).toBe(true);
  });
});

describe('POST /posts body', () => {
  it('applies the defaults: not pinned, no acknowledgement, comments allowed', () => {
    expect(accepts(postCreateBody, post)).toEqual({
      ...post,
      pinned: false,
      requiresAcknowledgement: false,
      allowComments: true,
    });
  });

  it('keeps the flags sent', () => {
    const flags = { pinned: true, requiresAcknowledgement: true, allowComments: false };
    expect(accepts(postCreateBody, { ...post, ...flags })).toEqual({ ...post, ...flags });
  });

  it.each(['title', 'body', 'audience'])('refuses a post without %s', (field) => {
    const { [field as keyof typeof post]: _gone, ...rest } = post;
    expect(paths(postCreateBody, rest)).toEqual([field]);
  });

  it('refuses an unknown field (strict)', () => {
    expect(refuses(postCreateBody, { ...post, authorUid: 'u2' })).toBe(true);
  });

  it('trims the title and takes 1 to 200 characters', () => {
    expect(accepts(postCreateBody, { ...post, title: '  Hi  ' }).title).toBe('Hi');
    expect(accepts(postCreateBody, { ...post, title: 't'.repeat(200) }).title).toHaveLength(200);
    expect(refuses(postCreateBody, { ...post, title: 't'.repeat(201) })).toBe(true);
    expect(refuses(postCreateBody, { ...post, title: '  ' })).toBe(true);
  });

  it('trims the body and takes 1 to 20,000 characters', () => {
    expect(accepts(postCreateBody, { ...post, body: '\n Ok \n' }).body).toBe('Ok');
    expect(accepts(postCreateBody, { ...post, body: 'b'.repeat(20_000) }).body).toHaveLength(20_000);
    expect(refuses(postCreateBody, { ...post, body: 'b'.repeat(20_001) })).toBe(true);
    expect(refuses(postCreateBody, { ...post, body: ' ' })).toBe(true);
  });
});

describe('PATCH /posts/{postId} body (edits by the author)', () => {
  it('takes any subset of the text and flags, with no defaults', () => {
    expect(accepts(postPatchBody, {})).toEqual({});
    expect(accepts(postPatchBody, { pinned: true })).toEqual({ pinned: true });
    const all = { title: 'T', body: 'B', pinned: false, requiresAcknowledgement: true, allowComments: false };
    expect(accepts(postPatchBody, all)).toEqual(all);
  });

  it('keeps the create limits', () => {
    expect(accepts(postPatchBody, { title: ' T ' })).toEqual({ title: 'T' });
    expect(refuses(postPatchBody, { title: 't'.repeat(201) })).toBe(true);
    expect(refuses(postPatchBody, { body: '' })).toBe(true);
  });

  it('refuses a change of audience (fixed when the post was published)', () => {
    expect(refuses(postPatchBody, { audience: { kind: 'everyone' } })).toBe(true);
  });
});

describe('GET /posts query (newest first, cursor paging)', () => {
  it('defaults to the inbox, 20 a page', () => {
    expect(accepts(listPostsQuery, { companyId: 'c1' })).toEqual({ companyId: 'c1', view: 'inbox', limit: 20 });
  });

  it('keeps every option', () => {
    expect(
      accepts(listPostsQuery, {
        companyId: 'c1',
        view: 'all',
        pinned: 'true',
        limit: '100',
        cursor: postsCursor.encode([1_700_000_000_000, 'p1']),
      }),
    ).toEqual({ companyId: 'c1', view: 'all', pinned: true, limit: 100, cursor: [1_700_000_000_000, 'p1'] });
    expect(accepts(listPostsQuery, { companyId: 'c1', pinned: 'false', limit: '1' })).toMatchObject({
      pinned: false,
      limit: 1,
    });
  });

  it.each(['0', '101', '1.5', 'ten'])('refuses limit=%s', (limit) => {
    expect(refuses(listPostsQuery, { companyId: 'c1', limit })).toBe(true);
  });

  it.each(['inbox', 'all'])('accepts view=%s', (view) => {
    expect(accepts(listPostsQuery, { companyId: 'c1', view }).view).toBe(view);
  });

  it('refuses another view', () => {
    expect(refuses(listPostsQuery, { companyId: 'c1', view: 'archive' })).toBe(true);
  });

  it("takes a cursor of its own list only (a post's createdAt and id)", () => {
    expect(accepts(listPostsQuery, { companyId: 'c1', cursor: postsCursor.encode([0, 'p']) }).cursor).toEqual([0, 'p']);
    for (const other of [
      '',
      'cc',
      Buffer.from('1700000000000:p1').toString('base64url'),
      postsCursor.encode([1.5, 'p']),
    ])
      expect(refuses(listPostsQuery, { companyId: 'c1', cursor: other })).toBe(true);
  });
});

describe('comments and the path parameters', () => {
  it('a comment is trimmed text of 1 to 4,000 characters, and nothing else', () => {
    expect(accepts(commentBody, { text: '  Count me in  ' })).toEqual({ text: 'Count me in' });
    expect(accepts(commentBody, { text: 'ok' })).toEqual({ text: 'ok' });
    expect(accepts(commentBody, { text: 'c'.repeat(4000) }).text).toHaveLength(4000);
    expect(refuses(commentBody, { text: 'c'.repeat(4001) })).toBe(true);
    expect(refuses(commentBody, { text: '  ' })).toBe(true);
    expect(refuses(commentBody, { text: 'ok', postId: 'p2' })).toBe(true);
  });

  it('takes document ids for postId and commentId', () => {
    expect(accepts(postIdParam, { postId: 'p1' })).toEqual({ postId: 'p1' });
    expect(accepts(commentIdParams, { postId: 'p1', commentId: 'c1' })).toEqual({ postId: 'p1', commentId: 'c1' });
    expect(refuses(postIdParam, { postId: '__p__' })).toBe(true);
    expect(refuses(commentIdParams, { postId: 'p1', commentId: '' })).toBe(true);
  });
});
