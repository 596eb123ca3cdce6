import { backOff } from 'exponential-backoff';
import { VendorError } from '../connectors';

/**
 * The engine's retry policy around every vendor request of a sync (StreamAuth.retry): 429, 5xx,
 * timeouts and network errors are retried with exponential backoff and full jitter
 * (exponential-backoff), a 429's Retry-After is waited out first; anything else (401/403, a
 * malformed page, a 404) fails at once: retrying would not change the answer, and repeating a
 * refused credential against the vendor is a retry storm.
 */
export interface RetryOptions {
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** A Retry-After longer than this is not waited for: the run fails and the next one resumes. */
  maxRetryAfterMs: number;
}

export const retryOptions = (): RetryOptions => ({
  attempts: Number(process.env.POS_SYNC_RETRY_ATTEMPTS ?? 6),
  baseDelayMs: Number(process.env.POS_SYNC_RETRY_BASE_MS ?? 1_000),
  maxDelayMs: 30_000,
  maxRetryAfterMs: 120_000,
});

export const isRetryable = (err: unknown): err is VendorError =>
  err instanceof VendorError && (err.failure === 'rate_limited' || err.failure === 'unavailable');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function retryPolicy(
  options: RetryOptions = retryOptions(),
  onRetry?: (err: VendorError, attempt: number) => void,
) {
  return <T>(request: () => Promise<T>): Promise<T> =>
    backOff(request, {
      numOfAttempts: options.attempts,
      startingDelay: options.baseDelayMs,
      timeMultiple: 2,
      maxDelay: options.maxDelayMs,
      jitter: 'full',
      retry: async (err: unknown, attempt: number) => {
        if (!isRetryable(err)) return false;
        if (err.retryAfterMs !== undefined) {
          if (err.retryAfterMs > options.maxRetryAfterMs) return false;
          await sleep(err.retryAfterMs);
        }
        onRetry?.(err, attempt);
        return true;
      },
    });
}
