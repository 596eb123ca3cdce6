/**
 * A message's files through the API: uploaded under the storage rules of employee documents, sent
 * by id, read by whoever reads the conversation and no one else, deleted with their message (by its
 * author or by moderation), by the uploader's erasure (the export holds them first), by retention,
 * and a day after an upload never sent. A refused upload or send stores nothing.
 */
import { createHash } from 'node:crypto';
import { db } from '../../src/core/firebase';
import { storageBucket } from '../../src/core/storage';
import { runRetention } from '../../src/modules/messaging/retention';
import { api } from '../helpers/api';
import { createCompany, type TestCompany } from '../helpers/fixtures';
import { bearer, type TestUser } from '../helpers/users';
import { addEmployee, client, messaging, messagingDocs, policies } from './helpers';

jest.setTimeout(180_000);

const DAY = 86_400_000;
const PNG = (label: string) =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from(`photo ${label}`)]);
const PDF = (label: string) => Buffer.from(`%PDF-1.4\n% ${label}\n%%EOF\n`, 'latin1');
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

let co: TestCompany;
let other: TestCompany;
beforeAll(async () => {
  [co, other] = await Promise.all([createCompany(), createCompany()]);
});

function upload(
  user: TestUser,
  conversationId: string,
  bytes: Buffer,
  {
    contentType = 'image/png',
    query = {},
    company = co,
  }: { contentType?: string; query?: object; company?: TestCompany } = {},
) {
  return messaging()
    .post(`/messaging/conversations/${conversationId}/attachments`)
    .query({ companyId: company.companyId, ...query })
    .set(bearer(user))
    .set('Content-Type', contentType)
    .send(bytes);
}

const download = (user: TestUser, conversationId: string, attachmentId: string, company = co) =>
  messaging()
    .get(`/messaging/conversations/${conversationId}/attachments/${attachmentId}/content`)
    .query({ companyId: company.companyId })
    .set(bearer(user));

const sendWith = (user: TestUser, conversationId: string, body: Record<string, unknown>) =>
  messaging()
    .post(`/messaging/conversations/${conversationId}/messages`)
    .query({ companyId: co.companyId })
    .set(bearer(user))
    .send(body);

const filesOf = async (companyId: string) =>
  (await storageBucket().getFiles({ prefix: `companies/${companyId}/messaging/` }))[0].map((f) => f.name).sort();
const attachmentDocs = async (companyId: string) =>
  (await db().collection(`companies/${companyId}/messageAttachments`).get()).docs.map((d) => ({
    id: d.id,
    ...d.data(),
  })) as { id: string; messageId: string | null; storagePath: string }[];
const stored = async (companyId: string) => [
  ...(await messagingDocs(companyId)),
  ...(await attachmentDocs(companyId)).map((a) => `${a.id}:${a.messageId}`),
  ...(await filesOf(companyId)),
];

describe("a message's files", () => {
  it('are uploaded, sent with a message and read by its readers only, the bytes exactly as sent', async () => {
    const bytes = PNG('of the walk-in');
    const up = await upload(co.employee, 'everyone', bytes, { query: { fileName: 'walk-in.png', sha256: sha(bytes) } });
    expect(up.status).toBe(201);
    const attachment = up.body.data;
    expect(attachment).toEqual({
      id: expect.any(String),
      conversationId: 'everyone',
      messageId: null,
      uploadedBy: co.employee.uid,
      fileName: 'walk-in.png',
      contentType: 'image/png',
      size: bytes.length,
      sha256: sha(bytes),
      createdAt: expect.any(Number),
    });
    expect(attachment).not.toHaveProperty('storagePath');
    // the same bytes again while it waits: the same upload
    expect((await upload(co.employee, 'everyone', bytes)).body.data.id).toBe(attachment.id);
    // waiting to be sent, it is its uploader's alone
    expect((await download(co.manager, 'everyone', attachment.id)).body.code).toBe('ATTACHMENT_NOT_FOUND');
    expect((await download(co.employee, 'everyone', attachment.id)).status).toBe(200);

    const sent = await sendWith(co.employee, 'everyone', { attachmentIds: [attachment.id] });
    expect(sent.status).toBe(201);
    expect(sent.body.data.text).toBe('');
    expect(sent.body.data.attachments).toEqual([
      { id: attachment.id, fileName: 'walk-in.png', contentType: 'image/png', size: bytes.length, sha256: sha(bytes) },
    ]);
    const page = (await client(co, co.manager).page('everyone')).body.data.messages;
    expect(page.at(-1).attachments.map((a: { id: string }) => a.id)).toEqual([attachment.id]);

    const got = await download(co.manager, 'everyone', attachment.id);
    expect(got.status).toBe(200);
    expect(Buffer.from(got.body.data.contentBase64, 'base64').equals(bytes)).toBe(true);
    expect(got.body.data.attachment.messageId).toBe(sent.body.data.id);
    // a member of another company, and the right company but a conversation that is not its own
    expect((await download(other.owner, 'everyone', attachment.id)).body.code).toBe('NOT_A_MEMBER');
    const dm = (await client(co, co.employee).start({ kind: 'direct', uid: co.manager.uid })).body.data.id;
    expect((await download(co.manager, dm, attachment.id)).body.code).toBe('ATTACHMENT_NOT_FOUND');
    const { user: colleague } = await addEmployee(co, 'Colleague');
    expect((await download(colleague, 'everyone', attachment.id)).status).toBe(200);
    expect((await download(colleague, dm, attachment.id)).body.code).toBe('CONVERSATION_NOT_FOUND');

    // sent once: it cannot be sent again, and the same bytes now are a new file
    const again = await sendWith(co.employee, 'everyone', { text: 'again', attachmentIds: [attachment.id] });
    expect([again.status, again.body.code, again.body.details[0].path]).toEqual([
      422,
      'ATTACHMENT_UNAVAILABLE',
      'body.attachmentIds.0',
    ]);
    expect((await upload(co.employee, 'everyone', bytes)).body.data.id).not.toBe(attachment.id);
  });

  it('refuses an upload outside the storage rules or the policies, and a send of what is not the sender’s, storing nothing', async () => {
    const dm = (await client(co, co.employee).start({ kind: 'direct', uid: co.manager.uid })).body.data.id;
    const before = await stored(co.companyId);
    const bytes = PDF('menu');
    const refused = [
      [await upload(co.employee, dm, bytes, { contentType: 'text/plain' }), 415, 'FILE_TYPE_NOT_ALLOWED'],
      [await upload(co.employee, dm, bytes, { contentType: 'image/png' }), 422, 'FILE_CONTENT_MISMATCH'],
      [await upload(co.employee, dm, Buffer.alloc(0), { contentType: 'application/pdf' }), 400, 'FILE_EMPTY'],
      [
        await upload(co.employee, dm, bytes, { contentType: 'application/pdf', query: { sha256: 'a'.repeat(64) } }),
        422,
        'CHECKSUM_MISMATCH',
      ],
      [
        await upload(co.employee, dm, Buffer.concat([bytes, Buffer.alloc(10 * 1024 * 1024)]), {
          contentType: 'application/pdf',
        }),
        413,
        'PAYLOAD_TOO_LARGE',
      ],
      [
        await upload(co.employee, 'dm_nobody_else', bytes, { contentType: 'application/pdf' }),
        404,
        'CONVERSATION_NOT_FOUND',
      ],
      [await upload(other.owner, dm, bytes, { contentType: 'application/pdf' }), 403, 'NOT_A_MEMBER'],
    ] as const;
    for (const [res, status, code] of refused) expect([res.status, res.body.code]).toEqual([status, code]);

    // the manager's upload is not the employee's to send
    const managers = (await upload(co.manager, dm, PNG('manager'))).body.data.id;
    const afterManager = await stored(co.companyId);
    const notMine = await sendWith(co.employee, dm, { text: 'look', attachmentIds: [managers] });
    expect([notMine.status, notMine.body.code]).toEqual([422, 'ATTACHMENT_UNAVAILABLE']);
    const unknown = await sendWith(co.employee, dm, { attachmentIds: ['att_unknown'] });
    expect([unknown.status, unknown.body.code]).toEqual([422, 'ATTACHMENT_UNAVAILABLE']);
    const empty = await sendWith(co.employee, dm, { text: '  ' });
    expect([empty.status, empty.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(await stored(co.companyId)).toEqual(afterManager);
    expect(afterManager.filter((x) => !before.includes(x))).toHaveLength(2);

    // messages off: an employee uploads nothing to a direct conversation with another employee
    const { user: colleague } = await addEmployee(co, 'Direct colleague');
    const withColleague = (await client(co, co.employee).start({ kind: 'direct', uid: colleague.uid })).body.data.id;
    const afterStart = await stored(co.companyId);
    expect((await policies(co, { employeeInteractionMessages: false })).status).toBe(200);
    try {
      const refusedDirect = await upload(co.employee, withColleague, PNG('messages off'));
      expect([refusedDirect.status, refusedDirect.body.code]).toEqual([403, 'MESSAGES_RESTRICTED']);
      expect(await stored(co.companyId)).toEqual(afterStart);
    } finally {
      await policies(co, { employeeInteractionMessages: true });
    }

    // groups off: an employee uploads nothing to a group; a manager still does
    expect((await policies(co, { employeeInteractionGroup: false })).status).toBe(200);
    try {
      const refusedGroup = await upload(co.employee, 'everyone', PNG('group off'));
      expect([refusedGroup.status, refusedGroup.body.code]).toEqual([403, 'GROUPS_DISABLED']);
      expect(await stored(co.companyId)).toEqual(afterStart);
      expect((await upload(co.manager, 'everyone', PNG('manager group'))).status).toBe(201);
    } finally {
      await policies(co, { employeeInteractionGroup: true });
    }
  });

  it('go with their message when it is deleted, by its author or by moderation', async () => {
    const emma = client(co, co.employee);
    const files = async () => (await filesOf(co.companyId)).length;
    const start = await files();
    const a = (await upload(co.employee, 'everyone', PNG('to delete'))).body.data.id;
    const b = (await upload(co.employee, 'everyone', PDF('to delete'), { contentType: 'application/pdf' })).body.data
      .id;
    const sent = (await sendWith(co.employee, 'everyone', { text: 'two files', attachmentIds: [a, b] })).body.data;
    expect(sent.attachments).toHaveLength(2);
    expect(await files()).toBe(start + 2);

    const removed = await client(co, co.manager).remove('everyone', sent.id);
    expect(removed.status).toBe(200);
    expect(removed.body.data.attachments).toEqual([]);
    expect(await files()).toBe(start);
    expect((await attachmentDocs(co.companyId)).filter((d) => [a, b].includes(d.id))).toEqual([]);
    expect((await download(co.employee, 'everyone', a)).body.code).toBe('ATTACHMENT_NOT_FOUND');
    expect(
      (await emma.page('everyone')).body.data.messages.find((m: { id: string }) => m.id === sent.id),
    ).toMatchObject({ text: '', attachments: [] });
    // deleting again (a retry) answers it and finds nothing more to delete
    const again = await emma.remove('everyone', sent.id);
    expect([again.status, again.body.data.deletedBy]).toEqual([200, co.manager.uid]);
    expect(await files()).toBe(start);
  });

  it("are in their uploader's export, and go with their erasure", async () => {
    const fresh = await createCompany();
    const bytes = PNG('erased person');
    const up = await upload(fresh.employee, 'everyone', bytes, { company: fresh });
    expect(up.status).toBe(201);
    const sent = await messaging()
      .post('/messaging/conversations/everyone/messages')
      .query({ companyId: fresh.companyId })
      .set(bearer(fresh.employee))
      .send({ text: 'my photo', attachmentIds: [up.body.data.id] });
    expect(sent.status).toBe(201);
    const exported = await api('privacy')
      .get('/privacy/export')
      .query({ companyId: fresh.companyId, employeeId: fresh.employeeId })
      .set(bearer(fresh.owner));
    expect(exported.status).toBe(200);
    const record = exported.body.data.records.find(
      (r: { collection: string }) => r.collection === 'messageAttachments',
    );
    expect(record.data.fileName).toBe('attachment.png');
    const file = exported.body.data.files.find((f: { path?: string; contentBase64?: string }) =>
      JSON.stringify(f).includes(up.body.data.id),
    );
    expect(Buffer.from(file.contentBase64, 'base64').equals(bytes)).toBe(true);

    const erased = await api('privacy')
      .post('/privacy/erasures')
      .query({ companyId: fresh.companyId })
      .set(bearer(fresh.owner))
      .send({ employeeId: fresh.employeeId });
    expect(erased.status).toBe(201);
    expect(await filesOf(fresh.companyId)).toEqual([]);
    expect(await attachmentDocs(fresh.companyId)).toEqual([]);
    const page = (await client(fresh, fresh.owner).page('everyone')).body.data.messages;
    expect(
      page.map((m: { text: string; attachments: unknown[]; erased: boolean }) => [m.text, m.attachments, m.erased]),
    ).toEqual([['', [], true]]);
  });

  it('go with retention, and an upload never sent goes after a day', async () => {
    const fresh = await createCompany();
    const kept = (await upload(fresh.employee, 'everyone', PNG('kept'), { company: fresh })).body.data.id;
    const old = (await upload(fresh.employee, 'everyone', PNG('old message'), { company: fresh })).body.data.id;
    const unsent = (await upload(fresh.employee, 'everyone', PNG('never sent'), { company: fresh })).body.data.id;
    const waiting = (await upload(fresh.employee, 'everyone', PNG('just uploaded'), { company: fresh })).body.data.id;
    const send = (attachmentIds: string[]) =>
      messaging()
        .post('/messaging/conversations/everyone/messages')
        .query({ companyId: fresh.companyId })
        .set(bearer(fresh.employee))
        .send({ attachmentIds });
    const oldMessage = (await send([old])).body.data.id;
    expect((await send([kept])).status).toBe(201);
    await db()
      .doc(`companies/${fresh.companyId}/messages/${oldMessage}`)
      .update({ createdAt: Date.now() - 91 * DAY });
    // uploaded a day and a minute ago: its record and the job's entry
    for (const path of [
      `companies/${fresh.companyId}/messageAttachments/${unsent}`,
      `unsentAttachments/${fresh.companyId}_${unsent}`,
    ])
      await db()
        .doc(path)
        .update({ createdAt: Date.now() - DAY - 60_000 });
    const setRetention = await messaging()
      .put('/messaging/retention')
      .query({ companyId: fresh.companyId })
      .set(bearer(fresh.owner))
      .send({ days: 90 });
    expect(setRetention.status).toBe(200);

    // a file sent leaves the job's list in its message's commit; one waiting stays on it
    const listed = async (id: string) => (await db().doc(`unsentAttachments/${fresh.companyId}_${id}`).get()).exists;
    expect([await listed(kept), await listed(old), await listed(waiting)]).toEqual([false, false, true]);
    const run = await runRetention();
    expect(run.unsentDeleted).toBeGreaterThanOrEqual(1);
    expect((await attachmentDocs(fresh.companyId)).map((a) => a.id).sort()).toEqual([kept, waiting].sort());
    expect((await filesOf(fresh.companyId)).length).toBe(2);
    const page = (await client(fresh, fresh.owner).page('everyone')).body.data.messages;
    expect(
      page.map((m: { attachments: { id: string }[]; erased: boolean }) => [m.attachments.map((a) => a.id), m.erased]),
    ).toEqual([
      [[], true],
      [[kept], false],
    ]);
    // a second run deletes nothing more
    await runRetention();
    expect((await filesOf(fresh.companyId)).length).toBe(2);
  });
});
