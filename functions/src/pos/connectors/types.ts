/**
 * The connector interface: what the integration engine (connect, OAuth, token refresh) and the
 * POS sync service need of a vendor. One connector per POS source that has an API; its code speaks
 * the vendor's documented wire protocol over HTTP (src/pos/connectors/http.ts), against the vendor's
 * production URL, or the URL in VENDOR_URL_<SLUG> (the local vendor simulators, tests).
 */
import type { PosSale } from './sale';
export type { PosDeletion } from './deletion';
import type { VendorWebhook } from './webhooks/types';

/** The vendor account a connection is linked to (a Square location, a Clover merchant, a Toast restaurant ...). */
export interface VendorAccount {
  id: string;
  name?: string;
  /** The merchant owning the account when the account is one of its locations (Square): its webhooks may name only the merchant. */
  merchantId?: string;
  /** The ISO 4217 currency the account sells in, when the vendor says (checked against the company's at connect). */
  currency?: string;
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
  exchange(p: {
    app: OAuthApp;
    code: string;
    callbackQuery: Record<string, string>;
  }): Promise<OAuthGrant & { account: VendorAccount }>;
  /** A fresh access token from a refresh token (which some vendors rotate: use the returned one). */
  refresh(p: { app: OAuthApp; refreshToken: string }): Promise<OAuthGrant>;
  /** Ends the grant at the vendor (a disconnect), where the vendor documents revocation; absent: it does not. */
  revoke?(p: { app: OAuthApp; accessToken: string }): Promise<void>;
}

/** A vendor session token got by logging in with client credentials (Toast's), and when it expires (epoch ms). */
export interface SessionToken {
  accessToken: string;
  expiresAt: number;
}

/**
 * Where the session token of a set of client credentials is kept between calls and runs (sealed in
 * the integration engine's vault), for vendors that limit how often a client may log in.
 */
export interface SessionTokenStore {
  load(): Promise<SessionToken | null>;
  save(token: SessionToken): Promise<void>;
  /** Forgets the token (the vendor refused it). */
  clear(): Promise<void>;
}

export interface Connector {
  slug: string;
  /**
   * For api_key and client_credentials sources: one cheap authenticated call with the credential
   * fields of the catalogue entry, answering the account they reach. Throws VendorError
   * ('rejected' for a 401/403 from the vendor, 'not_found' for an account id it does not know).
   * `sessions`: where a login's token is kept, for vendors that log in (Toast).
   */
  verify?(credentials: Readonly<Record<string, string>>, sessions?: SessionTokenStore): Promise<VendorAccount>;
  oauth?: OAuthConnector;
  /** The data streams (roster, punches, sales with tips) the POS sync engine pulls; absent until a connector implements them. */
  streams?: StreamConnector;
  /** The vendor's webhooks: `verify(rawBody, headers, ...)` (signature, freshness) and `streamsFor(event)`; absent when it sends none we receive. */
  webhook?: VendorWebhook;
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

// --- data streams (the POS sync engine's side of a connector) ---------------------------------

/**
 * How a stream call reaches the vendor account: the connection's credentials as the vault holds
 * them (api_key / client_credentials fields) or a valid OAuth access token (the engine refreshes it
 * before the call), and the vendor account id the connection is linked to.
 */
export interface StreamAuth {
  accountId: string;
  credentials?: Readonly<Record<string, string>>;
  accessToken?: string;
  /**
   * The engine's retry policy, wrapped around every vendor request a stream makes (the engine
   * retries 429, 5xx and timeouts there, honouring Retry-After); absent: each request is tried once.
   */
  retry?: <T>(request: () => Promise<T>) => Promise<T>;
  /** Where the session token of `credentials` is kept across calls and runs (Toast logs in); absent: each call logs in. */
  sessions?: SessionTokenStore;
  /**
   * The punches of this connection the sync holds with a clock-in in [from, to), for a vendor whose
   * deletions leave no trace (Clover, Lightspeed K-Series: a deleted shift is only absent from their
   * answers): its punches stream answers those it no longer finds, after reading their window whole,
   * as deleted (a read that fails part way answers none). The engine supplies it on every run;
   * absent (a connector test), no deletions are found that way.
   */
  storedPunches?: (from: number, to: number) => Promise<PosPunch[]>;
}

/** Where an incremental read resumes: the last vendor-modified time seen and the id that tie-breaks it. */
export interface StreamCursor {
  modifiedAt: number;
  id: string;
}

/**
 * What a stream reads: everything modified at or after `modifiedSince` (incremental; the engine
 * passes its cursor minus an overlap window), or everything that happened in [from, to) (a backfill
 * chunk: the engine splits a window into the chunks the vendor allows, `maxWindowMs`).
 */
export type StreamWindow = { modifiedSince: number } | { from: number; to: number };

/** A POS team member, as the vendor knows them. */
export interface PosEmployee {
  vendorId: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  active: boolean;
  jobTitle: string | null;
  modifiedAt: number;
}

/** A time-clock entry of the POS (a Square timecard/shift, a Toast time entry). */
export interface PosPunch {
  vendorId: string;
  employeeVendorId: string;
  clockInAt: number;
  clockOutAt: number | null;
  breaks: { startAt: number; endAt: number | null; paid: boolean }[];
  jobTitle: string | null;
  /** The vendor deleted (voided) it. */
  deleted: boolean;
  /** Cash tips the employee declared on it (at clock-out), minor units of the company's currency; absent: none declared. */
  declaredCashTips?: number;
  modifiedAt: number;
}

/** A closed ticket (order / check) of the POS, or a refund of one, in integer minor units (./sale.ts). */
export type { PosSale };

/** What each data stream carries, one record shape from the connector to its sink (a CSV file of a kind yields the same). */
export interface StreamRecords {
  roster: PosEmployee;
  punches: PosPunch;
  sales: PosSale;
}
/** The data streams a run reads, in order: the roster first (so punches and sales find their employees linked), then punches, then sales with their tips. */
export type DataStream = keyof StreamRecords;

export interface StreamConnector {
  /** The longest [from, to) one request may ask for (Toast time entries: a month), per stream; absent: no limit. */
  maxWindowMs?: Partial<Record<'punches' | 'sales', number>>;
  /** Pages of the roster (the whole roster when `since` is absent; the vendor may not filter by modification). */
  roster(auth: StreamAuth, since?: number): AsyncIterable<PosEmployee[]>;
  punches(auth: StreamAuth, window: StreamWindow): AsyncIterable<PosPunch[]>;
  /** Sales with their tips per ticket (the tips stream of the engine is derived from it). */
  sales(auth: StreamAuth, window: StreamWindow): AsyncIterable<PosSale[]>;
}
