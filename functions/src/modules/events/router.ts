import { companyIdQuery } from '../../http/fields';
import { AUTHENTICATED, companyInQuery, defineRoute, type RouteDef } from '../../http/route';
import {
  deviceBody,
  deviceRemoveBody,
  deviceSchema,
  eventTypesSchema,
  listNotificationsQuery,
  markedSchema,
  notificationIdParams,
  notificationPage,
  notificationSchema,
  preferencesBody,
  preferencesSchema,
  removedSchema,
  unreadCountSchema,
} from './schemas';
import { lazyFile } from '../kit';

const inbox = lazyFile<typeof import('./inbox')>(() => require('./inbox'));
const preferences = lazyFile<typeof import('./preferences')>(() => require('./preferences'));

const member = companyInQuery('employee');
const OWN =
  "A member's own inbox: the events addressed to them (as an employee, a role or by name), with the payload their view of the API may see (an employee sees only their own shifts and premiums; pay is withheld from whoever may not see it).";

export const routes: RouteDef[] = [
  defineRoute({
    method: 'get',
    path: '/events/types',
    summary: 'The domain event types: version, audience and default channels',
    description:
      'Every event the company records in its outbox, fanned out at least once to inboxes, phones, email digests and webhooks; consumers deduplicate on the event id. The payload of each type is listed in the notification schema (one branch per type).',
    access: AUTHENTICATED,
    response: eventTypesSchema,
    handler: async () => inbox().eventTypes(),
  }),
  defineRoute({
    method: 'get',
    path: '/notifications',
    summary: "The caller's inbox: unread first, then newest first",
    description: `${OWN} \`limit\` per page; pass \`nextCursor\` as \`cursor\` for the next. \`unreadCount\` counts every unread entry.`,
    access: member,
    query: listNotificationsQuery,
    response: notificationPage,
    handler: ({ member: m, query }) => inbox().listNotifications({ member: m, query }),
  }),
  defineRoute({
    method: 'get',
    path: '/notifications/unread-count',
    summary: "How many entries of the caller's inbox are unread",
    access: member,
    query: companyIdQuery,
    response: unreadCountSchema,
    handler: ({ member: m }) => inbox().countUnread({ member: m }),
  }),
  defineRoute({
    method: 'post',
    path: '/notifications/read-all',
    summary: "Mark every entry of the caller's inbox read",
    access: member,
    query: companyIdQuery,
    response: markedSchema,
    handler: ({ member: m }) => inbox().markAllRead({ member: m }),
  }),
  defineRoute({
    method: 'post',
    path: '/notifications/:notificationId/read',
    summary: 'Mark one entry read',
    description: "The first read is kept. 404 NOTIFICATION_NOT_FOUND for an id not in the caller's inbox.",
    access: member,
    params: notificationIdParams,
    query: companyIdQuery,
    response: notificationSchema,
    handler: ({ member: m, params }) => inbox().markRead({ member: m, notificationId: params.notificationId }),
  }),
  defineRoute({
    method: 'get',
    path: '/notifications/preferences',
    summary: "The caller's channels per event type and quiet hours",
    access: member,
    query: companyIdQuery,
    response: preferencesSchema,
    handler: ({ member: m }) => preferences().getPreferences({ member: m }),
  }),
  defineRoute({
    method: 'put',
    path: '/notifications/preferences',
    summary: 'Choose channels per event type (in-app, push, email) and quiet hours',
    description:
      'Types and channels named change, the others keep their value; quietHours replaces the current ones (null removes them). 422 INVALID_QUIET_HOURS when start equals end.',
    access: member,
    query: companyIdQuery,
    body: preferencesBody,
    response: preferencesSchema,
    handler: ({ member: m, body }) => preferences().updatePreferences({ member: m, body }),
  }),
  defineRoute({
    method: 'post',
    path: '/notifications/devices',
    summary: 'Register this phone for push (its FCM registration token)',
    description:
      'Registering a token again replaces its record (the same phone signed in as another member takes it over). Tokens FCM reports as unregistered or invalid are removed at the next send.',
    status: 201,
    access: member,
    query: companyIdQuery,
    body: deviceBody,
    response: deviceSchema,
    handler: ({ member: m, body }) => inbox().registerDevice({ member: m, body }),
  }),
  defineRoute({
    method: 'post',
    path: '/notifications/devices/remove',
    summary: 'Remove this phone from push (sign-out)',
    description: '`removed` is false when the token is not registered to the caller (nothing is changed).',
    access: member,
    query: companyIdQuery,
    body: deviceRemoveBody,
    response: removedSchema,
    handler: ({ member: m, body }) => inbox().removeDevice({ member: m, token: body.token }),
  }),
];
