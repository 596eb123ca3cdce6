import { z } from 'zod';
import { companyIdQuery, documentId } from '../../http/fields';
import { pageCursor } from '../../http/cursor';
import { ALLOWED_CONTENT_TYPES, uploadFileFields } from '../../core/file-types';

/** The most characters a message's text holds. */
export const MAX_MESSAGE_CHARS = 4000;
/** The most people one message mentions. */
export const MAX_MENTIONS = 50;
/** The most members a group conversation is created with (besides its creator). */
export const MAX_GROUP_MEMBERS = 200;

/** The most files one message carries. */
export const MAX_ATTACHMENTS = 10;

export const CONVERSATION_KINDS = ['direct', 'group', 'role', 'everyone'] as const;
export type ConversationKind = (typeof CONVERSATION_KINDS)[number];

/** A Firebase uid as a member of a conversation (it becomes part of document ids). */
const uid = documentId.describe('A member (Firebase uid) of the company');

export const memberStateSchema = z
  .object({
    uid: z.string(),
    readUpTo: z.number().int().describe('The number of the last message this member has read (0: none)'),
    readAt: z.number().nullable().describe('When this member last moved their read receipt'),
    left: z
      .boolean()
      .describe("The member's access to the company has ended (an archived employee): they read and post nothing"),
  })
  .meta({ id: 'MessagingMemberState' });

export const conversationSchema = z
  .object({
    id: z.string(),
    kind: z
      .enum(CONVERSATION_KINDS)
      .describe(
        'direct: two members; group: named, with members; role: automatic, the holders of a role (and managers and owners); everyone: automatic, every member',
      ),
    name: z
      .string()
      .nullable()
      .describe('A group\'s name, the role\'s name, "Everyone"; null for a direct conversation'),
    roleId: z.string().nullable(),
    memberUids: z.array(z.string()).describe('The members of a direct or group conversation; empty for automatic ones'),
    createdBy: z.string().nullable(),
    createdAt: z.number(),
    messageCount: z.number().int().describe('Messages sent so far; message numbers run 1..messageCount'),
    lastMessageAt: z.number().nullable(),
    unreadCount: z.number().int().describe("Messages after the caller's read receipt that others sent"),
    muted: z.boolean().describe('The caller gets no notifications of it (mentions still notify)'),
    readUpTo: z.number().int().describe("The caller's read receipt: the number of the last message read"),
  })
  .meta({ id: 'MessagingConversation' });
export type Conversation = z.infer<typeof conversationSchema>;

export const conversationDetailSchema = conversationSchema
  .extend({
    members: z
      .array(memberStateSchema)
      .describe('Members with their read receipts (for automatic groups: those who have opened it)'),
  })
  .meta({ id: 'MessagingConversationDetail' });

const attachmentFields = {
  id: z.string(),
  fileName: z.string(),
  contentType: z.enum(ALLOWED_CONTENT_TYPES),
  size: z.number().int().describe('Bytes'),
  sha256: z.string().describe('Hex SHA-256 of the bytes (check the download against it)'),
};

export const messageAttachmentSchema = z.object(attachmentFields).meta({
  id: 'MessagingMessageAttachment',
  description: "A file sent with a message (its bytes: GET the attachment's content)",
});
export type MessageAttachment = z.infer<typeof messageAttachmentSchema>;

export const attachmentSchema = z
  .object({
    ...attachmentFields,
    conversationId: z.string(),
    messageId: z
      .string()
      .nullable()
      .describe('The message it was sent with; null while it waits to be sent (its uploader alone sees it then)'),
    uploadedBy: z.string(),
    createdAt: z.number(),
  })
  .meta({ id: 'MessagingAttachment' });
export type Attachment = z.infer<typeof attachmentSchema>;

export const attachmentContentSchema = z
  .object({
    attachment: attachmentSchema,
    contentBase64: z.string().meta({
      description: "The file, base64-encoded (the bytes as uploaded, of the attachment's contentType)",
      contentEncoding: 'base64',
    }),
  })
  .meta({ id: 'MessagingAttachmentContent' });

export const uploadAttachmentQuery = companyIdQuery.extend(uploadFileFields('"attachment" and an extension'));

export const messageSchema = z
  .object({
    id: z.string(),
    conversationId: z.string(),
    number: z.number().int().describe('1, 2, ... in the order the conversation received them'),
    authorUid: z.string().describe('Stays the author after they leave (archived) or are erased'),
    text: z.string().describe('Empty once deleted'),
    mentions: z.array(z.string()),
    attachments: z.array(messageAttachmentSchema).describe('Files sent with it; empty once deleted or erased'),
    createdAt: z.number(),
    editedAt: z.number().nullable(),
    deletedAt: z.number().nullable(),
    deletedBy: z.string().nullable().describe('The author, or the manager or owner who removed it (moderation)'),
    erased: z
      .boolean()
      .describe(
        "The author's personal data was erased, or the message outlived the company's retention: it is a tombstone",
      ),
  })
  .meta({ id: 'MessagingMessage' });
export type Message = z.infer<typeof messageSchema>;

export const directoryEntrySchema = z
  .object({
    uid: z.string(),
    role: z.enum(['employee', 'manager', 'owner']),
    employeeId: z.string().nullable(),
    name: z.string().nullable(),
    organizationRole: z.enum(['owner', 'admin']).nullable().meta({
      description:
        "An owner or administrator of the company's organization, who acts here as an owner (role owner) without a membership of this company; null: a member of the company",
    }),
  })
  .meta({ id: 'MessagingDirectoryEntry' });

export const messageText = z.string().trim().min(1).max(MAX_MESSAGE_CHARS);

/**
 * One object for both kinds (the body parser refuses a non-object before access is checked, so the
 * body is an object schema, not a union): `direct` takes `uid`, `group` takes `name` and `memberUids`.
 */
export const createConversationBody = z
  .strictObject({
    kind: z.enum(['direct', 'group']),
    uid: uid.optional().describe('direct: the other member'),
    name: z.string().trim().min(1).max(100).optional().describe('group: its name'),
    memberUids: z
      .array(uid)
      .min(1)
      .max(MAX_GROUP_MEMBERS)
      .optional()
      .describe('group: the members besides the creator'),
  })
  .superRefine((body, ctx) => {
    const need = (field: 'uid' | 'name' | 'memberUids') => {
      if (body[field] === undefined)
        ctx.addIssue({ code: 'custom', path: [field], message: `required for ${body.kind}` });
    };
    const refuse = (field: 'uid' | 'name' | 'memberUids') => {
      if (body[field] !== undefined)
        ctx.addIssue({ code: 'custom', path: [field], message: `not allowed for ${body.kind}` });
    };
    if (body.kind === 'direct') {
      need('uid');
      refuse('name');
      refuse('memberUids');
    } else {
      need('name');
      need('memberUids');
      refuse('uid');
    }
  })
  .transform((body) =>
    body.kind === 'direct'
      ? { kind: 'direct' as const, uid: body.uid! }
      : { kind: 'group' as const, name: body.name!, memberUids: body.memberUids! },
  )
  .meta({ id: 'MessagingConversationCreate' });
export type ConversationCreate = z.output<typeof createConversationBody>;

export const patchConversationBody = z
  .strictObject({
    name: z.string().trim().min(1).max(100),
    addUids: z.array(uid).max(MAX_GROUP_MEMBERS),
    removeUids: z.array(uid).max(MAX_GROUP_MEMBERS),
  })
  .partial();
export type ConversationPatch = z.output<typeof patchConversationBody>;

export const postMessageBody = z
  .strictObject({
    text: z
      .string()
      .trim()
      .max(MAX_MESSAGE_CHARS)
      .default('')
      .describe('Required unless the message carries attachments'),
    mentions: z.array(uid).max(MAX_MENTIONS).default([]).describe('Members mentioned (notified even when muted)'),
    attachmentIds: z
      .array(documentId)
      .max(MAX_ATTACHMENTS)
      .default([])
      .describe('Files uploaded by the sender to this conversation (POST .../attachments), not yet sent'),
  })
  .superRefine((body, ctx) => {
    if (!body.text && !body.attachmentIds.length)
      ctx.addIssue({ code: 'custom', path: ['text'], message: 'a message needs text or attachments' });
  });
export type MessageInput = z.output<typeof postMessageBody>;
export const editMessageBody = z.strictObject({ text: messageText });
export const readBody = z.strictObject({
  upTo: z
    .number()
    .int()
    .min(0)
    .optional()
    .describe('The number of the last message read; default the newest. A receipt never moves back'),
});
export const muteBody = z.strictObject({ muted: z.boolean() });

/** Where a page of messages ended, and which way the next page goes. */
export const messagesCursor = pageCursor(
  'messages',
  z.tuple([z.enum(['older', 'newer']), z.number().int().nonnegative()]),
);
export const listMessagesQuery = companyIdQuery.extend({
  limit: z.coerce.number().int().min(1).max(100).default(30),
  cursor: messagesCursor.query,
});
export const messagePage = z
  .object({
    messages: z.array(messageSchema).describe('Oldest first'),
    olderCursor: z.string().nullable().describe('Pass as `cursor` for the page before; null at the first message'),
    newerCursor: z
      .string()
      .nullable()
      .describe(
        'Pass as `cursor` for the messages after this page (an empty page when none yet); null on an empty page',
      ),
  })
  .meta({ id: 'MessagingMessagePage' });

export const conversationIdParam = z.object({ conversationId: documentId });
export const messageIdParams = z.object({ conversationId: documentId, messageId: documentId });
export const attachmentIdParams = z.object({ conversationId: documentId, attachmentId: documentId });
export const deletedMessageSchema = messageSchema;

/** How long a stream stays open by default, and at most (then it ends with `done`; the client reconnects). */
export const STREAM_WAIT_SECONDS = 50;
export const STREAM_MAX_WAIT_SECONDS = 55;

export const streamQuery = companyIdQuery.extend({
  lastEventId: z
    .string()
    .regex(/^(0|[1-9]\d{0,14})$/)
    .optional()
    .describe('The last event id received, for a client that cannot send the Last-Event-ID header (the header wins)'),
  wait: z.coerce
    .number()
    .int()
    .min(0)
    .max(STREAM_MAX_WAIT_SECONDS)
    .default(STREAM_WAIT_SECONDS)
    .describe(
      'Seconds the stream stays open (then `done`, and the client reconnects with the last event id); 0 answers what was missed and ends (JSON when nothing was)',
    ),
});

export const streamEndSchema = z
  .object({
    lastEventId: z
      .string()
      .describe('Where the stream ended: resume after it (it may be past the last event sent, never before it)'),
  })
  .meta({ id: 'MessagingStreamEnd' });
export type StreamEnd = z.infer<typeof streamEndSchema>;

export const MIN_RETENTION_DAYS = 30;
export const MAX_RETENTION_DAYS = 3650;
export const retentionBody = z.strictObject({
  days: z
    .int()
    .min(MIN_RETENTION_DAYS)
    .max(MAX_RETENTION_DAYS)
    .nullable()
    .describe(
      `Days a message is kept (${MIN_RETENTION_DAYS} to ${MAX_RETENTION_DAYS}): older ones are reduced to tombstones by the daily job; null: kept until erased (the default)`,
    ),
});
export const retentionSchema = z
  .object({
    companyId: z.string(),
    days: z.int().nullable().describe('Days a message is kept; null: kept until erased'),
    updatedAt: z.number().nullable().describe('When it was last set (epoch ms); null: never set'),
  })
  .meta({ id: 'MessageRetention' });
export type Retention = z.output<typeof retentionSchema>;
