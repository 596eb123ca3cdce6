import type { z } from 'zod';
import { config } from '../../core/config';
import { VendorError, type VendorFailure } from './types';

/**
 * The one way a connector talks to a vendor: global fetch with a timeout, JSON in and out, and every
 * failure turned into a VendorError in the terms the engine acts on (src/pos/connectors/types.ts).
 *
 * An error message is built from the vendor slug, the HTTP status and the vendor's own error code
 * and text, and nothing else: never a URL (a query string may carry a secret), a header, a request
 * body or a credential. The call's credentials are passed as `secrets` and scrubbed from the
 * vendor's text too, in case a vendor echoes one back.
 */

export const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * How long a vendor call may take before it is abandoned as 'unavailable': VENDOR_TIMEOUT_MS
 * (tests shorten it to script a hanging vendor), else DEFAULT_TIMEOUT_MS. Read at each call.
 */
export function vendorTimeoutMs(): number {
  const value = Number(process.env.VENDOR_TIMEOUT_MS || DEFAULT_TIMEOUT_MS);
  return Number.isFinite(value) && value > 0 ? value : DEFAULT_TIMEOUT_MS;
}
const MAX_TEXT = 200;

export interface VendorRequestOptions {
  /** The connector's slug (square, toast ...): VendorError.vendor and the start of every message. */
  vendor: string;
  method?: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  /** A JSON body (Content-Type: application/json). */
  json?: unknown;
  /** A form body (Content-Type: application/x-www-form-urlencoded), as OAuth 2 token endpoints take. */
  form?: Record<string, string>;
  /** Default: vendorTimeoutMs(). */
  timeoutMs?: number;
  /**
   * The call is to an OAuth 2 token endpoint: a 400 with `invalid_grant`, `invalid_client` or
   * `unauthorized_client` (RFC 6749 5.2) means the code, refresh token or client is refused.
   */
  tokenEndpoint?: boolean;
  /** The credential values of this call, kept out of every message even if the vendor echoes one. */
  secrets?: readonly (string | undefined)[];
  /** A vendor's own rate-limit reset header, read when a 429 has no Retry-After (ms to wait). */
  retryAfterFrom?: (headers: Headers) => number | undefined;
}

export interface VendorResponse {
  status: number;
  headers: Headers;
  /** The parsed JSON body (null for an empty body). */
  body: unknown;
}

const REFUSED_GRANT_ERRORS = new Set(['invalid_grant', 'invalid_client', 'unauthorized_client']);

/** The base URL of a vendor: its VENDOR_URL_<SLUG> override (the local simulators), else production. */
export function vendorBaseUrl(slug: string, production: string): string {
  return (config.vendors.url(slug) ?? production).replace(/\/+$/, '');
}

/** Retry-After (RFC 9110 10.2.3): delay-seconds or an HTTP-date; in ms, never negative. */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

export async function vendorRequest(o: VendorRequestOptions): Promise<VendorResponse> {
  const timeoutMs = o.timeoutMs ?? vendorTimeoutMs();
  const headers: Record<string, string> = { Accept: 'application/json', ...o.headers };
  let body: string | undefined;
  if (o.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(o.json);
  } else if (o.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(o.form).toString();
  }
  const fail = (failure: VendorFailure, message: string, status?: number, retryAfterMs?: number): VendorError =>
    new VendorError(o.vendor, failure, scrub(`${o.vendor}: ${message}`, o.secrets), status, retryAfterMs);

  let res: Response;
  let text: string;
  try {
    // redirect: manual: an API answering with a redirect (to a login page ...) is not an answer we can use
    res = await fetch(o.url, {
      method: o.method ?? 'GET',
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    text = await res.text();
  } catch (err) {
    if (isTimeout(err)) throw fail('unavailable', `no answer within ${timeoutMs} ms`);
    throw fail('unavailable', `network error (${networkCode(err)})`);
  }

  const parsed = parseJson(text);
  if (res.status >= 200 && res.status < 300) {
    if (parsed === INVALID) throw fail('invalid', `answered ${res.status} with a body that is not JSON`, res.status);
    return { status: res.status, headers: res.headers, body: parsed };
  }

  const { code, text: detail } = errorOf(parsed === INVALID ? null : parsed);
  const what = `HTTP ${res.status}${code ? ` ${code}` : ''}${detail ? `: ${detail}` : ''}`;
  const status = res.status;
  if (status === 401 || status === 403) throw fail('rejected', what, status);
  if (status === 400 && o.tokenEndpoint && code && REFUSED_GRANT_ERRORS.has(code)) throw fail('rejected', what, status);
  if (status === 404) throw fail('not_found', what, status);
  if (status === 429) {
    const retryAfterMs = parseRetryAfter(res.headers.get('retry-after')) ?? o.retryAfterFrom?.(res.headers);
    throw fail('rate_limited', what, status, retryAfterMs);
  }
  if (status >= 500 || status === 408) throw fail('unavailable', what, status);
  throw fail('invalid', what, status);
}

/** An error for a 2xx answer whose body is not what the vendor documents. */
export function notAsDocumented(vendor: string, what: string, status?: number): VendorError {
  return new VendorError(vendor, 'invalid', `${vendor}: ${what} is not as documented`, status);
}

/** A 2xx body checked against the (partial) shape the vendor documents; 'invalid' when it is not. */
export function parseAs<S extends z.ZodType>(vendor: string, schema: S, res: VendorResponse, what: string): z.infer<S> {
  const parsed = schema.safeParse(res.body);
  if (!parsed.success) throw notAsDocumented(vendor, what, res.status);
  return parsed.data;
}

/**
 * A credential field of the catalogue entry, present and (when given) matching `pattern` before it
 * goes into a URL or header; the message names the field, never its value.
 */
export function credentialField(
  vendor: string,
  credentials: Readonly<Record<string, string>>,
  name: string,
  pattern?: RegExp,
): string {
  const value = credentials[name];
  if (typeof value !== 'string' || value === '')
    throw new VendorError(vendor, 'invalid', `${vendor}: the credential field ${name} is missing`);
  if (pattern && !pattern.test(value))
    throw new VendorError(vendor, 'invalid', `${vendor}: the credential field ${name} is not in the vendor's format`);
  return value;
}

const INVALID = Symbol('invalid JSON');

function parseJson(text: string): unknown {
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return INVALID;
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function str(v: unknown): string | undefined {
  if (typeof v === 'string' && v.trim() !== '') return clean(v);
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return undefined;
}

function clean(v: string): string {
  // eslint-disable-next-line no-control-regex
  const oneLine = v.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  return oneLine.length > MAX_TEXT ? `${oneLine.slice(0, MAX_TEXT)}...` : oneLine;
}

/**
 * The vendor's error code and text from the error bodies the vendors document:
 * - Square: {errors: [{category, code, detail}]}; its OAuth endpoints: {message, type};
 * - OAuth 2 (RFC 6749 5.2; Lightspeed): {error, error_description};
 * - Toast: ErrorMessage {status, code, message, developerMessage, errors};
 * - Clover, SpotOn: {message, code?}; Revel (Tastypie): {error_message} or {error}.
 */
function errorOf(body: unknown): { code?: string; text?: string } {
  if (!isRecord(body)) return {};
  if (
    Array.isArray(body.errors) &&
    isRecord(body.errors[0]) &&
    (body.errors[0].code !== undefined || body.errors[0].detail !== undefined)
  ) {
    const first = body.errors[0];
    return { code: str(first.code), text: str(first.detail) ?? str(first.message) };
  }
  if (typeof body.error === 'string')
    return { code: str(body.error), text: str(body.error_description) ?? str(body.message) };
  return {
    code: str(body.type) ?? str(body.code),
    text: str(body.message) ?? str(body.error_message) ?? str(body.detail) ?? str(body.developerMessage),
  };
}

function scrub(message: string, secrets: VendorRequestOptions['secrets']): string {
  let out = message;
  for (const s of secrets ?? []) {
    if (s && s.length >= 4) out = out.split(s).join('[redacted]');
  }
  return out;
}

// Duck-typed, not instanceof: fetch's errors (a DOMException for the timeout) may come from another realm.
function isTimeout(err: unknown): boolean {
  const name = isRecord(err) || err instanceof Error ? (err as { name?: unknown }).name : undefined;
  return name === 'TimeoutError' || name === 'AbortError';
}

/** The system error code of a failed fetch (ECONNREFUSED, ENOTFOUND ...), never its message (it may name the URL). */
function networkCode(err: unknown): string {
  const cause = isRecord(err) || err instanceof Error ? (err as { cause?: unknown }).cause : undefined;
  const code = isRecord(cause) && typeof cause.code === 'string' ? cause.code : undefined;
  return code && /^[A-Z0-9_]{2,40}$/.test(code) ? code : 'connection failed';
}
