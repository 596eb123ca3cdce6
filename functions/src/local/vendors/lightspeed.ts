import express, { type Request, type Response, type Router } from 'express';
import { SIMULATED_OAUTH_ACCOUNTS, SIMULATED_OAUTH_APPS } from './accounts';
import { bearerToken, queryParam, randomToken, REASONS, redirectWith, scriptedFailures, validRedirectUri, type SimulatorState } from './state';

/**
 * A local Lightspeed Restaurant K-Series (src/connectors/vendors/lightspeed.ts names the
 * documentation followed):
 * - GET /oauth/authorize?response_type=code&client_id&scope&redirect_uri&state: consents at once,
 *   redirects with code and state (error=access_denied when state.denyNextAuthorize is set).
 * - POST /oauth/token: client authentication with HTTP Basic (client_id:client_secret), the
 *   parameters in a form body or in the query (the K-Series overview shows query parameters);
 *   authorization_code and refresh_token grants; standard OAuth 2 answers and errors (RFC 6749
 *   5.1/5.2): 401 invalid_client, 400 invalid_grant, 400 unsupported_grant_type. Access tokens last
 *   60 minutes, refresh tokens 14 days and once ("Authorization FAQ"); codes 10 minutes (assumed).
 * - GET /f/data/businesses (scope financial-api) with Bearer; a missing or bad token answers 401
 *   {error: 'invalid_token'} with WWW-Authenticate (RFC 6750 3.1), a missing scope 403
 *   insufficient_scope.
 */

export const LIGHTSPEED_ACCESS_TOKEN_TTL_SECONDS = 3600;
export const LIGHTSPEED_REFRESH_TOKEN_TTL_SECONDS = 14 * 24 * 3600;
export const LIGHTSPEED_CODE_TTL_SECONDS = 10 * 60;

const APP = SIMULATED_OAUTH_APPS.lightspeed;
const BUSINESS = SIMULATED_OAUTH_ACCOUNTS.lightspeed;
const ACCOUNT = String(BUSINESS.location.blID);

function oauthError(res: Response, status: number, error: string, description: string): void {
  if (status === 401) res.set('WWW-Authenticate', 'Basic realm="oauth"');
  res.status(status).set('Cache-Control', 'no-store').json({ error, error_description: description });
}

/** A token-endpoint parameter from the form body, else from the query. */
function param(req: Request, name: string): string | undefined {
  const body: unknown = req.body;
  const v = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;
  return typeof v === 'string' ? v : queryParam(req, name);
}

function basicClient(req: Request): { id: string; secret: string } | undefined {
  const m = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(req.get('authorization') ?? '');
  if (!m) return undefined;
  const decoded = Buffer.from(m[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? undefined : { id: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

export function lightspeedRouter(state: SimulatorState): Router {
  const r = express.Router();
  r.use(scriptedFailures(state, 'lightspeed', (res, status, req) => {
    res.status(status).json({ timestamp: new Date(state.now()).toISOString(), status, error: REASONS[status] ?? 'Error', path: req.originalUrl.split('?')[0] });
  }));
  r.use(express.urlencoded({ extended: false }));

  r.get('/oauth/authorize', (req, res) => {
    const clientId = queryParam(req, 'client_id');
    const redirectUri = queryParam(req, 'redirect_uri');
    const scope = queryParam(req, 'scope');
    if (clientId !== APP.clientId) return void res.status(400).type('text').send('Unknown client_id');
    if (!validRedirectUri(redirectUri)) return void res.status(400).type('text').send('Invalid redirect_uri');
    const stateParam = queryParam(req, 'state');
    if (queryParam(req, 'response_type') !== 'code') return redirectWith(res, redirectUri, { error: 'unsupported_response_type', state: stateParam });
    if (!scope) return redirectWith(res, redirectUri, { error: 'invalid_scope', error_description: 'scope is required', state: stateParam });
    if (state.denyNextAuthorize) {
      state.denyNextAuthorize = false;
      return redirectWith(res, redirectUri, { error: 'access_denied', error_description: 'The user denied the request', state: stateParam });
    }
    const scopes = scope.split(/\s+/).filter(Boolean);
    const code = state.issueCode(randomToken('', 6), { vendor: 'lightspeed', clientId, redirectUri, scopes, account: ACCOUNT }, LIGHTSPEED_CODE_TTL_SECONDS);
    redirectWith(res, redirectUri, { code, state: stateParam });
  });

  r.post('/oauth/token', (req, res) => {
    const client = basicClient(req);
    if (!client || client.id !== APP.clientId || client.secret !== APP.clientSecret || state.isRevoked(APP.clientSecret)) {
      return oauthError(res, 401, 'invalid_client', 'Client authentication failed');
    }
    const grantType = param(req, 'grant_type');
    let scopes: string[];
    if (grantType === 'authorization_code') {
      const check = state.redeemCode('lightspeed', param(req, 'code'), client.id, param(req, 'redirect_uri') ?? '');
      if (!check.ok) return oauthError(res, 400, 'invalid_grant', check.reason === 'redirect_uri' ? 'redirect_uri does not match' : 'Invalid authorization code');
      scopes = check.code.scopes;
    } else if (grantType === 'refresh_token') {
      const refreshToken = param(req, 'refresh_token');
      const check = state.checkToken('lightspeed', 'refresh', refreshToken);
      if (!check.ok || check.token.clientId !== client.id) return oauthError(res, 400, 'invalid_grant', 'Invalid refresh token');
      state.spend(refreshToken as string);
      scopes = check.token.scopes;
    } else {
      return oauthError(res, 400, 'unsupported_grant_type', 'Unsupported grant type');
    }
    const accessToken = randomToken('SIMlsk.', 40);
    const refreshToken = randomToken('SIMlskR.', 40);
    const ttl = state.accessTtl(LIGHTSPEED_ACCESS_TOKEN_TTL_SECONDS);
    state.issueToken('lightspeed', 'access', accessToken, { clientId: client.id, account: ACCOUNT, scopes }, ttl);
    state.issueToken('lightspeed', 'refresh', refreshToken, { clientId: client.id, account: ACCOUNT, scopes }, LIGHTSPEED_REFRESH_TOKEN_TTL_SECONDS);
    res.set('Cache-Control', 'no-store').json({ access_token: accessToken, token_type: 'Bearer', expires_in: ttl, refresh_token: refreshToken, scope: scopes.join(' ') });
  });

  r.get('/f/data/businesses', (req, res) => {
    const check = state.checkToken('lightspeed', 'access', bearerToken(req));
    if (!check.ok) {
      res.set('WWW-Authenticate', 'Bearer error="invalid_token"');
      return void res.status(401).json({ error: 'invalid_token', error_description: check.reason === 'expired' ? 'The access token expired' : 'Invalid access token' });
    }
    if (!check.token.scopes.includes('financial-api')) {
      res.set('WWW-Authenticate', 'Bearer error="insufficient_scope", scope="financial-api"');
      return void res.status(403).json({ error: 'insufficient_scope', error_description: 'The token lacks the financial-api scope' });
    }
    const self = `${req.protocol}://${req.get('host') ?? 'localhost'}${req.originalUrl.split('?')[0]}`;
    res.json({
      _embedded: {
        businessList: [{
          businessName: BUSINESS.businessName,
          businessId: BUSINESS.businessId,
          currencyCode: BUSINESS.currencyCode,
          businessLocations: [{ ...BUSINESS.location }],
        }],
      },
      _links: { self: { href: self } },
    });
  });

  return r;
}
