import type { Transaction } from 'firebase-admin/firestore';
import { coreErrors } from './errors';
import { ALREADY_EXISTS } from './firestore';
import { db } from './firebase';

/**
 * The work of an exclusive section: reads through `tx` (reads only), then returns what to write.
 * Firestore wants every read of a transaction before its first write, and the lock token must be
 * the first write of the commit, so the two phases are kept apart.
 */
export type ExclusiveWork<T> = (tx: Transaction) => Promise<{ result: T; write?: (tx: Transaction) => void }>;

const LOCKS = 'locks';
const TOKENS = 'lockTokens';
const MAX_ATTEMPTS = 40;

const safeKey = (key: string) => key.replace(/\//g, '∕');

/**
 * Runs a read-check-write as a transaction that is serialized per `key` on every Firestore:
 * real Firestore and the official emulator serialize transactions themselves (the lock head is
 * read in the transaction); the Node emulator does not isolate transactions, so each commit also
 * creates the token `lockTokens/{key}~{version+1}` as its first write. Of two transactions that
 * read the same version, the second one's create fails with ALREADY_EXISTS before any of its
 * writes applies, and it is retried with a fresh read.
 *
 * Several keys (an array) are taken together: the section is serialized with every section that
 * holds any of them. Tokens are created in key order; on the Node emulator a commit whose k-th
 * create fails has already applied the creates before it (it is not atomic), so those tokens,
 * recognised by this attempt's nonce, are deleted before the retry.
 *
 * For the same reason, on the Node emulator the work may read some documents before a concurrent
 * section's commit and some after it, and refuse on that mixed view (a request still pending whose
 * shift already moved). A refusal thrown while a lock head has moved since the section read it is
 * therefore retried with a fresh read too; a refusal on an unchanged view is final.
 *
 * Keys come from `lockKeys` (core/locks.ts); each key adds `LOCK_WRITES_PER_KEY` writes to the commit.
 */
export async function runExclusive<T>(key: string | readonly string[], work: ExclusiveWork<T>): Promise<T> {
  const lockKeys = [...new Set(typeof key === 'string' ? [key] : key)].map(safeKey).sort();
  const heads = lockKeys.map((k) => db().collection(LOCKS).doc(k));
  const token = (k: string, version: number) => db().collection(TOKENS).doc(`${k}~${version}`);
  for (let attempt = 1; ; attempt++) {
    const nonce = `${process.pid}-${Date.now()}-${Math.random()}`;
    let attempted: FirebaseFirestore.DocumentReference[] = [];
    let versionsRead: number[] | null = null;
    try {
      return await db().runTransaction(async (tx) => {
        const snaps = await tx.getAll(...heads);
        const versions = snaps.map(versionOf);
        versionsRead = versions;
        const { result, write } = await work(tx);
        if (write) {
          attempted = lockKeys.map((k, i) => token(k, versions[i] + 1));
          for (const ref of attempted) tx.create(ref, { at: Date.now(), nonce });
          lockKeys.forEach((k, i) => {
            if (versions[i] > 0) tx.delete(token(k, versions[i]));
            tx.set(heads[i], { version: versions[i] + 1 });
          });
          write(tx);
        }
        return result;
      });
    } catch (err) {
      const lostRace = (err as { code?: number }).code === ALREADY_EXISTS;
      if (!lostRace && !(versionsRead && (await headsMoved(heads, versionsRead)))) throw err;
      if (attempted.length > 1) await releasePartialTokens(attempted, nonce);
      if (attempt >= MAX_ATTEMPTS) {
        throw coreErrors.CONCURRENT_MODIFICATION('Too many concurrent changes to the same data; retry the request');
      }
      await new Promise((r) => setTimeout(r, Math.random() * Math.min(100, 5 * attempt)));
    }
  }
}

const versionOf = (snap: FirebaseFirestore.DocumentSnapshot) => (snap.exists ? Number(snap.data()!.version) : 0);

/** Whether a concurrent section committed under any of the keys since they were read. */
async function headsMoved(heads: FirebaseFirestore.DocumentReference[], read: readonly number[]): Promise<boolean> {
  const now = await db().getAll(...heads);
  return now.some((snap, i) => versionOf(snap) !== read[i]);
}

/** Deletes the tokens a failed, partially applied commit created (only on the Node emulator is there any). */
async function releasePartialTokens(refs: FirebaseFirestore.DocumentReference[], nonce: string): Promise<void> {
  const snaps = await db().getAll(...refs);
  const ours = snaps.filter((s) => s.exists && s.data()!.nonce === nonce);
  if (ours.length === 0) return;
  const batch = db().batch();
  for (const s of ours) batch.delete(s.ref);
  await batch.commit();
}

const turns = new Map<string, Promise<unknown>>();

/**
 * `runExclusive` for a key that many requests of one instance hit at once (a rate-limit counter, an
 * onboarding session): this instance's sections on the key wait their turn in process instead of
 * racing for the lock and retrying (on the Node emulator, 100 racing sections exhaust the retries).
 * Sections of other instances are still serialized by `runExclusive`. Never nest it on one key.
 */
export function runExclusiveInTurn<T>(key: string, work: ExclusiveWork<T>): Promise<T> {
  const previous = turns.get(key) ?? Promise.resolve();
  const mine = previous.then(
    () => runExclusive(key, work),
    () => runExclusive(key, work),
  );
  const settled = mine.catch(() => undefined);
  turns.set(key, settled);
  void settled.then(() => {
    if (turns.get(key) === settled) turns.delete(key);
  });
  return mine;
}
