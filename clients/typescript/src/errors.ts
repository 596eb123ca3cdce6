/** One problem of a failed call (a validation failure lists every one). */
export interface ErrorDetail {
  path?: string;
  message: string;
  [key: string]: unknown;
}

interface Envelope {
  success: false;
  error: string;
  code: string;
  details?: ErrorDetail[];
}

const isEnvelope = (value: unknown): value is Envelope =>
  typeof value === 'object' &&
  value !== null &&
  (value as Envelope).success === false &&
  typeof (value as Envelope).code === 'string' &&
  typeof (value as Envelope).error === 'string';

/**
 * A call the API refused or failed: the error envelope `{success: false, error, code, details?}` as
 * an Error. `code` is the stable machine-readable code to branch on (the list is in the API
 * description); `status` the HTTP status; `requestId` the `X-Request-Id` to quote in a support request.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: ErrorDetail[] = [],
    readonly requestId: string | null = null,
  ) {
    super(message);
  }

  /** From an openapi-fetch answer: its parsed error body (an envelope, or whatever a proxy answered). */
  static fromAnswer(response: Response, body: unknown): ApiError {
    const requestId = response.headers.get('X-Request-Id');
    if (isEnvelope(body)) return new ApiError(response.status, body.code, body.error, body.details ?? [], requestId);
    // not the API's answer (a proxy or Hosting page): the status is all there is
    return new ApiError(
      response.status,
      `HTTP_${response.status}`,
      `HTTP ${response.status} without an error envelope`,
      [],
      requestId,
    );
  }

  static async fromResponse(response: Response): Promise<ApiError> {
    const text = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    return ApiError.fromAnswer(response, body);
  }
}

export const isApiError = (value: unknown, code?: string): value is ApiError =>
  value instanceof ApiError && (code === undefined || value.code === code);
