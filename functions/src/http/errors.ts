/**
 * The one error type of the service and the one map from machine-readable code to HTTP status.
 * Add a code here (and nowhere else) when a module needs a new stable code.
 */
export const ERROR_STATUS = {
  // 400: the request does not match its schema
  VALIDATION_FAILED: 400,
  INVALID_JSON: 400,
  INVALID_DATE_RANGE: 400,
  // 401 / 403
  AUTH_REQUIRED: 401,
  AUTH_INVALID_TOKEN: 401,
  NOT_A_MEMBER: 403,
  INSUFFICIENT_ROLE: 403,
  ADMIN_REQUIRED: 403,
  // 404
  ROUTE_NOT_FOUND: 404,
  COMPANY_NOT_FOUND: 404,
  ROLE_NOT_FOUND: 404,
  EMPLOYEE_NOT_FOUND: 404,
  SHIFT_NOT_FOUND: 404,
  INTEGRATION_NOT_FOUND: 404,
  AI_CONFIG_NOT_FOUND: 404,
  // 405 / 409 / 413
  METHOD_NOT_ALLOWED: 405,
  CONCURRENT_MODIFICATION: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  // 422: well-formed, but breaks a rule of the domain
  SEMANTIC_VALIDATION_FAILED: 422,
  UNKNOWN_ROLE: 422,
  UNKNOWN_SUB_ROLE: 422,
  UNKNOWN_EMPLOYEE: 422,
  ROLE_ARCHIVED: 422,
  EMPLOYEE_ARCHIVED: 422,
  SHIFT_CONFLICT: 422,
  PUBLISH_TOO_LARGE: 422,
  UNKNOWN_MODEL: 422,
  UNKNOWN_PROVIDER: 422,
  // 429 / 5xx
  UPSTREAM_RATE_LIMITED: 429,
  UPSTREAM_FAILED: 502,
  AI_PROVIDER_NOT_CONFIGURED: 503,
  INTERNAL: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface ErrorDetail {
  path?: string;
  message: string;
  [key: string]: unknown;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details?: ErrorDetail[];

  constructor(code: ErrorCode, message: string, details?: ErrorDetail[]) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.details = details;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const notFound = (code: ErrorCode, what: string): AppError => new AppError(code, `${what} not found`);
