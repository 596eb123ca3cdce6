import { db } from '../../src/core/firebase';
import { fanOut } from '../../src/modules/events/fanout';
import { api } from '../helpers/api';
import { bearer, type TestUser } from '../helpers/users';

/** The events of a type in a company's outbox. */
export async function outboxOf(companyId: string, type: string) {
  const snap = await db().collection(`companies/${companyId}/outbox`).where('type', '==', type).get();
  return snap.docs.map((d) => d.data());
}

/** Fans the events out (as the queue would) and answers the notification types in a member's inbox. */
export async function inboxAfterFanOut(companyId: string, events: { id: string }[], user: TestUser) {
  for (const e of events) await fanOut({ companyId, eventId: e.id });
  const res = await api('events').get('/notifications').query({ companyId }).set(bearer(user));
  return res.body.data.notifications.map((n: { type: string }) => n.type) as string[];
}
