import type { DocumentReference, DocumentSnapshot, Transaction } from 'firebase-admin/firestore';
import { coreErrors } from './errors';
import { db } from './firebase';

/**
 * The work of an exclusive section: reads through `tx` (reads only), then returns what to write.
 * Firestore wants every read of a transaction before its first write, so the two phases are kept apart.
 * `read` holds the snapshots of the documents the section asked to read with its lock (`reads`).
 */
export type ExclusiveWork<T> = (
  tx: Transaction,
  read: readonly DocumentSnapshot[],
) => Promise<{ result: T; write?: (tx: Transaction) => void }>;

const LOCKS = 'locks';
const ABORTED = 10;

/** A section with early writes whose work wrote nothing: thrown to roll it back, carrying its result. */
class Unwritten {
  constructor(readonly result: unknown) {}
}

const safeKey = (key: string) => key.replace(/\//g, '∕');

/**
 * Runs a read-check-write as a transaction that is serialized per `key`: the transaction reads the
 * key's head document `locks/{key}` first and, when the work writes, writes the head too (its version
 * + 1). Firestore locks what a transaction reads and writes, so two sections of one key never
 * interleave, even when their other reads differ (a query that finds nothing locks no document).
 * The test tier's emulator isolates transactions the same way (functions/scripts/emulator-transactions.js).
 *
 * Several keys (an array) are taken together, in key order. Each key adds `LOCK_WRITES_PER_KEY`
 * writes to the commit (core/locks.ts). Documents in `reads` are read in the same round trip as the
 * heads (one read call instead of two). A section that still meets contention after the client's
 * retries fails with CONCURRENT_MODIFICATION (409).
 *
 * `early` adds writes that depend on no read while the reads wait for the locks, so the client's
 * checking of large writes overlaps the previous holder's commit instead of following it. Should
 * the work then write nothing, the section is rolled back, so they are never committed alone.
 */
export async function runExclusive<T>(
  key: string | readonly string[],
  work: ExclusiveWork<T>,
  reads: readonly DocumentReference[] = [],
  early?: (tx: Transaction) => void,
): Promise<T> {
  const heads = [...new Set(typeof key === 'string' ? [key] : key)]
    .map(safeKey)
    .sort()
    .map((k) => db().collection(LOCKS).doc(k));
  try {
    return await db().runTransaction(async (tx) => {
      const reading = tx.getAll(...heads, ...reads);
      if (early) {
        reading.catch(() => undefined);
        early(tx);
      }
      const all = await reading;
      const snaps = all.slice(0, heads.length);
      const { result, write } = await work(tx, all.slice(heads.length));
      if (write) {
        snaps.forEach((snap, i) => tx.set(heads[i], { version: (snap.exists ? Number(snap.data()!.version) : 0) + 1 }));
        write(tx);
      } else if (early) {
        throw new Unwritten(result);
      }
      return result;
    });
  } catch (err) {
    if (err instanceof Unwritten) return err.result as T;
    if ((err as { code?: unknown }).code === ABORTED) {
      throw coreErrors.CONCURRENT_MODIFICATION('Too many concurrent changes to the same data; retry the request');
    }
    throw err;
  }
}

const turns = new Map<string, Promise<unknown>>();

/**
 * `runExclusive` for a key that many requests of one instance hit at once (a rate-limit counter, an
 * onboarding session): this instance's sections on the key wait their turn in process instead of
 * all queueing on the key's Firestore lock, where a burst can outlast the lock wait and the client's
 * retries (Firestore aborts a transaction under too much contention).
 * Sections of other instances are still serialized by `runExclusive`. Never nest it on one key.
 */
export function runExclusiveInTurn<T>(
  key: string,
  work: ExclusiveWork<T>,
  reads: readonly DocumentReference[] = [],
): Promise<T> {
  const previous = turns.get(key) ?? Promise.resolve();
  const mine = previous.then(
    () => runExclusive(key, work, reads),
    () => runExclusive(key, work, reads),
  );
  const settled = mine.catch(() => undefined);
  turns.set(key, settled);
  void settled.then(() => {
    if (turns.get(key) === settled) turns.delete(key);
  });
  return mine;
}
