import fc from 'fast-check';
import { z } from 'zod';
import { hasPageCursor, pageCursor } from '../../../src/http/cursor';

const position = z.tuple([z.number().int().nonnegative(), z.string().min(1)]);
const posts = pageCursor('posts', position);
const runs = pageCursor('sync-runs', z.string().min(1));
const query = z.object({ cursor: posts.query });
const refusal = (cursor: string) => {
  const parsed = query.safeParse({ cursor });
  return parsed.success ? null : parsed.error.issues;
};

describe('page cursors', () => {
  it('read back every position they were written for', () => {
    fc.assert(
      fc.property(fc.nat(), fc.string({ minLength: 1 }), (at, id) => {
        expect(posts.decode(posts.encode([at, id]))).toEqual([at, id]);
        expect(query.parse({ cursor: posts.encode([at, id]) }).cursor).toEqual([at, id]);
      }),
    );
  });

  it.each([
    ['text that is not base64url', 'not a cursor!'],
    ['base64url that is not JSON', Buffer.from('1700000000000:p1').toString('base64url')],
    ['JSON that is not [list, position]', Buffer.from('{"list":"posts"}').toString('base64url')],
    ["another list's cursor", runs.encode('run-1')],
    ['a position of another shape', Buffer.from(JSON.stringify(['posts', ['x', 'p']])).toString('base64url')],
    ['a cursor with a character cut off', posts.encode([1, 'p']).slice(0, -1)],
    ['a cursor with a character added', `${posts.encode([1, 'p'])}A`],
    ['an empty one', ''],
    ['a 5,000-character one', 'A'.repeat(5000)],
  ])('refuse %s with INVALID_CURSOR, saying what to pass', (_label, cursor) => {
    expect(refusal(cursor)).toEqual([
      expect.objectContaining({
        path: ['cursor'],
        params: { errorCode: 'INVALID_CURSOR' },
        message: expect.stringContaining('nextCursor'),
      }),
    ]);
  });

  it('refuse any text that is not a cursor they wrote', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const at = posts.decode(text);
        if (at !== undefined) expect(posts.encode(at)).toBe(text);
      }),
    );
  });

  it("mark their query parameter, kept by a module's own description, for the API description's INVALID_CURSOR", () => {
    expect(hasPageCursor(query)).toBe(true);
    expect(hasPageCursor(z.object({ cursor: posts.query.describe('of my list') }))).toBe(true);
    expect(hasPageCursor(z.object({ cursor: z.string().optional() }))).toBe(false);
    expect(hasPageCursor(undefined)).toBe(false);
    expect(z.toJSONSchema(query, { io: 'input' }).properties?.cursor).toMatchObject({
      type: 'string',
      'x-cursor': 'posts',
    });
  });
});
