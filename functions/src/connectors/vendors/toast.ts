import { z } from 'zod';
import { credentialField, parseAs, parseRetryAfter, vendorBaseUrl, vendorRequest } from '../http';
import type { Connector } from '../types';

/**
 * Toast, following the Toast developer guide and API reference (doc.toasttab.com):
 * - Authentication API (openapi/authentication, operation authenticationLoginPost):
 *   POST /authentication/v1/authentication/login with {clientId, clientSecret, userAccessType}
 *   -> {token: {tokenType: 'Bearer', accessToken, expiresIn (s) ...}, status: 'SUCCESS'};
 *   401 when the client credentials are not valid. The reference says "Always include the
 *   userAccessType value and set it to TOAST_MACHINE_CLIENT" (the brief said TOOLS_MACHINE_CLIENT;
 *   the documented value is used).
 * - Restaurants API (openapi/restaurants, restaurantsRestaurantGuidGet):
 *   GET /restaurants/v1/restaurants/{restaurantGUID} with `Authorization: Bearer` and the required
 *   `Toast-Restaurant-External-ID: {restaurantGUID}` header -> RestaurantInfo {guid, general:
 *   {name, locationName ...}}; 404 when the GUID is invalid (or archived). A restaurant that has
 *   not granted the API client access answers 403 (devguide "Standard API access FAQs"), which is
 *   'rejected': the credentials do not reach it.
 * - Errors (devguide apiResponsesAndErrors): an ErrorMessage {status, code, message, requestId,
 *   developerMessage, errors}; 429 with Retry-After or X-Toast-RateLimit-Reset (devguide
 *   "Handling being rate limited").
 * Production host: ws-api.toasttab.com.
 */
const PRODUCTION = 'https://ws-api.toasttab.com';
export const TOAST_USER_ACCESS_TYPE = 'TOAST_MACHINE_CLIENT';

const GUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

const LoginResponse = z.object({ token: z.object({ accessToken: z.string().min(1), expiresIn: z.number().optional() }) });
const RestaurantInfo = z.object({
  guid: z.string().optional(),
  general: z.object({ name: z.string().optional(), locationName: z.string().nullish() }).optional(),
});

/**
 * X-Toast-RateLimit-Reset: read as epoch seconds of the reset (assumed; the devguide names the
 * header without its format), used only when Retry-After is absent.
 */
function toastReset(headers: Headers): number | undefined {
  const v = headers.get('x-toast-ratelimit-reset');
  if (!v) return undefined;
  if (/^\d{9,}$/.test(v.trim())) return Math.max(0, Number(v.trim()) * 1000 - Date.now());
  return parseRetryAfter(v);
}

export const toast: Connector = {
  slug: 'toast',
  async verify(credentials) {
    const clientId = credentialField('toast', credentials, 'clientId');
    const clientSecret = credentialField('toast', credentials, 'clientSecret');
    const restaurantGuid = credentialField('toast', credentials, 'restaurantGuid', GUID);
    const base = vendorBaseUrl('toast', PRODUCTION);
    const secrets = [clientSecret];

    const login = await vendorRequest({
      vendor: 'toast',
      method: 'POST',
      url: `${base}/authentication/v1/authentication/login`,
      json: { clientId, clientSecret, userAccessType: TOAST_USER_ACCESS_TYPE },
      secrets,
      retryAfterFrom: toastReset,
    });
    const { accessToken } = parseAs('toast', LoginResponse, login, 'the authentication answer').token;

    const res = await vendorRequest({
      vendor: 'toast',
      url: `${base}/restaurants/v1/restaurants/${encodeURIComponent(restaurantGuid)}`,
      headers: { Authorization: `Bearer ${accessToken}`, 'Toast-Restaurant-External-ID': restaurantGuid },
      secrets: [...secrets, accessToken],
      retryAfterFrom: toastReset,
    });
    const info = parseAs('toast', RestaurantInfo, res, 'the restaurant information');
    const general = info.general;
    const name = general?.name ? (general.locationName ? `${general.name} (${general.locationName})` : general.name) : undefined;
    return { id: restaurantGuid, name };
  },
};
