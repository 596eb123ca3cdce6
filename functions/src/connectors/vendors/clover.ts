import { z } from 'zod';
import { parseAs, vendorBaseUrl, vendorRequest } from '../http';
import { VendorError, type Connector, type OAuthGrant, type VendorAccount } from '../types';

/**
 * Clover (North America), the v2/OAuth flow with expiring tokens, following docs.clover.com:
 * - "High-trust apps—Auth code flow" (docs/high-trust-app-auth-flow): the merchant is sent to
 *   www.clover.com/oauth/v2/authorize?client_id&redirect_uri (plus state and response_type=code);
 *   Clover redirects back with merchant_id, client_id, employee_id and code; POST
 *   api.clover.com/oauth/v2/token with the JSON body {client_id, client_secret, code} answers
 *   {access_token, access_token_expiration, refresh_token, refresh_token_expiration} (Unix
 *   timestamps, in seconds; lengths and lifetimes are not fixed and must not be hard-coded).
 * - "Refresh access tokens" (docs/refresh-access-tokens): POST api.clover.com/oauth/v2/refresh
 *   {client_id, refresh_token} answers a new pair; a refresh token is single use and invalid once
 *   the new pair is issued.
 * - Merchants: GET /v3/merchants/{mId} with `Authorization: Bearer` -> {id, name ...}.
 * - Errors ("401 Unauthorized" troubleshooting page): Clover answers 401 both for an invalid or
 *   expired token and for missing permissions; bodies are {message}. 429 on rate limits
 *   ("Work with API usage and rate limits").
 * With a VENDOR_URL_CLOVER override, www.clover.com and api.clover.com collapse onto it.
 */
const AUTHORIZE_HOST = 'https://www.clover.com';
const API_HOST = 'https://api.clover.com';

/** Clover merchant ids: 13 alphanumeric characters ("401 Unauthorized" page); a little slack kept. */
const MERCHANT_ID = /^[A-Za-z0-9]{8,32}$/;

const TokenPair = z.object({
  access_token: z.string().min(1),
  access_token_expiration: z.number().optional(),
  refresh_token: z.string().min(1).optional(),
  refresh_token_expiration: z.number().optional(),
});
const Merchant = z.object({ id: z.string().optional(), name: z.string().optional() });

function toGrant(t: z.infer<typeof TokenPair>): OAuthGrant {
  return { accessToken: t.access_token, refreshToken: t.refresh_token, expiresAt: t.access_token_expiration ? t.access_token_expiration * 1000 : undefined };
}

export const clover: Connector = {
  slug: 'clover',
  oauth: {
    authorizeUrl({ app, state }) {
      const url = new URL(`${vendorBaseUrl('clover', AUTHORIZE_HOST)}/oauth/v2/authorize`);
      url.searchParams.set('client_id', app.clientId);
      url.searchParams.set('redirect_uri', app.redirectUri);
      url.searchParams.set('state', state);
      url.searchParams.set('response_type', 'code');
      return url.toString();
    },

    async exchange({ app, code, callbackQuery }) {
      const merchantId = callbackQuery.merchant_id;
      if (!merchantId || !MERCHANT_ID.test(merchantId)) {
        throw new VendorError('clover', 'invalid', 'clover: the OAuth callback names no merchant (merchant_id)');
      }
      const api = vendorBaseUrl('clover', API_HOST);
      const res = await vendorRequest({
        vendor: 'clover',
        method: 'POST',
        url: `${api}/oauth/v2/token`,
        json: { client_id: app.clientId, client_secret: app.clientSecret, code },
        tokenEndpoint: true,
        secrets: [app.clientSecret, code],
      });
      const pair = parseAs('clover', TokenPair, res, 'the token answer');
      const account: VendorAccount = { id: merchantId };
      // The name is a courtesy: the code is spent, so a failed lookup must not lose the grant.
      try {
        const m = await vendorRequest({
          vendor: 'clover',
          url: `${api}/v3/merchants/${encodeURIComponent(merchantId)}`,
          headers: { Authorization: `Bearer ${pair.access_token}` },
          secrets: [pair.access_token],
        });
        const name = parseAs('clover', Merchant, m, 'the merchant').name;
        if (name) account.name = name;
      } catch (err) {
        if (!(err instanceof VendorError)) throw err;
      }
      return { ...toGrant(pair), account };
    },

    async refresh({ app, refreshToken }) {
      const res = await vendorRequest({
        vendor: 'clover',
        method: 'POST',
        url: `${vendorBaseUrl('clover', API_HOST)}/oauth/v2/refresh`,
        json: { client_id: app.clientId, refresh_token: refreshToken },
        tokenEndpoint: true,
        secrets: [app.clientSecret, refreshToken],
      });
      return toGrant(parseAs('clover', TokenPair, res, 'the refresh answer'));
    },
  },
};
