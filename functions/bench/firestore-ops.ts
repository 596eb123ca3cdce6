/**
 * Firestore operations counted at the client, as Firestore bills them (https://firebase.google.com/docs/firestore/pricing):
 * a document read for each document a lookup asks for (getAll, get, in a transaction or not), a query
 * costs the documents it returns (at least one), an aggregation one; a write for each document a commit
 * (batch, transaction or single write) sets, creates, updates or deletes. The counts hold on real
 * Firestore, where the emulator's speed does not. Installed once per process, before the code measured
 * runs; `snapshot()` answers the totals so far.
 */
import { Firestore, Query } from '@google-cloud/firestore';

export interface OpCounts {
  reads: number;
  writes: number;
  commits: number;
}

const totals: OpCounts = { reads: 0, writes: 0, commits: 0 };
let installed = false;

type Patchable = Record<string, (...args: unknown[]) => Promise<unknown>>;

function wrap(proto: object, method: string, count: (self: unknown, args: unknown[], result: unknown) => void) {
  const target = proto as Patchable;
  const original = target[method];
  if (typeof original !== 'function')
    throw new Error(`the Firestore client has no ${method} to count: update bench/firestore-ops.ts`);
  target[method] = async function (this: unknown, ...args: unknown[]) {
    const result = await original.apply(this, args);
    count(this, args, result);
    return result;
  };
}

export function countFirestoreOps(): void {
  if (installed) return;
  installed = true;
  // every lookup (DocumentReference.get, Firestore.getAll, Transaction.get/getAll) goes through a DocumentReader
  const { DocumentReader } = require('@google-cloud/firestore/build/src/document-reader') as {
    DocumentReader: { prototype: object };
  };
  wrap(DocumentReader.prototype, '_get', (self) => {
    totals.reads += (self as { allDocuments: unknown[] }).allDocuments.length;
  });
  wrap(Query.prototype, '_get', (_self, _args, result) => {
    totals.reads += Math.max(1, (result as { result: { size: number } }).result.size);
  });
  const { AggregateQuery } = require('@google-cloud/firestore/build/src/reference/aggregate-query') as {
    AggregateQuery: { prototype: object };
  };
  wrap(AggregateQuery.prototype, '_get', () => {
    totals.reads += 1;
  });
  wrap(Firestore.prototype, 'request', (_self, args) => {
    if (args[0] !== 'commit') return;
    totals.commits += 1;
    totals.writes += ((args[1] as { writes?: unknown[] }).writes ?? []).length;
  });
}

export const snapshot = (): OpCounts => ({ ...totals });

export const since = (before: OpCounts): OpCounts => ({
  reads: totals.reads - before.reads,
  writes: totals.writes - before.writes,
  commits: totals.commits - before.commits,
});
