import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import { coreErrors } from '../core/errors';
import { db, firestoreNs } from '../core/firebase';
import { markRequestCommits } from '../core/store-ops';
import type { Logger } from '../core/logger';
import { lazyFile } from '../core/lazy';
import type { StoredSnapshot } from '../core/stored';
import type { KeyRecord } from './idempotency-record';

/**
 * Idempotency keys: a client that retries a write (a phone on a flaky network) sends the same
 * `Idempotency-Key` header, and the retry answers the first request's answer without running it
 * again. Applied by the route wrapper (src/http/app.ts) to every write route, after access and input
 * are settled. One record per key, scoped to the caller and the company:
 * - a first request claims the key (state `running`, a lease as long as a request may run);
 * - when it answers, the answer (status and body) is kept for 24 hours (`expireAt`, a TTL field);
 * - the same key with the same request answers the kept answer, with `Idempotent-Replayed: true`;
 * - the same key with another request (operation, query or body) is 422 IDEMPOTENCY_KEY_REUSED;
 * - while the first is still running, 409 IDEMPOTENCY_KEY_IN_USE with Retry-After;
 * - answers the client may retry (5xx, 429, 409 CONCURRENT_MODIFICATION) are not kept: the key is
 *   released and the next try runs;
 * - an answer holding a secret shown once (the route's `answersSecret`) or too large for a record is
 *   not kept: its record says so, and a replay is 409 IDEMPOTENT_ANSWER_NOT_KEPT (nothing runs);
 * - the request's completing commit marks the record `committed` in the same atomic commit (by
 *   default its first commit that writes more than bookkeeping; the route's `completion` says
 *   otherwise). A committed request never runs again with its key: when its answer is lost (the
 *   instance stopped, or an error after its changes were saved), a retry is told so with 409
 *   IDEMPOTENT_ANSWER_NOT_KEPT. The mark needs the record to exist: a request whose key was released
 *   (its client left before it committed) cannot commit, so its retry runs it once; and it cannot
 *   commit after its lease either, which outlasts its deadline (commits past it are refused,
 *   src/core/firebase.ts). A route committing in idempotent steps (`completion: 'steps'`) is not
 *   marked: its retry completes what a failure left undone.
 */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';
export const IDEMPOTENCY_COLLECTION = 'idempotencyKeys';
export const KEY_LIFETIME_MS = 24 * 3600_000;
/** Visible ASCII, as the IETF draft's examples (UUIDs, random tokens); long enough for any of them. */
const KEY_FORM = /^[\x21-\x7e]{1,255}$/;
/** A kept answer must fit a Firestore document (1 MiB) with the rest of the record. */
const MAX_KEPT_BYTES = 900_000;
const RETRY_IN_USE_SECONDS = 2;

/** Who the key belongs to: a signed-in user, a key holder or (public routes) the client's address; and the company. */
export interface KeyScope {
  principal: string;
  uid: string | null;
  companyId: string | null;
}

// the record's decoder (zod) is loaded by the first write with a key, not at cold start
const recordFile = lazyFile<typeof import('./idempotency-record')>(() => require('./idempotency-record'));
const keyRecordFromDoc = (snap: StoredSnapshot) => recordFile().keyRecordFromDoc(snap);

export const isWriteMethod = (method: string) => method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';

/** The header's key, or null when none was sent; a malformed one is a 400 (or null when `lenient`). */
export function idempotencyKeyOf(req: Request, lenient = false): string | null {
  const key = req.get(IDEMPOTENCY_HEADER);
  if (key === undefined) return null;
  if (KEY_FORM.test(key)) return key;
  if (lenient) return null;
  const message = 'must be 1 to 255 visible ASCII characters (a UUID, for example)';
  throw coreErrors.VALIDATION_FAILED(`Invalid request: header.${IDEMPOTENCY_HEADER}: ${message}`, [
    { path: `header.${IDEMPOTENCY_HEADER}`, message },
  ]);
}

/** JSON with object keys sorted, so that a retried body with its keys in another order is the same body. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'undefined';
}

/** What makes two requests the same request: method, path, query and body (the raw bytes of a raw-body route). */
export function fingerprintOf(req: Request, rawBody: boolean): string {
  const hash = createHash('sha256').update(`${req.method} ${req.path}\n${canonical(req.query)}\n`);
  const raw = (req as Request & { rawBody?: Buffer }).rawBody;
  hash.update(rawBody && raw ? raw : canonical(req.body));
  return hash.digest('base64url');
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const recordRef = (scope: KeyScope, key: string) =>
  db()
    .collection(IDEMPOTENCY_COLLECTION)
    .doc(sha256(`${scope.principal}\n${scope.companyId ?? '-'}\n${key}`));

/** Answers a client may retry: the key is released for them instead of keeping the answer. */
function retryable(status: number, body: unknown): boolean {
  const code = (body as { code?: unknown } | null)?.code;
  return status >= 500 || status === 429 || code === 'CONCURRENT_MODIFICATION';
}

export interface KeyUse {
  key: string;
  scope: KeyScope;
  fingerprint: string;
  /** How long the first request may hold the key (longer than it can run). */
  leaseMs: number;
  answersSecret: boolean;
  /** Which commit marks the record committed: see `completion` in route.ts; `none` for an event stream. */
  completion: 'first' | 'marked' | 'steps' | 'none';
  log: Logger;
}

/** What a live record with this key says about a request: replay its answer, refuse, or nothing (the key is free). */
function verdict(record: KeyRecord | null, use: KeyUse, now: number): 'reused' | 'replay' | null {
  if (!record || record.expireAt <= now) return null;
  if (record.fingerprint !== use.fingerprint) return 'reused';
  return record.state !== 'running' || record.leaseUntil > now ? 'replay' : null;
}

const reusedKey = () =>
  coreErrors.IDEMPOTENCY_KEY_REUSED(
    `The ${IDEMPOTENCY_HEADER} was used for another request in the last 24 hours; use a new key for a new request`,
  );

/**
 * Before access is settled: a request whose first try completed answers its kept answer, even when
 * the first try changed the caller's access (a member who left the company gets "left" again).
 * True when it was answered.
 */
export async function replayCompleted(use: KeyUse, res: Response): Promise<boolean> {
  const snap = await recordRef(use.scope, use.key).get();
  const record = snap.exists ? keyRecordFromDoc(snap) : null;
  return record?.state === 'done' && verdict(record, use, Date.now()) === 'replay' && replay(record, res);
}

/**
 * Claims the key for this request, or answers for it: true when the answer was sent (a replay);
 * false when the request is to run, its answer to be kept when it is sent. Throws the 409 and 422.
 */
export async function useIdempotencyKey(use: KeyUse, res: Response): Promise<boolean> {
  const ref = recordRef(use.scope, use.key);
  const now = Date.now();
  const found = await db().runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    const record = snap.exists ? keyRecordFromDoc(snap) : null;
    const seen = verdict(record, use, now);
    if (seen) return { record: record!, seen };
    tx.set(ref, {
      state: 'running',
      fingerprint: use.fingerprint,
      leaseUntil: now + use.leaseMs,
      uid: use.scope.uid,
      companyId: use.scope.companyId,
      createdAt: now,
      expireAt: firestoreNs().Timestamp.fromMillis(now + KEY_LIFETIME_MS),
    });
    return null;
  });
  if (found?.seen === 'reused') throw reusedKey();
  if (found) return replay(found.record, res);
  keepAnswer(use, ref, res);
  return false;
}

function replay(record: KeyRecord, res: Response): true {
  if (record.state === 'committed' && record.leaseUntil <= Date.now())
    throw coreErrors.IDEMPOTENT_ANSWER_NOT_KEPT(
      `The request with this ${IDEMPOTENCY_HEADER} ran and saved its changes, but its answer was lost before it was kept; it does not run again: read what it changed, or send a new key for a new request`,
    );
  if (record.state !== 'done')
    throw coreErrors
      .IDEMPOTENCY_KEY_IN_USE(
        `A request with this ${IDEMPOTENCY_HEADER} is still running; send it again later for its answer`,
      )
      .withRetryAfter(RETRY_IN_USE_SECONDS);
  if (record.body === undefined)
    throw coreErrors.IDEMPOTENT_ANSWER_NOT_KEPT(
      `The request with this ${IDEMPOTENCY_HEADER} completed with status ${record.status}; its answer ${
        record.notKept === 'secret' ? 'held a secret shown once' : 'was too large'
      } and is not kept`,
    );
  res.status(record.status!).set(REPLAYED_HEADER, 'true').type('application/json').send(record.body);
  return true;
}

/**
 * Keeps the answer when it is sent (before it goes out: a function may lose its CPU once it has
 * answered), or releases the key for an answer the client may retry and for one that never came
 * through `res.json` (an event stream, a dropped connection), unless the request committed: its
 * record then stays committed, and a retry is told its answer was lost.
 */
function keepAnswer(use: KeyUse, ref: ReturnType<typeof recordRef>, res: Response): void {
  const mark = markOf(use, ref);
  const committed = () => mark?.committed === true;
  const json = res.json.bind(res);
  let settled = false;
  const release = () => ref.delete();
  res.json = ((body: unknown) => {
    settled = true;
    if (mark) mark.closed = true;
    const status = res.statusCode;
    const text = JSON.stringify(body);
    const notKept = use.answersSecret ? 'secret' : Buffer.byteLength(text) > MAX_KEPT_BYTES ? 'too large' : null;
    const write = retryable(status, body)
      ? committed()
        ? ref.update({ leaseUntil: 0 })
        : release()
      : ref.update({ state: 'done', status, ...(notKept ? { notKept } : { body: text }) });
    void write
      .catch((error: unknown) => use.log.warn('idempotency record not written', { error }))
      .finally(() => json(body));
    return res;
  }) as Response['json'];
  res.once('close', () => {
    // the mark stays open: a commit the abandoned request still tries fails on the released record
    if (!settled && !committed()) void release().catch(() => undefined);
  });
}

/** The mark the request's completing commit writes, or null when its commits never complete it (see KeyUse.completion). */
function markOf(use: KeyUse, ref: ReturnType<typeof recordRef>) {
  if (use.completion !== 'first' && use.completion !== 'marked') return null;
  return markRequestCommits({
    ref,
    // an update: a record released meanwhile (the client left) fails the commit, and the retry runs it once
    fields: { state: 'committed' },
    placement: use.completion,
  });
}
