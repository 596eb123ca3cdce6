import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Shared plumbing of the local model-provider servers. A test scripts each model call through a
 * directive: the last user message is JSON (`Directive`), telling the server what to answer, with
 * what usage, and which failures to answer first. Attempts are counted per directive `key`, so a
 * retried request gets the next scripted answer.
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

export interface RecordedRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
  status: number;
  /** The server's clock when the request arrived (for the retry-after lower bound). */
  at: number;
}

export interface ProviderServer {
  url: string;
  apiKey: string;
  requests: RecordedRequest[];
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

export type Handler = (ctx: {
  req: http.IncomingMessage;
  res: http.ServerResponse;
  body: Record<string, unknown>;
  attempt: number;
  record: (status: number) => void;
}) => void;

export async function startServer(apiKey: string, handle: Handler): Promise<ProviderServer> {
  const requests: RecordedRequest[] = [];
  const attempts = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const at = Date.now();
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body: Record<string, unknown> = {};
      try {
        body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {};
      } catch {
        body = { __invalid: true };
      }
      const key = directiveKey(body);
      const attempt = key ? (attempts.get(key) ?? 0) : 0;
      if (key) attempts.set(key, attempt + 1);
      const record = (status: number) => requests.push({ path: req.url ?? '', headers: req.headers, body, status, at });
      handle({ req, res, body, attempt, record });
    });
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    requests,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

/** The directive of a request: its last message's content, parsed as JSON. */
export function directiveOf<U>(body: Record<string, unknown>): Directive<U> | null {
  const messages = body.messages as { content?: unknown }[] | undefined;
  const last = messages?.[messages.length - 1]?.content;
  const text = typeof last === 'string' ? last : Array.isArray(last) ? (last as { text?: string }[]).map((p) => p.text ?? '').join('') : '';
  try {
    return JSON.parse(text) as Directive<U>;
  } catch {
    return null;
  }
}

function directiveKey(body: Record<string, unknown>): string | null {
  const d = directiveOf<unknown>(body);
  return d?.key ?? null;
}

export function sendJson(res: http.ServerResponse, status: number, payload: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(payload);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

export function openSse(res: http.ServerResponse, headers: Record<string, string> = {}): void {
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', connection: 'keep-alive', ...headers });
}

/** Splits a reply into a few text deltas, as a model streams it. */
export function pieces(text: string, parts = 3): string[] {
  if (!text) return [];
  const size = Math.max(1, Math.ceil(text.length / parts));
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}
