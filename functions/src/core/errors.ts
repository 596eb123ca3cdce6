/**
 * The one error type of the service. Every stable machine-readable code is declared once, with its
 * HTTP status and meaning, in a catalog: the core codes below, the AI layer's (src/ai/errors.ts) and
 * each module's own (its definition's `errors`). The registry composes them into the one
 * code-to-status map (src/modules/registry.ts `errorCatalog()`), which the API description lists.
 *
 * A catalog gives typed factories: `throw coreErrors.COMPANY_NOT_FOUND('Company not found')`.
 */
export interface ErrorDetail {
  path?: string;
  message: string;
  [key: string]: unknown;
}

export interface ErrorSpec {
  status: number;
  /** What the code means, for the API description. */
  meaning: string;
}

export type ErrorCatalog = Record<string, ErrorSpec>;

export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
    readonly details?: ErrorDetail[],
  ) {
    super(message);
    this.name = 'AppError';
  }

  /** Seconds the client should wait before trying again (sent as Retry-After, e.g. on a 429). */
  retryAfterSeconds?: number;

  withRetryAfter(seconds: number): this {
    this.retryAfterSeconds = Math.max(1, Math.ceil(seconds));
    return this;
  }
}

export type ErrorFactory = (message: string, details?: ErrorDetail[]) => AppError;
export type Errors<C extends ErrorCatalog> = { readonly [K in keyof C & string]: ErrorFactory } & {
  readonly catalog: C;
};

export function defineErrors<const C extends ErrorCatalog>(catalog: C): Errors<C> {
  const factories: Record<string, unknown> = { catalog };
  for (const [code, spec] of Object.entries(catalog)) {
    factories[code] = (message: string, details?: ErrorDetail[]) => new AppError(code, spec.status, message, details);
  }
  return factories as Errors<C>;
}

export const coreErrors = defineErrors({
  VALIDATION_FAILED: {
    status: 400,
    meaning: 'The request does not match its schema (every problem is listed in details)',
  },
  INVALID_CURSOR: {
    status: 400,
    meaning:
      "The `cursor` is not a nextCursor this list answered (mistyped, cut, another list's): pass the previous page's nextCursor as answered, or leave it out for the first page",
  },
  MALFORMED_URL: {
    status: 400,
    meaning:
      'The path or query string has a malformed percent-encoding (a % not followed by two hex digits, or bytes that are not UTF-8, e.g. %E0%A4%A)',
  },
  INVALID_JSON: { status: 400, meaning: 'The body is not valid JSON' },
  INVALID_DATE_RANGE: { status: 400, meaning: 'The date range is reversed or longer than the endpoint allows' },
  AUTH_REQUIRED: { status: 401, meaning: 'No Firebase ID token was sent' },
  AUTH_INVALID_TOKEN: { status: 401, meaning: 'The ID token is invalid or expired' },
  AUTH_UNAVAILABLE: {
    status: 503,
    meaning:
      'The ID token could not be checked: the authentication service did not answer. It may be valid, so do not sign out: try again after the Retry-After seconds',
  },
  NOT_A_MEMBER: {
    status: 403,
    meaning: 'The caller is not a member of the company (also answered for a company that does not exist)',
  },
  INSUFFICIENT_ROLE: { status: 403, meaning: "The caller's role in the company is below the one the operation needs" },
  ADMIN_REQUIRED: { status: 403, meaning: 'The operation is for administrators (admin claim)' },
  SELF_APPROVAL: {
    status: 403,
    meaning:
      'A manager cannot approve their own work (their punch, their request, a POS link to their own record): the owner or another manager does',
  },
  SERVICE_REQUIRED: { status: 403, meaning: "The operation is for the service's own jobs (service claim)" },
  ROUTE_NOT_FOUND: { status: 404, meaning: 'No such route in this module' },
  COMPANY_NOT_FOUND: { status: 404, meaning: 'The company does not exist' },
  ORGANIZATION_NOT_FOUND: {
    status: 404,
    meaning: 'No organization with that id of which the caller is an owner or administrator',
  },
  ORGANIZATION_ROLE_REQUIRED: {
    status: 403,
    meaning: 'The operation needs the owner role in the organization (an administrator may not)',
  },
  METHOD_NOT_ALLOWED: { status: 405, meaning: 'The path exists but not with this method (see the Allow header)' },
  CONCURRENT_MODIFICATION: { status: 409, meaning: 'Too many concurrent changes to the same data; retry' },
  IDEMPOTENCY_KEY_IN_USE: {
    status: 409,
    meaning:
      'A request with this Idempotency-Key is still running: wait the Retry-After seconds and send it again to get its answer',
  },
  IDEMPOTENT_ANSWER_NOT_KEPT: {
    status: 409,
    meaning:
      'The request with this Idempotency-Key has completed, but its answer is not kept (it held a secret shown once, or was too large, or was lost after its changes were saved): read the resource instead',
  },
  IDEMPOTENCY_KEY_REUSED: {
    status: 422,
    meaning: 'This Idempotency-Key was used for another request (another operation or body) in the last 24 hours',
  },
  PAYLOAD_TOO_LARGE: { status: 413, meaning: "The body is larger than the route's limit" },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, meaning: 'The body encoding or charset is not supported' },
  FILE_EMPTY: { status: 400, meaning: 'The upload has no bytes' },
  FILE_TYPE_NOT_ALLOWED: {
    status: 415,
    meaning: 'The Content-Type of the upload is not one of the accepted file types',
  },
  FILE_CONTENT_MISMATCH: { status: 422, meaning: 'The bytes are not a file of the declared Content-Type' },
  CHECKSUM_MISMATCH: { status: 422, meaning: 'The SHA-256 the client sent is not the digest of the bytes received' },
  RATE_LIMITED: {
    status: 429,
    meaning: 'Too many requests of this kind from this address or for this account; wait the Retry-After seconds',
  },
  INTERNAL: { status: 500, meaning: 'Unexpected error; it is logged, never detailed in the answer' },
  STORE_UNAVAILABLE: {
    status: 503,
    meaning:
      'The database did not answer in time; nothing was changed, try again after the Retry-After seconds (with the same Idempotency-Key)',
  },
  REQUEST_DEADLINE_EXCEEDED: {
    status: 503,
    meaning:
      'The request did not finish within its deadline; what it had not committed is not written, try again after the Retry-After seconds (with the same Idempotency-Key)',
  },
  MAIL_UNAVAILABLE: {
    status: 503,
    meaning:
      'The email could not be sent (mail server unreachable or not configured); nothing was changed, try again later',
  },
});

/**
 * Composes catalogs into the one code-to-status map. A code declared twice must mean the same
 * status (a module may re-declare a shared code only identically); otherwise it is a programming
 * error caught at load and by the tests.
 */
export function composeCatalogs(catalogs: readonly ErrorCatalog[]): ErrorCatalog {
  const all: ErrorCatalog = {};
  for (const catalog of catalogs) {
    for (const [code, spec] of Object.entries(catalog)) {
      const known = all[code];
      if (known && known.status !== spec.status) {
        throw new Error(`error code ${code} is declared with status ${known.status} and ${spec.status}`);
      }
      all[code] ??= spec;
    }
  }
  return all;
}
