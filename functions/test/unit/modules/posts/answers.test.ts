import {
  commentSchema,
  deletedSchema,
  postPage,
  postSchema,
  receiptSchema,
  receiptsSchema,
} from '../../../../src/modules/posts/schemas';
import { refuses } from '../../../helpers/accepts';
import { keepsAnswer } from '../../../helpers/keeps-answer';

/** The posts module's answers keep every field: posts with the caller's receipt, read receipts, comments, deletions. */

const post = {
  id: 'p1',
  title: 'New menu',
  body: 'Tasting on Friday.',
  audience: { kind: 'roles', roleIds: ['foh', 'boh'] },
  pinned: true,
  requiresAcknowledgement: true,
  allowComments: false,
  authorUid: 'u1',
  recipientCount: 12,
  createdAt: 1_763_600_000_000,
  updatedAt: 1_763_700_000_000,
  editedAt: 1_763_700_000_000,
  myReceipt: { readAt: 1_763_650_000_000, acknowledgedAt: null },
};

describe('posts answers keep every field', () => {
  it('a post, edited or not, addressed to the caller or not, and a page of them', () => {
    keepsAnswer(postSchema, post);
    keepsAnswer(postSchema, {
      ...post,
      audience: { kind: 'scheduled', date: '2026-11-27' },
      editedAt: null,
      myReceipt: null,
    });
    keepsAnswer(postPage, { posts: [post], nextCursor: 'next' });
    keepsAnswer(postPage, { posts: [], nextCursor: null });
  });

  it("an audience always names its kind (the answer's contract); its other fields pass through", () => {
    keepsAnswer(postSchema, { ...post, audience: { kind: 'employees', employeeIds: ['e1', 'e2'] } });
    expect(refuses(postSchema, { ...post, audience: { roleIds: ['foh'] } })).toBe(true);
  });

  it("the caller's receipt and the author's view of the receipts", () => {
    keepsAnswer(receiptSchema, { readAt: 1_763_650_000_000, acknowledgedAt: 1_763_660_000_000 });
    keepsAnswer(receiptsSchema, {
      recipientCount: 2,
      readCount: 1,
      acknowledgedCount: 0,
      recipients: [
        { employeeId: 'e1', name: 'Ana Lima', readAt: 1_763_650_000_000, acknowledgedAt: null },
        { employeeId: 'e2', name: 'Ben Cole', readAt: null, acknowledgedAt: null },
      ],
    });
  });

  it('a comment and a deletion', () => {
    keepsAnswer(commentSchema, {
      id: 'c1',
      postId: 'p1',
      authorUid: 'u2',
      text: 'Count me in',
      createdAt: 1_763_650_000_000,
    });
    keepsAnswer(deletedSchema, { id: 'p1', deleted: true });
  });
});
