/**
 * When a failed delivery is tried again: exponential backoff from 30 seconds, doubling, each wait at
 * most 4 hours, over about a day (15 attempts, the last about 24 hours after the first). A
 * subscription whose delivery fails every attempt of the schedule with no success meanwhile is
 * disabled. Pure: the delivery task applies it.
 */
export const FIRST_RETRY_SECONDS = 30;
export const LONGEST_WAIT_SECONDS = 4 * 3600;
export const MAX_ATTEMPTS = 15;

/** The wait before attempt `attempt + 1` after attempt `attempt` (1-based) failed; null when it was the last. */
export function retryDelaySeconds(attempt: number): number | null {
  if (!Number.isInteger(attempt) || attempt < 1 || attempt >= MAX_ATTEMPTS) return null;
  return Math.min(FIRST_RETRY_SECONDS * 2 ** (attempt - 1), LONGEST_WAIT_SECONDS);
}

export type NextStep =
  | { kind: 'delivered' }
  | { kind: 'retry'; delaySeconds: number }
  /** A manual redelivery is one attempt, not a new schedule. */
  | { kind: 'stop' }
  | { kind: 'exhausted' };

/** What follows an attempt (1-based) of a delivery. */
export function nextStep(input: { attempt: number; manual: boolean; ok: boolean }): NextStep {
  if (input.ok) return { kind: 'delivered' };
  if (input.manual) return { kind: 'stop' };
  const delaySeconds = retryDelaySeconds(input.attempt);
  return delaySeconds === null ? { kind: 'exhausted' } : { kind: 'retry', delaySeconds };
}

/**
 * Whether a delivery whose whole schedule failed disables its subscription: yes, unless the
 * subscription delivered something else since this delivery began (one poisoned event does not
 * switch off a receiver that works).
 */
export const disablesEndpoint = (input: { deliveryCreatedAt: number; endpointLastSuccessAt: number | null }): boolean =>
  input.endpointLastSuccessAt === null || input.endpointLastSuccessAt < input.deliveryCreatedAt;

/** Whether a response status means the receiver took the delivery (2xx; redirects are not followed). */
export const isAccepted = (status: number): boolean => status >= 200 && status < 300;
