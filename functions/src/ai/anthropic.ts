/** Anthropic Messages API calls (one JSON answer, or a stream of server-sent events). */

import type Anthropic from '@anthropic-ai/sdk';
import { config, ANTHROPIC_API_KEY } from '../core/config';
import { sdkClient } from './clients';
import { anthropicMessages, parseToolInput } from './messages';
import { DEFAULT_MAX_TOKENS, PartialUsageError, type ModelRequest, type Outcome, type ToolCall } from './model-types';
import { fromAnthropic, mergeAnthropicStreamUsage, type AnthropicUsageLike } from './usage';
import { lazyFile } from '../core/lazy';

const anthropicSdkPackage = lazyFile<typeof import('@anthropic-ai/sdk')>(() => require('@anthropic-ai/sdk'));

const anthropicClient = (): Anthropic =>
  sdkClient(
    'anthropic',
    ANTHROPIC_API_KEY,
    config.ai.anthropicBaseUrl(),
    (o) => new (anthropicSdkPackage().default)(o),
  );

export async function callAnthropic(
  request: ModelRequest,
  model: string,
  mode: 'json' | 'stream',
  onText?: (delta: string) => void,
  timeoutMs?: number,
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
    const message = await client.messages.create(
      { ...body, stream: false },
      { signal: request.signal, timeout: timeoutMs },
    );
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
  const events = await client.messages.create(
    { ...body, stream: true },
    { signal: request.signal, timeout: timeoutMs },
  );
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
