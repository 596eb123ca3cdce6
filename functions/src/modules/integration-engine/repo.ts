import type { Transaction } from 'firebase-admin/firestore';
import { z } from 'zod';
import { db } from '../../core/firebase';
import { storedCollection, storedDecoder } from '../../core/stored';
import { open, seal, type Sealed } from '../../core/vault';
import { alertsResponse, runSchema, type SyncRun } from './schemas';
import { runSummary } from './summary';

// --- the credential vault's records -----------------------------------------------------------

/**
 * Credentials of a connection: one document at the root collection `vault`, id
 * `{companyId}~{connectionId}`, holding only ciphertext (src/core/vault.ts) bound to that id. A
 * root collection lets a key rotation walk every record without a collection-group query.
 */
export const VAULT = 'vault';
const vaultId = (companyId: string, connectionId: string) => `${companyId}~${connectionId}`;
export const vaultRef = (companyId: string, connectionId: string) =>
  db().collection(VAULT).doc(vaultId(companyId, connectionId));
const aadOf = (id: string) => `${VAULT}/${id}`;

const storedSealed = z.object({
  kid: z.string(),
  iv: z.string(),
  tag: z.string(),
  data: z.string(),
}) satisfies z.ZodType<Sealed>;

const storedVaultRecord = z.object({
  /** The document id again, so a rotation pages by it with a range filter. */
  recordId: z.string(),
  companyId: z.string(),
  connectionId: z.string(),
  sealed: storedSealed,
  updatedAt: z.number(),
});
export type VaultRecord = z.output<typeof storedVaultRecord>;
const vaultRecordOf = storedDecoder(VAULT, storedVaultRecord);

export function writeSecrets(tx: Transaction, companyId: string, connectionId: string, secrets: object): void {
  const record: VaultRecord = {
    recordId: vaultId(companyId, connectionId),
    companyId,
    connectionId,
    sealed: seal(JSON.stringify(secrets), aadOf(vaultId(companyId, connectionId))),
    updatedAt: Date.now(),
  };
  tx.set(vaultRef(companyId, connectionId), record);
}

export async function readSecrets<T>(companyId: string, connectionId: string, tx?: Transaction): Promise<T | null> {
  const ref = vaultRef(companyId, connectionId);
  const snap = tx ? await tx.get(ref) : await ref.get();
  if (!snap.exists) return null;
  return JSON.parse(open(vaultRecordOf(snap).sealed, aadOf(snap.id))) as T;
}

export const deleteSecrets = (tx: Transaction, companyId: string, connectionId: string) =>
  tx.delete(vaultRef(companyId, connectionId));

/**
 * A vendor session token (Toast's login) of a set of client credentials: a vault record of its own,
 * `session~{key}`, sealed like the credentials and re-sealed by a rotation with them. Shared by the
 * connections using those credentials (a partner's), so it belongs to no company (companyId '').
 */
const sessionRef = (key: string) => db().collection(VAULT).doc(`session~${key}`);

export async function readSessionToken<T>(key: string): Promise<T | null> {
  const snap = await sessionRef(key).get();
  if (!snap.exists) return null;
  return JSON.parse(open(vaultRecordOf(snap).sealed, aadOf(snap.id))) as T;
}

export async function writeSessionToken(key: string, token: object): Promise<void> {
  const ref = sessionRef(key);
  const record: VaultRecord = {
    recordId: ref.id,
    companyId: '',
    connectionId: '',
    sealed: seal(JSON.stringify(token), aadOf(ref.id)),
    updatedAt: Date.now(),
  };
  await ref.set(record);
}

export const deleteSessionToken = async (key: string): Promise<void> => void (await sessionRef(key).delete());

/** Re-seals one record under the current key (a rotation); false when it already was, or is gone. */
export async function resealRecord(id: string, currentKid: string): Promise<boolean> {
  const ref = db().collection(VAULT).doc(id);
  return db().runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) return false;
    const record = vaultRecordOf(snap);
    if (record.sealed.kid === currentKid) return false;
    tx.update(ref, { sealed: seal(open(record.sealed, aadOf(id)), aadOf(id)), updatedAt: Date.now() });
    return true;
  });
}

export async function vaultPage(after: string | null, limit: number): Promise<{ id: string; kid: string }[]> {
  const all = db().collection(VAULT);
  const snap = await (after ? all.where('recordId', '>', after) : all).orderBy('recordId').limit(limit).get();
  return snap.docs.map((d) => ({ id: d.id, kid: vaultRecordOf(d).sealed.kid }));
}

// --- OAuth states (single use) -------------------------------------------------------------

export const OAUTH_STATES = 'oauthStates';
export const oauthStateRef = (nonce: string) => db().collection(OAUTH_STATES).doc(nonce);

/** A started OAuth flow, by its nonce (`expireAt` is the store's TTL field, not read). */
const storedOAuthState = z.object({
  companyId: z.string(),
  slug: z.string(),
  uid: z.string(),
  redirectUri: z.string(),
  expiresAt: z.number(),
  createdAt: z.number(),
});
export type StoredOAuthState = z.output<typeof storedOAuthState>;
export const oauthStateFromSnapshot = storedDecoder(OAUTH_STATES, storedOAuthState);

// --- sync runs -----------------------------------------------------------------------------

/**
 * A sync run as stored: the answer's fields but `created` (an answer's, never stored) and
 * `summary` (the counts in words, made at read); `sortKey` and `windowKey` are query fields only.
 * Older runs may lack the fields written later: defaults here.
 */
const storedRun = runSchema
  .omit({ summary: true, created: true })
  .extend({
    requestedBy: runSchema.shape.requestedBy.default(null),
    streams: runSchema.shape.streams.default([]),
    // the dates' format is the API's input rule: a stored window keeps the dates its writer stored
    window: z.object({ from: z.string(), to: z.string() }).nullable().default(null),
    counts: runSchema.shape.counts.default({}),
    startedAt: runSchema.shape.startedAt.default(null),
    finishedAt: runSchema.shape.finishedAt.default(null),
    durationMs: runSchema.shape.durationMs.default(null),
    error: runSchema.shape.error.default(null),
    deliveries: runSchema.shape.deliveries.default(0),
    progress: runSchema.shape.progress.default({}),
    leaseExpiresAt: runSchema.shape.leaseExpiresAt.default(null),
    followUp: runSchema.shape.followUp.default(false),
    resumedFrom: runSchema.shape.resumedFrom.default(null),
    importId: runSchema.shape.importId.default(null),
  })
  .transform((run): SyncRun => ({ ...run, summary: runSummary(run.counts) }));

/** Sync runs live at companies/{companyId}/syncRuns/{runId}; run ids sort newest first. */
export const {
  collection: runsCollection,
  ref: runRef,
  fromDoc: runFromDoc,
  fromSnapshot: runFromSnapshot,
} = storedCollection('syncRuns', storedRun);

const NEWEST_FIRST_BASE = 9_999_999_999_999;
/** An id whose lexical order is newest first (the store's natural order), unique by its random tail. */
export const newRunId = (createdAt: number, random: string) =>
  `${String(NEWEST_FIRST_BASE - createdAt).padStart(13, '0')}-${random}`;

const windowKeyOf = (w: { from: string; to: string }) => `${w.from}..${w.to}`;

export function writeRun(tx: Transaction, companyId: string, run: SyncRun): void {
  const { id, created: _created, summary: _summary, ...data } = run;
  tx.set(runRef(companyId, id), { ...data, sortKey: id, windowKey: run.window ? windowKeyOf(run.window) : null });
}

export async function openRunOf(companyId: string, connectionId: string, tx: Transaction): Promise<SyncRun | null> {
  const snap = await tx.get(
    runsCollection(companyId)
      .where('connectionId', '==', connectionId)
      .where('status', 'in', ['queued', 'running'])
      .limit(1),
  );
  return snap.empty ? null : runFromDoc(snap.docs[0]);
}

/** The newest failed backfill of the connection over exactly this window (a new one resumes its finished chunks). */
export async function failedBackfillOf(
  companyId: string,
  connectionId: string,
  window: { from: string; to: string },
  tx: Transaction,
): Promise<SyncRun | null> {
  const snap = await tx.get(
    runsCollection(companyId)
      .where('connectionId', '==', connectionId)
      .where('windowKey', '==', windowKeyOf(window))
      .orderBy('sortKey')
      .limit(1),
  );
  const newest = snap.empty ? null : runFromDoc(snap.docs[0]);
  return newest?.status === 'failed' ? newest : null;
}

export async function listRuns(
  companyId: string,
  options: { connectionId?: string; after?: string; limit: number },
): Promise<SyncRun[]> {
  let query = options.connectionId
    ? runsCollection(companyId).where('connectionId', '==', options.connectionId)
    : runsCollection(companyId);
  // a range filter, not startAfter: the Node Firestore emulator ignores cursors
  if (options.after) query = query.where('sortKey', '>', options.after);
  query = query.orderBy('sortKey').limit(options.limit);
  const snap = await query.get();
  return snap.docs.map(runFromDoc);
}

// --- the vault record as the token refresh sees it ----------------------------------------

const refreshLease = z.object({ nonce: z.string(), until: z.number() });
export type RefreshLease = z.output<typeof refreshLease>;
const vaultRecordWithLeaseOf = storedDecoder(
  VAULT,
  storedVaultRecord.extend({ refreshLease: refreshLease.nullable().default(null) }),
);

export async function readVaultRecord<T>(
  companyId: string,
  connectionId: string,
  tx: Transaction,
): Promise<{ secrets: T; lease: RefreshLease | null } | null> {
  const snap = await tx.get(vaultRef(companyId, connectionId));
  if (!snap.exists) return null;
  const record = vaultRecordWithLeaseOf(snap);
  return { secrets: JSON.parse(open(record.sealed, aadOf(snap.id))) as T, lease: record.refreshLease };
}

/** Sets or clears the lease on an existing vault record (read it in the same transaction first). */
export function setRefreshLease(
  tx: Transaction,
  companyId: string,
  connectionId: string,
  lease: RefreshLease | null,
): void {
  tx.update(vaultRef(companyId, connectionId), { refreshLease: lease });
}

// --- sync alerts ------------------------------------------------------------------------------

/** The alert of a connection that keeps failing (companies/{id}/syncAlerts/{connectionId}); a success deletes it. */
const storedAlert = alertsResponse.shape.alerts.element;
export type SyncAlert = z.output<typeof storedAlert>;

export const {
  collection: alertsCollection,
  ref: alertRef,
  fromDoc: alertFromDoc,
  fromSnapshot: alertFromSnapshot,
} = storedCollection('syncAlerts', storedAlert);

export async function listAlerts(companyId: string): Promise<SyncAlert[]> {
  const snap = await alertsCollection(companyId).orderBy('since', 'desc').get();
  return snap.docs.map(alertFromDoc);
}
