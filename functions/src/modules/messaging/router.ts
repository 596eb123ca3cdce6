import { z } from 'zod';
import { companyIdQuery } from '../../http/fields';
import { companyInQuery, defineRoute, type RouteDef } from '../../http/route';
import { lazyFile } from '../kit';
import { ALLOWED_CONTENT_TYPES, MAX_FILE_BYTES } from '../../core/uploads';
import {
  attachmentContentSchema,
  attachmentIdParams,
  attachmentSchema,
  conversationDetailSchema,
  conversationIdParam,
  conversationSchema,
  createConversationBody,
  directoryEntrySchema,
  editMessageBody,
  listMessagesQuery,
  MAX_ATTACHMENTS,
  MAX_MESSAGE_CHARS,
  messageIdParams,
  messagePage,
  messageSchema,
  muteBody,
  patchConversationBody,
  postMessageBody,
  readBody,
  retentionBody,
  retentionSchema,
  STREAM_MAX_WAIT_SECONDS,
  streamEndSchema,
  streamQuery,
  uploadAttachmentQuery,
} from './schemas';
import { EDIT_WINDOW_MS } from './rules';

const conversations = lazyFile<typeof import('./conversations')>(() => require('./conversations'));
const messages = lazyFile<typeof import('./messages')>(() => require('./messages'));
const stream = lazyFile<typeof import('./stream')>(() => require('./stream'));
const retention = lazyFile<typeof import('./retention')>(() => require('./retention'));
const attachments = lazyFile<typeof import('./attachments')>(() => require('./attachments'));

const member = companyInQuery('employee');
const RETENTION =
  'How long the company keeps messages: once a day, every message sent more than `days` days ago is reduced in place to a tombstone as an erasure reduces it (empty text, no mentions, `erased: true`; its number, author and time stay, so paging and the other messages are unchanged). null (the default): messages are kept until erased.';
const READS =
  "A conversation is read by its members (direct and group), by every member (everyone), by the holders of the role and managers and owners (a role group), and by managers and owners (every group, not others' direct conversations); anyone else gets 404 CONVERSATION_NOT_FOUND. An archived employee reads nothing after their access end.";
const POLICIES =
  'Employees are bound by the company policies in force when they send (managers and owners are not): employeeInteractionMessages off, a direct conversation only with a manager or owner (403 MESSAGES_RESTRICTED); employeeInteractionGroup off, no group created or posted in, automatic groups included (403 GROUPS_DISABLED); employeeInteractionWorkWith off, no conversation started with another employee (403 NOT_IN_DIRECTORY). A policy change never alters what was sent.';
const WINDOW = `${EDIT_WINDOW_MS / 60_000} minutes`;
const MB = 1024 * 1024;

const STREAM = `Server-sent events (\`text/event-stream\`) of the caller's conversations, as they happen: \`message\`, \`edited\`, \`deleted\` ({conversationId, message}: the message as it is when sent to the stream, so an erased or deleted one has empty text), \`receipt\` ({conversationId, uid, readUpTo, at}: any member's, the caller's own included), \`conversation\` ({conversationId, conversation}: a group's name or members changed) and \`removed\` ({conversationId}: the caller is no longer in it; nothing more of it comes). Every event has an \`id\`: its number in the company's messaging log, increasing, so the events a client receives have one order. To resume, send the last id received as \`Last-Event-ID\` (what EventSource does) or \`lastEventId\`: the stream replays, in order and once each, every event after it of the conversations the caller reads now, then goes on live; without one it starts now. The first event, \`ready\` ({lastEventId}), carries the position it starts from. A conversation's events go to whoever reads it at delivery time (as GET of the conversation answers): a member added to a group gets its events from then, a removed one gets \`removed\` and nothing after; an employee whose access ends (archived) gets an \`error\` event (403 NOT_A_MEMBER) and the stream ends. After \`wait\` seconds (at most ${STREAM_MAX_WAIT_SECONDS}) the stream ends with \`done\` ({lastEventId}); reconnect with it. \`wait=0\` answers what was missed and ends (a JSON envelope when there was nothing). An id that is not one of this stream's (past the newest) is 400 INVALID_LAST_EVENT_ID. Comment lines (\`: keep-alive\`) come every 15 s while idle.`;

export const routes: RouteDef[] = [
  defineRoute({
    method: 'get',
    path: '/messaging/stream',
    summary: "The caller's conversations live (server-sent events, resumable)",
    description: STREAM,
    access: member,
    query: streamQuery,
    response: streamEndSchema,
    sse: true,
    deadlineSeconds: STREAM_MAX_WAIT_SECONDS + 15,
    handler: ({ member: m, query, req, events }) =>
      stream().openStream({
        member: m,
        req,
        events,
        waitSeconds: query.wait,
        ...(query.lastEventId === undefined ? {} : { lastEventId: query.lastEventId }),
      }),
  }),
  defineRoute({
    method: 'get',
    path: '/messaging/conversations',
    summary: "The caller's conversations with unread counts",
    description: `Automatic groups (everyone, one per role the caller holds; managers and owners every role), the caller's direct and group conversations, and for managers and owners every group; the most recent message first. ${READS}`,
    access: member,
    query: companyIdQuery,
    response: z.array(conversationSchema),
    handler: ({ member: m }) => conversations().listConversations({ member: m }),
  }),
  defineRoute({
    method: 'post',
    path: '/messaging/conversations',
    summary: 'Start a direct or group conversation',
    status: 201,
    description: `direct: with one member (the same conversation whoever starts it: starting it again answers it). group: named, with members besides the creator. Everyone named must be a member with access (else 403 NOT_IN_DIRECTORY). ${POLICIES}`,
    access: member,
    query: companyIdQuery,
    body: createConversationBody,
    response: conversationSchema,
    handler: ({ member: m, body }) => conversations().createConversation({ member: m, input: body }),
  }),
  defineRoute({
    method: 'get',
    path: '/messaging/directory',
    summary: 'Whom the caller may start a conversation with',
    description:
      "Members with access to the company, the caller aside, then the owners and administrators of the company's organization (a location's), as owners with organizationRole (one who is a member is listed once, as that member). For an employee while employeeInteractionWorkWith is off: managers and owners only (as GET /shifts then shows an employee only their own shifts).",
    access: member,
    query: companyIdQuery,
    response: z.array(directoryEntrySchema),
    handler: ({ member: m }) => conversations().directory({ member: m }),
  }),
  defineRoute({
    method: 'get',
    path: '/messaging/conversations/:conversationId',
    summary: "A conversation with its members' read receipts",
    description: READS,
    access: member,
    params: conversationIdParam,
    query: companyIdQuery,
    response: conversationDetailSchema,
    handler: ({ member: m, params }) =>
      conversations().getConversation({ member: m, conversationId: params.conversationId }),
  }),
  defineRoute({
    method: 'patch',
    path: '/messaging/conversations/:conversationId',
    summary: "A group's name and members (its creator, managers and owners)",
    description: `Removed members keep their messages, attributed. Added members are checked as at creation. 422 NOT_EDITABLE for direct and automatic conversations. ${POLICIES}`,
    access: member,
    params: conversationIdParam,
    query: companyIdQuery,
    body: patchConversationBody,
    response: conversationDetailSchema,
    handler: ({ member: m, params, body }) =>
      conversations().patchConversation({ member: m, conversationId: params.conversationId, patch: body }),
  }),
  defineRoute({
    method: 'post',
    path: '/messaging/conversations/:conversationId/read',
    summary: "Move the caller's read receipt",
    description:
      'To `upTo` (default: the newest message). A receipt never moves back; the same receipt again changes nothing. The other members see it (GET the conversation, and the stream).',
    access: member,
    params: conversationIdParam,
    query: companyIdQuery,
    body: readBody,
    response: conversationSchema,
    handler: ({ member: m, params, body }) =>
      conversations().markRead({ member: m, conversationId: params.conversationId, upTo: body.upTo }),
  }),
  defineRoute({
    method: 'put',
    path: '/messaging/conversations/:conversationId/mute',
    summary: 'Mute or unmute a conversation for the caller',
    description: 'A muted conversation sends the caller no notifications, except of messages mentioning them.',
    access: member,
    params: conversationIdParam,
    query: companyIdQuery,
    body: muteBody,
    response: conversationSchema,
    handler: ({ member: m, params, body }) =>
      conversations().setMuted({ member: m, conversationId: params.conversationId, muted: body.muted }),
  }),
  defineRoute({
    method: 'get',
    path: '/messaging/conversations/:conversationId/messages',
    summary: 'A page of messages, oldest first',
    description: `Without a cursor: the newest \`limit\` messages. \`olderCursor\` pages back, \`newerCursor\` forward (an empty page when nothing newer yet). Deleted messages stay in place with empty text. ${READS}`,
    access: member,
    params: conversationIdParam,
    query: listMessagesQuery,
    response: messagePage,
    handler: ({ member: m, params, query }) =>
      messages().listMessages({ member: m, conversationId: params.conversationId, query }),
  }),
  defineRoute({
    method: 'post',
    path: '/messaging/conversations/:conversationId/messages',
    summary: 'Send a message',
    status: 201,
    description: `Text up to ${MAX_MESSAGE_CHARS} characters; mentions name members of the conversation (422 UNKNOWN_MENTIONS); up to ${MAX_ATTACHMENTS} files the sender uploaded to the conversation (POST .../attachments) and has not sent yet (422 ATTACHMENT_UNAVAILABLE), which then belong to the message. Text may be empty when files are sent. Sending moves the sender's read receipt to it. At most 30 messages per sender per 10 seconds (429 RATE_LIMITED with Retry-After). ${POLICIES} A direct conversation whose other member has left answers 422 RECIPIENT_LEFT. ${READS}`,
    access: member,
    params: conversationIdParam,
    query: companyIdQuery,
    body: postMessageBody,
    response: messageSchema,
    handler: ({ member: m, params, body }) =>
      messages().postMessage({ member: m, conversationId: params.conversationId, input: body }),
  }),
  defineRoute({
    method: 'post',
    path: '/messaging/conversations/:conversationId/attachments',
    summary: 'Upload a file to send with a message',
    status: 201,
    description: `The body is the file's bytes (not multipart) with its Content-Type, under the storage rules of employee documents: one of ${ALLOWED_CONTENT_TYPES.join(', ')}, at most ${MAX_FILE_BYTES / MB} MB (413 PAYLOAD_TOO_LARGE), bytes of that type by signature (422 FILE_CONTENT_MISMATCH), not empty (400 FILE_EMPTY), the \`sha256\` sent if any (422 CHECKSUM_MISMATCH); 415 FILE_TYPE_NOT_ALLOWED for another type. Then send its id in a message's \`attachmentIds\`. Only someone who may post in the conversation now uploads to it (the policies, as for sending). The file is stored in Cloud Storage, never public. The same bytes uploaded again while the first upload waits to be sent answer it; an upload not sent within a day is deleted. At most 20 uploads per sender per minute (429 RATE_LIMITED). A refused upload stores nothing. ${READS}`,
    access: member,
    params: conversationIdParam,
    query: uploadAttachmentQuery,
    rawBody: true,
    uploadTypes: ALLOWED_CONTENT_TYPES,
    bodyLimit: `${MAX_FILE_BYTES / MB}mb`,
    response: attachmentSchema,
    handler: ({ member: m, params, query, req }) =>
      attachments().uploadAttachment({
        member: m,
        conversationId: params.conversationId,
        input: { fileName: query.fileName, sha256: query.sha256 },
        contentTypeHeader: req.get('content-type'),
        bytes: (req as typeof req & { rawBody: Buffer }).rawBody,
      }),
  }),
  defineRoute({
    method: 'get',
    path: '/messaging/conversations/:conversationId/attachments/:attachmentId/content',
    summary: "Download a message's file",
    description: `The attachment and its bytes, base64-encoded, read from Cloud Storage through the function (check them against \`attachment.sha256\`). Whoever reads the conversation, while its message stands (a deleted or erased message's files are deleted: 404 ATTACHMENT_NOT_FOUND); an upload not sent yet, its uploader only. ${READS}`,
    access: member,
    params: attachmentIdParams,
    query: companyIdQuery,
    response: attachmentContentSchema,
    handler: ({ member: m, params }) =>
      attachments().downloadAttachment({
        member: m,
        conversationId: params.conversationId,
        attachmentId: params.attachmentId,
      }),
  }),
  defineRoute({
    method: 'patch',
    path: '/messaging/conversations/:conversationId/messages/:messageId',
    summary: 'Edit a message (its author, within the edit window)',
    description: `The author only (403 NOT_THE_AUTHOR), within ${WINDOW} of sending (422 EDIT_WINDOW_CLOSED); sets editedAt.`,
    access: member,
    params: messageIdParams,
    query: companyIdQuery,
    body: editMessageBody,
    response: messageSchema,
    handler: ({ member: m, params, body }) =>
      messages().editMessage({
        member: m,
        conversationId: params.conversationId,
        messageId: params.messageId,
        text: body.text,
      }),
  }),
  defineRoute({
    method: 'delete',
    path: '/messaging/conversations/:conversationId/messages/:messageId',
    summary: 'Delete a message (its author within the window; managers and owners: moderation)',
    description: `The message stays in place with empty text, no attachments (their files are deleted), deletedAt and deletedBy. Its author within ${WINDOW} of sending; managers and owners in any conversation they read, any time. Deleting it again answers it.`,
    access: member,
    params: messageIdParams,
    query: companyIdQuery,
    response: messageSchema,
    handler: ({ member: m, params }) =>
      messages().deleteMessage({ member: m, conversationId: params.conversationId, messageId: params.messageId }),
  }),
  defineRoute({
    method: 'get',
    path: '/messaging/retention',
    summary: "The company's retention of messages",
    description: `${RETENTION} Managers and owners.`,
    access: companyInQuery('manager'),
    query: companyIdQuery,
    response: retentionSchema,
    handler: ({ member: m }) => retention().getRetention({ member: m }),
  }),
  defineRoute({
    method: 'put',
    path: '/messaging/retention',
    summary: "Set the company's retention of messages (owners)",
    description: `${RETENTION} Setting it applies from the next daily run to every message, the older ones included. Owners only.`,
    access: companyInQuery('owner'),
    query: companyIdQuery,
    body: retentionBody,
    response: retentionSchema,
    handler: ({ member: m, body }) => retention().setRetention({ member: m, days: body.days }),
  }),
];
