import express, { type Request, type Response, type Router } from 'express';
import { SIMULATED, SIMULATED_NAMES, SIMULATED_OAUTH_ACCOUNTS, SIMULATED_OAUTH_APPS } from './accounts';
import { bearerToken, bodyField, queryParam, randomToken, redirectWith, scriptedFailures, validRedirectUri, type SimulatorState } from './state';

/**
 * A local Square: the OAuth pages and the API calls the connectors make (src/connectors/vendors/square.ts
 * names the documentation followed).
 * - GET /oauth2/authorize: consents at once (no browser) and redirects to redirect_uri with
 *   code, response_type=code and state; error=access_denied&error_description=user_denied when
 *   state.denyNextAuthorize is set (the Authorize reference's refusal).
 * - POST /oauth2/token (ObtainToken): authorization_code and refresh_token grants; codes are single
 *   use and expire after 5 minutes; the refresh token is returned unchanged (code flow); failures
 *   answer 401 {message, type: 'service.not_authorized'} as Square's OAuth endpoints do.
 * - GET /v2/merchants/{id|me}, GET /v2/locations/{id}: `Authorization: Bearer`, v2 error bodies
 *   {errors: [{category, code, detail}]}: 401 UNAUTHORIZED / ACCESS_TOKEN_EXPIRED /
 *   ACCESS_TOKEN_REVOKED, 403 INSUFFICIENT_SCOPES, 404 NOT_FOUND.
 */

export const SQUARE_ACCESS_TOKEN_TTL_SECONDS = 30 * 24 * 3600;
export const SQUARE_CODE_TTL_SECONDS = 5 * 60;

const MERCHANT = SIMULATED_OAUTH_ACCOUNTS.square;
const LOCATION = { id: SIMULATED.square_api_key.locationId, name: SIMULATED_NAMES.square_api_key };
const ALL_SCOPES = ['MERCHANT_PROFILE_READ', 'EMPLOYEES_READ', 'TIMECARDS_READ', 'ORDERS_READ', 'PAYMENTS_READ', 'ITEMS_READ'];

const CATEGORY: Record<number, string> = { 400: 'INVALID_REQUEST_ERROR', 401: 'AUTHENTICATION_ERROR', 403: 'AUTHENTICATION_ERROR', 404: 'INVALID_REQUEST_ERROR', 429: 'RATE_LIMIT_ERROR' };
const CODE: Record<number, string> = {
  400: 'BAD_REQUEST', 401: 'UNAUTHORIZED', 403: 'FORBIDDEN', 404: 'NOT_FOUND', 429: 'RATE_LIMITED',
  500: 'INTERNAL_SERVER_ERROR', 502: 'BAD_GATEWAY', 503: 'SERVICE_UNAVAILABLE', 504: 'GATEWAY_TIMEOUT',
};

function v2Error(res: Response, status: number, code = CODE[status] ?? 'INTERNAL_SERVER_ERROR', detail?: string): void {
  res.status(status).json({ errors: [{ category: CATEGORY[status] ?? 'API_ERROR', code, ...(detail ? { detail } : {}) }] });
}

/** The legacy error shape of Square's OAuth endpoints. */
function oauthError(res: Response, status: number, message: string, type = status === 401 ? 'service.not_authorized' : 'bad_request'): void {
  res.status(status).json({ message, type });
}

/** Checks the bearer token of an API call (and a scope); answers the error itself when it fails. */
function authorize(state: SimulatorState, req: Request, res: Response, scope: string): { account: string } | undefined {
  const check = state.checkToken('square', 'access', bearerToken(req));
  if (!check.ok) {
    if (check.reason === 'missing') v2Error(res, 401, 'UNAUTHORIZED', 'Your request did not include an `Authorization` http header with an access token.');
    else if (check.reason === 'expired') v2Error(res, 401, 'ACCESS_TOKEN_EXPIRED', 'The access token has expired.');
    else if (check.reason === 'revoked') v2Error(res, 401, 'ACCESS_TOKEN_REVOKED', 'The access token has been revoked.');
    else v2Error(res, 401, 'UNAUTHORIZED', 'This request could not be authorized.');
    return undefined;
  }
  if (!check.token.scopes.includes(scope)) {
    v2Error(res, 403, 'INSUFFICIENT_SCOPES', `The merchant has not given your application sufficient permissions to do this. Required scope: ${scope}.`);
    return undefined;
  }
  return { account: check.token.account };
}

function isoSeconds(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export function squareRouter(state: SimulatorState): Router {
  // the personal access token of the square_api_key account: the merchant's, all scopes, no expiry
  state.seedToken(SIMULATED.square_api_key.accessToken, { vendor: 'square', kind: 'access', account: MERCHANT.merchantId, scopes: ALL_SCOPES });

  const r = express.Router();
  r.use(scriptedFailures(state, 'square', (res, status) => v2Error(res, status, undefined, status === 429 ? 'Rate limit exceeded.' : 'Simulated failure.')));
  r.use(express.json());

  r.get('/oauth2/authorize', (req, res) => {
    const clientId = queryParam(req, 'client_id');
    const redirectUri = queryParam(req, 'redirect_uri');
    if (clientId !== SIMULATED_OAUTH_APPS.square.clientId) return void res.status(400).type('text').send('Invalid client_id');
    if (!validRedirectUri(redirectUri)) return void res.status(400).type('text').send('Invalid redirect_uri');
    const stateParam = queryParam(req, 'state');
    if (state.denyNextAuthorize) {
      state.denyNextAuthorize = false;
      return redirectWith(res, redirectUri, { error: 'access_denied', error_description: 'user_denied', state: stateParam });
    }
    const scopes = (queryParam(req, 'scope') ?? 'MERCHANT_PROFILE_READ PAYMENTS_READ SETTLEMENTS_READ BANK_ACCOUNTS_READ').split(/[\s+]+/).filter(Boolean);
    const code = state.issueCode(randomToken('sq0cgp-SIM', 16), { vendor: 'square', clientId, redirectUri, scopes, account: MERCHANT.merchantId }, SQUARE_CODE_TTL_SECONDS);
    redirectWith(res, redirectUri, { code, response_type: 'code', state: stateParam });
  });

  r.post('/oauth2/token', (req, res) => {
    const clientId = bodyField(req, 'client_id');
    const app = SIMULATED_OAUTH_APPS.square;
    if (clientId !== app.clientId || bodyField(req, 'client_secret') !== app.clientSecret || state.isRevoked(app.clientSecret)) {
      return oauthError(res, 401, 'Not Authorized');
    }
    const grantType = bodyField(req, 'grant_type');
    let scopes: string[];
    let refreshToken: string;
    if (grantType === 'authorization_code') {
      const check = state.redeemCode('square', bodyField(req, 'code'), clientId, bodyField(req, 'redirect_uri'));
      if (!check.ok) {
        if (check.reason === 'redirect_uri') return oauthError(res, 400, 'The redirect_uri does not match the one of the authorization request');
        const why = { used: 'Authorization code is already redeemed', expired: 'Authorization code is expired', unknown: 'Authorization code not found', client: 'Authorization code not found' }[check.reason];
        return oauthError(res, 401, why);
      }
      scopes = check.code.scopes;
      refreshToken = randomToken('EQAAlSIM', 48);
      state.issueToken('square', 'refresh', refreshToken, { clientId, account: MERCHANT.merchantId, scopes });
    } else if (grantType === 'refresh_token') {
      refreshToken = bodyField(req, 'refresh_token') ?? '';
      const check = state.checkToken('square', 'refresh', refreshToken);
      if (!check.ok || check.token.clientId !== clientId) return oauthError(res, 401, 'Not Authorized');
      scopes = check.token.scopes;
    } else {
      return oauthError(res, 400, 'Unsupported grant_type');
    }
    const accessToken = randomToken('EAAAlSIM', 48);
    const issued = state.issueToken('square', 'access', accessToken, { clientId, account: MERCHANT.merchantId, scopes }, state.accessTtl(SQUARE_ACCESS_TOKEN_TTL_SECONDS));
    res.json({
      access_token: accessToken,
      token_type: 'bearer',
      expires_at: isoSeconds(issued.expiresAt ?? state.now()),
      merchant_id: MERCHANT.merchantId,
      refresh_token: refreshToken,
      short_lived: false,
    });
  });

  r.get('/v2/merchants/:merchantId', (req, res) => {
    const auth = authorize(state, req, res, 'MERCHANT_PROFILE_READ');
    if (!auth) return;
    const id = req.params.merchantId === 'me' ? auth.account : req.params.merchantId;
    if (id !== auth.account) return v2Error(res, 404, 'NOT_FOUND', `Merchant with ID \`${id}\` not found.`);
    res.json({
      merchant: {
        id: MERCHANT.merchantId, business_name: MERCHANT.businessName, country: 'US', language_code: 'en-US', currency: 'USD',
        status: 'ACTIVE', main_location_id: LOCATION.id, created_at: '2024-03-01T09:30:00.000Z',
      },
    });
  });

  r.get('/v2/locations/:locationId', (req, res) => {
    const auth = authorize(state, req, res, 'MERCHANT_PROFILE_READ');
    if (!auth) return;
    if (req.params.locationId !== LOCATION.id || auth.account !== MERCHANT.merchantId) {
      return v2Error(res, 404, 'NOT_FOUND', `Location \`${req.params.locationId}\` not found.`);
    }
    res.json({
      location: {
        id: LOCATION.id, name: LOCATION.name, business_name: MERCHANT.businessName, merchant_id: MERCHANT.merchantId,
        timezone: 'America/Chicago', status: 'ACTIVE', type: 'PHYSICAL', country: 'US', currency: 'USD', language_code: 'en-US',
        capabilities: ['CREDIT_CARD_PROCESSING'], created_at: '2024-03-01T09:30:00.000Z',
        address: { address_line_1: '1 Main Street', locality: 'Springfield', administrative_district_level_1: 'IL', postal_code: '62701', country: 'US' },
      },
    });
  });

  return r;
}
