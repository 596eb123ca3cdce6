import type { Request, Response } from 'express';
import type { EventStream } from './route';

/** The lazily opened server-sent events channel of an `sse` route (see EventStream). */
export function eventStream(req: Request, res: Response): EventStream & { end(event: string, data: unknown): void } {
  const aborted = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) aborted.abort();
  });
  let started = false;
  const write = (event: string, data: unknown, id?: string) =>
    res.write(`${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  const open = () => {
    if (started) return;
    started = true;
    res.status(200).set({
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      'X-Accel-Buffering': 'no',
    });
    res.flushHeaders();
  };
  return {
    get started() {
      return started;
    },
    signal: aborted.signal,
    send(event, data, id) {
      if (res.writableEnded || res.destroyed) return;
      open();
      write(event, data, id);
    },
    comment(text) {
      if (res.writableEnded || res.destroyed) return;
      open();
      res.write(`: ${text.replace(/[\r\n]/g, ' ')}\n\n`);
    },
    end(event, data) {
      if (res.writableEnded || res.destroyed) return;
      write(event, data);
      res.end();
    },
  };
}
