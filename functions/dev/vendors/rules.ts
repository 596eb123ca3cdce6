import type { Response } from 'express';

/**
 * The vendors' own rules the simulators enforce, so a connector that breaks one fails in the
 * tests where the vendor would fail it: rate limits, token and code lifetimes, Clover's filter
 * window and paging. Each figure names the vendor page it comes from; a vendor that publishes no
 * figure (Square, Lightspeed K-Series, Revel and SpotOn publish no request rate) has none here.
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const DAY = 24 * 60 * MINUTE;

/** Lifetimes in seconds; `refresh` absent: the vendor's refresh tokens do not expire (or none are issued). */
export const TOKEN_LIFETIMES = {
  // developer.squareup.com/docs/oauth-api/overview: "access tokens expire after 30 days"; the
  // authorization code "expires after 5 minutes" (Receive Seller Authorization)
  square: { access: 30 * 24 * 3600, code: 5 * 60 },
  // doc.toasttab.com/doc/devguide/authentication.html: the token answer's expiresIn (one day in
  // the devguide's example); how often a client may log in is a rule of its own
  toast: { access: 86_400 },
  // docs.clover.com/dev/docs/refresh-access-tokens: lifetimes are not fixed ("do not hard code");
  // the documented sample pair has an access token of an hour and a refresh token a year later
  clover: { access: 3600, refresh: 365 * 24 * 3600, code: 10 * 60 },
  // api-portal.lsk.lightspeed.app "Authorization FAQ": access tokens expire after 60 minutes,
  // refresh tokens after 14 days (single use)
  lightspeed: { access: 3600, refresh: 14 * 24 * 3600, code: 10 * 60 },
} as const;

/** A limit of `max` requests in any `windowMs`. */
export interface RateWindow {
  max: number;
  windowMs: number;
}

export const RATE_LIMITS = {
  // doc.toasttab.com/doc/devguide/apiRateLimiting.html: 20 requests a second and 10,000 per 15
  // minutes, per API client and restaurant
  toast: [
    { max: 20, windowMs: SECOND },
    { max: 10_000, windowMs: 15 * MINUTE },
  ],
  // the same page, "Endpoint-specific rate limits" (checked 2026-12-02): "The GET /ordersBulk endpoint
  // of the orders API uses an endpoint rate limit of five requests per client per location per second"
  toastOrdersBulk: [{ max: 5, windowMs: SECOND }],
  // docs.clover.com/dev/docs/api-usage-rate-limits: 16 requests a second per access token, 50 a
  // second per app (across its merchants)
  cloverToken: [{ max: 16, windowMs: SECOND }],
  cloverApp: [{ max: 50, windowMs: SECOND }],
} satisfies Record<string, RateWindow[]>;

/**
 * docs.clover.com/dev/docs/api-usage-rate-limits (checked 2026-12-02), "Concurrent rate limits":
 * requests in progress at once, per access token and per app.
 */
export const CLOVER_CONCURRENCY = { token: 5, app: 10 } as const;

/** The decision on one request: allowed or not, and the figures a vendor reports in its headers. */
export interface RateDecision {
  allowed: boolean;
  /** The window closest to its limit. */
  limit: number;
  remaining: number;
  /** Epoch ms when that window frees a request. */
  resetAt: number;
  /** Whole seconds to wait (at least 1) when refused. */
  retryAfterSeconds: number;
}

/**
 * Sliding-window rate limiting: `arrivals` keeps the request times of each key (real time: a rate
 * limit is about request rate, whatever the simulator's clock); a request is allowed when every
 * window has room, and then counted.
 */
export function takeRequest(
  arrivals: Map<string, number[]>,
  key: string,
  windows: readonly RateWindow[],
  now = Date.now(),
): RateDecision {
  const longest = Math.max(...windows.map((w) => w.windowMs));
  const seen = (arrivals.get(key) ?? []).filter((t) => t > now - longest);
  const load = windows.map((w) => {
    const inWindow = seen.filter((t) => t > now - w.windowMs);
    return { limit: w.max, used: inWindow.length, resetAt: (inWindow[0] ?? now) + w.windowMs };
  });
  const tightest = load.reduce((a, b) => (b.limit - b.used < a.limit - a.used ? b : a));
  const allowed = load.every((w) => w.used < w.limit);
  if (allowed) seen.push(now);
  arrivals.set(key, seen);
  return {
    allowed,
    limit: tightest.limit,
    remaining: Math.max(0, tightest.limit - tightest.used - (allowed ? 1 : 0)),
    resetAt: tightest.resetAt,
    retryAfterSeconds: Math.max(1, Math.ceil((tightest.resetAt - now) / SECOND)),
  };
}

/** Sets Retry-After on a refused request's answer (the caller renders the vendor's 429 body). */
export function refuse(res: Response, decision: RateDecision): void {
  res.set('Retry-After', String(decision.retryAfterSeconds));
}

/**
 * Clover's time filters (docs.clover.com/dev/docs/applying-filters): "time-based filters ... are
 * restricted to a 90-day range"; a longer range is cut to its last 90 days.
 */
export const CLOVER_FILTER_RANGE_MS = 90 * DAY;

export function cloverFilterRange(lo: number, hi: number): [number, number] {
  return Number.isFinite(hi) && hi - lo > CLOVER_FILTER_RANGE_MS ? [hi - CLOVER_FILTER_RANGE_MS, hi] : [lo, hi];
}

/**
 * Clover's paging (docs.clover.com/dev/docs/use-clover-rest-api, "Paginate"): `limit` defaults to
 * 100 and is at most 1,000, `offset` counts from 0.
 */
export function cloverPage(
  limitParam: string | undefined,
  offsetParam: string | undefined,
): { limit: number; offset: number } | { error: string } {
  const limit = Number(limitParam ?? 100);
  const offset = Number(offsetParam ?? 0);
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) return { error: 'limit must be between 1 and 1000' };
  if (!Number.isInteger(offset) || offset < 0) return { error: 'offset must be a non-negative integer' };
  return { limit, offset };
}
