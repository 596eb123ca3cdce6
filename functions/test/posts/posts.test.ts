import { db } from '../../src/core/firebase';
import { api } from '../helpers/api';
import { addMember, createCompany, snapshotCompany, type TestCompany } from '../helpers/fixtures';
import { bearer, createUser, type TestUser } from '../helpers/users';

const posts = () => api('posts');
let co: TestCompany;
let second: TestUser;
let secondId: string;
let cookId: string;
let roleId: string;

/** The fixture company plus a second linked employee (a server) and a cook with no account. */
beforeAll(async () => {
  co = await createCompany();
  const role = await api('roles')
    .post('/roles')
    .query({ companyId: co.companyId })
    .set(bearer(co.owner))
    .send({ name: 'Cook', subRoles: { line: { name: 'Line', priority: 1 } } });
  roleId = role.body.data.id;
  const employees = db().collection(`companies/${co.companyId}/employees`);
  second = await createUser({ label: 'second' });
  const secondRef = employees.doc();
  const cookRef = employees.doc();
  await secondRef.set({ name: 'Sara', surname: 'Second', positions: [], archived: false, userId: second.uid });
  await cookRef.set({
    name: 'Cody',
    surname: 'Cook',
    positions: [{ categoryId: roleId, subcategoryId: 'line' }],
    archived: false,
    userId: null,
  });
  await addMember(co.companyId, second, 'employee', secondRef.id);
  secondId = secondRef.id;
  cookId = cookRef.id;
});

const q = () => ({ companyId: co.companyId });
async function publish(body: Record<string, unknown>, user = co.manager) {
  const res = await posts()
    .post('/posts')
    .query(q())
    .set(bearer(user))
    .send({ title: 'Hello team', body: 'Welcome', audience: { kind: 'everyone' }, ...body });
  expect(res.status).toBe(201);
  return res.body.data as { id: string; recipientCount: number };
}
const inbox = (user: TestUser, query: Record<string, unknown> = {}) =>
  posts()
    .get('/posts')
    .query({ ...q(), ...query })
    .set(bearer(user));
const idsOf = (res: { body: { data: { posts: { id: string }[] } } }) => res.body.data.posts.map((p) => p.id);

describe('publishing to an audience', () => {
  it('a post to everyone reaches every active employee; one to a role only its holders; one to named employees only them', async () => {
    const all = await publish({ title: 'All hands' });
    const cooks = await publish({ title: 'Kitchen only', audience: { kind: 'roles', roleIds: [roleId] } });
    const named = await publish({ title: 'For Sara', audience: { kind: 'employees', employeeIds: [secondId] } });
    expect(all.recipientCount).toBe(3);
    expect(cooks.recipientCount).toBe(1);
    const emma = idsOf(await inbox(co.employee));
    const sara = idsOf(await inbox(second));
    expect(emma).toContain(all.id);
    expect(emma).not.toContain(cooks.id);
    expect(emma).not.toContain(named.id);
    expect(sara).toEqual(expect.arrayContaining([all.id, named.id]));
    const cookInbox = await db()
      .collection(`companies/${co.companyId}/postRecipients`)
      .where('employeeId', '==', cookId)
      .get();
    expect(cookInbox.docs.map((d) => d.get('postId'))).toEqual(expect.arrayContaining([all.id, cooks.id]));
  });

  it('a post to the people scheduled on a date reaches those with a live shift that day', async () => {
    await db().collection(`companies/${co.companyId}/shifts`).doc().set({
      companyId: co.companyId,
      date: '2031-03-04',
      employeeId: cookId,
      start: 600,
      end: 900,
      mode: 'published',
    });
    await db()
      .collection(`companies/${co.companyId}/shifts`)
      .doc()
      .set({ companyId: co.companyId, date: '2031-03-04', employeeId: secondId, start: 600, end: 900, mode: 'draft' });
    const post = await publish({ title: 'Tuesday crew', audience: { kind: 'scheduled', date: '2031-03-04' } });
    expect(post.recipientCount).toBe(1);
    const recipients = await db()
      .collection(`companies/${co.companyId}/postRecipients`)
      .where('postId', '==', post.id)
      .get();
    expect(recipients.docs.map((d) => d.get('employeeId'))).toEqual([cookId]);
  });

  it('employees cannot publish; an audience of no one or of unknown employees is refused and nothing is written', async () => {
    const before = await snapshotCompany(co.companyId);
    const byEmployee = await posts()
      .post('/posts')
      .query(q())
      .set(bearer(co.employee))
      .send({ title: 'x', body: 'y', audience: { kind: 'everyone' } });
    expect(byEmployee.status).toBe(403);
    const nobody = await posts()
      .post('/posts')
      .query(q())
      .set(bearer(co.manager))
      .send({ title: 'x', body: 'y', audience: { kind: 'scheduled', date: '2040-01-01' } });
    expect(nobody.status).toBe(422);
    expect(nobody.body.code).toBe('EMPTY_AUDIENCE');
    const unknown = await posts()
      .post('/posts')
      .query(q())
      .set(bearer(co.manager))
      .send({ title: 'x', body: 'y', audience: { kind: 'employees', employeeIds: [secondId, 'ghost'] } });
    expect(unknown.status).toBe(422);
    expect(unknown.body).toMatchObject({
      code: 'UNKNOWN_EMPLOYEES',
      details: [{ path: 'body.audience.employeeIds.1' }],
    });
    const malformed = await posts()
      .post('/posts')
      .query(q())
      .set(bearer(co.manager))
      .send({ title: '', body: 'y', audience: { kind: 'planet' } });
    expect(malformed.status).toBe(400);
    expect(await snapshotCompany(co.companyId)).toEqual(before);
  });
});

describe('read receipts', () => {
  it("each recipient's first read is recorded once; the author sees who has read and who has not", async () => {
    const post = await publish({ title: 'Receipts' });
    const first = await posts().post(`/posts/${post.id}/read`).query(q()).set(bearer(co.employee));
    expect(first.status).toBe(200);
    const readAt = first.body.data.myReceipt.readAt;
    expect(readAt).toEqual(expect.any(Number));
    const again = await posts().post(`/posts/${post.id}/read`).query(q()).set(bearer(co.employee));
    expect(again.body.data.myReceipt.readAt).toBe(readAt);

    const receipts = await posts().get(`/posts/${post.id}/receipts`).query(q()).set(bearer(co.manager));
    expect(receipts.status).toBe(200);
    expect(receipts.body.data).toMatchObject({ recipientCount: 3, readCount: 1, acknowledgedCount: 0 });
    expect(receipts.body.data.recipients[0]).toMatchObject({
      employeeId: co.employeeId,
      name: 'Emma Employee',
      readAt,
    });
    expect(
      receipts.body.data.recipients
        .slice(1)
        .map((r: { employeeId: string; readAt: null }) => [r.employeeId, r.readAt])
        .sort(),
    ).toEqual(
      [
        [cookId, null],
        [secondId, null],
      ].sort(),
    );
    expect((await posts().get(`/posts/${post.id}/receipts`).query(q()).set(bearer(co.employee))).status).toBe(403);
  });

  it('two reads of one post at once create one receipt with one first-read time', async () => {
    const post = await publish({ title: 'Race' });
    const [a, b] = await Promise.all([
      posts().post(`/posts/${post.id}/read`).query(q()).set(bearer(second)),
      posts().post(`/posts/${post.id}/read`).query(q()).set(bearer(second)),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.data.myReceipt.readAt).toBe(b.body.data.myReceipt.readAt);
    const receipt = await db().doc(`companies/${co.companyId}/postRecipients/${post.id}_${secondId}`).get();
    expect(receipt.get('readAt')).toBe(a.body.data.myReceipt.readAt);
    const receipts = await posts().get(`/posts/${post.id}/receipts`).query(q()).set(bearer(co.manager));
    expect(receipts.body.data.readCount).toBe(1);
  });

  it('a post asking for acknowledgement is acknowledged by recipients; one that does not ask refuses it; non-recipients cannot record reads', async () => {
    const ack = await publish({ title: 'Sign here', requiresAcknowledgement: true });
    const res = await posts().post(`/posts/${ack.id}/acknowledge`).query(q()).set(bearer(co.employee));
    expect(res.status).toBe(200);
    expect(res.body.data.myReceipt).toEqual({ readAt: expect.any(Number), acknowledgedAt: expect.any(Number) });
    const plain = await publish({ title: 'No ack' });
    const refused = await posts().post(`/posts/${plain.id}/acknowledge`).query(q()).set(bearer(co.employee));
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('ACKNOWLEDGEMENT_NOT_REQUIRED');
    const managerRead = await posts().post(`/posts/${plain.id}/read`).query(q()).set(bearer(co.manager));
    expect(managerRead.status).toBe(403);
    expect(managerRead.body.code).toBe('NOT_A_RECIPIENT');
  });
});

describe('the feed', () => {
  it('members list the posts addressed to them newest first, page by page, and filter pinned ones', async () => {
    const fresh = await createCompany();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await posts()
        .post('/posts')
        .query({ companyId: fresh.companyId })
        .set(bearer(fresh.manager))
        .send({ title: `P${i}`, body: 'b', audience: { kind: 'everyone' }, pinned: i === 0 });
      ids.push(res.body.data.id);
    }
    const page1 = await posts()
      .get('/posts')
      .query({ companyId: fresh.companyId, limit: 2 })
      .set(bearer(fresh.employee));
    expect(idsOf(page1)).toEqual([ids[2], ids[1]]);
    const page2 = await posts()
      .get('/posts')
      .query({ companyId: fresh.companyId, limit: 2, cursor: page1.body.data.nextCursor })
      .set(bearer(fresh.employee));
    expect(idsOf(page2)).toEqual([ids[0]]);
    expect(page2.body.data.nextCursor).toBeNull();
    const pinned = await posts()
      .get('/posts')
      .query({ companyId: fresh.companyId, pinned: true })
      .set(bearer(fresh.employee));
    expect(idsOf(pinned)).toEqual([ids[0]]);
    const all = await posts()
      .get('/posts')
      .query({ companyId: fresh.companyId, view: 'all' })
      .set(bearer(fresh.employee));
    expect(all.status).toBe(403);
  });

  it("an employee cannot open a post not addressed to them, nor another company's posts", async () => {
    const secret = await publish({ title: 'Managers note', audience: { kind: 'employees', employeeIds: [secondId] } });
    const res = await posts().get(`/posts/${secret.id}`).query(q()).set(bearer(co.employee));
    expect(res.status).toBe(404);
    expect((await posts().get(`/posts/${secret.id}/comments`).query(q()).set(bearer(co.employee))).status).toBe(404);
    const other = await createCompany();
    expect((await posts().get(`/posts/${secret.id}`).query(q()).set(bearer(other.manager))).status).toBe(403);
    expect(
      (await posts().get(`/posts/${secret.id}`).query({ companyId: other.companyId }).set(bearer(other.manager)))
        .status,
    ).toBe(404);
  });
});

describe('comments, edits and deletions', () => {
  it('recipients comment when the post allows it; the author edits with an edited mark; only the author edits', async () => {
    const post = await publish({ title: 'Menu', allowComments: true });
    const comment = await posts()
      .post(`/posts/${post.id}/comments`)
      .query(q())
      .set(bearer(co.employee))
      .send({ text: 'Is there a vegan option?' });
    expect(comment.status).toBe(201);
    const list = await posts().get(`/posts/${post.id}/comments`).query(q()).set(bearer(second));
    expect(list.body.data).toEqual([
      expect.objectContaining({ text: 'Is there a vegan option?', authorUid: co.employee.uid }),
    ]);

    const closed = await publish({ title: 'No comments', allowComments: false });
    const refused = await posts()
      .post(`/posts/${closed.id}/comments`)
      .query(q())
      .set(bearer(co.employee))
      .send({ text: 'hi' });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('COMMENTS_DISABLED');

    const notAuthor = await posts()
      .patch(`/posts/${post.id}`)
      .query(q())
      .set(bearer(co.owner))
      .send({ title: 'Hijacked' });
    expect(notAuthor.status).toBe(403);
    expect(notAuthor.body.code).toBe('NOT_THE_AUTHOR');
    const edited = await posts()
      .patch(`/posts/${post.id}`)
      .query(q())
      .set(bearer(co.manager))
      .send({ title: 'Menu (updated)', pinned: true });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ title: 'Menu (updated)', pinned: true, editedAt: expect.any(Number) });
    const seen = await posts().get(`/posts/${post.id}`).query(q()).set(bearer(co.employee));
    expect(seen.body.data.editedAt).toBe(edited.body.data.editedAt);
  });

  it('deleting a post removes it, its receipts and its comments; a comment is deleted by its author, not by another employee', async () => {
    const post = await publish({ title: 'Temporary' });
    const comment = await posts()
      .post(`/posts/${post.id}/comments`)
      .query(q())
      .set(bearer(co.employee))
      .send({ text: 'ok' });
    const byOther = await posts()
      .delete(`/posts/${post.id}/comments/${comment.body.data.id}`)
      .query(q())
      .set(bearer(second));
    expect(byOther.status).toBe(403);
    const byEmployee = await posts().delete(`/posts/${post.id}`).query(q()).set(bearer(co.employee));
    expect(byEmployee.status).toBe(403);
    const res = await posts().delete(`/posts/${post.id}`).query(q()).set(bearer(co.manager));
    expect(res.status).toBe(200);
    expect(
      (await db().collection(`companies/${co.companyId}/postRecipients`).where('postId', '==', post.id).get()).size,
    ).toBe(0);
    expect(
      (await db().collection(`companies/${co.companyId}/postComments`).where('postId', '==', post.id).get()).size,
    ).toBe(0);
    expect(idsOf(await inbox(co.employee))).not.toContain(post.id);
  });
});
