/**
 * The connector interface: what the integration engine (connect, OAuth, token refresh) and the
 * POS sync service need of a vendor. One connector per POS source that has an API; its code speaks
 * the vendor's documented wire protocol over HTTP (src/connectors/http.ts), against the vendor's
 * production URL, or the URL in VENDOR_URL_<SLUG> (the local vendor simulators, tests).
 */

/** The vendor account a connection is linked to (a Square location, a Clover merchant, a Toast restaurant ...). */
export interface VendorAccount {
  id: string;
  name?: string;
}

/** Tokens from an OAuth 2 token endpoint. */
export interface OAuthGrant {
  accessToken: string;
  /** Absent when the vendor did not issue (or rotate) one. */
  refreshToken?: string;
  /** Epoch ms; absent when the access token does not expire. */
  expiresAt?: number;
}

/** Our OAuth application registered with the vendor (client id from config, secret from a secret). */
export interface OAuthApp {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

export interface OAuthConnector {
  /** The vendor's consent page, with our state (signed, single use) and redirect URI. */
  authorizeUrl(p: { app: OAuthApp; state: string }): string;
  /**
   * Exchanges the authorization code at the vendor's token endpoint and names the account the
   * tokens are for. `callbackQuery` is the whole query the vendor redirected with (Clover adds
   * merchant_id to it).
   */
  exchange(p: { app: OAuthApp; code: string; callbackQuery: Record<string, string> }): Promise<OAuthGrant & { account: VendorAccount }>;
  /** A fresh access token from a refresh token (which some vendors rotate: use the returned one). */
  refresh(p: { app: OAuthApp; refreshToken: string }): Promise<OAuthGrant>;
}

export interface Connector {
  slug: string;
  /**
   * For api_key and client_credentials sources: one cheap authenticated call with the credential
   * fields of the catalogue entry, answering the account they reach. Throws VendorError
   * ('rejected' for a 401/403 from the vendor, 'not_found' for an account id it does not know).
   */
  verify?(credentials: Readonly<Record<string, string>>): Promise<VendorAccount>;
  oauth?: OAuthConnector;
}

/** How a vendor call failed, in the terms the engine acts on. */
export type VendorFailure =
  /** 401/403 (or an OAuth invalid_grant / invalid_client): the credentials are wrong, revoked or expired. */
  | 'rejected'
  /** 404 for the account the credentials name. */
  | 'not_found'
  /** 429: retry after `retryAfterMs`. */
  | 'rate_limited'
  /** 5xx, a timeout or a network error: worth retrying later. */
  | 'unavailable'
  /** Any other answer the connector cannot use (other 4xx, a body not as documented). */
  | 'invalid';

/** A failed vendor call. Its message never contains a credential (it is built from the status and the vendor's error code/text). */
export class VendorError extends Error {
  constructor(
    readonly vendor: string,
    readonly failure: VendorFailure,
    message: string,
    readonly status?: number,
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'VendorError';
  }
}
