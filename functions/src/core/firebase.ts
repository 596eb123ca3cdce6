import type { Firestore } from 'firebase-admin/firestore';
import type { Auth } from 'firebase-admin/auth';
import type { App } from 'firebase-admin/app';
import { config } from './config';
import { deadlineExceeded, pastDeadline } from './deadline';
import { lazyFile } from './lazy';
import { commitMarkFor, countStoreOps } from './store-ops';

const firebaseAdminAppPackage = lazyFile<typeof import('firebase-admin/app')>(() => require('firebase-admin/app'));
const firebaseAdminAuthPackage = lazyFile<typeof import('firebase-admin/auth')>(() => require('firebase-admin/auth'));
const firebaseAdminFirestorePackage = lazyFile<typeof import('firebase-admin/firestore')>(() =>
  require('firebase-admin/firestore'),
);

/**
 * firebase-admin is loaded on first use, not at module load: requiring firebase-admin/firestore
 * costs about 300 ms, which every cold start of every function would otherwise pay.
 */
let app: App | undefined;
let firestore: Firestore | undefined;

export function adminApp(): App {
  if (!app) {
    config.avoidMetadataServer();
    const { initializeApp, getApps } = firebaseAdminAppPackage();
    app = getApps()[0] ?? initializeApp({ projectId: config.projectId() });
  }
  return app;
}

export function db(): Firestore {
  if (!firestore) {
    const { getFirestore } = firestoreNs();
    guardCommits();
    countStoreOps();
    firestore = getFirestore(adminApp());
    firestore.settings({
      ignoreUndefinedProperties: true,
      clientConfig: callDeadlines(config.deadlines.firestoreCallMs()),
    });
  }
  return firestore;
}

interface BatchInternals {
  _ops: { docPath: string }[];
  update(ref: FirebaseFirestore.DocumentReference, data: object): unknown;
}

/**
 * Every write, batch and transaction commit of @google-cloud/firestore goes through
 * `WriteBatch._commit`; if a new version renames it, this fails at the first use instead of silently
 * guarding nothing. Two things happen there:
 * - A request answered by its deadline (src/core/deadline.ts) goes on running until its current call
 *   fails or returns; what it would commit after that answer is refused, so a client told 503 finds
 *   no write made behind its back when the database comes back (a transaction's retry included).
 * - The completing commit of a request with an Idempotency-Key also marks its key's record as
 *   committed (src/http/idempotency.ts, CommitMark in store-ops.ts), in the same atomic commit.
 */
function guardCommits(): void {
  type Commit = (...args: unknown[]) => Promise<unknown>;
  const proto = firestoreNs().WriteBatch.prototype as unknown as { _commit?: Commit; guarded?: boolean };
  if (proto.guarded) return;
  const commit = proto._commit;
  if (typeof commit !== 'function') throw new Error('@google-cloud/firestore has no WriteBatch._commit to guard');
  proto._commit = function (this: BatchInternals, ...args: unknown[]) {
    if (pastDeadline()) return Promise.reject(deadlineExceeded());
    // a BulkWriter's batchWrite is not atomic: it never completes a request
    const atomic = (args[0] as { methodName?: string } | undefined)?.methodName !== 'batchWrite';
    const paths = this._ops.map((op) => op.docPath);
    const mark = commitMarkFor(paths, atomic);
    if (!mark) return commit.apply(this, args);
    if (!paths.includes(mark.ref.path)) this.update(mark.ref, mark.fields);
    return commit.apply(this, args).then((result) => {
      mark.committed = true;
      return result;
    });
  };
  proto.guarded = true;
}

/** The Firestore RPCs a request makes; `Listen` and `Write` (long-lived streams) keep theirs. */
const REQUEST_RPCS = [
  'GetDocument',
  'ListDocuments',
  'CreateDocument',
  'UpdateDocument',
  'DeleteDocument',
  'BatchGetDocuments',
  'BeginTransaction',
  'Commit',
  'Rollback',
  'RunQuery',
  'RunAggregationQuery',
  'PartitionQuery',
  'ListCollectionIds',
  'BatchWrite',
];

/**
 * The Firestore client's deadlines (the GAPIC client's `clientConfig`, see
 * @google-cloud/firestore's v1/firestore_client_config.json): each RPC gets `ms` in all, its
 * automatic retries of UNAVAILABLE and friends included (the defaults are 60 s per attempt and 600 s
 * of retries, so an unreachable database held a request until the function's timeout). A call past
 * it fails with DEADLINE_EXCEEDED, answered as 503 STORE_UNAVAILABLE (src/core/firestore.ts).
 */
export function callDeadlines(ms: number) {
  return {
    interfaces: {
      'google.firestore.v1.Firestore': {
        retry_params: {
          default: {
            initial_retry_delay_millis: 100,
            retry_delay_multiplier: 1.3,
            max_retry_delay_millis: Math.min(1000, ms),
            initial_rpc_timeout_millis: ms,
            rpc_timeout_multiplier: 1,
            max_rpc_timeout_millis: ms,
            total_timeout_millis: ms,
          },
        },
        methods: Object.fromEntries(REQUEST_RPCS.map((rpc) => [rpc, { timeout_millis: ms }])),
      },
    },
  };
}

export function auth(): Auth {
  const { getAuth } = firebaseAdminAuthPackage();
  return getAuth(adminApp());
}

/** The firestore namespace (FieldValue, Timestamp, FieldPath), loaded lazily like the client. */
export function firestoreNs(): typeof import('firebase-admin/firestore') {
  return firebaseAdminFirestorePackage();
}
