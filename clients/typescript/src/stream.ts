/**
 * The messaging stream (GET /messaging/stream, server-sent events) as an async iterator that
 * reconnects: after the server ends a connection (`done`, after its wait) or the network drops it,
 * the next connection sends the last event id received as Last-Event-ID, so every event comes once
 * and in order. A refusal (4xx, or an `error` event such as NOT_A_MEMBER once access has ended) is
 * thrown as an ApiError and ends the iteration; aborting `signal` ends it quietly.
 *
 *   for await (const event of messagingStream(api, { companyId, signal })) {
 *     if (event.event === 'message') show(event.data.message);
 *   }
 */
import { ApiError } from './errors';
import type { components } from './generated/openapi';
import type { WorkforceClient } from './index';

type Message = components['schemas']['MessagingMessage'];
type Conversation = components['schemas']['MessagingConversation'];

/** An event of the stream; `id` is what to resume after (its number in the company's messaging log). */
export type MessagingEvent =
  | { event: 'ready'; id: string; data: { lastEventId: string } }
  | { event: 'message' | 'edited' | 'deleted'; id: string; data: { conversationId: string; message: Message } }
  | { event: 'receipt'; id: string; data: { conversationId: string; uid: string; readUpTo: number; at: number } }
  | { event: 'conversation'; id: string; data: { conversationId: string; conversation: Conversation } }
  | { event: 'removed'; id: string; data: { conversationId: string } };

export interface MessagingStreamOptions {
  companyId: string;
  /** Resume after this event id (a previous session's last); default: from now. */
  lastEventId?: string;
  /** Ends the iteration (and the connection). */
  signal?: AbortSignal;
  /** Seconds each connection stays open (the server's `wait`); default the server's. */
  wait?: number;
  /** The pause before reconnecting after a dropped connection, doubled up to 30 s while it keeps failing. */
  retryMs?: number;
}

interface RawEvent {
  id: string | null;
  event: string;
  data: string;
}

/** The events of a text/event-stream body, as they come. */
async function* parseEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<RawEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
      let cut: number;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const event: RawEvent = { id: null, event: 'message', data: '' };
        const data: string[] = [];
        for (const line of block.split('\n')) {
          if (line === '' || line.startsWith(':')) continue;
          const colon = line.indexOf(':');
          const field = colon < 0 ? line : line.slice(0, colon);
          const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
          if (field === 'id') event.id = value;
          else if (field === 'event') event.event = value;
          else if (field === 'data') data.push(value);
        }
        if (data.length) yield { ...event, data: data.join('\n') };
      }
    }
  } finally {
    reader.releaseLock();
  }
}

const pause = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/** The messaging stream of a company, reconnecting with the last event id (see the file's comment). */
export async function* messagingStream(
  api: WorkforceClient,
  options: MessagingStreamOptions,
): AsyncGenerator<MessagingEvent, void, undefined> {
  const { companyId, signal } = options;
  let last = options.lastEventId;
  let retry = options.retryMs ?? 1_000;
  while (!signal?.aborted) {
    let response: Response;
    try {
      response = await api.fetchRaw('/messaging/stream', {
        query: { companyId, ...(options.wait === undefined ? {} : { wait: String(options.wait) }) },
        headers: { Accept: 'text/event-stream', ...(last === undefined ? {} : { 'Last-Event-ID': last }) },
        ...(signal ? { signal } : {}),
      });
    } catch (err) {
      if (signal?.aborted) return;
      // a refusal is final; the server or the network failing is retried
      if (err instanceof ApiError && err.status < 500) throw err;
      await pause(retry, signal);
      retry = Math.min(retry * 2, 30_000);
      continue;
    }
    if (!response.headers.get('Content-Type')?.startsWith('text/event-stream')) {
      // nothing to send at once (wait=0): the envelope names where the stream is
      const envelope = (await response.json()) as { data?: { lastEventId?: string } };
      last = envelope.data?.lastEventId ?? last;
      continue;
    }
    try {
      for await (const raw of parseEvents(response.body!)) {
        const data = JSON.parse(raw.data) as unknown;
        if (raw.event === 'done') {
          last = (data as { data?: { lastEventId?: string } }).data?.lastEventId ?? last;
          break;
        }
        if (raw.event === 'error') {
          // the error envelope as an event: the HTTP status was 200 already, so `status` is 0
          const envelope = data as { code?: string; error?: string };
          throw new ApiError(
            0,
            envelope.code ?? 'STREAM_FAILED',
            envelope.error ?? 'The stream failed',
            [],
            response.headers.get('X-Request-Id'),
          );
        }
        if (raw.id !== null) last = raw.id;
        retry = options.retryMs ?? 1_000;
        yield { event: raw.event, id: raw.id, data } as MessagingEvent;
      }
    } catch (err) {
      if (signal?.aborted) return;
      if (err instanceof ApiError) throw err;
      // the connection dropped midway: resume after the last event received
      await pause(retry, signal);
      retry = Math.min(retry * 2, 30_000);
    }
  }
}
