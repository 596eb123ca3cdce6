import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { createModuleApp } from '../../src/http/app';
import { moduleNamed } from '../../src/modules/registry';
import type { TestUser } from '../helpers/users';

/** The messaging module's real Express app on a local port: the stream needs a real connection to read as it comes. */
export async function listenMessaging(): Promise<{ base: string; close: () => Promise<void> }> {
  const server: Server = createModuleApp(moduleNamed('messaging')).listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface StreamEvent {
  id: string | null;
  event: string;
  data: Record<string, unknown>;
}

/**
 * A client on GET /messaging/stream that keeps every event it receives, in order; `close()` drops
 * the connection as a client going away would, `ended` settles when the server ends the stream.
 */
export function openStream(
  base: string,
  companyId: string,
  user: TestUser,
  options: { lastEventId?: string; wait?: number; viaQuery?: boolean } = {},
  sink?: StreamEvent[],
) {
  const events: StreamEvent[] = [];
  const keep = (e: StreamEvent) => {
    events.push(e);
    sink?.push(e);
  };
  const controller = new AbortController();
  const query = new URLSearchParams({ companyId, wait: String(options.wait ?? 55) });
  if (options.lastEventId && options.viaQuery) query.set('lastEventId', options.lastEventId);
  const headers: Record<string, string> = { Authorization: `Bearer ${user.token}` };
  if (options.lastEventId && !options.viaQuery) headers['Last-Event-ID'] = options.lastEventId;
  let status = 0;
  const ended = (async () => {
    const res = await fetch(`${base}/messaging/stream?${query}`, { headers, signal: controller.signal });
    status = res.status;
    if (!res.body || !res.headers.get('content-type')?.startsWith('text/event-stream')) {
      keep({ id: null, event: 'json', data: (await res.json()) as Record<string, unknown> });
      return;
    }
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of res.body) {
      buffer += decoder.decode(chunk as Uint8Array, { stream: true });
      let cut: number;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        let id: string | null = null;
        let event = 'message';
        const data: string[] = [];
        for (const line of block.split('\n')) {
          if (line.startsWith(':')) continue;
          const [field, ...rest] = line.split(':');
          const value = rest.join(':').replace(/^ /, '');
          if (field === 'id') id = value;
          else if (field === 'event') event = value;
          else if (field === 'data') data.push(value);
        }
        if (data.length) keep({ id, event, data: JSON.parse(data.join('\n')) as Record<string, unknown> });
      }
    }
  })().catch(() => {
    // aborted by close(), or the server went away (afterAll): the events so far are what came
  });
  return {
    events,
    ended,
    status: () => status,
    /** The id of the last event received that had one. */
    lastId: () => [...events].reverse().find((e) => e.id !== null)?.id ?? undefined,
    close: async () => {
      controller.abort();
      await ended;
    },
  };
}

/**
 * A client that stays on the stream as a real one does: when the server ends a connection (`done`,
 * after its wait) it reconnects after the position `done` names; `drop()` cuts the connection
 * midway and reconnects with the last event id received (the Last-Event-ID of EventSource).
 * `events` holds the events of every connection, in order, but each connection's `ready` and `done`.
 */
export function openSession(base: string, companyId: string, user: TestUser, options: { wait?: number } = {}) {
  const events: StreamEvent[] = [];
  const connections: Array<ReturnType<typeof openStream>> = [];
  let closed = false;
  let resumeAt: string | undefined;
  const loop = (async () => {
    while (!closed) {
      const conn = openStream(
        base,
        companyId,
        user,
        { ...options, ...(resumeAt ? { lastEventId: resumeAt } : {}) },
        events,
      );
      connections.push(conn);
      await conn.ended;
      if (conn.events.some((e) => e.event === 'error' || e.event === 'json')) return;
      const done = conn.events.find((e) => e.event === 'done');
      resumeAt = done ? (done.data.data as { lastEventId: string }).lastEventId : (conn.lastId() ?? resumeAt);
    }
  })();
  const current = () => connections[connections.length - 1];
  return {
    events: () => events.filter((e) => e.event !== 'ready' && e.event !== 'done'),
    connections,
    ready: () => current()?.events.some((e) => e.event === 'ready') ?? false,
    drop: () => current()?.close(),
    close: async () => {
      closed = true;
      await current()?.close();
      await loop;
    },
  };
}

/** Waits for `done()` (polling), failing with `what` when it does not come within `ms`. */
export async function eventually(what: () => string, done: () => boolean, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (!done()) {
    if (Date.now() > until) throw new Error(`not reached in ${ms} ms: ${what()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
