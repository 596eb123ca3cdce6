import { randomUUID } from 'node:crypto';
import { api } from '../helpers/api';
import { bearer } from '../helpers/users';
import type { Fixture, Override, Prepared } from './generate';

/**
 * Overrides of the messaging module's operations: a conversation id must be one the caller reads
 * (otherwise 404), so the operations on a conversation use the automatic group `everyone` (every
 * member reads and, with the default policies, posts in it), or a group the employee created.
 */

async function ok(what: string, req: PromiseLike<{ status: number; text: string; body: unknown }>) {
  const res = await req;
  if (res.status >= 300) throw new Error(`fixture: ${what} answered ${res.status}: ${res.text.slice(0, 300)}`);
  return (res.body as { data: Record<string, unknown> }).data;
}

const EVERYONE = (why: string): Override => ({ why, request: () => ({ path: { conversationId: 'everyone' } }) });

/** A message the employee sent to everyone just now (within the edit window). */
async function employeeMessage(f: Fixture): Promise<Prepared> {
  const data = await ok(
    'POST /messaging/conversations/{conversationId}/messages',
    api('messaging')
      .post('/messaging/conversations/everyone/messages')
      .query({ companyId: f.company.companyId })
      .set(bearer(f.company.employee))
      .send({ text: 'Contract message' }),
  );
  return { messageId: String(data.id) };
}

const withMessage = (why: string, body?: unknown): Override => ({
  why,
  setup: employeeMessage,
  request: (_f, p) => ({ path: { conversationId: 'everyone', messageId: p.messageId }, ...(body ? { body } : {}) }),
});

const CONTRACT_PDF = '%PDF-1.4\n% contract attachment\n%%EOF\n';

/** A file the employee uploaded to everyone and sent with a message (so every member reads it). */
async function sentAttachment(f: Fixture): Promise<Prepared> {
  const q = { companyId: f.company.companyId };
  const upload = await ok(
    'POST /messaging/conversations/{conversationId}/attachments',
    api('messaging')
      .post('/messaging/conversations/everyone/attachments')
      .query(q)
      .set(bearer(f.company.employee))
      .set('Content-Type', 'application/pdf')
      .send(`${CONTRACT_PDF}% ${randomUUID()}\n`),
  );
  await ok(
    'POST /messaging/conversations/{conversationId}/messages',
    api('messaging')
      .post('/messaging/conversations/everyone/messages')
      .query(q)
      .set(bearer(f.company.employee))
      .send({ attachmentIds: [upload.id] }),
  );
  return { attachmentId: String(upload.id) };
}

export const MESSAGING_OVERRIDES: Record<string, Override> = {
  'GET /messaging/stream': {
    why: 'the stream with wait=0: it answers what was missed (nothing in the fixture: the JSON envelope) and ends, instead of holding the connection for its wait',
    request: () => ({ query: { wait: 0 } }),
  },
  'POST /messaging/conversations': {
    why: 'starts a group with a member of the company (a random uid is no one: 403 NOT_IN_DIRECTORY): the manager',
    request: (f) => ({ body: { kind: 'group', name: 'Contract group', memberUids: [f.company.manager.uid] } }),
  },
  'GET /messaging/conversations/{conversationId}': EVERYONE(
    'reads a conversation the caller reads (otherwise 404): the automatic group everyone',
  ),
  'PATCH /messaging/conversations/{conversationId}': {
    why: 'renames a group its caller created (otherwise 404, or 422 for automatic ones): one the employee started',
    setup: async (f) => {
      const data = await ok(
        'POST /messaging/conversations',
        api('messaging')
          .post('/messaging/conversations')
          .query({ companyId: f.company.companyId })
          .set(bearer(f.company.employee))
          .send({ kind: 'group', name: 'Contract group', memberUids: [f.company.manager.uid] }),
      );
      return { conversationId: String(data.id) };
    },
    request: (_f, p) => ({ path: { conversationId: p.conversationId }, body: { name: 'Renamed' } }),
  },
  'GET /messaging/conversations/{conversationId}/messages': EVERYONE(
    'pages a conversation the caller reads (otherwise 404): the automatic group everyone',
  ),
  'POST /messaging/conversations/{conversationId}/messages': {
    why: 'sends to a conversation the caller reads (otherwise 404), mentioning no one (a random uid is 422): everyone',
    request: () => ({ path: { conversationId: 'everyone' }, body: { text: 'Contract message' } }),
  },
  'POST /messaging/conversations/{conversationId}/read': EVERYONE(
    'moves a receipt in a conversation the caller reads (otherwise 404): the automatic group everyone',
  ),
  'PUT /messaging/conversations/{conversationId}/mute': EVERYONE(
    'mutes a conversation the caller reads (otherwise 404): the automatic group everyone',
  ),
  'POST /messaging/conversations/{conversationId}/attachments': {
    why: "the body is a file's bytes with its Content-Type (a PDF), to a conversation the caller reads and posts in (otherwise 404): everyone",
    request: () => ({
      path: { conversationId: 'everyone' },
      body: CONTRACT_PDF,
      headers: { 'Content-Type': 'application/pdf' },
    }),
  },
  'GET /messaging/conversations/{conversationId}/attachments/{attachmentId}/content': {
    why: 'downloads a file sent with a message of a conversation the caller reads (otherwise 404): one the employee sent to everyone',
    setup: sentAttachment,
    request: (_f, p) => ({ path: { conversationId: 'everyone', attachmentId: p.attachmentId } }),
  },
  'PATCH /messaging/conversations/{conversationId}/messages/{messageId}': withMessage(
    "edits the caller's own message within the edit window (otherwise 404 or 403): one the employee just sent",
    { text: 'Edited' },
  ),
  'DELETE /messaging/conversations/{conversationId}/messages/{messageId}': withMessage(
    "deletes the caller's own message within the edit window (otherwise 404 or 403): one the employee just sent",
  ),
};
