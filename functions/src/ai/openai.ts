/** OpenAI Chat Completions calls (one JSON answer, or a stream of chunks). */

import type OpenAI from 'openai';
import { config, OPENAI_API_KEY } from '../core/config';
import { logger } from '../core/logger';
import { sdkClient } from './clients';
import { openaiMessages, parseToolInput } from './messages';
import { DEFAULT_MAX_TOKENS, type ModelRequest, type Outcome } from './model-types';
import { fromOpenAI, type OpenAIUsageLike } from './usage';
import { lazyFile } from '../core/lazy';

const openaiPackage = lazyFile<typeof import('openai')>(() => require('openai'));

const openaiClient = (): OpenAI =>
  sdkClient('openai', OPENAI_API_KEY, config.ai.openaiBaseUrl(), (o) => new (openaiPackage().default)(o));

export async function callOpenAI(
  request: ModelRequest,
  model: string,
  mode: 'json' | 'stream',
  onText?: (delta: string) => void,
  timeoutMs?: number,
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
    const completion = await client.chat.completions.create(
      { ...body, stream: false },
      { signal: request.signal, timeout: timeoutMs },
    );
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
    { signal: request.signal, timeout: timeoutMs },
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
