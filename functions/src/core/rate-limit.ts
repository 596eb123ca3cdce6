import { createHash } from 'node:crypto';
import type { Transaction } from 'firebase-admin/firestore';
import type { RateLimiterRes, RateLimiterStoreAbstract } from 'rate-limiter-flexible';
import { coreErrors } from './errors';
import { runExclusiveInTurn } from './exclusive';
import { db, firestoreNs } from './firebase';
import { lockKeys } from './locks';
import { storedDecoder, type StoredSnapshot } from './stored';
import { z } from 'zod';

/**
 * Abuse limits of public routes: rate-limiter-flexible's fixed-window limiters (a maintained
 * library: points, windows, blocking and its RateLimiterRes answers are its logic), over Firestore
 * counters so that every instance of a function shares them. The library has no Firestore store;
 * `FirestoreStore` below is one, written to its store contract (`_upsert`, `_get`, `_delete`,
 * `_getRateLimiterRes`), with the upsert serialized per counter (`runExclusiveInTurn`) so concurrent requests never lose a count.
 *
 * Counters live in `rateLimits/{sha256 of the key}` (keys carry addresses and emails: only their
 * hash is stored) with `expireAt`, the field a Firestore TTL policy deletes expired counters by.
 */
export const RATE_LIMIT_COLLECTION = 'rateLimits';

/**
 * A counter: its points, the epoch ms its window ends (null: never), and when it began (written by
 * countInTransaction; the library's counters have none: their windows began `duration` before the end).
 */
const storedCounter = z.object({ points: z.number(), expire: z.number().nullable(), start: z.number().optional() });
export type Counter = z.output<typeof storedCounter>;
const counterFromDoc = storedDecoder(RATE_LIMIT_COLLECTION, storedCounter);
const counterOf = (snap: StoredSnapshot & { exists: boolean }): Counter | undefined =>
  snap.exists ? counterFromDoc(snap) : undefined;

type Library = typeof import('rate-limiter-flexible');

const counterRef = (rlKey: string) =>
  db().collection(RATE_LIMIT_COLLECTION).doc(createHash('sha256').update(rlKey).digest('hex'));

/** Whether a stored counter's window is still open at `at`. */
const isLive = (stored: Counter | undefined | null, at: number): stored is Counter =>
  !!stored && (stored.expire === null || stored.expire > at);

/** Stores a counter, with the timestamp its expiry policy deletes it by. */
function writeCounter(t: Transaction, ref: ReturnType<typeof counterRef>, counter: Counter, prefix: string): void {
  const expireAt = counter.expire === null ? null : firestoreNs().Timestamp.fromMillis(counter.expire);
  t.set(ref, { ...counter, prefix, expireAt });
}

/** The library and the store built on it, loaded by the first limited request, not at cold start. */
let loaded: ReturnType<typeof load> | undefined;
const library = () => (loaded ??= load());

function load() {
  const { RateLimiterRes: Res } = require('rate-limiter-flexible') as Library;
  const StoreAbstract =
    require('rate-limiter-flexible/lib/RateLimiterStoreAbstract') as Library['RateLimiterStoreAbstract'];

  class FirestoreStore extends StoreAbstract {
    constructor(options: { keyPrefix: string; points: number; duration: number }) {
      super({ ...options, storeClient: 'firestore' });
    }

    _getRateLimiterRes(_rlKey: string, changedPoints: number, counter: Counter): RateLimiterRes {
      const msBeforeNext = counter.expire === null ? -1 : Math.max(counter.expire - Date.now(), 0);
      return new Res(
        Math.max(this.points - counter.points, 0),
        msBeforeNext,
        counter.points,
        counter.points === changedPoints,
      );
    }

    async _upsert(rlKey: string, points: number, msDuration: number, forceExpire = false): Promise<Counter> {
      const ref = counterRef(rlKey);
      // a transaction, so parallel requests from one address never read the same count; in turn, so
      // this instance's burst queues in process rather than on the counter's Firestore lock
      return runExclusiveInTurn(lockKeys.rateLimit(ref.id), async (tx) => {
        const now = Date.now();
        const stored = counterOf(await tx.get(ref));
        const counter: Counter =
          isLive(stored, now) && !forceExpire
            ? { points: stored.points + points, expire: stored.expire }
            : { points, expire: msDuration > 0 ? now + msDuration : null };
        return { result: counter, write: (t) => writeCounter(t, ref, counter, this.keyPrefix) };
      });
    }

    async _get(rlKey: string): Promise<Counter | null> {
      const stored = counterOf(await counterRef(rlKey).get());
      return isLive(stored, Date.now()) ? { points: stored.points, expire: stored.expire } : null;
    }

    async _delete(rlKey: string): Promise<boolean> {
      const ref = counterRef(rlKey);
      const existed = (await ref.get()).exists;
      await ref.delete();
      return existed;
    }
  }

  return { Res, FirestoreStore };
}

/** A limit: at most `points` requests per `duration` seconds for one key. */
export interface Limit {
  name: string;
  points: number;
  duration: number;
}

const limiters = new Map<string, RateLimiterStoreAbstract>();
const limiterOf = (limit: Limit) => {
  let limiter = limiters.get(limit.name);
  if (!limiter) {
    limiter = new (library().FirestoreStore)({ keyPrefix: limit.name, points: limit.points, duration: limit.duration });
    limiters.set(limit.name, limiter);
  }
  return limiter;
};

/** The key of a limit over every caller of a route together (a global cap). */
export const EVERYONE = 'everyone';

/** How a request is counted: each limit it is refused by is waited on. */
type Refusal = { msBeforeNext: number };

/** Counts one request against each (limit, key) pair; the refusals, as the library answered them. */
async function consume(checks: readonly { limit: Limit; key: string }[]): Promise<(Refusal | null)[]> {
  const results = await Promise.allSettled(checks.map(({ limit, key }) => limiterOf(limit).consume(key)));
  return results.map((result) => {
    if (result.status === 'fulfilled') return null;
    if (!(result.reason instanceof library().Res)) throw result.reason;
    return result.reason;
  });
}

const rateLimited = (what: string, msBeforeNext: number[]) => {
  const waitMs = Math.max(1000, ...msBeforeNext);
  return coreErrors
    .RATE_LIMITED(`Too many ${what}; try again in ${Math.ceil(waitMs / 1000)} s`)
    .withRetryAfter(waitMs / 1000);
};

/**
 * Counts one request against each (limit, key) pair; when any is over its limit, RATE_LIMITED (429)
 * with Retry-After: the longest wait among them. Every pair is counted, refused or not.
 */
export async function consumeLimits(checks: readonly { limit: Limit; key: string }[], what: string): Promise<void> {
  const refusals = (await consume(checks)).filter((r): r is Refusal => r !== null);
  if (refusals.length === 0) return;
  throw rateLimited(
    what,
    refusals.map((r) => r.msBeforeNext),
  );
}

/**
 * A request arrived at `arrivedAt`, counted on the stored counter of its fixed window (the library's
 * meaning: `points` requests, then refusals until the window's end): the counter to store, null when
 * it arrived before the open window began (it queued longer than a window: its own window is gone,
 * it passes uncounted), or the refusal with the milliseconds until the window ends (from `now`).
 */
export function countedAt(
  stored: Counter | undefined,
  limit: Limit,
  arrivedAt: number,
  now: number,
): { counter: Counter | null } | { refusedForMs: number } {
  if (!isLive(stored, arrivedAt))
    return { counter: { points: 1, expire: arrivedAt + limit.duration * 1000, start: arrivedAt } };
  const start = stored.start ?? (stored.expire === null ? -Infinity : stored.expire - limit.duration * 1000);
  if (arrivedAt < start) return { counter: null };
  if (stored.points >= limit.points) return { refusedForMs: stored.expire === null ? 0 : stored.expire - now };
  return { counter: { ...stored, points: stored.points + 1 } };
}

/**
 * Counts one request against `limit` for `key` in a transaction the caller runs, for a route whose
 * writes go through one anyway (a company's messaging turn): the counter is read with its reads and
 * written with its writes, so it costs no transaction or lock of its own. The same counters and
 * fixed windows as consumeLimits (the library's keys, `{name}:{key}`), the request counted at
 * `arrivedAt` (`countedAt`: a turn that queued on a busy machine does not bunch a sender's requests
 * into one window); over the limit it throws RATE_LIMITED with Retry-After, and a refused request
 * is not counted (its transaction writes nothing). Answers the counter's write, to be made with the
 * caller's.
 */
export async function countInTransaction(
  tx: Transaction,
  limit: Limit,
  key: string,
  what: string,
  arrivedAt: number,
): Promise<(t: Transaction) => void> {
  const ref = counterRef(`${limit.name}:${key}`);
  const counted = countedAt(counterOf(await tx.get(ref)), limit, arrivedAt, Date.now());
  if ('refusedForMs' in counted) throw rateLimited(what, [counted.refusedForMs]);
  const { counter } = counted;
  return (t) => {
    if (counter) writeCounter(t, ref, counter, limit.name);
  };
}

/** Counts one request against `limit` for `key` without refusing it: whether it was still within the limit. */
export async function withinLimit(limit: Limit, key: string): Promise<boolean> {
  const [refusal] = await consume([{ limit, key }]);
  return refusal === null;
}
