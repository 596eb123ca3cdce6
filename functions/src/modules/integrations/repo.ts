import type { DocumentData, Transaction } from 'firebase-admin/firestore';
import { db } from '../../core/firebase';
import { companyCollection } from '../../core/firestore';
import { catalogueEntry, type Category } from './catalogue';
import type { Connection, ConnectionState } from './schemas';

const orNull = <T>(value: T | undefined): T | null => (value === undefined ? null : value);

/** The one parser of a connection document. */
function connectionFromDoc(id: string, data: DocumentData): Connection {
  return {
    id,
    slug: String(data.slug),
    category: data.category as Category,
    state: data.state as ConnectionState,
    account: data.account ?? null,
    connectedAt: orNull(data.connectedAt),
    connectedBy: orNull(data.connectedBy),
    disconnectedAt: orNull(data.disconnectedAt),
    disconnectedBy: orNull(data.disconnectedBy),
    lastSyncAt: orNull(data.lastSyncAt),
    lastSuccessAt: orNull(data.lastSuccessAt),
    lastError: data.lastError ?? null,
    consecutiveFailures: Number(data.consecutiveFailures ?? 0),
    nextSyncAt: orNull(data.nextSyncAt),
    accessTokenExpiresAt: orNull(data.accessTokenExpiresAt),
    updatedAt: orNull(data.updatedAt),
  };
}

/** A company's connections live at companies/{companyId}/integrations/{connectionId}. */
export const {
  collection: connectionsCollection,
  ref: connectionRef,
  fromSnapshot: connectionFromSnapshot,
} = companyCollection('integrations', connectionFromDoc);

/**
 * The hourly job's registry (root collection `integrationSchedule`, one document per scheduled
 * connection, id `{companyId}~{connectionId}`): the jobs list it with one single-field range query
 * (no collection-group query, which the Node Firestore emulator cannot run). It is written in the
 * same transaction as the connection, so the two never disagree.
 */
export const SCHEDULE = 'integrationSchedule';
export const scheduleRef = (companyId: string, connectionId: string) =>
  db().collection(SCHEDULE).doc(`${companyId}~${connectionId}`);

export interface ScheduledConnection {
  companyId: string;
  connectionId: string;
  slug: string;
  nextSyncAt: number | null;
  accessTokenExpiresAt: number | null;
  /** The merchant of the connection's account, when it is one of its locations (Square webhooks may name only the merchant). */
  merchantId?: string | null;
}

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
  return snap.docs.map((d) => connectionFromDoc(d.id, d.data()));
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
  return snap.docs.map((d) => d.data() as ScheduledConnection);
}

/** Scheduled connections with one connection id (in any company), or of one merchant (single-field equality queries). */
export async function scheduledWhere(
  field: 'connectionId' | 'merchantId',
  value: string,
): Promise<ScheduledConnection[]> {
  const snap = await db().collection(SCHEDULE).where(field, '==', value).get();
  return snap.docs.map((d) => d.data() as ScheduledConnection);
}
