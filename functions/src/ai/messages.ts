import type Anthropic from '@anthropic-ai/sdk';
import type OpenAI from 'openai';
import type { ModelMessage } from './model-types';

/** Our conversation in each provider's message format (pure: no I/O). */
type AnthropicContent = Anthropic.Messages.MessageParam['content'];

export function anthropicMessages(messages: ModelMessage[]): Anthropic.Messages.MessageParam[] {
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

export function parseToolInput(raw: string): unknown {
  if (!raw.trim()) return {};
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

export function openaiMessages(
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
