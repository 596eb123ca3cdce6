import { z } from 'zod';
import { companyDoc } from '../../core/firestore';
import { db } from '../../core/firebase';
import { storedDecoder } from '../../core/stored';

/** The outbox of a company: every domain event, written in the commit of its change. */
export const outboxRef = (companyId: string, eventId: string) =>
  companyDoc(companyId).collection('outbox').doc(eventId);

/** Root marker of an event not yet fanned out (the sweep finds them in one query, without collection-group queries). */
export const PENDING = 'pendingEvents';

/** A pending event's marker: its company and how often the sweep has redispatched it (none before the first). */
export const pendingFromDoc = storedDecoder(
  PENDING,
  z.object({ companyId: z.string(), sweeps: z.number().default(0) }),
);
export const pendingRef = (eventId: string) => db().collection(PENDING).doc(eventId);

/** One member's copy of an event: `{eventId}_{uid}`, so a second fan-out of the event writes nothing new. */
export const inboxCollection = (companyId: string) => companyDoc(companyId).collection('inbox');
export const inboxRef = (companyId: string, eventId: string, uid: string) =>
  inboxCollection(companyId).doc(`${eventId}_${uid}`);

/** An inbox entry as the fan-out writes it (older entries may lack the read fields: unread). */
export const inboxEntryFromDoc = storedDecoder(
  'inbox',
  z.object({
    eventId: z.string(),
    type: z.string(),
    version: z.number(),
    occurredAt: z.string(),
    occurredAtMs: z.number(),
    actorUid: z.string().nullable().default(null),
    title: z.string(),
    body: z.string(),
    data: z.record(z.string(), z.unknown()).default({}),
    read: z.boolean().catch(false),
    readAt: z.number().nullable().catch(null),
    sortKey: z.string(),
  }),
);

/**
 * The listing order of an inbox as one unique string: unread before read, then newest first, then
 * by event id. A read changes it (the entry moves behind the unread ones).
 */
export const sortKeyOf = (read: boolean, occurredAtMs: number, eventId: string) =>
  `${read ? 1 : 0}${String(9_999_999_999_999 - occurredAtMs).padStart(13, '0')}${eventId}`;

/** A member's channel choices and quiet hours. */
export const preferencesRef = (companyId: string, uid: string) =>
  companyDoc(companyId).collection('notificationPreferences').doc(uid);

/** A member's phone: keyed by a hash of its FCM registration token. */
export const devicesCollection = (companyId: string) => companyDoc(companyId).collection('devices');

/** A registered phone: whose it is and its FCM registration token. */
export const deviceFromDoc = storedDecoder('devices', z.object({ uid: z.string(), token: z.string() }));

/** The events waiting for a member's email digest of one window: `{uid}_{window}`. */
export const digestRef = (companyId: string, uid: string, window: number) =>
  companyDoc(companyId).collection('emailDigests').doc(`${uid}_${window}`);
