import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Shared plumbing of the local model-provider servers. A test scripts the model calls in one of two ways.
 *
 * 1. Directive (for tests that write the prompt themselves): the last user message is JSON
 *    (`Directive`), telling the server what to answer, with what usage, and which failures to answer
 *    first. Attempts are counted per directive `key`, so a retried request gets the next scripted answer.
 *
 * 2. Script (for features whose prompts the app builds: chat, onboarding): the test queues turns on
 *    the server, each answering ONE request, in order:
 *
 *      server.script([
 *        { toolCalls: [{ name: 'sales_summary', input: { from: '2026-11-01', to: '2026-11-07' } }],
 *          usage: { input_tokens: 900, output_tokens: 40 } },      // a turn that calls tools
 *        { failures: [{ status: 429, retryAfter: '0' }] },          // one 429, then the next turn answers
 *        { text: 'Sales were $1,234.00.', usage: {...} },           // a turn that answers (streamed in pieces)
 *        { text: 'Sales were', breakStream: true, usage: {...} },   // the stream breaks after the first delta
 *        { refusal: 'I cannot share that.', usage: {...} },         // the model declines
 *      ]);
 *      server.script([...], { match: 'conv-123' });                 // only requests whose body contains 'conv-123'
 *
 *    Turn fields (`ScriptedTurn`): `text`, `toolCalls` [{id?, name, input}] (ids are generated when
 *    absent: toolu_… / call_…), `refusal` (Anthropic: stop_reason `refusal` with the text; OpenAI:
 *    the message's `refusal`), `usage` in the provider's wire shape (default 10 in / 5 out), `model`,
 *    `deltas` (Anthropic message_delta count), `breakStream`, `failures` (answered first, one per
 *    request; a turn with only failures is consumed by them), `stall` (the stream stops after its
 *    first text delta and stays open until the client aborts), `silent` (nothing is answered at all). A request takes the first turn of the
 *    first `match` queue whose string appears in its JSON body, else of the global queue, else its
 *    directive; with neither it gets a 400. `server.pending()` counts the turns not yet consumed and
 *    `server.reset()` drops them. Every request is kept in `server.requests` (with its body: what
 *    the app sent the model, tool results included).
 */
export interface Failure {
  status: number;
  /** Sent as the `retry-after` header (seconds), as both providers do on 429. */
  retryAfter?: string;
}

export interface Directive<U> {
  key?: string;
  reply?: string;
  /** Usage in the provider's own wire shape. */
  usage: U;
  /** The model id the server reports (default: the dated snapshot of the requested alias, else the request's). */
  model?: string;
  failures?: Failure[];
  /** Anthropic: number of message_delta events carrying the cumulative usage (default 1). */
  deltas?: number;
  /** Streaming: break the stream with an error event after the first text delta. */
  breakStream?: boolean;
}

export interface ScriptedToolCall {
  id?: string;
  name: string;
  input: unknown;
}

export interface ScriptedTurn<U> {
  text?: string;
  toolCalls?: ScriptedToolCall[];
  refusal?: string;
  usage?: U;
  model?: string;
  failures?: Failure[];
  deltas?: number;
  breakStream?: boolean;
  /** Streaming: after the first text delta, send nothing more and keep the connection open until the client goes away. */
  stall?: boolean;
  /** A model that never answers: no status, no byte, the connection open until the client goes away. */
  silent?: boolean;
}

export interface ScriptOptions {
  /** The queue serves only requests whose JSON body contains this string (a conversation's marker). */
  match?: string;
}

/** What the server does with one request: answer, fail, or refuse to guess. */
export type Plan<U> =
  | { kind: 'answer'; turn: ScriptedTurn<U> }
  | { kind: 'fail'; failure: Failure; attempt: number }
  | { kind: 'unscripted'; message: string };

export interface RecordedRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
  status: number;
  /** The server's clock when the request arrived (for the retry-after lower bound). */
  at: number;
}

export interface ProviderServer<U = unknown> {
  url: string;
  apiKey: string;
  requests: RecordedRequest[];
  script(turns: ScriptedTurn<U>[], options?: ScriptOptions): void;
  pending(): number;
  reset(): void;
  close(): Promise<void>;
}

export const SNAPSHOTS: Record<string, string> = {
  'claude-sonnet-4-5': 'claude-sonnet-4-5-20250929',
  'claude-haiku-4-5': 'claude-haiku-4-5-20251001',
  'claude-opus-4-5': 'claude-opus-4-5-20251101',
  'gpt-4o': 'gpt-4o-2024-08-06',
  'gpt-4o-mini': 'gpt-4o-mini-2024-07-18',
  'gpt-4.1-mini': 'gpt-4.1-mini-2025-04-14',
  'gpt-5': 'gpt-5-2025-08-07',
};

export type Handler<U> = (ctx: {
  req: http.IncomingMessage;
  res: http.ServerResponse;
  body: Record<string, unknown>;
  /** Resolves the request's plan (script first, then directive); call it once, after the auth checks. */
  plan: () => Plan<U>;
  record: (status: number) => void;
}) => void;

interface Queue<U> {
  match?: string;
  turns: ScriptedTurn<U>[];
  /** Failures already answered for the head turn. */
  failed: number;
}

const answers = (t: ScriptedTurn<unknown>) =>
  t.text !== undefined || t.toolCalls !== undefined || t.refusal !== undefined;

export async function startServer<U>(apiKey: string, handle: Handler<U>): Promise<ProviderServer<U>> {
  const requests: RecordedRequest[] = [];
  const attempts = new Map<string, number>();
  let queues: Queue<U>[] = [];
  const global: Queue<U> = { turns: [], failed: 0 };

  const fromQueue = (queue: Queue<U>): Plan<U> => {
    const turn = queue.turns[0]!;
    const failures = turn.failures ?? [];
    if (queue.failed < failures.length) {
      const attempt = queue.failed++;
      if (queue.failed === failures.length && !answers(turn)) {
        queue.turns.shift();
        queue.failed = 0;
      }
      return { kind: 'fail', failure: failures[attempt]!, attempt };
    }
    queue.turns.shift();
    queue.failed = 0;
    return { kind: 'answer', turn };
  };

  const planFor = (raw: string, body: Record<string, unknown>): Plan<U> => {
    const matched = queues.find((q) => q.turns.length > 0 && q.match !== undefined && raw.includes(q.match));
    if (matched) return fromQueue(matched);
    if (global.turns.length > 0) return fromQueue(global);
    const directive = directiveOf<U>(body);
    if (!directive)
      return {
        kind: 'unscripted',
        message: 'test server: no scripted turn left and the last message is not a JSON directive',
      };
    const key = directive.key;
    const attempt = key ? (attempts.get(key) ?? 0) : 0;
    if (key) attempts.set(key, attempt + 1);
    const failure = directive.failures?.[attempt];
    if (failure) return { kind: 'fail', failure, attempt };
    return {
      kind: 'answer',
      turn: {
        text: directive.reply,
        usage: directive.usage,
        model: directive.model,
        deltas: directive.deltas,
        breakStream: directive.breakStream,
      },
    };
  };

  const server = http.createServer((req, res) => {
    const at = Date.now();
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: Record<string, unknown> = {};
      try {
        body = chunks.length ? JSON.parse(raw) : {};
      } catch {
        body = { __invalid: true };
      }
      const record = (status: number) => requests.push({ path: req.url ?? '', headers: req.headers, body, status, at });
      handle({ req, res, body, plan: () => planFor(raw, body), record });
    });
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    requests,
    script: (turns, options = {}) => {
      if (options.match === undefined) {
        global.turns.push(...turns);
        return;
      }
      let queue = queues.find((q) => q.match === options.match);
      if (!queue) {
        queue = { match: options.match, turns: [], failed: 0 };
        queues.push(queue);
      }
      queue.turns.push(...turns);
    },
    pending: () => global.turns.length + queues.reduce((n, q) => n + q.turns.length, 0),
    reset: () => {
      global.turns = [];
      global.failed = 0;
      queues = [];
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The directive of a request: its last message's content, parsed as JSON. */
export function directiveOf<U>(body: Record<string, unknown>): Directive<U> | null {
  const messages = body.messages as { content?: unknown }[] | undefined;
  const last = messages?.[messages.length - 1]?.content;
  const text =
    typeof last === 'string'
      ? last
      : Array.isArray(last)
        ? (last as { text?: string }[]).map((p) => p.text ?? '').join('')
        : '';
  try {
    const parsed = JSON.parse(text) as Directive<U> | null;
    return parsed && typeof parsed === 'object' && typeof parsed.usage === 'object' ? parsed : null;
  } catch {
    return null;
  }
}

export function sendJson(
  res: http.ServerResponse,
  status: number,
  payload: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(payload);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

export function openSse(res: http.ServerResponse, headers: Record<string, string> = {}): void {
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    ...headers,
  });
}

/** Splits a reply into a few text deltas, as a model streams it. */
export function pieces(text: string, parts = 3): string[] {
  if (!text) return [];
  const size = Math.max(1, Math.ceil(text.length / parts));
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}
