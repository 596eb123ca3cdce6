import { VendorError } from '../../pos/connectors';
import { engineErrors } from './errors';

/** A vendor call's failure in the API's terms (its message never carries a credential: VendorError's never does). */
export function fromVendorError(err: unknown): unknown {
  if (!(err instanceof VendorError)) return err;
  switch (err.failure) {
    case 'rejected':
      return engineErrors.INTEGRATION_CREDENTIALS_REJECTED(
        `${err.message}: the vendor refused the credentials; nothing was stored`,
      );
    case 'not_found':
      return engineErrors.INTEGRATION_ACCOUNT_NOT_FOUND(
        `${err.message}: the vendor has no such account for these credentials; nothing was stored`,
      );
    case 'rate_limited': {
      const after = err.retryAfterMs !== undefined ? ` (retry after ${Math.ceil(err.retryAfterMs / 1000)} s)` : '';
      return engineErrors.VENDOR_RATE_LIMITED(
        `${err.message}: the vendor is rate limiting${after}`,
        err.retryAfterMs !== undefined
          ? [{ message: 'retry after', retryAfterSeconds: Math.ceil(err.retryAfterMs / 1000) }]
          : undefined,
      );
    }
    default:
      return engineErrors.VENDOR_UNAVAILABLE(`${err.message}: the vendor did not answer usefully; try again later`);
  }
}

export async function callVendor<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw fromVendorError(err);
  }
}
