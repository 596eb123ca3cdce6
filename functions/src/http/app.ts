import express, { type NextFunction, type Request, type Response } from 'express';
import cors from 'cors';
import { z } from 'zod';
import { authenticate, type Caller } from './auth';
import { AppError, type ErrorDetail } from './errors';
import { sendData, sendError } from './envelope';
import { findMembership, roleAtLeast, type Membership } from '../identity/memberships';
import type { ModuleDef, RouteDef } from './route';
import { logger } from './logger';
import { runWithUsage } from '../ai/accumulator';

const DEFAULT_BODY_LIMIT = '1mb';

/** Builds the Express app of one module: CORS, JSON parsing, validation, access, envelope, errors. */
export function createModuleApp(module: ModuleDef): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'extended');
  app.use(cors({ origin: true, maxAge: 3600 }));

  module.extend?.(app);
  const pathMethods = new Map<string, string[]>();
  for (const route of module.routes) {
    const limit = route.bodyLimit ?? DEFAULT_BODY_LIMIT;
    app[route.method](route.path, rejectOversizedParsedBody(limit), express.json({ limit }), handle(route));
    pathMethods.set(route.path, [...(pathMethods.get(route.path) ?? []), route.method.toUpperCase()]);
  }
  for (const [path, methods] of pathMethods) {
    app.all(path, (_req, res) => {
      res.set('Allow', methods.join(', '));
      sendError(res, new AppError('METHOD_NOT_ALLOWED', `Method not allowed; this path accepts ${methods.join(', ')}`));
    });
  }
  app.use((req: Request, res: Response) => {
    sendError(res, new AppError('ROUTE_NOT_FOUND', `No route ${req.method} ${req.path} in the ${module.name} module`));
  });
  app.use(errorHandler);
  return app;
}

const BYTE_UNITS: Record<string, number> = { b: 1, kb: 1024, mb: 1024 ** 2 };
const limitInBytes = (limit: string) => {
  const match = /^(\d+)(b|kb|mb)$/i.exec(limit);
  if (!match) throw new Error(`body limit ${limit} is not like 512kb or 16mb`);
  return Number(match[1]) * BYTE_UNITS[match[2].toLowerCase()];
};

/**
 * Behind Cloud Functions (and its emulator) the body arrives already parsed, with `rawBody`, so
 * express.json() skips it; the route's size limit is enforced on the raw bytes here instead.
 */
function rejectOversizedParsedBody(limit: string) {
  const max = limitInBytes(limit);
  return (req: Request, _res: Response, next: NextFunction) => {
    const raw = (req as Request & { rawBody?: Buffer }).rawBody;
    next(raw && raw.length > max ? new AppError('PAYLOAD_TOO_LARGE', `The request body is larger than ${limit}`) : undefined);
  };
}

function handle(route: RouteDef) {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    try {
      const caller = route.access.kind === 'public' ? null : await authenticate(req);
      const input = parseInput(route, req);
      const member = await authorize(route, caller, input);
      // AI usage of the request (SPEC 4.7): model calls made by the handler are written when it settles
      const usageCompanyId = route.access.kind === 'company' ? route.access.companyId(input as never) : null;
      const result = await runWithUsage({ companyId: usageCompanyId, userId: caller?.uid ?? null }, () =>
        route.handler({ ...input, caller, member, req } as never));
      sendData(res, route.response.parse(result), route.status ?? 200);
    } catch (err) {
      next(err);
    }
  };
}

function parseInput(route: RouteDef, req: Request) {
  const details: ErrorDetail[] = [];
  const part = (name: 'params' | 'query' | 'body', schema: z.ZodType | undefined, value: unknown) => {
    if (!schema) return undefined;
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) details.push(issueToDetail(name, issue));
    return undefined;
  };
  const params = part('params', route.params, req.params);
  const query = part('query', route.query, req.query);
  const body = part('body', route.body, req.body);
  if (details.length) {
    throw new AppError('VALIDATION_FAILED', `Invalid request: ${details.map((d) => `${d.path}: ${d.message}`).join('; ')}`, details);
  }
  return { params, query, body };
}

function issueToDetail(part: string, issue: z.core.$ZodIssue): ErrorDetail {
  const path = [part, ...issue.path.map(String)].join('.');
  if (issue.code === 'unrecognized_keys') {
    return { path, message: `unknown field(s): ${issue.keys.join(', ')}` };
  }
  return { path, message: issue.message };
}

async function authorize(route: RouteDef, caller: Caller | null, input: ReturnType<typeof parseInput>): Promise<Membership | null> {
  const access = route.access;
  if (access.kind === 'admin' && !caller?.admin) {
    throw new AppError('ADMIN_REQUIRED', 'This endpoint is for administrators (admin claim required)');
  }
  if (access.kind !== 'company') return null;
  const companyId = access.companyId(input as never);
  const member = await findMembership(companyId, caller!.uid);
  if (!member) throw new AppError('NOT_A_MEMBER', 'You are not a member of this company');
  if (!roleAtLeast(member.role, access.minRole)) {
    throw new AppError('INSUFFICIENT_ROLE', `This action needs the ${access.minRole} role or higher in this company`);
  }
  return member;
}

interface HttpLibraryError {
  type?: string;
  status?: number;
}

function errorHandler(err: unknown, req: Request, res: Response, _next: NextFunction): void {
  if (err instanceof AppError) return sendError(res, err);
  const parserError = err as HttpLibraryError;
  if (parserError?.type === 'entity.parse.failed') {
    return sendError(res, new AppError('INVALID_JSON', 'The request body is not valid JSON'));
  }
  if (parserError?.type === 'entity.too.large') {
    return sendError(res, new AppError('PAYLOAD_TOO_LARGE', 'The request body is too large'));
  }
  if (parserError?.type === 'encoding.unsupported' || parserError?.type === 'charset.unsupported') {
    return sendError(res, new AppError('UNSUPPORTED_MEDIA_TYPE', 'Unsupported body encoding'));
  }
  if (parserError?.status === 400) {
    return sendError(res, new AppError('VALIDATION_FAILED', 'Malformed request (the URL or body could not be decoded)'));
  }
  logger.error('unhandled error', { method: req.method, path: req.path, error: err instanceof Error ? err.stack : String(err) });
  sendError(res, new AppError('INTERNAL', 'Internal error; it has been logged'));
}
