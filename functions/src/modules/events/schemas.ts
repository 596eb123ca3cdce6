import { z } from 'zod';
import { DOMAIN_EVENT_TYPES, type DomainEventType } from '../../core/domain-event';
import { companyIdQuery, documentId } from '../../http/fields';
import { pageCursor } from '../../http/cursor';
import { CHANNELS, EVENT_KINDS } from './catalogue';

const hhmm = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/)
  .describe('HH:mm on the company clock');

export const quietHoursSchema = z
  .strictObject({ start: hhmm, end: hhmm })
  .describe(
    'No push between start and end on the company clock (in its time zone); an end before the start spans midnight. The inbox and the email digest are not affected.',
  )
  .meta({ id: 'QuietHours' });

const channelChoice = z.strictObject(
  Object.fromEntries(CHANNELS.map((c) => [c, z.boolean().optional()])) as Record<
    (typeof CHANNELS)[number],
    z.ZodOptional<z.ZodBoolean>
  >,
);
const channelsInForce = z.object(
  Object.fromEntries(CHANNELS.map((c) => [c, z.boolean()])) as Record<(typeof CHANNELS)[number], z.ZodBoolean>,
);

export const preferencesBody = z.strictObject({
  channels: z
    .strictObject(
      Object.fromEntries(DOMAIN_EVENT_TYPES.map((t) => [t, channelChoice.optional()])) as Record<
        DomainEventType,
        z.ZodOptional<typeof channelChoice>
      >,
    )
    .optional()
    .describe('Per event type, the channels to turn on (true) or off (false); types and channels left out keep theirs'),
  quietHours: quietHoursSchema.nullable().optional().describe('Replaces the quiet hours; null removes them'),
});
export type PreferencesBody = z.output<typeof preferencesBody>;

export const preferencesSchema = z
  .object({
    channels: z
      .object(
        Object.fromEntries(DOMAIN_EVENT_TYPES.map((t) => [t, channelsInForce])) as Record<
          DomainEventType,
          typeof channelsInForce
        >,
      )
      .describe('Every event type with its channels in force'),
    quietHours: quietHoursSchema.nullable(),
    timezone: z.string().describe("The company's time zone, in which quiet hours are read"),
  })
  .meta({ id: 'NotificationPreferences' });

const entryBase = z.object({
  id: z.string().describe('The event id (also the id to mark read; consumers deduplicate on it)'),
  version: z.number().int(),
  occurredAt: z.string().describe('ISO 8601 instant of the change'),
  actorUid: z.string().nullable().describe('Who caused it; null for our own jobs'),
  title: z.string(),
  body: z.string(),
  read: z.boolean(),
  readAt: z.number().nullable(),
});

/** One inbox entry per event type: the API description lists every type's payload here. */
export const notificationSchema = z
  .discriminatedUnion(
    'type',
    DOMAIN_EVENT_TYPES.map((type: DomainEventType) =>
      entryBase
        .extend({ type: z.literal(type), data: EVENT_KINDS[type].data.describe(EVENT_KINDS[type].summary) })
        .meta({ title: type }),
    ) as unknown as [z.ZodObject, ...z.ZodObject[]],
  )
  .meta({ id: 'Notification' });

/** Where a page of the inbox ended: the last entry's sort key (repo.ts `sortKeyOf`: read flag, reversed time, event id). */
export const notificationsCursor = pageCursor('notifications', z.string().regex(/^[01]\d{13}[A-Za-z0-9_-]{1,100}$/));

export const listNotificationsQuery = companyIdQuery.extend({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: notificationsCursor.query,
  unreadOnly: z.stringbool().optional().meta({ type: 'boolean' }),
});
export const notificationPage = z
  .object({
    notifications: z.array(notificationSchema),
    unreadCount: z.number().int(),
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'NotificationPage' });
export const unreadCountSchema = z.object({ unreadCount: z.number().int() }).meta({ id: 'UnreadCount' });
export const notificationIdParams = z.object({ notificationId: documentId });
export const markedSchema = z.object({ marked: z.number().int().describe('Entries marked read by this call') });

export const deviceBody = z.strictObject({
  token: z.string().min(20).max(4096).describe('The FCM registration token of the app on this phone'),
  platform: z.enum(['ios', 'android', 'web']),
});
export const deviceRemoveBody = deviceBody.pick({ token: true });
export const deviceSchema = z
  .object({
    id: z.string(),
    platform: z.enum(['ios', 'android', 'web']),
    registeredAt: z.number(),
  })
  .meta({ id: 'Device' });
export const removedSchema = z.object({ removed: z.boolean() });

export const eventTypesSchema = z.array(
  z.object({
    type: z.enum(DOMAIN_EVENT_TYPES),
    version: z.number().int(),
    summary: z.string(),
    defaultChannels: channelsInForce,
  }),
);
