import type { Provider } from './prices';

/** One model call and the request scope the calls belong to: the accumulator collects them (src/ai/accumulator.ts), the store writes them (src/ai/store.ts). */
export interface ModelCall {
  ts: number;
  provider: Provider;
  model: string;
  flow: string;
  /** The bucket of the call: the company, or null for the onboarding bucket (no company yet). */
  companyId: string | null;
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  cacheCreateTokens: number;
  totalTokens: number;
  costNanoUsd: number;
  /** False when the model is not in the price table: cost 0 is then "unknown", not "free". */
  priced: boolean;
}

export interface UsageScope {
  /** The HTTP request (X-Request-Id) the calls belong to; stored on each usage row. */
  requestId: string;
  /** Unique per scope: the usage rows' document ids derive from it (a request id may repeat across retries). */
  scopeId: string;
  companyId: string | null;
  userId: string | null;
  calls: ModelCall[];
  /** Per-request memo (e.g. the resolved provider/model of a company), cleared with the scope. */
  memo: Map<string, unknown>;
  /** How many of `calls` are written. */
  written: number;
  /** The request was answered (by its deadline) while calls were under way: each one completing is written at once. */
  answered: boolean;
}
