import { z } from 'zod';
import { notAsDocumented, parseAs, vendorBaseUrl, vendorRequest } from '../http';
import type { Connector, OAuthApp, OAuthGrant } from '../types';

/**
 * Lightspeed Restaurant K-Series, following the K-Series API portal (api-portal.lsk.lightspeed.app)
 * and API reference (api-docs.lsk.lightspeed.app):
 * - "Authorization Overview": GET https://api.lsk.lightspeed.app/oauth/authorize with
 *   response_type=code, client_id, scope (space delimited), redirect_uri and state; the redirect
 *   carries code and state. The code is exchanged at POST /oauth/token with the client id and
 *   secret base64-encoded as `client_id:client_secret` in the Authorization header (HTTP Basic),
 *   and grant_type=authorization_code, code, redirect_uri. The overview shows these as query
 *   parameters; they are sent here as an application/x-www-form-urlencoded body, which RFC 6749
 *   4.1.3 prescribes and OAuth 2 servers accept (assumption). Refresh: grant_type=refresh_token.
 * - "Authorization FAQ": access tokens expire after 60 minutes, refresh tokens after 14 days, and a
 *   refresh token can be used only once (the returned one replaces it).
 * - The token answer is the standard OAuth 2 one (access_token, token_type, expires_in,
 *   refresh_token, scope), and its errors are RFC 6749 5.2 {error, error_description}.
 * - Financial API getBusinesses: GET /f/data/businesses (scope financial-api) ->
 *   {_embedded: {businessList: [{businessId, businessName, businessLocations: [{blID, blName}]}]}}.
 *   The connection is for one business location: the first location of the first business
 *   (assumption: a token granted by a multi-location owner links its first location).
 */
const PRODUCTION = 'https://api.lsk.lightspeed.app';

/** Shifts and users (staff-api), business and orders (orders-api), sales (financial-api). */
export const LIGHTSPEED_SCOPES = ['orders-api', 'financial-api', 'staff-api'] as const;

const base = () => vendorBaseUrl('lightspeed', PRODUCTION);

const TokenResponse = z.object({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  expires_in: z.number().optional(),
  refresh_token: z.string().min(1).optional(),
});
const Businesses = z.object({
  _embedded: z.object({
    businessList: z.array(z.object({
      businessId: z.union([z.number(), z.string()]),
      businessName: z.string().optional(),
      businessLocations: z.array(z.object({ blID: z.union([z.number(), z.string()]), blName: z.string().optional() })).optional(),
    })),
  }),
});

async function token(app: OAuthApp, form: Record<string, string>, secret: string): Promise<OAuthGrant> {
  const requestedAt = Date.now();
  const res = await vendorRequest({
    vendor: 'lightspeed',
    method: 'POST',
    url: `${base()}/oauth/token`,
    headers: { Authorization: `Basic ${Buffer.from(`${app.clientId}:${app.clientSecret}`).toString('base64')}` },
    form,
    tokenEndpoint: true,
    secrets: [app.clientSecret, secret],
  });
  const t = parseAs('lightspeed', TokenResponse, res, 'the token answer');
  return { accessToken: t.access_token, refreshToken: t.refresh_token, expiresAt: t.expires_in !== undefined ? requestedAt + t.expires_in * 1000 : undefined };
}

export const lightspeed: Connector = {
  slug: 'lightspeed',
  oauth: {
    authorizeUrl({ app, state }) {
      const url = new URL(`${base()}/oauth/authorize`);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('client_id', app.clientId);
      url.searchParams.set('scope', LIGHTSPEED_SCOPES.join(' '));
      url.searchParams.set('redirect_uri', app.redirectUri);
      url.searchParams.set('state', state);
      return url.toString();
    },

    async exchange({ app, code }) {
      const grant = await token(app, { grant_type: 'authorization_code', code, redirect_uri: app.redirectUri }, code);
      // The account id comes from this call, so (unlike a name lookup) its failure fails the exchange.
      const res = await vendorRequest({
        vendor: 'lightspeed',
        url: `${base()}/f/data/businesses`,
        headers: { Authorization: `Bearer ${grant.accessToken}` },
        secrets: [grant.accessToken, grant.refreshToken],
      });
      const business = parseAs('lightspeed', Businesses, res, 'the businesses answer')._embedded.businessList[0];
      const location = business?.businessLocations?.[0];
      if (!business || !location) throw notAsDocumented('lightspeed', 'a businesses answer without a business location', res.status);
      const name = [business.businessName, location.blName].filter(Boolean).join(' - ') || undefined;
      return { ...grant, account: { id: String(location.blID), name } };
    },

    async refresh({ app, refreshToken }) {
      return token(app, { grant_type: 'refresh_token', refresh_token: refreshToken }, refreshToken);
    },
  },
};
