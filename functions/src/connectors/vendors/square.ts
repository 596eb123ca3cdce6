import { z } from 'zod';
import { credentialField, parseAs, vendorBaseUrl, vendorRequest } from '../http';
import { VendorError, type Connector, type OAuthApp, type OAuthGrant, type VendorAccount } from '../types';

/**
 * Square, following the Square API reference (developer.squareup.com/reference/square):
 * - OAuth (code flow): GET /oauth2/authorize (client_id, scope, session=false, state, redirect_uri),
 *   POST /oauth2/token ObtainToken with a JSON body {client_id, client_secret, grant_type,
 *   code | refresh_token, redirect_uri}, answering {access_token, token_type, expires_at (ISO 8601),
 *   merchant_id, refresh_token}. With the code flow the refresh token is not rotated: a refresh
 *   answers the same refresh token (ObtainToken reference). Access tokens last 30 days.
 * - RetrieveMerchant GET /v2/merchants/{merchant_id} -> {merchant: {id, business_name ...}};
 *   RetrieveLocation GET /v2/locations/{location_id} -> {location: {id, name ...}}, both with
 *   `Authorization: Bearer` and the `Square-Version` header.
 * - Errors (Handling Errors guide): {errors: [{category, code, detail, field}]}, 401 UNAUTHORIZED /
 *   ACCESS_TOKEN_EXPIRED / ACCESS_TOKEN_REVOKED, 403 FORBIDDEN / INSUFFICIENT_SCOPES, 404 NOT_FOUND,
 *   429 RATE_LIMITED. The OAuth endpoints still answer the legacy {message, type} shape (e.g. 401
 *   service.not_authorized; Square developer forum threads on ObtainToken), which http.ts reads too.
 * Production host: connect.squareup.com, for both the OAuth pages and the API.
 */
const PRODUCTION = 'https://connect.squareup.com';

/** The API version this connector was written against (sent on every call, as Square asks). */
export const SQUARE_VERSION = '2025-10-16';

/**
 * Team members (EMPLOYEES_READ), timecards/shifts (TIMECARDS_READ), orders, payments, and the
 * merchant and its locations (MERCHANT_PROFILE_READ). Space separated, as the Authorize reference says.
 */
export const SQUARE_SCOPES = ['MERCHANT_PROFILE_READ', 'EMPLOYEES_READ', 'TIMECARDS_READ', 'ORDERS_READ', 'PAYMENTS_READ'] as const;

const base = (slug: string) => vendorBaseUrl(slug, PRODUCTION);

const TokenResponse = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1).optional(),
  expires_at: z.string().optional(),
  merchant_id: z.string().min(1).optional(),
});
const MerchantResponse = z.object({ merchant: z.object({ id: z.string().min(1), business_name: z.string().optional() }) });
const LocationResponse = z.object({ location: z.object({ id: z.string().min(1), name: z.string().optional() }) });

/** Square ids (locations, merchants) are alphanumeric; checked before they go into a path. */
const SQUARE_ID = /^[A-Za-z0-9_-]{1,64}$/;

function apiHeaders(accessToken: string): Record<string, string> {
  return { Authorization: `Bearer ${accessToken}`, 'Square-Version': SQUARE_VERSION };
}

async function obtainToken(app: OAuthApp, grant: { code: string } | { refreshToken: string }): Promise<z.infer<typeof TokenResponse>> {
  const body = 'code' in grant
    ? { client_id: app.clientId, client_secret: app.clientSecret, grant_type: 'authorization_code', code: grant.code, redirect_uri: app.redirectUri }
    : { client_id: app.clientId, client_secret: app.clientSecret, grant_type: 'refresh_token', refresh_token: grant.refreshToken };
  const res = await vendorRequest({
    vendor: 'square',
    method: 'POST',
    url: `${base('square')}/oauth2/token`,
    headers: { 'Square-Version': SQUARE_VERSION },
    json: body,
    tokenEndpoint: true,
    secrets: [app.clientSecret, 'code' in grant ? grant.code : grant.refreshToken],
  });
  return parseAs('square', TokenResponse, res, 'the ObtainToken answer');
}

function toGrant(t: z.infer<typeof TokenResponse>): OAuthGrant {
  const expiresAt = t.expires_at ? Date.parse(t.expires_at) : NaN;
  return { accessToken: t.access_token, refreshToken: t.refresh_token, expiresAt: Number.isNaN(expiresAt) ? undefined : expiresAt };
}

export const square: Connector = {
  slug: 'square',
  oauth: {
    authorizeUrl({ app, state }) {
      const url = new URL(`${base('square')}/oauth2/authorize`);
      url.searchParams.set('client_id', app.clientId);
      url.searchParams.set('scope', SQUARE_SCOPES.join(' '));
      // session=false: the seller signs in to Square even with a session open (a shared device is not trusted)
      url.searchParams.set('session', 'false');
      url.searchParams.set('state', state);
      url.searchParams.set('redirect_uri', app.redirectUri);
      return url.toString();
    },

    async exchange({ app, code }) {
      const token = await obtainToken(app, { code });
      if (!token.merchant_id || !SQUARE_ID.test(token.merchant_id)) {
        throw new VendorError('square', 'invalid', 'square: the ObtainToken answer names no merchant');
      }
      const account: VendorAccount = { id: token.merchant_id };
      // The name is a courtesy: the code is spent, so a failed lookup must not lose the grant.
      try {
        const res = await vendorRequest({
          vendor: 'square',
          url: `${base('square')}/v2/merchants/${encodeURIComponent(token.merchant_id)}`,
          headers: apiHeaders(token.access_token),
          secrets: [token.access_token],
        });
        const name = parseAs('square', MerchantResponse, res, 'the RetrieveMerchant answer').merchant.business_name;
        if (name) account.name = name;
      } catch (err) {
        if (!(err instanceof VendorError)) throw err;
      }
      return { ...toGrant(token), account };
    },

    async refresh({ app, refreshToken }) {
      return toGrant(await obtainToken(app, { refreshToken }));
    },
  },
};

/** Square with a personal access token for one location: verify = RetrieveLocation. */
export const squareApiKey: Connector = {
  slug: 'square_api_key',
  async verify(credentials) {
    const accessToken = credentialField('square_api_key', credentials, 'accessToken');
    const locationId = credentialField('square_api_key', credentials, 'locationId', SQUARE_ID);
    const res = await vendorRequest({
      vendor: 'square_api_key',
      url: `${base('square_api_key')}/v2/locations/${encodeURIComponent(locationId)}`,
      headers: apiHeaders(accessToken),
      secrets: [accessToken],
    });
    const { location } = parseAs('square_api_key', LocationResponse, res, 'the RetrieveLocation answer');
    return { id: location.id, name: location.name };
  },
};
