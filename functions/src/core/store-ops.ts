import { AsyncLocalStorage } from 'node:async_hooks';
import * as path from 'node:path';
import { pipeline, Transform, type Readable } from 'node:stream';

/**
 * What a request costs in Firestore operations, counted at this process's client as Firestore bills
 * them (https://firebase.google.com/docs/firestore/pricing, checked 2026-12-03):
 * - a document read for each document a lookup asks for (get, getAll, in a transaction or not; a
 *   missing document included), for each document a query returns and at least one per query, one
 *   per aggregation (count);
 * - a write for each document a commit (a set, update, create, batch or transaction) or a batch
 *   write sets, and a delete for each one it deletes.
 *
 * Each HTTP request runs in a scope (src/http/app.ts) that holds its counts, logged with the
 * request's closing line (`firestore`), and what the request worked out once for all its layers
 * (`requestMemo`: the caller's view). Work outside a request (jobs, triggers) counts into no scope.
 */
export interface StoreOps {
  reads: number;
  writes: number;
  deletes: number;
}

/**
 * The write that marks a request with an Idempotency-Key as committed (src/http/idempotency.ts),
 * added by `WriteBatch._commit` (src/core/firebase.ts) to the request's completing commit: the
 * first that writes more than bookkeeping, or the one its code names (`markRequestComplete`).
 */
export interface CommitMark {
  ref: FirebaseFirestore.DocumentReference;
  /** Written by an update: the record must still exist (one released meanwhile fails the commit). */
  fields: Record<string, unknown>;
  /** `first`: the first commit writing more than bookkeeping; `marked`: only `markRequestComplete`'s. */
  placement: 'first' | 'marked';
  /** Set once a commit holding the mark succeeded. */
  committed: boolean;
  /** Set when the answer is being kept: no commit is marked after it. */
  closed: boolean;
}

interface Scope {
  ops: StoreOps;
  memo: Map<string, Promise<unknown>>;
  mark: CommitMark | null;
  /** Commits that wrote more than bookkeeping (watched requests only: the contract sweep checks them). */
  effectCommits: number;
}

const storage = new AsyncLocalStorage<Scope>();
/** The counts of the requests run while a watcher is on, by request id (tests and benchmarks). */
const watchers = new Set<Map<string, Scope>>();

export const noOps = (): StoreOps => ({ reads: 0, writes: 0, deletes: 0 });

/** Runs `work` (one request) counting its Firestore operations into `ops`. */
export function runCounted<T>(requestId: string, ops: StoreOps, work: () => Promise<T>): Promise<T> {
  const scope: Scope = { ops, memo: new Map(), mark: null, effectCommits: 0 };
  for (const watcher of watchers) watcher.set(requestId, scope);
  return storage.run(scope, work);
}

/** From now on, the request's completing commit also writes `mark` (see CommitMark). */
export function markRequestCommits(mark: Omit<CommitMark, 'committed' | 'closed'>): CommitMark | null {
  const scope = storage.getStore();
  if (!scope) return null;
  scope.mark = { ...mark, committed: false, closed: false };
  return scope.mark;
}

/**
 * Collections a request writes on the side of what it does (rate-limit counters, exclusive-section
 * locks, AI spend, idempotency records): a commit of only these does not complete it.
 */
const BOOKKEEPING = new Set([
  'rateLimits',
  'locks',
  'idempotencyKeys',
  'aiBudgetLedgers',
  'aiUsage',
  'aiUsageRows',
  'aiUsageDays',
  'aiUsageBucketDays',
  'aiUsageOnboarding',
  'aiUsageOnboardingRows',
]);
const collectionOf = (docPath: string) => docPath.split('/').at(-2) ?? '';
const doesWork = (docPaths: readonly string[]) => docPaths.some((p) => !BOOKKEEPING.has(collectionOf(p)));

/**
 * Called by `WriteBatch._commit` with the paths a commit writes (and counts the commit when it does
 * more than bookkeeping): the request's mark when this commit carries it, either because it is the
 * first such commit of a `first` mark, or because `markRequestComplete` put the mark in it. The hook
 * adds the mark's write when it is not in the commit yet, and sets `committed` once the commit succeeded.
 */
export function commitMarkFor(docPaths: readonly string[], atomic: boolean): CommitMark | null {
  const scope = storage.getStore();
  if (!scope || !atomic || !doesWork(docPaths)) return null;
  scope.effectCommits++;
  const mark = scope.mark;
  if (!mark || mark.committed || mark.closed) return null;
  return mark.placement === 'first' || docPaths.includes(mark.ref.path) ? mark : null;
}

type Writer = { update(ref: FirebaseFirestore.DocumentReference, data: object): unknown };

/**
 * For a commit shared by several requests' changes and run outside their scopes (a group commit:
 * src/modules/messaging/log.ts), called in the scope of one of them once its writes are in the
 * commit: counts the commit as one that does work for it and writes its mark (a `first` one not yet
 * committed) with them; set `committed` on what it answers once the commit succeeded.
 */
export function markInSharedCommit(writer: Writer): CommitMark | null {
  const scope = storage.getStore();
  if (!scope) return null;
  scope.effectCommits++;
  const mark = scope.mark;
  if (!mark || mark.committed || mark.closed || mark.placement !== 'first') return null;
  writer.update(mark.ref, mark.fields);
  return mark;
}

/** Adds to the current request's counts what was done for it outside its scope (a shared commit's writes). */
export function countForRequest(ops: Partial<StoreOps>): void {
  const scope = storage.getStore();
  if (!scope) return;
  for (const [what, n] of Object.entries(ops) as [keyof StoreOps, number][]) scope.ops[what] += n;
}

/** Runs `work` outside any request's scope (its counts, memo and mark): a commit shared by several. */
export const outsideRequest = <T>(work: () => T): T => storage.exit(work);

/**
 * For a route whose completing commit is not its first (`completion: 'marked'`): the writer (a batch
 * or transaction) of the commit that completes the request also marks its Idempotency-Key as
 * committed. A transaction retried runs this again, and marks its last attempt.
 */
export function markRequestComplete(writer: Writer): void {
  const mark = storage.getStore()?.mark;
  if (!mark || mark.placement !== 'marked' || mark.closed) return;
  writer.update(mark.ref, mark.fields);
}

/**
 * The answer of `compute` for `key`, worked out once per request: every layer of one request asking
 * for the same thing (the company's view policies) shares one read. Outside a request it just runs.
 */
export function requestMemo<T>(key: string, compute: () => Promise<T>): Promise<T> {
  const scope = storage.getStore();
  if (!scope) return compute();
  const known = scope.memo.get(key) as Promise<T> | undefined;
  if (known) return known;
  const answer = compute();
  scope.memo.set(key, answer);
  // a failed answer is not kept: the next asker tries again
  answer.catch(() => scope.memo.delete(key));
  return answer;
}

/** After a change to what `key` answers (the request wrote the company's policies): the next asker reads it again. */
export function forgetRequestMemo(key: string): void {
  storage.getStore()?.memo.delete(key);
}

/** Watches the requests run from now on: their counts by request id (the `X-Request-Id` answered). */
export function watchRequests(): {
  get(requestId: string): StoreOps | undefined;
  /** How many of its commits wrote more than bookkeeping. */
  effectCommitsOf(requestId: string): number | undefined;
  stop(): void;
} {
  const seen = new Map<string, Scope>();
  watchers.add(seen);
  return {
    get: (id) => seen.get(id)?.ops,
    effectCommitsOf: (id) => seen.get(id)?.effectCommits,
    stop: () => watchers.delete(seen),
  };
}

const add = (what: keyof StoreOps, n: number) => {
  const scope = storage.getStore();
  if (scope) scope.ops[what] += n;
};

type Method = (...args: unknown[]) => unknown;
type Patchable = Record<string, Method> & { storeOpsCounted?: boolean };

function wrapAsync(proto: object, method: string, count: (self: unknown, args: unknown[], result: unknown) => void) {
  const target = proto as Patchable;
  const original = target[method];
  if (typeof original !== 'function')
    throw new Error(`@google-cloud/firestore has no ${method} to count: update src/core/store-ops.ts`);
  target[method] = async function (this: unknown, ...args: unknown[]) {
    const result = await original.apply(this, args);
    count(this, args, result);
    return result;
  };
}

type Classes = Record<string, { prototype: object }>;

/**
 * Counts every lookup, query and commit of the client, once per process. The lookups of
 * DocumentReference.get, Firestore.getAll and Transaction.get all go through a DocumentReader, and
 * counts through an AggregateQuery, classes firebase-admin does not export: they are read from the
 * files of its @google-cloud/firestore; if a new version moves them, this fails at the first use.
 */
export function countStoreOps(): void {
  const main = require.resolve('@google-cloud/firestore', { paths: [require.resolve('firebase-admin/firestore')] });
  const file = (name: string) => require(path.join(path.dirname(main), name)) as Classes;
  const { Firestore, Query } = require(main) as Classes;
  const firestoreProto = Firestore.prototype as Patchable;
  if (firestoreProto.storeOpsCounted) return;
  const { DocumentReader } = file('document-reader');
  const { AggregateQuery } = file('reference/aggregate-query');
  wrapAsync(DocumentReader.prototype, '_get', (self) =>
    add('reads', (self as { allDocuments: unknown[] }).allDocuments.length),
  );
  wrapAsync(Query.prototype, '_get', (_self, _args, result) =>
    add('reads', Math.max(1, (result as { result: { size: number } }).result.size)),
  );
  wrapAsync(AggregateQuery.prototype, '_get', () => add('reads', 1));
  const queryProto = Query.prototype as Patchable;
  const stream = queryProto.stream;
  if (typeof stream !== 'function') throw new Error('@google-cloud/firestore has no Query.stream to count');
  queryProto.stream = function (this: unknown, ...args: unknown[]) {
    const scope = storage.getStore();
    const source = stream.apply(this, args) as Readable;
    if (!scope) return source;
    let documents = 0;
    const counted = new Transform({
      objectMode: true,
      transform(doc, _encoding, done) {
        documents++;
        done(null, doc);
      },
      flush(done) {
        scope.ops.reads += Math.max(1, documents);
        done();
      },
    });
    return pipeline(source, counted, () => undefined);
  };
  const request = firestoreProto.request;
  if (typeof request !== 'function') throw new Error('@google-cloud/firestore has no Firestore.request to count');
  firestoreProto.request = function (this: unknown, ...args: unknown[]) {
    const [method, body] = args as [string, { writes?: { delete?: unknown }[] } | undefined];
    if (method === 'commit' || method === 'batchWrite') {
      const writes = body?.writes ?? [];
      const deletes = writes.filter((w) => w.delete !== undefined).length;
      add('deletes', deletes);
      add('writes', writes.length - deletes);
    }
    return request.apply(this, args);
  };
  firestoreProto.storeOpsCounted = true;
}
