import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { currentDeadline, outsideDeadline } from '../core/deadline';
import type { ModelCall, UsageScope } from './model-calls';
import { lazyFile } from '../core/lazy';

const storeFile = lazyFile<typeof import('./store')>(() => require('./store'));
const loggerFile = lazyFile<typeof import('../core/logger')>(() => require('../core/logger'));

/**
 * The per-request usage accumulator (every call adds to it; one row per provider, model and flow when the request ends). Every model call made through the
 * provider layer (src/ai/models.ts) is appended to the scope of the request that made it; when the
 * request's handler finishes (successfully or not) the scope is flushed: one usage row per
 * (day, bucket, provider, model, flow) is written, with the per-day aggregates (src/ai/store.ts).
 *
 * This module is loaded by every module's HTTP handler, so it loads nothing heavy: no
 * firebase-admin, no SDK. A request that made no model call flushes nothing and costs nothing.
 */
export type { ModelCall, UsageScope } from './model-calls';

const storage = new AsyncLocalStorage<UsageScope>();

export function currentUsageScope(): UsageScope | undefined {
  return storage.getStore();
}

/**
 * Moves the rest of the request into a company's bucket, e.g. when an onboarding request creates the
 * company: calls made before stay in the onboarding bucket, calls made after go to the company.
 */
export function setUsageCompany(companyId: string): void {
  const scope = storage.getStore();
  if (scope) {
    scope.companyId = companyId;
    scope.memo.clear();
  }
}

export function recordModelCall(call: Omit<ModelCall, 'companyId'> & { companyId?: string | null }): void {
  const scope = storage.getStore();
  if (!scope) throw new Error('recordModelCall outside a usage scope (call models through src/ai/models.ts)');
  scope.calls.push({ ...call, companyId: call.companyId === undefined ? scope.companyId : call.companyId });
  if (scope.answered) void flushPending(scope, true);
}

export interface UsageFlushOutcome {
  requestId: string;
  rows: number;
  error?: unknown;
}

type FlushListener = (outcome: UsageFlushOutcome) => void;
const listeners = new Set<FlushListener>();

/** Observes flushes (tests use it so a failed write is never a silent loss). Returns an unsubscribe. */
export function onUsageFlush(listener: FlushListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Runs `work` inside a usage scope and writes the accumulated usage when it settles, before the
 * caller answers (a Cloud Function may lose CPU once the response is sent). A failed write is
 * logged with the full usage (so it can be replayed) and never fails the request.
 */
export interface ScopeInit {
  requestId?: string;
  companyId: string | null;
  userId: string | null;
  calls?: ModelCall[];
}

/** A new usage scope (a request id is generated when none is given). */
export function usageScope(init: ScopeInit): UsageScope {
  const scopeId = randomUUID();
  return {
    requestId: init.requestId ?? scopeId,
    scopeId,
    companyId: init.companyId,
    userId: init.userId,
    calls: init.calls ?? [],
    memo: new Map(),
    written: 0,
    answered: false,
  };
}

export async function runWithUsage<T>(init: ScopeInit, work: () => Promise<T>): Promise<T> {
  const scope = usageScope(init);
  // a request answered by its deadline writes the usage of the calls completed so far first
  const beforeAnswer = currentDeadline()?.beforeAnswer;
  const onDeadline = () => flushPending(scope, true);
  beforeAnswer?.add(onDeadline);
  try {
    return await storage.run(scope, work);
  } finally {
    beforeAnswer?.delete(onDeadline);
    await flushPending(scope, scope.answered);
  }
}

/**
 * Writes the calls of the scope not written yet. The first write uses the scope's id; later ones
 * (calls completed after the deadline answered) get ids of their own, since row ids derive from it.
 */
function flushPending(scope: UsageScope, answered: boolean): Promise<void> {
  scope.answered = answered;
  const pending = scope.calls.slice(scope.written);
  if (pending.length === 0) return Promise.resolve();
  const first = scope.written === 0;
  scope.written = scope.calls.length;
  // written even past the deadline (whose answer refuses other writes): usage is never lost
  return outsideDeadline(() => flushScope({ ...scope, scopeId: first ? scope.scopeId : randomUUID(), calls: pending }));
}

async function flushScope(scope: UsageScope): Promise<void> {
  let outcome: UsageFlushOutcome;
  try {
    const { writeUsage } = storeFile();
    const rows = await writeUsage(scope);
    outcome = { requestId: scope.requestId, rows };
  } catch (error) {
    outcome = { requestId: scope.requestId, rows: 0, error };
    try {
      const { logger } = loggerFile();
      logger.error('ai usage write failed; usage of this request is in this entry', {
        requestId: scope.requestId,
        companyId: scope.companyId,
        userId: scope.userId,
        calls: scope.calls,
        error: error instanceof Error ? error.message : String(error),
      });
    } catch {
      // logging must not fail the request either
    }
  }
  for (const listener of listeners) listener(outcome);
}
