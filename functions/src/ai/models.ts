import type Anthropic from '@anthropic-ai/sdk';
import type OpenAI from 'openai';
import { config, ANTHROPIC_API_KEY, OPENAI_API_KEY, type Secret } from '../core/config';
import { AppError } from '../core/errors';
import { logger } from '../core/logger';
import { aiErrors } from './errors';
import { currentUsageScope, recordModelCall, runWithUsage } from './accumulator';
import { resolveModel, type ResolvedModel } from './config';
import { costNanoUsd, nanoToUsd, priceFor, type Provider } from './prices';
import {
  fromAnthropic,
  fromOpenAI,
  mergeAnthropicStreamUsage,
  type AnthropicUsageLike,
  type NormalizedUsage,
  type OpenAIUsageLike,
} from './usage';

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
 * Tool use: `tools` offers functions to the model (Anthropic `tools` with `input_schema`, OpenAI
 * `tools` of type `function`). A result with `toolCalls` asks the caller to run them; the caller
 * sends the conversation back with an assistant message carrying those `toolCalls` and a `tool`
 * message with one result per call (Anthropic `tool_use`/`tool_result` blocks, OpenAI
 * `tool_calls`/`role:'tool'` messages). Every round is one call, one usage record with its flow.
 */
export interface ChatMessage {
  role: 'user' | 'assistant';
  content: string;
}

export interface ToolDefinition {
  name: string;
  description: string;
  /** JSON Schema of the tool's input (an object schema). */
  inputSchema: Record<string, unknown>;
}

export interface ToolCall {
  id: string;
  name: string;
  /** The parsed arguments; the raw text when the model sent arguments that are not JSON. */
  input: unknown;
}

export interface ToolResult {
  toolCallId: string;
  content: string;
  isError?: boolean;
}

/** A message of a tool-using conversation: plain turns, the model's tool calls, the results sent back. */
export type ModelMessage =
  ChatMessage | { role: 'assistant'; content: string; toolCalls: ToolCall[] } | { role: 'tool'; results: ToolResult[] };

export interface ModelRequest {
  /** Pipeline stage tag of the usage row (SPEC 2.9), e.g. chat, data, onboarding. */
  flow: string;
  /**
   * The flow decided by what the call turned out to do (e.g. chat.plan when it asked for tools,
   * chat.answer when it answered); `flow` stays the tag of a call that failed.
   */
  flowOf?: (outcome: { toolCalls: ToolCall[]; refused: boolean }) => string;
  system?: string;
  /** Anthropic prompt caching of the system prompt (cache_control ephemeral). OpenAI caches automatically. */
  cacheSystem?: boolean;
  messages: ModelMessage[];
  /** Functions the model may call; `toolChoice` 'none' forbids calling them this round. */
  tools?: ToolDefinition[];
  toolChoice?: 'auto' | 'none';
  maxTokens?: number;
  temperature?: number;
  /** Both or neither: a specific model instead of the configured one. */
  provider?: Provider;
  model?: string;
  /** The bucket of the call; defaults to the request's company (null: the onboarding bucket). */
  companyId?: string | null;
  signal?: AbortSignal;
}

export interface ModelResult {
  text: string;
  provider: Provider;
  /** The model id the provider reports (often a dated snapshot of the requested alias). */
  model: string;
  requestedModel: string;
  usage: NormalizedUsage;
  costUsd: number;
  /** False when the model is missing from the price table (costUsd 0 then means "unknown"). */
  priced: boolean;
  stopReason: string | null;
  /** The tools the model asks to run (empty when it answered). */
  toolCalls: ToolCall[];
  /** True when the model declined (Anthropic stop_reason `refusal`, OpenAI `refusal`); `text` holds its words. */
  refused: boolean;
}

const DEFAULT_MAX_TOKENS = 1024;

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

interface Outcome {
  text: string;
  model: string;
  usage: NormalizedUsage;
  stopReason: string | null;
  toolCalls: ToolCall[];
  refused: boolean;
}

class PartialUsageError extends Error {
  constructor(
    readonly cause: unknown,
    readonly model: string,
    readonly usage: NormalizedUsage,
  ) {
    super('stream failed after usage was reported');
  }
}

async function call(
  request: ModelRequest,
  mode: 'json' | 'stream',
  onText?: (delta: string) => void,
): Promise<ModelResult> {
  const scope = currentUsageScope()!;
  const companyId = request.companyId === undefined ? scope.companyId : request.companyId;
  const chosen = await chooseModel(request, companyId);
  const ts = Date.now();
  let outcome: Outcome;
  try {
    outcome =
      chosen.provider === 'anthropic'
        ? await callAnthropic(request, chosen.model, mode, onText)
        : await callOpenAI(request, chosen.model, mode, onText);
  } catch (err) {
    if (err instanceof PartialUsageError) {
      // tokens the provider reported before the stream broke are billed: record them
      record(chosen.provider, err.model, err.usage, request.flow, companyId, ts);
      throw toAppError(chosen.provider, err.cause, request.signal);
    }
    throw toAppError(chosen.provider, err, request.signal);
  }
  const flow = request.flowOf
    ? request.flowOf({ toolCalls: outcome.toolCalls, refused: outcome.refused })
    : request.flow;
  const priced = record(chosen.provider, outcome.model, outcome.usage, flow, companyId, ts);
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

// ---- clients ------------------------------------------------------------------------------------

const clients = new Map<string, unknown>();

function apiKey(secret: Secret, provider: Provider): string {
  const key = config.secret(secret);
  if (!key) {
    throw aiErrors.AI_PROVIDER_NOT_CONFIGURED(
      `The ${provider} API key is not configured: set ${secret.name} in the environment of the local stack (npm start), or deployed with \`firebase functions:secrets:set ${secret.name}\``,
    );
  }
  return key;
}

interface ClientOptions {
  apiKey: string;
  baseURL: string | undefined;
  maxRetries: number;
  timeout: number;
}

/** One SDK client per provider and configuration (key, base URL, retries, timeout), made on first use. */
function sdkClient<T>(
  provider: Provider,
  secret: Secret,
  baseURL: string | undefined,
  create: (options: ClientOptions) => T,
): T {
  const options: ClientOptions = {
    apiKey: apiKey(secret, provider),
    baseURL,
    maxRetries: config.ai.maxRetries(),
    timeout: config.ai.timeoutMs(),
  };
  const cacheKey = [provider, options.apiKey, options.baseURL, options.maxRetries, options.timeout].join('|');
  let client = clients.get(cacheKey) as T | undefined;
  if (!client) {
    client = create(options);
    clients.set(cacheKey, client);
  }
  return client;
}

const anthropicClient = (): Anthropic =>
  sdkClient(
    'anthropic',
    ANTHROPIC_API_KEY,
    config.ai.anthropicBaseUrl(),
    (o) => new (require('@anthropic-ai/sdk') as typeof import('@anthropic-ai/sdk')).default(o),
  );

const openaiClient = (): OpenAI =>
  sdkClient(
    'openai',
    OPENAI_API_KEY,
    config.ai.openaiBaseUrl(),
    (o) => new (require('openai') as typeof import('openai')).default(o),
  );

// ---- Anthropic Messages -------------------------------------------------------------------------

type AnthropicContent = Anthropic.Messages.MessageParam['content'];

function anthropicMessages(messages: ModelMessage[]): Anthropic.Messages.MessageParam[] {
  return messages.map((m): Anthropic.Messages.MessageParam => {
    if (m.role === 'tool') {
      const content: AnthropicContent = m.results.map((r) => ({
        type: 'tool_result' as const,
        tool_use_id: r.toolCallId,
        content: r.content,
        ...(r.isError ? { is_error: true } : {}),
      }));
      return { role: 'user', content };
    }
    if ('toolCalls' in m && m.toolCalls.length) {
      const content: AnthropicContent = [
        ...(m.content ? [{ type: 'text' as const, text: m.content }] : []),
        ...m.toolCalls.map((c) => ({ type: 'tool_use' as const, id: c.id, name: c.name, input: c.input })),
      ];
      return { role: 'assistant', content };
    }
    return { role: m.role, content: m.content };
  });
}

function parseToolInput(raw: string): unknown {
  if (!raw.trim()) return {};
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

async function callAnthropic(
  request: ModelRequest,
  model: string,
  mode: 'json' | 'stream',
  onText?: (delta: string) => void,
): Promise<Outcome> {
  const client = anthropicClient();
  const system = request.system
    ? [
        {
          type: 'text' as const,
          text: request.system,
          ...(request.cacheSystem ? { cache_control: { type: 'ephemeral' as const } } : {}),
        },
      ]
    : undefined;
  const tools = request.tools?.length
    ? {
        tools: request.tools.map((t) => ({
          name: t.name,
          description: t.description,
          input_schema: { ...t.inputSchema, type: 'object' as const },
        })),
        tool_choice: { type: request.toolChoice ?? 'auto' } as Anthropic.Messages.ToolChoice,
      }
    : {};
  const body = {
    model,
    max_tokens: request.maxTokens ?? DEFAULT_MAX_TOKENS,
    messages: anthropicMessages(request.messages),
    ...(system ? { system } : {}),
    ...tools,
    ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
  };
  if (mode === 'json') {
    const message = await client.messages.create({ ...body, stream: false }, { signal: request.signal });
    const text = message.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
    const toolCalls = message.content.flatMap((block) =>
      block.type === 'tool_use' ? [{ id: block.id, name: block.name, input: block.input }] : [],
    );
    return {
      text,
      model: message.model,
      usage: fromAnthropic(message.usage),
      stopReason: message.stop_reason,
      toolCalls,
      refused: message.stop_reason === 'refusal',
    };
  }
  const events = await client.messages.create({ ...body, stream: true }, { signal: request.signal });
  let usage: AnthropicUsageLike = {};
  let reportedModel = model;
  let text = '';
  let stopReason: string | null = null;
  let sawUsage = false;
  // tool_use blocks by content index: their input arrives as partial JSON
  const pendingTools = new Map<number, { id: string; name: string; json: string }>();
  const toolCalls: ToolCall[] = [];
  try {
    for await (const event of events) {
      if (event.type === 'message_start') {
        reportedModel = event.message.model;
        usage = mergeAnthropicStreamUsage({}, event.message.usage);
        sawUsage = true;
      } else if (event.type === 'content_block_start' && event.content_block.type === 'tool_use') {
        pendingTools.set(event.index, { id: event.content_block.id, name: event.content_block.name, json: '' });
      } else if (event.type === 'content_block_delta' && event.delta.type === 'text_delta') {
        text += event.delta.text;
        onText?.(event.delta.text);
      } else if (event.type === 'content_block_delta' && event.delta.type === 'input_json_delta') {
        const pending = pendingTools.get(event.index);
        if (pending) pending.json += event.delta.partial_json;
      } else if (event.type === 'content_block_stop') {
        const pending = pendingTools.get(event.index);
        if (pending) {
          toolCalls.push({ id: pending.id, name: pending.name, input: parseToolInput(pending.json) });
          pendingTools.delete(event.index);
        }
      } else if (event.type === 'message_delta') {
        // cumulative counts: the latest value of each field replaces the previous one
        usage = mergeAnthropicStreamUsage(usage, event.usage);
        stopReason = event.delta.stop_reason;
      }
    }
    // the SDK ends the iteration quietly when the call is aborted: that is no answer
    if (request.signal?.aborted) throw new Error('aborted by the caller');
  } catch (err) {
    if (sawUsage) throw new PartialUsageError(err, reportedModel, fromAnthropic(usage));
    throw err;
  }
  return {
    text,
    model: reportedModel,
    usage: fromAnthropic(usage),
    stopReason,
    toolCalls,
    refused: stopReason === 'refusal',
  };
}

// ---- OpenAI Chat Completions --------------------------------------------------------------------

function openaiMessages(
  system: string | undefined,
  messages: ModelMessage[],
): OpenAI.Chat.ChatCompletionMessageParam[] {
  const out: OpenAI.Chat.ChatCompletionMessageParam[] = system ? [{ role: 'system', content: system }] : [];
  for (const m of messages) {
    if (m.role === 'tool') {
      for (const r of m.results) out.push({ role: 'tool', tool_call_id: r.toolCallId, content: r.content });
    } else if ('toolCalls' in m && m.toolCalls.length) {
      out.push({
        role: 'assistant',
        content: m.content || null,
        tool_calls: m.toolCalls.map((c) => ({
          id: c.id,
          type: 'function' as const,
          function: { name: c.name, arguments: typeof c.input === 'string' ? c.input : JSON.stringify(c.input ?? {}) },
        })),
      });
    } else {
      out.push({ role: m.role, content: m.content });
    }
  }
  return out;
}

async function callOpenAI(
  request: ModelRequest,
  model: string,
  mode: 'json' | 'stream',
  onText?: (delta: string) => void,
): Promise<Outcome> {
  const client = openaiClient();
  const tools = request.tools?.length
    ? {
        tools: request.tools.map((t) => ({
          type: 'function' as const,
          function: { name: t.name, description: t.description, parameters: t.inputSchema },
        })),
        tool_choice: request.toolChoice ?? 'auto',
      }
    : {};
  const body = {
    model,
    messages: openaiMessages(request.system, request.messages),
    max_completion_tokens: request.maxTokens ?? DEFAULT_MAX_TOKENS,
    ...tools,
    ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
  };
  if (mode === 'json') {
    const completion = await client.chat.completions.create({ ...body, stream: false }, { signal: request.signal });
    const choice = completion.choices[0];
    const refusal = choice?.message?.refusal ?? null;
    const toolCalls = (choice?.message?.tool_calls ?? []).flatMap((c) =>
      c.type === 'function' ? [{ id: c.id, name: c.function.name, input: parseToolInput(c.function.arguments) }] : [],
    );
    return {
      text: choice?.message?.content ?? refusal ?? '',
      model: completion.model,
      usage: fromOpenAI(completion.usage),
      stopReason: choice?.finish_reason ?? null,
      toolCalls,
      refused: refusal !== null,
    };
  }
  // without include_usage the stream carries no usage at all
  const chunks = await client.chat.completions.create(
    { ...body, stream: true, stream_options: { include_usage: true } },
    { signal: request.signal },
  );
  let usage: OpenAIUsageLike | null = null;
  let reportedModel = model;
  let text = '';
  let refusal: string | null = null;
  let stopReason: string | null = null;
  // tool calls by index: id and name in the first delta, the arguments in pieces
  const pendingTools = new Map<number, { id: string; name: string; args: string }>();
  // OpenAI sends usage only in the last chunk: a stream broken before it reports nothing billable
  for await (const chunk of chunks) {
    if (chunk.model) reportedModel = chunk.model;
    const choice = chunk.choices[0];
    const delta = choice?.delta?.content;
    if (delta) {
      text += delta;
      onText?.(delta);
    }
    const refusalDelta = choice?.delta?.refusal;
    if (refusalDelta) {
      refusal = (refusal ?? '') + refusalDelta;
      onText?.(refusalDelta);
    }
    for (const t of choice?.delta?.tool_calls ?? []) {
      const pending = pendingTools.get(t.index) ?? { id: '', name: '', args: '' };
      if (t.id) pending.id = t.id;
      if (t.function?.name) pending.name += t.function.name;
      if (t.function?.arguments) pending.args += t.function.arguments;
      pendingTools.set(t.index, pending);
    }
    if (choice?.finish_reason) stopReason = choice.finish_reason;
    if (chunk.usage) usage = chunk.usage;
  }
  // the SDK ends the iteration quietly when the call is aborted: that is no answer (and no usage was reported)
  if (request.signal?.aborted) throw new Error('aborted by the caller');
  if (!usage) {
    logger.warn('openai stream ended without a usage chunk; the call is recorded with 0 tokens', {
      model: reportedModel,
      flow: request.flow,
    });
  }
  const toolCalls = [...pendingTools.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, t]) => ({ id: t.id, name: t.name, input: parseToolInput(t.args) }));
  return {
    text: text || (refusal ?? ''),
    model: reportedModel,
    usage: fromOpenAI(usage),
    stopReason,
    toolCalls,
    refused: refusal !== null,
  };
}

// ---- errors -------------------------------------------------------------------------------------

function toAppError(provider: Provider, err: unknown, signal?: AbortSignal): AppError {
  if (err instanceof AppError) return err;
  const status = (err as { status?: unknown })?.status;
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
