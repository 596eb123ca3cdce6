import { config, OAUTH_CLIENT_SECRETS, type OAuthVendor } from '../../core/config';
import type { OAuthApp } from '../../pos/connectors';
import { engineErrors } from './errors';

/** Our OAuth application with the vendor; 503 when it is not configured here. */
export function oauthApp(slug: string, redirectUri = config.vendors.oauthRedirectUri()): OAuthApp {
  const vendor = slug as OAuthVendor;
  const secret = OAUTH_CLIENT_SECRETS[vendor];
  const clientId = secret ? config.vendors.oauthClientId(vendor) : undefined;
  const clientSecret = secret ? config.secret(secret) : undefined;
  if (!clientId || !clientSecret) {
    throw engineErrors.OAUTH_APP_NOT_CONFIGURED(
      `Connecting ${slug} needs our OAuth application's client id and secret (${slug.toUpperCase()}_CLIENT_ID, ${slug.toUpperCase()}_CLIENT_SECRET)`,
    );
  }
  return { clientId, clientSecret, redirectUri };
}
