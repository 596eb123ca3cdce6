import { AsyncLocalStorage } from 'node:async_hooks';
import { AppError, coreErrors } from './errors';

/**
 * The deadline of the work under way (an HTTP request): when it passes, the request answers 503
 * REQUEST_DEADLINE_EXCEEDED with Retry-After instead of running into the function's timeout (where
 * the platform answers a bare 500), and its `signal` aborts what listens to it (model calls,
 * src/ai/models.ts). JavaScript cannot stop the work itself: each Firestore call has its own
 * deadline (src/core/firebase.ts), so the work ends soon after, failing.
 */
export interface Deadline {
  /** Epoch ms. */
  at: number;
  signal: AbortSignal;
  /** Work to finish before the deadline's answer goes out (the usage of completed model calls). */
  beforeAnswer: Set<() => Promise<void>>;
}

const storage = new AsyncLocalStorage<Deadline>();
export const RETRY_AFTER_SECONDS = 5;
/** How long the deadline's answer waits for `beforeAnswer` (it must not become a hang of its own). */
const BEFORE_ANSWER_MS = 3_000;

export const currentDeadline = (): Deadline | undefined => storage.getStore();

/** Milliseconds left before the current deadline (Infinity outside one). */
export function remainingMs(): number {
  const deadline = storage.getStore();
  return deadline ? deadline.at - Date.now() : Infinity;
}

/**
 * Runs `work` (bookkeeping that must complete: the usage of model calls, budget settlements) as if
 * outside any deadline, so its writes are not refused.
 */
export const outsideDeadline = <T>(work: () => T): T => storage.exit(work);

/** Whether the work under way is past its deadline: its request has been answered, it must write nothing more. */
export const pastDeadline = (): boolean => storage.getStore()?.signal.aborted === true;

export const deadlineExceeded = (): AppError =>
  coreErrors
    .REQUEST_DEADLINE_EXCEEDED('The request did not finish in time; try again shortly')
    .withRetryAfter(RETRY_AFTER_SECONDS);

/** Runs `work` with a deadline `ms` from now: past it, this rejects with REQUEST_DEADLINE_EXCEEDED. */
export async function runWithDeadline<T>(ms: number, work: () => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const deadline: Deadline = { at: Date.now() + ms, signal: controller.signal, beforeAnswer: new Set() };
  const timers: NodeJS.Timeout[] = [];
  const expired = new Promise<never>((_resolve, reject) => {
    timers.push(
      setTimeout(() => {
        const error = deadlineExceeded();
        controller.abort(error);
        const finishing = Promise.allSettled([...deadline.beforeAnswer].map((finish) => finish()));
        const enough = new Promise((resolve) => timers.push(setTimeout(resolve, BEFORE_ANSWER_MS)));
        void Promise.race([finishing, enough]).then(() => reject(error));
      }, ms),
    );
  });
  try {
    return await Promise.race([storage.run(deadline, work), expired]);
  } finally {
    timers.forEach(clearTimeout);
  }
}
