import type { Provider } from './prices';
import type { NormalizedUsage } from './usage';

/** The shapes of a model call (models.ts), shared by the provider clients (anthropic.ts, openai.ts). */
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
  /** The pipeline stage tag of the usage row, e.g. chat, data, onboarding. */
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

export const DEFAULT_MAX_TOKENS = 1024;

/** What one provider call answered, before it is priced and recorded. */
export interface Outcome {
  text: string;
  model: string;
  usage: NormalizedUsage;
  stopReason: string | null;
  toolCalls: ToolCall[];
  refused: boolean;
}

/** A stream that broke after the provider reported usage: those tokens are billed, so the call records them. */
export class PartialUsageError extends Error {
  constructor(
    readonly cause: unknown,
    readonly model: string,
    readonly usage: NormalizedUsage,
  ) {
    super('stream failed after usage was reported');
  }
}
