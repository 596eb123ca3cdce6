/**
 * The company's messaging log: every change of its conversations (a message, an edit, a deletion,
 * a receipt, a group's members) is made in the company's turn and writes one log entry in its
 * commit, numbered twice: `seq` within its conversation and `companySeq` within the company. The
 * company number is the live stream's event id, so the events a client receives have one total
 * order and a resumption is a range of numbers.
 *
 * The turn is a group commit: the changes of a company that wait on this instance while a commit is
 * out go together into the next one (one transaction, each change seeing the writes of those before
 * it: core/tx-overlay.ts), so the company's commits still follow one another but each carries what
 * queued meanwhile, and one commit's time no longer bounds the company's rate.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Transaction } from 'firebase-admin/firestore';
import { deadlineExceeded, outsideDeadline, pastDeadline } from '../../core/deadline';
import { runExclusive } from '../../core/exclusive';
import { lockKeys, writesLeft } from '../../core/locks';
import { countForRequest, markInSharedCommit, outsideRequest, type CommitMark } from '../../core/store-ops';
import { OverlayConflict, TxOverlay } from '../../core/tx-overlay';
import { offer } from './feed';
import * as repo from './repo';

/** A log entry as a change describes it (its company number is given by the turn). */
export type LogWrite = Omit<repo.LogEntry, 'companySeq'>;

export interface LogWork<T> {
  result: T;
  /** The change's writes; absent when the change writes nothing (no entry then). */
  write?: (tx: Transaction) => void;
  /** The change's entry, written with the writes. */
  log?: LogWrite;
}

interface Waiting {
  work: (tx: Transaction) => Promise<LogWork<unknown>>;
  /** Runs in the context of the change's request (its deadline, its counts, its Idempotency-Key mark). */
  inRequest: <R>(fn: () => R) => R;
  resolve: (result: unknown) => void;
  reject: (err: unknown) => void;
}

/** The most changes in one commit. */
const MAX_CHANGES = 50;
/** The documents the changes of one commit may write: Firestore's 500, less the lock and the head. */
const CHANGE_WRITES = writesLeft(1) - 1;

/** What the committed attempt of a commit wrote: its entries, its overlay, its requests' marks, each change's documents. */
interface Attempt {
  entries: repo.LogEntry[];
  overlay: TxOverlay;
  marks: CommitMark[];
  writes: number[];
}

type Outcome = { ok: true; result: unknown } | { ok: false; error: unknown } | { ok: 'later' };

const queues = new Map<string, Waiting[]>();

/** A shared commit refused as it was to be written: these changes' requests passed their deadline meanwhile. */
class LateChanges extends Error {
  constructor(readonly late: ReadonlySet<number>) {
    super('changes past their deadline');
  }
}

/**
 * One commit of the waiting changes: each runs in order on the overlay, in its request's context (a
 * change that throws writes nothing and fails alone), each entry takes the next company number, the
 * head moves to the last in the same commit. Changes that do not fit, or read what an earlier change
 * wrote in a way the overlay cannot follow, are left for the next commit. A commit of one change
 * runs in its request's context, as any exclusive section; a shared one outside every request, each
 * request's Idempotency-Key mark and counts added for it (core/store-ops.ts).
 */
async function commit(companyId: string, batch: Waiting[]): Promise<Outcome[]> {
  const shared = batch.length > 1;
  const head = repo.headRef(companyId);
  let attempt: Attempt | null = null;
  const section = () =>
    runExclusive(
      lockKeys.messagingLog(companyId),
      async (tx, [headSnap]) => {
        const overlay = new TxOverlay(tx);
        const first = repo.headOf(headSnap);
        const entries: repo.LogEntry[] = [];
        const marks: CommitMark[] = [];
        /** The documents each change wrote (by its place in the batch). */
        const writes = batch.map(() => 0);
        const out: Outcome[] = [];
        // every change's documents read at once, then the changes run in order on them
        if (shared)
          await Promise.all(batch.map((w) => w.inRequest(() => w.work(overlay.prefetch)).catch(() => undefined)));
        if (overlay.failure) throw overlay.failure;
        for (const [i, w] of batch.entries()) {
          if (out.some((o) => o.ok === 'later')) {
            out.push({ ok: 'later' });
            continue;
          }
          if (shared && w.inRequest(pastDeadline)) {
            out.push({ ok: false, error: deadlineExceeded() });
            continue;
          }
          let done: LogWork<unknown>;
          try {
            done = await w.inRequest(() => w.work(overlay.view));
          } catch (error) {
            if (overlay.failure) throw overlay.failure;
            out.push(error instanceof OverlayConflict && out.length ? { ok: 'later' } : { ok: false, error });
            continue;
          }
          const { result, write, log } = done;
          if (write) {
            const mark = overlay.mark();
            const before = overlay.writeCount;
            const entry = log ? { ...log, companySeq: first + entries.length + 1 } : null;
            let marked: CommitMark | null = null;
            try {
              marked = w.inRequest(() => {
                write(overlay.view);
                if (entry) overlay.writer.set(repo.logRef(companyId, entry.conversationId, entry.seq), entry);
                return shared ? markInSharedCommit(overlay.writer) : null;
              });
            } catch (error) {
              overlay.undo(mark);
              out.push({ ok: false, error });
              continue;
            }
            if (out.length && overlay.writeCount > CHANGE_WRITES) {
              overlay.undo(mark);
              out.push({ ok: 'later' });
              continue;
            }
            if (entry) entries.push(entry);
            if (marked) marks.push(marked);
            writes[i] = overlay.writeCount - before;
          }
          out.push({ ok: true, result });
        }
        attempt = { entries, overlay, marks, writes };
        if (overlay.writeCount === 0) return { result: out };
        return {
          result: out,
          write: (t) => {
            // a request answered meanwhile (its deadline) must find nothing written
            const late = shared ? batch.flatMap((w, i) => (writes[i] > 0 && w.inRequest(pastDeadline) ? [i] : [])) : [];
            if (late.length) throw new LateChanges(new Set(late));
            overlay.flush(t);
            if (entries.length) t.set(head, { lastSeq: first + entries.length });
          },
        };
      },
      [head],
    );
  const outcomes = shared ? await outsideDeadline(() => outsideRequest(section)) : await section();
  // set by the transaction's last attempt, the one committed
  const done = attempt as Attempt | null;
  if (!done) return outcomes;
  if (shared) {
    for (const m of done.marks) m.committed = true;
    // each request counted for its own writes; the first that wrote also for the lock and the head
    const firstWriter = done.writes.findIndex((n) => n > 0);
    batch.forEach((w, i) =>
      w.inRequest(() =>
        countForRequest(i === firstWriter ? { reads: 2, writes: done.writes[i] + 2 } : { writes: done.writes[i] }),
      ),
    );
  }
  // the instance's streams of the company have the new entries at once (feed.ts)
  if (done.entries.length) {
    const messages = new Map<string, repo.StoredMessage>();
    for (const e of done.entries) {
      if (e.messageId === null || messages.has(e.messageId)) continue;
      const snap = done.overlay.writtenState(repo.messageRef(companyId, e.messageId));
      const message = snap ? repo.messageFromSnapshot(snap) : null;
      if (message) messages.set(message.id, message);
    }
    offer(companyId, done.entries, messages);
  }
  return outcomes;
}

function settle(w: Waiting, outcome: Outcome): void {
  if (outcome.ok === true) w.resolve(outcome.result);
  else if (outcome.ok === false) w.reject(outcome.error);
}

/** A commit of one change, in its request's context. */
const alone = (companyId: string, w: Waiting) =>
  w
    .inRequest(() => commit(companyId, [w]))
    .then(
      ([outcome]) => settle(w, outcome),
      (err: unknown) => w.reject(err),
    );

/** Commits the company's waiting changes, a commit at a time, until none waits. */
async function drain(companyId: string, queue: Waiting[]): Promise<void> {
  while (queue.length) {
    const batch = queue.splice(0, MAX_CHANGES);
    if (batch.length === 1) {
      await alone(companyId, batch[0]);
      continue;
    }
    try {
      const outcomes = await commit(companyId, batch);
      queue.unshift(...batch.filter((_w, i) => outcomes[i].ok === 'later'));
      batch.forEach((w, i) => settle(w, outcomes[i]));
    } catch (err) {
      if (err instanceof LateChanges) {
        // the late fail, the others share the next commit (one at a time they would fall further behind)
        batch.forEach((w, i) => err.late.has(i) && w.reject(deadlineExceeded()));
        queue.unshift(...batch.filter((_w, i) => !err.late.has(i)));
        continue;
      }
      // a commit that failed as a whole: its changes again one at a time, so that one cannot fail the others
      for (const w of batch) await alone(companyId, w);
    }
  }
  queues.delete(companyId);
}

/**
 * Runs a change of the company's conversations in the company's turn (serialized by the lock of
 * `lockKeys.messagingLog`; this instance's changes that wait meanwhile share the next commit):
 * reads through `tx`, then returns what to write and its log entry, which gets the company's next
 * number; the head moves to it in the same commit. `tx` sees the writes of the changes before it
 * in the commit; it reads documents, not queries. The work may run more than once (a retried
 * transaction; a shared commit reads every change's documents first by running each once more).
 */
export function inLogTurn<T>(companyId: string, work: (tx: Transaction) => Promise<LogWork<T>>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let queue = queues.get(companyId);
    const start = !queue;
    if (!queue) {
      queue = [];
      queues.set(companyId, queue);
    }
    queue.push({ work, inRequest: AsyncLocalStorage.snapshot(), resolve: resolve as (r: unknown) => void, reject });
    // the turn's loop runs outside this request: it commits others' changes after this one's answer
    if (start) void outsideDeadline(() => outsideRequest(() => drain(companyId, queue)));
  });
}
