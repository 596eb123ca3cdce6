import { config } from '../core/config';
import { currentDeadline } from '../core/deadline';
import { aiErrors } from './errors';

/**
 * A model call's time, inside its request's deadline (src/core/deadline.ts): each attempt of the
 * SDK gets at most AI_TIMEOUT_MS and at most what the request has left, and one signal ends the
 * call (its retries included) that long before the deadline, so the request answers 504
 * UPSTREAM_TIMEOUT in the envelope itself, with time left to record its usage.
 */
export interface CallBudget {
  /** Aborted when the call's time is up (or the caller aborts it). */
  signal: AbortSignal | undefined;
  /** Per attempt, for the SDK's `timeout` option. */
  timeoutMs: number;
  /** Whether the call was stopped for time rather than by its caller. */
  timedOut: () => boolean;
}

/** What a request keeps after its model calls: answering, settling the budget, writing the usage. */
const KEPT_FOR_THE_ANSWER_MS = 2_000;
/** Below this, a call is not started: it could not answer anyway. */
const SHORTEST_CALL_MS = 1_000;

export const modelTimeout = () =>
  aiErrors.UPSTREAM_TIMEOUT('The model did not answer in the time this request had; try again').withRetryAfter(5);

export function callBudget(callerSignal: AbortSignal | undefined): CallBudget {
  const perAttempt = config.ai.timeoutMs();
  const deadline = currentDeadline();
  if (!deadline) return { signal: callerSignal, timeoutMs: perAttempt, timedOut: () => false };
  const left = deadline.at - Date.now() - KEPT_FOR_THE_ANSWER_MS;
  if (left < SHORTEST_CALL_MS) throw modelTimeout();
  const timeUp = AbortSignal.any([deadline.signal, AbortSignal.timeout(left)]);
  return {
    signal: callerSignal ? AbortSignal.any([timeUp, callerSignal]) : timeUp,
    timeoutMs: Math.min(perAttempt, left),
    timedOut: () => timeUp.aborted,
  };
}
