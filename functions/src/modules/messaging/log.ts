/**
 * The company's messaging log: every change of its conversations (a message, an edit, a deletion,
 * a receipt, a group's members) is made in the company's turn and writes one log entry in its
 * commit, numbered twice: `seq` within its conversation and `companySeq` within the company. The
 * company number is the live stream's event id, so the events a client receives have one total
 * order and a resumption is a range of numbers.
 */
import type { Transaction } from 'firebase-admin/firestore';
import { runExclusiveInTurn } from '../../core/exclusive';
import { lockKeys } from '../../core/locks';
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

/**
 * Runs a change of the company's conversations in the company's turn (serialized by the lock of
 * `lockKeys.messagingLog`, in process first): reads through `tx`, then returns what to write and
 * its log entry, which gets the company's next number; the head moves to it in the same commit.
 */
export function inLogTurn<T>(companyId: string, work: (tx: Transaction) => Promise<LogWork<T>>): Promise<T> {
  const head = repo.headRef(companyId);
  return runExclusiveInTurn(
    lockKeys.messagingLog(companyId),
    async (tx, [headSnap]) => {
      const companySeq = repo.headOf(headSnap) + 1;
      const { result, write, log } = await work(tx);
      if (!write) return { result };
      return {
        result,
        write: (t) => {
          write(t);
          if (!log) return;
          t.set(repo.logRef(companyId, log.conversationId, log.seq), { ...log, companySeq });
          t.set(head, { lastSeq: companySeq });
        },
      };
    },
    [head],
  );
}
