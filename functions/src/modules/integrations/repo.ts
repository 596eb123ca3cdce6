import type { Transaction } from 'firebase-admin/firestore';
import { z } from 'zod';
import { db } from '../../core/firebase';
import { storedCollection, storedDecoder } from '../../core/stored';
import { catalogueEntry } from './catalogue';
import { connectionSchema, type Connection, type ConnectionState } from './schemas';

/**
 * A connection as stored: the answer's fields. Older documents may lack the times, links and
 * failure count written later: defaults here.
 */
const storedConnection = connectionSchema.extend({
  account: connectionSchema.shape.account.default(null),
  connectedAt: connectionSchema.shape.connectedAt.default(null),
  connectedBy: connectionSchema.shape.connectedBy.default(null),
  disconnectedAt: connectionSchema.shape.disconnectedAt.default(null),
  disconnectedBy: connectionSchema.shape.disconnectedBy.default(null),
  lastSyncAt: connectionSchema.shape.lastSyncAt.default(null),
  lastSuccessAt: connectionSchema.shape.lastSuccessAt.default(null),
  lastError: connectionSchema.shape.lastError.default(null),
  consecutiveFailures: connectionSchema.shape.consecutiveFailures.default(0),
  nextSyncAt: connectionSchema.shape.nextSyncAt.default(null),
  accessTokenExpiresAt: connectionSchema.shape.accessTokenExpiresAt.default(null),
  updatedAt: connectionSchema.shape.updatedAt.default(null),
});

/** A company's connections live at companies/{companyId}/integrations/{connectionId}. */
export const {
  collection: connectionsCollection,
  ref: connectionRef,
  fromDoc: connectionFromDoc,
  fromSnapshot: connectionFromSnapshot,
} = storedCollection('integrations', storedConnection);

/**
 * The hourly job's registry (root collection `integrationSchedule`, one document per scheduled
 * connection, id `{companyId}~{connectionId}`): the jobs list it with one single-field range query
 * (no collection-group query, which the Node Firestore emulator cannot run). It is written in the
 * same transaction as the connection, so the two never disagree.
 */
export const SCHEDULE = 'integrationSchedule';
export const scheduleRef = (companyId: string, connectionId: string) =>
  db().collection(SCHEDULE).doc(`${companyId}~${connectionId}`);

const storedSchedule = z.object({
  companyId: z.string(),
  connectionId: z.string(),
  slug: z.string(),
  nextSyncAt: z.number().nullable().default(null),
  accessTokenExpiresAt: z.number().nullable().default(null),
  /** The merchant of the connection's account, when it is one of its locations (Square webhooks may name only the merchant). */
  merchantId: z.string().nullish(),
});
export type ScheduledConnection = z.output<typeof storedSchedule>;
const scheduledOf = storedDecoder(SCHEDULE, storedSchedule);

/** Polled sources are scheduled while they can sync (not while they wait for the owner to reconnect). */
const SCHEDULED_STATES: readonly ConnectionState[] = ['connected', 'syncing', 'error'];

export function isScheduled(connection: Connection): boolean {
  return (
    SCHEDULED_STATES.includes(connection.state) &&
    (catalogueEntry(connection.slug)?.syncModes.includes('poll') ?? false)
  );
}

export async function listConnections(companyId: string): Promise<Connection[]> {
  const snap = await connectionsCollection(companyId).get();
  return snap.docs.map(connectionFromDoc);
}

export async function readConnection(
  companyId: string,
  connectionId: string,
  tx?: Transaction,
): Promise<Connection | null> {
  const ref = connectionRef(companyId, connectionId);
  return connectionFromSnapshot(tx ? await tx.get(ref) : await ref.get());
}

/** Writes a connection whole, with its schedule entry (present exactly while it is scheduled). */
export function writeConnection(tx: Transaction, companyId: string, connection: Connection): void {
  const { id, ...data } = connection;
  tx.set(connectionRef(companyId, id), data);
  const schedule = scheduleRef(companyId, id);
  if (isScheduled(connection)) {
    const entry: ScheduledConnection = {
      companyId,
      connectionId: id,
      slug: connection.slug,
      nextSyncAt: connection.nextSyncAt,
      accessTokenExpiresAt: connection.accessTokenExpiresAt,
      merchantId: connection.account?.merchantId ?? null,
    };
    tx.set(schedule, entry);
  } else {
    tx.delete(schedule);
  }
}

/** Scheduled connections whose `field` is at or before `until`, earliest first (one indexed query). */
export async function scheduledBefore(
  field: 'nextSyncAt' | 'accessTokenExpiresAt',
  until: number,
  limit: number,
  from?: number,
): Promise<ScheduledConnection[]> {
  let query = db().collection(SCHEDULE).where(field, '<=', until);
  // a range filter, not startAfter: the Node Firestore emulator ignores cursors
  if (from !== undefined) query = query.where(field, '>=', from);
  const snap = await query.orderBy(field).limit(limit).get();
  return snap.docs.map(scheduledOf);
}

/** Scheduled connections with one connection id (in any company), or of one merchant (single-field equality queries). */
export async function scheduledWhere(
  field: 'connectionId' | 'merchantId',
  value: string,
): Promise<ScheduledConnection[]> {
  const snap = await db().collection(SCHEDULE).where(field, '==', value).get();
  return snap.docs.map(scheduledOf);
}
