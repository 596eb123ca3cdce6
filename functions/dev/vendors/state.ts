import { randomBytes } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

/**
 * The state the local vendor simulators share: issued authorization codes and tokens, and the test
 * controls (call counters, scripted failures, revocation, consent refusal, token lifetimes).
 */

export const SIMULATED_VENDORS = ['square', 'toast', 'clover', 'lightspeed', 'revel', 'spoton'] as const;
export type SimulatedVendor = (typeof SIMULATED_VENDORS)[number];

/** Catalogue slugs served by each simulator (square_api_key is the Square simulator too). */
const SLUG_TO_VENDOR: Record<string, SimulatedVendor> = {
  square: 'square',
  square_api_key: 'square',
  toast: 'toast',
  clover: 'clover',
  lightspeed: 'lightspeed',
  revel: 'revel',
  spoton: 'spoton',
};

export interface ScriptedFailure {
  status: number;
  /** Sent as Retry-After: delay-seconds ("7") or an HTTP-date. */
  retryAfter?: string;
}

/**
 * What can go wrong with a data page (a page of a stream's list or search endpoint: Square's
 * team-members, timecards and orders searches, Toast's employees, timeEntries and ordersBulk):
 * - malformed: the body is not as the vendor documents it;
 * - duplicate: the page also repeats the last record of the page before it (a page-boundary duplicate);
 * - modify: right after the page is served, its first record is modified (its modified time moves
 *   to the simulator's now): a record changed while a sync runs.
 */
export type PageFaultKind = 'malformed' | 'duplicate' | 'modify';

/** A record changed by a `modify` page fault. */
export interface SimulatedModification {
  vendor: SimulatedVendor;
  kind: 'team_member' | 'timecard' | 'order' | 'employee' | 'time_entry';
  id: string;
  /** Its new modified time (epoch ms). */
  at: number;
}

export interface AuthorizationCode {
  vendor: SimulatedVendor;
  clientId: string;
  redirectUri: string;
  scopes: string[];
  /** The vendor account the consent links to. */
  account: string;
  expiresAt: number;
  used: boolean;
}

export interface IssuedToken {
  vendor: SimulatedVendor;
  kind: 'access' | 'refresh';
  /** The OAuth client it was issued to (absent for personal access tokens and API keys). */
  clientId?: string;
  account: string;
  scopes: string[];
  /** Epoch ms; absent: does not expire. */
  expiresAt?: number;
  /** Single-use refresh tokens (Clover, Lightspeed) once exchanged. */
  used?: boolean;
}

export type TokenCheck =
  { ok: true; token: IssuedToken } | { ok: false; reason: 'missing' | 'unknown' | 'expired' | 'revoked' | 'used' };
export type CodeCheck =
  | { ok: true; code: AuthorizationCode }
  | { ok: false; reason: 'unknown' | 'expired' | 'used' | 'client' | 'redirect_uri' };

export interface SimulatorStateOptions {
  /** The simulators' clock (epoch ms). */
  now?: () => number;
}

export class SimulatorState {
  /** Requests received, by path (e.g. `/square/oauth2/token`). */
  readonly calls: Record<string, number> = {};
  /** The next authorize request (of any vendor) is refused by the "user": error=access_denied. */
  denyNextAuthorize = false;
  /** Lifetime of access tokens issued from now on, overriding each vendor's own (tests shorten it). */
  accessTokenTtlSeconds?: number;
  /** Lifetime of authorization codes issued from now on, overriding each vendor's own. */
  codeTtlSeconds?: number;

  /** Records changed by `modifyAfterPage` faults, in order. */
  readonly modifications: SimulatedModification[] = [];
  /** Request arrival times per rate-limit key (the vendors' rate limits, ./rules.ts), forgotten by reset(). */
  readonly arrivals = new Map<string, number[]>();

  readonly now: () => number;
  private readonly failures = new Map<SimulatedVendor, ScriptedFailure[]>();
  private readonly hangs = new Map<SimulatedVendor, number[]>();
  private readonly hanging = new Set<NodeJS.Timeout>();
  private readonly pageFaults = new Map<SimulatedVendor, { kind: PageFaultKind; page: number }[]>();
  private readonly pagesServed = new Map<SimulatedVendor, number>();
  private readonly revoked = new Set<string>();
  private readonly codes = new Map<string, AuthorizationCode>();
  private readonly tokens = new Map<string, IssuedToken>();
  private readonly seeded: Array<[string, IssuedToken]> = [];

  constructor(options: SimulatorStateOptions = {}) {
    this.now = options.now ?? Date.now;
  }

  /** Total requests received on paths starting with `prefix` (e.g. `/clover/oauth/v2/`). */
  callsTo(prefix: string): number {
    return Object.entries(this.calls).reduce((n, [path, count]) => (path.startsWith(prefix) ? n + count : n), 0);
  }

  /**
   * Answers the next request(s) to a vendor's simulator with `status` (429, 5xx ...) in the vendor's
   * error format, with Retry-After when given. `slug` is a catalogue slug (square_api_key is Square).
   */
  failNext(slug: string, status: number, options: { retryAfter?: string | number; times?: number } = {}): void {
    const vendor = vendorOf(slug);
    const queue = this.failures.get(vendor) ?? [];
    for (let i = 0; i < (options.times ?? 1); i++) {
      queue.push({ status, retryAfter: options.retryAfter === undefined ? undefined : String(options.retryAfter) });
    }
    this.failures.set(vendor, queue);
  }

  takeFailure(vendor: SimulatedVendor): ScriptedFailure | undefined {
    return this.failures.get(vendor)?.shift();
  }

  /**
   * The next request(s) to a vendor's simulator get no answer for `ms` (then the normal one), or
   * never (the default): a hanging vendor, for the client's timeout.
   */
  hangNext(slug: string, options: { ms?: number; times?: number } = {}): void {
    const vendor = vendorOf(slug);
    const queue = this.hangs.get(vendor) ?? [];
    for (let i = 0; i < (options.times ?? 1); i++) queue.push(options.ms ?? Infinity);
    this.hangs.set(vendor, queue);
  }

  takeHang(vendor: SimulatedVendor): number | undefined {
    return this.hangs.get(vendor)?.shift();
  }

  /** How many requests are being held now (a test waits for them before it asks again). */
  get held(): number {
    return this.hanging.size;
  }

  /** Holds a request `ms` before `then` (Infinity: forever); reset() forgets the held ones. */
  hold(ms: number, then: () => void): void {
    if (!Number.isFinite(ms)) return;
    const timer = setTimeout(() => {
      this.hanging.delete(timer);
      then();
    }, ms);
    timer.unref();
    this.hanging.add(timer);
  }

  /** The data page `after` pages from now (0: the next) answers a body that is not as documented. */
  malformPage(slug: string, options: { after?: number } = {}): void {
    this.addPageFault(slug, 'malformed', options.after);
  }

  /** The data page `after` pages from now (0: the next) also repeats the last record of the page before it. */
  duplicateAcrossPages(slug: string, options: { after?: number } = {}): void {
    this.addPageFault(slug, 'duplicate', options.after);
  }

  /**
   * Right after the data page `after` pages from now (0: the next) is served, its first record is
   * modified: its modified time becomes the simulator's now (see `modifications`).
   */
  modifyAfterPage(slug: string, options: { after?: number } = {}): void {
    this.addPageFault(slug, 'modify', options.after);
  }

  private addPageFault(slug: string, kind: PageFaultKind, after = 0): void {
    const vendor = vendorOf(slug);
    const queue = this.pageFaults.get(vendor) ?? [];
    queue.push({ kind, page: (this.pagesServed.get(vendor) ?? 0) + after });
    this.pageFaults.set(vendor, queue);
  }

  /** Called by a vendor simulator for each data page it serves: the faults scripted for this one. */
  nextPage(vendor: SimulatedVendor): Set<PageFaultKind> {
    const page = this.pagesServed.get(vendor) ?? 0;
    this.pagesServed.set(vendor, page + 1);
    const queue = this.pageFaults.get(vendor) ?? [];
    const due = new Set(queue.filter((f) => f.page === page).map((f) => f.kind));
    this.pageFaults.set(
      vendor,
      queue.filter((f) => f.page > page),
    );
    return due;
  }

  /** Revokes a credential value: an access or refresh token, an API key or secret, a client secret. */
  revoke(value: string): void {
    this.revoked.add(value);
  }

  /** Revokes every token a vendor issued to an OAuth client for an account (the grant); how many there were. */
  revokeGrant(vendor: SimulatedVendor, clientId: string, account: string): number {
    let count = 0;
    for (const [value, token] of this.tokens) {
      if (token.vendor !== vendor || token.clientId !== clientId || token.account !== account) continue;
      this.revoked.add(value);
      count++;
    }
    return count;
  }

  isRevoked(...values: Array<string | undefined>): boolean {
    return values.some((v) => v !== undefined && this.revoked.has(v));
  }

  /** Forgets scripted failures and faults, revocations, codes and tokens (seeded personal tokens stay). */
  reset(): void {
    this.failures.clear();
    this.hangs.clear();
    for (const timer of this.hanging) clearTimeout(timer);
    this.hanging.clear();
    this.pageFaults.clear();
    this.pagesServed.clear();
    this.modifications.length = 0;
    this.arrivals.clear();
    this.revoked.clear();
    this.codes.clear();
    this.tokens.clear();
    for (const [value, token] of this.seeded) this.tokens.set(value, { ...token });
    this.denyNextAuthorize = false;
    this.accessTokenTtlSeconds = undefined;
    this.codeTtlSeconds = undefined;
    for (const key of Object.keys(this.calls)) delete this.calls[key];
  }

  /** A token that exists from the start (a personal access token), kept across reset(). */
  seedToken(value: string, token: IssuedToken): void {
    this.seeded.push([value, token]);
    this.tokens.set(value, { ...token });
  }

  issueCode(value: string, code: Omit<AuthorizationCode, 'expiresAt' | 'used'>, defaultTtlSeconds: number): string {
    this.codes.set(value, {
      ...code,
      expiresAt: this.now() + (this.codeTtlSeconds ?? defaultTtlSeconds) * 1000,
      used: false,
    });
    return value;
  }

  /**
   * Redeems a code for `clientId` (and `redirectUri` when the vendor checks it): single use, and
   * only before it expires. A code presented by another client is refused and stays unused.
   */
  redeemCode(vendor: SimulatedVendor, value: string | undefined, clientId: string, redirectUri?: string): CodeCheck {
    const code = value === undefined ? undefined : this.codes.get(value);
    if (!code || code.vendor !== vendor) return { ok: false, reason: 'unknown' };
    if (code.clientId !== clientId) return { ok: false, reason: 'client' };
    if (code.used) return { ok: false, reason: 'used' };
    if (this.now() >= code.expiresAt) return { ok: false, reason: 'expired' };
    if (redirectUri !== undefined && redirectUri !== code.redirectUri) return { ok: false, reason: 'redirect_uri' };
    code.used = true;
    return { ok: true, code };
  }

  issueToken(
    vendor: SimulatedVendor,
    kind: IssuedToken['kind'],
    value: string,
    token: Omit<IssuedToken, 'vendor' | 'kind' | 'expiresAt'>,
    ttlSeconds?: number,
  ): IssuedToken {
    const issued: IssuedToken = {
      ...token,
      vendor,
      kind,
      expiresAt: ttlSeconds === undefined ? undefined : this.now() + ttlSeconds * 1000,
    };
    this.tokens.set(value, issued);
    return issued;
  }

  /** The access-token lifetime to use now: the test override, else the vendor's. */
  accessTtl(vendorDefaultSeconds: number): number {
    return this.accessTokenTtlSeconds ?? vendorDefaultSeconds;
  }

  checkToken(vendor: SimulatedVendor, kind: IssuedToken['kind'], value: string | undefined): TokenCheck {
    if (!value) return { ok: false, reason: 'missing' };
    const token = this.tokens.get(value);
    if (!token || token.vendor !== vendor || token.kind !== kind) return { ok: false, reason: 'unknown' };
    if (this.revoked.has(value)) return { ok: false, reason: 'revoked' };
    if (token.used) return { ok: false, reason: 'used' };
    if (token.expiresAt !== undefined && this.now() >= token.expiresAt) return { ok: false, reason: 'expired' };
    return { ok: true, token };
  }

  /** Marks a single-use refresh token as exchanged. */
  spend(value: string): void {
    const token = this.tokens.get(value);
    if (token) token.used = true;
  }
}

export function vendorOf(slug: string): SimulatedVendor {
  const vendor = SLUG_TO_VENDOR[slug];
  if (!vendor) throw new Error(`no simulator for ${slug}`);
  return vendor;
}

/** A random token with a vendor-looking prefix (base64url, `bytes` random bytes). */
export function randomToken(prefix: string, bytes = 24): string {
  return `${prefix}${randomBytes(bytes).toString('base64url')}`;
}

/** 302 to `redirectUri` with `params` added to its query (as every vendor's authorize page does). */
export function redirectWith(res: Response, redirectUri: string, params: Record<string, string | undefined>): void {
  const url = new URL(redirectUri);
  for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, v);
  res.redirect(302, url.toString());
}

/** A redirect URI the simulators accept: absolute http(s). */
export function validRedirectUri(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** First value of a query parameter, or undefined. */
export function queryParam(req: Request, name: string): string | undefined {
  const v = (req.query as Record<string, unknown>)[name];
  if (typeof v === 'string') return v;
  if (Array.isArray(v) && typeof v[0] === 'string') return v[0];
  return undefined;
}

/** A string field of a parsed JSON or form body, or undefined. */
export function bodyField(req: Request, name: string): string | undefined {
  const body: unknown = req.body;
  if (typeof body !== 'object' || body === null) return undefined;
  const v = (body as Record<string, unknown>)[name];
  return typeof v === 'string' ? v : undefined;
}

/** The bearer token of the Authorization header, or undefined. */
export function bearerToken(req: Request): string | undefined {
  const m = /^Bearer\s+(\S+)$/i.exec(req.get('authorization') ?? '');
  return m?.[1];
}

export const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  408: 'Request Timeout',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/**
 * Answers a scripted failure (state.failNext) before the vendor's routes, rendered by the vendor's
 * own error format, with Retry-After when scripted; holds a request scripted to hang (state.hangNext).
 */
export function scriptedFailures(
  state: SimulatorState,
  vendor: SimulatedVendor,
  render: (res: Response, status: number, req: Request) => void,
): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const hang = state.takeHang(vendor);
    if (hang !== undefined) return state.hold(hang, next);
    const failure = state.takeFailure(vendor);
    if (!failure) return next();
    if (failure.retryAfter !== undefined) res.set('Retry-After', failure.retryAfter);
    render(res, failure.status, req);
  };
}
