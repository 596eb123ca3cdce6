import express, { type Response, type Router } from 'express';
import { SIMULATED_OAUTH_ACCOUNTS, SIMULATED_OAUTH_APPS } from './accounts';
import { bearerToken, bodyField, queryParam, randomToken, REASONS, redirectWith, scriptedFailures, validRedirectUri, type SimulatorState } from './state';

/**
 * A local Clover, the v2/OAuth flow with expiring tokens (src/connectors/vendors/clover.ts names
 * the documentation followed):
 * - GET /oauth/v2/authorize?client_id&redirect_uri&state&response_type=code: consents at once and
 *   redirects with merchant_id, employee_id, client_id, code and state (error=access_denied when
 *   state.denyNextAuthorize is set).
 * - POST /oauth/v2/token {client_id, client_secret, code} -> {access_token, access_token_expiration,
 *   refresh_token, refresh_token_expiration} (Unix seconds); codes are single use.
 * - POST /oauth/v2/refresh {client_id, refresh_token} -> a new pair; the refresh token is single use.
 * - GET /v3/merchants/{mId} with Bearer -> the merchant.
 * Clover answers 401 {message} for every authentication problem (its "401 Unauthorized" page). The
 * lifetimes are not published ("do not hard code"): access tokens last 1 hour here, refresh tokens
 * a year (the documented samples are a year apart), codes 10 minutes (assumptions).
 */

export const CLOVER_ACCESS_TOKEN_TTL_SECONDS = 3600;
export const CLOVER_REFRESH_TOKEN_TTL_SECONDS = 365 * 24 * 3600;
export const CLOVER_CODE_TTL_SECONDS = 10 * 60;

const APP = SIMULATED_OAUTH_APPS.clover;
const MERCHANT = SIMULATED_OAUTH_ACCOUNTS.clover;

function cloverError(res: Response, status: number, message = `${status} ${REASONS[status] ?? 'Error'}`): void {
  res.status(status).json({ message });
}

function issuePair(state: SimulatorState, clientId: string) {
  const accessToken = randomToken('SIMclvAT-', 32);
  const refreshToken = randomToken('SIMclvRT-', 32);
  const access = state.issueToken('clover', 'access', accessToken, { clientId, account: MERCHANT.merchantId, scopes: [] }, state.accessTtl(CLOVER_ACCESS_TOKEN_TTL_SECONDS));
  const refresh = state.issueToken('clover', 'refresh', refreshToken, { clientId, account: MERCHANT.merchantId, scopes: [] }, CLOVER_REFRESH_TOKEN_TTL_SECONDS);
  return {
    access_token: accessToken,
    access_token_expiration: Math.floor((access.expiresAt ?? 0) / 1000),
    refresh_token: refreshToken,
    refresh_token_expiration: Math.floor((refresh.expiresAt ?? 0) / 1000),
  };
}

export function cloverRouter(state: SimulatorState): Router {
  const r = express.Router();
  r.use(scriptedFailures(state, 'clover', (res, status) => cloverError(res, status)));
  r.use(express.json());

  r.get('/oauth/v2/authorize', (req, res) => {
    const clientId = queryParam(req, 'client_id');
    const redirectUri = queryParam(req, 'redirect_uri');
    if (clientId !== APP.clientId) return void res.status(400).type('text').send('Unknown client_id');
    if (!validRedirectUri(redirectUri)) return void res.status(400).type('text').send('Invalid redirect_uri');
    const stateParam = queryParam(req, 'state');
    if (state.denyNextAuthorize) {
      state.denyNextAuthorize = false;
      return redirectWith(res, redirectUri, { error: 'access_denied', state: stateParam });
    }
    const code = state.issueCode(randomToken('SIMclvCODE', 16), { vendor: 'clover', clientId, redirectUri, scopes: [], account: MERCHANT.merchantId }, CLOVER_CODE_TTL_SECONDS);
    redirectWith(res, redirectUri, { merchant_id: MERCHANT.merchantId, employee_id: MERCHANT.employeeId, client_id: clientId, code, state: stateParam });
  });

  r.post('/oauth/v2/token', (req, res) => {
    const clientId = bodyField(req, 'client_id');
    if (clientId !== APP.clientId || bodyField(req, 'client_secret') !== APP.clientSecret || state.isRevoked(APP.clientSecret)) {
      return cloverError(res, 401, 'Invalid client credentials');
    }
    const check = state.redeemCode('clover', bodyField(req, 'code'), clientId);
    if (!check.ok) return cloverError(res, 401, check.reason === 'used' ? 'Authorization code has already been used' : 'Invalid or expired authorization code');
    res.json(issuePair(state, clientId));
  });

  r.post('/oauth/v2/refresh', (req, res) => {
    const clientId = bodyField(req, 'client_id');
    if (clientId !== APP.clientId) return cloverError(res, 401, 'Invalid client_id');
    const refreshToken = bodyField(req, 'refresh_token');
    const check = state.checkToken('clover', 'refresh', refreshToken);
    if (!check.ok || check.token.clientId !== clientId) return cloverError(res, 401, 'Invalid refresh token');
    state.spend(refreshToken as string);
    res.json(issuePair(state, clientId));
  });

  r.get('/v3/merchants/:merchantId', (req, res) => {
    const check = state.checkToken('clover', 'access', bearerToken(req));
    if (!check.ok || check.token.account !== req.params.merchantId) return cloverError(res, 401);
    res.json({
      href: `https://api.clover.com/v3/merchants/${MERCHANT.merchantId}`,
      id: MERCHANT.merchantId,
      name: MERCHANT.name,
      owner: { href: `https://api.clover.com/v3/merchants/${MERCHANT.merchantId}/employees/${MERCHANT.employeeId}`, id: MERCHANT.employeeId },
      isBillable: true,
      createdTime: 1709251200000,
    });
  });

  return r;
}
