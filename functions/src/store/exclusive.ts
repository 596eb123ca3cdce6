import type { Transaction } from 'firebase-admin/firestore';
import { db } from '../firebase';
import { AppError } from '../http/errors';

/**
 * The work of an exclusive section: reads through `tx` (reads only), then returns what to write.
 * Firestore wants every read of a transaction before its first write, and the lock token must be
 * the first write of the commit, so the two phases are kept apart.
 */
export type ExclusiveWork<T> = (tx: Transaction) => Promise<{ result: T; write?: (tx: Transaction) => void }>;

const LOCKS = 'locks';
const TOKENS = 'lockTokens';
const MAX_ATTEMPTS = 40;
const ALREADY_EXISTS = 6;

const safeKey = (key: string) => key.replace(/\//g, '∕');

/**
 * Runs a read-check-write as a transaction that is serialized per `key` on every Firestore:
 * real Firestore and the official emulator serialize transactions themselves (the lock head is
 * read in the transaction); the Node emulator does not isolate transactions, so each commit also
 * creates the token `lockTokens/{key}~{version+1}` as its first write. Of two transactions that
 * read the same version, the second one's create fails with ALREADY_EXISTS before any of its
 * writes applies, and it is retried with a fresh read.
 */
export async function runExclusive<T>(key: string, work: ExclusiveWork<T>): Promise<T> {
  const lockKey = safeKey(key);
  const head = db().collection(LOCKS).doc(lockKey);
  for (let attempt = 1; ; attempt++) {
    try {
      return await db().runTransaction(async (tx) => {
        const snap = await tx.get(head);
        const version: number = snap.exists ? Number(snap.data()!.version) : 0;
        const { result, write } = await work(tx);
        if (write) {
          tx.create(db().collection(TOKENS).doc(`${lockKey}~${version + 1}`), { at: Date.now() });
          if (version > 0) tx.delete(db().collection(TOKENS).doc(`${lockKey}~${version}`));
          tx.set(head, { version: version + 1 });
          write(tx);
        }
        return result;
      });
    } catch (err) {
      if ((err as { code?: number }).code !== ALREADY_EXISTS) throw err;
      if (attempt >= MAX_ATTEMPTS) {
        throw new AppError('CONCURRENT_MODIFICATION', 'Too many concurrent changes to the same data; retry the request');
      }
      await new Promise((r) => setTimeout(r, Math.random() * Math.min(100, 5 * attempt)));
    }
  }
}
