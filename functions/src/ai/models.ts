import { AppError } from '../core/errors';
import { logger } from '../core/logger';
import { aiErrors } from './errors';
import { currentUsageScope, recordModelCall, runWithUsage } from './accumulator';
import { callAnthropic } from './anthropic';
import { estimateNano, FALLBACK_RATES } from './budget-rules';
import { reserve, settle } from './budgets';
import { resolveModel, type ResolvedModel } from './config';
import {
  DEFAULT_MAX_TOKENS,
  PartialUsageError,
  type ModelRequest,
  type ModelResult,
  type Outcome,
} from './model-types';
import { callOpenAI } from './openai';
import { outsideDeadline } from '../core/deadline';
import { callBudget, modelTimeout, type CallBudget } from './timing';
import { costNanoUsd, nanoToUsd, priceFor, type Provider } from './prices';
import type { Bucket } from './store';
import type { NormalizedUsage } from './usage';

/**
 * The model-provider layer: the ONE call site of every language-model call in the codebase.
 * `complete()` (one JSON answer) and `stream()` (server-sent events, text handed to `onText` as it
 * arrives) talk to Anthropic (@anthropic-ai/sdk, provider `anthropic`) or OpenAI (openai, provider
 * `openai`), normalise the usage (usage.ts), price it (prices.ts) and add it to the request's usage
 * accumulator (accumulator.ts), which writes it at the end of the request.
 *
 * Provider and model: `request.provider`+`request.model` when a feature needs a specific model,
 * else the company's override, else the global default, else the built-in default (config.ts).
 *
 * Configuration: src/core/config.ts (the API keys are secrets: a module calling models lists
 * AI_SECRETS in its runtime; base URLs, retries and timeout are environment variables).
 * Errors: 429 after the retries -> UPSTREAM_RATE_LIMITED (429); other provider failures ->
 * UPSTREAM_FAILED (502); a missing key -> AI_PROVIDER_NOT_CONFIGURED (503).
 *
 * Budgets (budgets.ts): before the call, an upper bound of its cost is reserved in its bucket's
 * budget (refused with AI_BUDGET_EXCEEDED, 429, when it does not fit); after it, the reservation is
 * settled with the actual cost, a model missing from the price table at the fallback rates.
 *
 * Tool use: `tools` offers functions to the model (Anthropic `tools` with `input_schema`, OpenAI
 * `tools` of type `function`). A result with `toolCalls` asks the caller to run them; the caller
 * sends the conversation back with an assistant message carrying those `toolCalls` and a `tool`
 * message with one result per call (Anthropic `tool_use`/`tool_result` blocks, OpenAI
 * `tool_calls`/`role:'tool'` messages). Every round is one call, one usage record with its flow.
 */
export type {
  ChatMessage,
  ModelMessage,
  ModelRequest,
  ModelResult,
  ToolCall,
  ToolDefinition,
  ToolResult,
} from './model-types';

export function complete(request: ModelRequest): Promise<ModelResult> {
  return inScope(request, () => call(request, 'json'));
}

export function stream(request: ModelRequest, onText?: (delta: string) => void): Promise<ModelResult> {
  return inScope(request, () => call(request, 'stream', onText));
}

/** Outside an HTTP request (a scheduled job, a script) a call gets a scope of its own and is written at once. */
function inScope<T>(request: ModelRequest, work: () => Promise<T>): Promise<T> {
  if (currentUsageScope()) return work();
  return runWithUsage({ companyId: request.companyId ?? null, userId: null }, work);
}

async function chooseModel(request: ModelRequest, companyId: string | null): Promise<ResolvedModel> {
  if (request.provider && request.model) return { provider: request.provider, model: request.model, source: 'company' };
  const scope = currentUsageScope()!;
  const key = `model:${companyId ?? ''}`;
  let pending = scope.memo.get(key) as Promise<ResolvedModel> | undefined;
  if (!pending) {
    pending = resolveModel(companyId);
    scope.memo.set(key, pending);
  }
  return pending;
}
async function call(
  request: ModelRequest,
  mode: 'json' | 'stream',
  onText?: (delta: string) => void,
): Promise<ModelResult> {
  const scope = currentUsageScope()!;
  const companyId = request.companyId === undefined ? scope.companyId : request.companyId;
  const chosen = await chooseModel(request, companyId);
  const bucket: Bucket = companyId ? { kind: 'company', companyId } : { kind: 'onboarding' };
  const budget = callBudget(request.signal);
  const reservation = await reserve(bucket, request.flow, estimateOf(request, chosen));
  const ts = Date.now();
  const timed = { ...request, signal: budget.signal };
  let outcome: Outcome;
  try {
    outcome =
      chosen.provider === 'anthropic'
        ? await callAnthropic(timed, chosen.model, mode, onText, budget.timeoutMs)
        : await callOpenAI(timed, chosen.model, mode, onText, budget.timeoutMs);
  } catch (err) {
    if (err instanceof PartialUsageError) {
      // tokens the provider reported before the stream broke are billed: record them
      record(chosen.provider, err.model, err.usage, request.flow, companyId, ts);
      await outsideDeadline(() =>
        settle(bucket, reservation, request.flow, budgetCost(chosen.provider, err.model, err.usage)),
      );
      throw toAppError(chosen.provider, err.cause, request.signal, budget);
    }
    await outsideDeadline(() => settle(bucket, reservation, request.flow, 0));
    throw toAppError(chosen.provider, err, request.signal, budget);
  }
  const flow = request.flowOf
    ? request.flowOf({ toolCalls: outcome.toolCalls, refused: outcome.refused })
    : request.flow;
  const priced = record(chosen.provider, outcome.model, outcome.usage, flow, companyId, ts);
  await outsideDeadline(() =>
    settle(bucket, reservation, flow, budgetCost(chosen.provider, outcome.model, outcome.usage)),
  );
  return {
    text: outcome.text,
    provider: chosen.provider,
    model: outcome.model,
    requestedModel: chosen.model,
    usage: outcome.usage,
    costUsd: nanoToUsd(priced.costNanoUsd),
    priced: priced.priced,
    stopReason: outcome.stopReason,
    toolCalls: outcome.toolCalls,
    refused: outcome.refused,
  };
}

/** The most the call can cost (budget-rules.ts `estimateNano`), at the fallback rates for a model missing from the price table. */
function estimateOf(request: ModelRequest, chosen: ResolvedModel): number {
  const prompt = JSON.stringify({ system: request.system, messages: request.messages, tools: request.tools });
  return estimateNano(
    {
      promptBytes: Buffer.byteLength(prompt),
      messages: request.messages.length + 1,
      maxTokens: request.maxTokens ?? DEFAULT_MAX_TOKENS,
    },
    priceFor(chosen.provider, chosen.model)?.nano ?? FALLBACK_RATES,
  );
}

/** What a call counts against its budget: its cost, or at the fallback rates when its model has no price (never free). */
const budgetCost = (provider: Provider, model: string, usage: NormalizedUsage) =>
  costNanoUsd(usage, priceFor(provider, model)?.nano ?? FALLBACK_RATES);

function record(
  provider: Provider,
  model: string,
  usage: NormalizedUsage,
  flow: string,
  companyId: string | null,
  ts: number,
) {
  const price = priceFor(provider, model);
  if (!price) {
    logger.warn('ai model missing from the price table: usage recorded with cost 0 and priced=false', {
      provider,
      model,
      flow,
    });
  }
  const cost = price ? costNanoUsd(usage, price.nano) : 0;
  recordModelCall({ ts, provider, model, flow, companyId, ...usage, costNanoUsd: cost, priced: price !== null });
  return { costNanoUsd: cost, priced: price !== null };
}
function toAppError(provider: Provider, err: unknown, signal: AbortSignal | undefined, budget: CallBudget): AppError {
  if (err instanceof AppError) return err;
  const status = (err as { status?: unknown })?.status;
  // both SDKs' error for an attempt that outlived its `timeout`
  if (budget.timedOut() || (err as object)?.constructor?.name === 'APIConnectionTimeoutError') {
    logger.warn('model call out of time', { provider, error: err instanceof Error ? err.message : String(err) });
    return modelTimeout();
  }
  if (signal?.aborted) {
    // the caller stopped the call (e.g. the client of a streamed answer went away): not a provider failure
    logger.info('model call aborted by the caller', { provider });
    return aiErrors.UPSTREAM_FAILED(`The ${provider} model call was aborted`);
  }
  logger.error('model provider call failed', {
    provider,
    status,
    error: err instanceof Error ? err.message : String(err),
  });
  if (status === 429)
    return aiErrors.UPSTREAM_RATE_LIMITED(`The ${provider} model provider is rate limiting; try again later`);
  return aiErrors.UPSTREAM_FAILED(`The ${provider} model provider failed to answer`);
}
