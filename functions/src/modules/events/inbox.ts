import { DOMAIN_EVENT_TYPES } from '../../core/domain-event';
import { db } from '../../core/firebase';
import type { Membership } from '../../core/memberships';
import { EVENT_KINDS } from './catalogue';
import { eventErrors } from './errors';
import { deviceId } from './push';
import { devicesCollection, inboxCollection, inboxEntryFromDoc, inboxRef, sortKeyOf } from './repo';
import { notificationsCursor, type listNotificationsQuery } from './schemas';
import type { z } from 'zod';

/** A member's inbox: their entries only (the entry id holds their uid), unread first, newest first. */

const notFound = () => eventErrors.NOTIFICATION_NOT_FOUND('No such notification in your inbox');

/** An entry as answered: the stored one under its event id, without its listing fields. */
function entryOf(stored: ReturnType<typeof inboxEntryFromDoc>) {
  const { eventId, type, version, occurredAt, actorUid, title, body, read, readAt, data } = stored;
  return { id: eventId, type, version, occurredAt, actorUid, title, body, read, readAt, data };
}

const mine = (member: Membership) => inboxCollection(member.companyId).where('uid', '==', member.uid);
const unreadOf = (member: Membership) => mine(member).where('read', '==', false);

async function unreadCount(member: Membership): Promise<number> {
  return (await unreadOf(member).count().get()).data().count;
}

export async function listNotifications({
  member,
  query,
}: {
  member: Membership;
  query: z.output<typeof listNotificationsQuery>;
}) {
  // a range on the sort key, not a query cursor: unique and ordered as listed (and the Node emulator ignores cursors)
  let q = mine(member).orderBy('sortKey');
  if (query.cursor) q = q.where('sortKey', '>', query.cursor);
  if (query.unreadOnly) q = q.where('sortKey', '<', '1');
  const [snap, count] = await Promise.all([q.limit(query.limit + 1).get(), unreadCount(member)]);
  const docs = snap.docs.slice(0, query.limit).map(inboxEntryFromDoc);
  return {
    notifications: docs.map(entryOf),
    unreadCount: count,
    nextCursor: snap.docs.length > query.limit ? notificationsCursor.encode(docs[docs.length - 1].sortKey) : null,
  };
}

export async function countUnread({ member }: { member: Membership }) {
  return { unreadCount: await unreadCount(member) };
}

/** Marks one entry read; the first read is kept. */
export async function markRead({ member, notificationId }: { member: Membership; notificationId: string }) {
  const ref = inboxRef(member.companyId, notificationId, member.uid);
  return db().runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) throw notFound();
    const stored = inboxEntryFromDoc(snap);
    const entry = entryOf(stored);
    if (entry.read) return entry;
    const readAt = Date.now();
    tx.update(ref, { read: true, readAt, sortKey: sortKeyOf(true, stored.occurredAtMs, entry.id) });
    return { ...entry, read: true, readAt };
  });
}

const MARK_BATCH = 400;

export async function markAllRead({ member }: { member: Membership }) {
  let marked = 0;
  for (;;) {
    const snap = await unreadOf(member).limit(MARK_BATCH).get();
    if (snap.empty) return { marked };
    const batch = db().batch();
    const readAt = Date.now();
    for (const d of snap.docs) {
      const { occurredAtMs, eventId } = inboxEntryFromDoc(d);
      batch.update(d.ref, { read: true, readAt, sortKey: sortKeyOf(true, occurredAtMs, eventId) });
    }
    await batch.commit();
    marked += snap.size;
  }
}

/** Registers the app of a phone for push; registering a token again (the app restarted) moves it to the caller. */
export async function registerDevice({
  member,
  body,
}: {
  member: Membership;
  body: { token: string; platform: 'ios' | 'android' | 'web' };
}) {
  const id = deviceId(body.token);
  const registeredAt = Date.now();
  await devicesCollection(member.companyId)
    .doc(id)
    .set({ uid: member.uid, token: body.token, platform: body.platform, registeredAt });
  return { id, platform: body.platform, registeredAt };
}

/** Removes a phone's token (sign-out); only the member it is registered to removes it. */
export async function removeDevice({ member, token }: { member: Membership; token: string }) {
  const ref = devicesCollection(member.companyId).doc(deviceId(token));
  return db().runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists || snap.data()!.uid !== member.uid) return { removed: false };
    tx.delete(ref);
    return { removed: true };
  });
}

export function eventTypes() {
  return DOMAIN_EVENT_TYPES.map((type) => ({
    type,
    version: EVENT_KINDS[type].version,
    summary: EVENT_KINDS[type].summary,
    defaultChannels: EVENT_KINDS[type].defaults,
  }));
}
