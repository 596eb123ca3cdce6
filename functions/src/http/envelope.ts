import type { Response } from 'express';
import { z } from 'zod';
import type { AppError, ErrorDetail } from '../core/errors';

/** Every answer of every module has this shape. */
export interface SuccessEnvelope<T> {
  success: true;
  data: T;
}

export interface ErrorEnvelope {
  success: false;
  error: string;
  code: string;
  details?: ErrorDetail[];
}

/** An answer after the request was already answered (its deadline answered for it) goes nowhere. */
export function sendData<T>(res: Response, data: T, status = 200): void {
  if (res.headersSent) return;
  const body: SuccessEnvelope<T> = { success: true, data };
  res.status(status).json(body);
}

export function errorEnvelope(err: AppError): ErrorEnvelope {
  const body: ErrorEnvelope = { success: false, error: err.message, code: err.code };
  if (err.details?.length) body.details = err.details;
  return body;
}

export function sendError(res: Response, err: AppError): void {
  if (res.headersSent) return;
  const body = errorEnvelope(err);
  if (err.retryAfterSeconds !== undefined) res.set('Retry-After', String(err.retryAfterSeconds));
  res.status(err.status).json(body);
}

const errorDetailSchema = z
  .object({ path: z.string().optional(), message: z.string() })
  .loose()
  .meta({ id: 'ErrorDetail', description: 'One problem: where (e.g. body.name) and what' });

export const errorEnvelopeSchema = z
  .object({
    success: z.literal(false),
    error: z.string().describe('Human-readable message'),
    code: z.string().describe('Stable machine-readable code (see the list in the API description)'),
    details: z.array(errorDetailSchema).optional().describe('Every problem found, for validation and conflict errors'),
  })
  .meta({ id: 'ErrorEnvelope', description: 'Every failed answer' });
