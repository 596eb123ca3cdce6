import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { config } from '../core/config';
import { logger, type Fields, type Logger } from '../core/logger';
import { noOps, type StoreOps } from '../core/store-ops';

/**
 * Request-scoped logging. Every request gets an id, from the trace header when the platform sent
 * one (Cloud Run's `traceparent` or `X-Cloud-Trace-Context`: trace and span id), else generated. It
 * is answered in `X-Request-Id` and carried by the request's logger; when the answer is sent one
 * structured line records method, path, companyId, uid, status, duration and the Firestore
 * operations the request made (src/core/store-ops.ts).
 */
export interface RequestContext {
  requestId: string;
  log: Logger;
  /** Filled in as the request is understood (company, caller), for the closing line. */
  fields: Fields;
  /** The Firestore reads, writes and deletes of the request's handler (counted by src/http/app.ts). */
  ops: StoreOps;
}

const HEX = /^[0-9a-f]+$/i;

function fromTraceHeaders(req: Request): { traceId: string; requestId: string } | null {
  const parent = /^[0-9a-f]{2}-([0-9a-f]{32})-([0-9a-f]{16})-[0-9a-f]{2}$/i.exec(req.get('traceparent') ?? '');
  if (parent) return { traceId: parent[1], requestId: `${parent[1]}-${parent[2]}` };
  const cloud = /^([0-9a-f]{32})(?:\/(\d{1,20}))?/i.exec(req.get('x-cloud-trace-context') ?? '');
  if (cloud && HEX.test(cloud[1]))
    return { traceId: cloud[1], requestId: cloud[2] ? `${cloud[1]}-${cloud[2]}` : cloud[1] };
  return null;
}

export function requestContext(req: Request, res: Response, next: NextFunction): void {
  const trace = fromTraceHeaders(req);
  const requestId = trace?.requestId ?? randomUUID();
  const base: Fields = { requestId };
  if (trace) base['logging.googleapis.com/trace'] = `projects/${config.projectId()}/traces/${trace.traceId}`;
  const context: RequestContext = { requestId, log: logger.child(base), fields: {}, ops: noOps() };
  res.locals.context = context;
  res.set('X-Request-Id', requestId);
  const started = process.hrtime.bigint();
  res.once('finish', () => {
    const durationMs = Math.round(Number(process.hrtime.bigint() - started) / 1e5) / 10;
    const line = {
      method: req.method,
      path: req.path,
      ...context.fields,
      status: res.statusCode,
      durationMs,
      firestore: context.ops,
    };
    if (res.statusCode >= 500) context.log.error('request', line);
    else context.log.info('request', line);
  });
  next();
}

export const contextOf = (res: Response): RequestContext => res.locals.context as RequestContext;
