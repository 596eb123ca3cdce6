import { randomUUID } from 'node:crypto';
import express, { type Response, type Router } from 'express';
import { SIMULATED, SIMULATED_NAMES, SIMULATED_UNREACHABLE } from './accounts';
import { bearerToken, bodyField, randomToken, REASONS, scriptedFailures, type SimulatorState } from './state';

/**
 * A local Toast (src/connectors/vendors/toast.ts names the documentation followed):
 * - POST /authentication/v1/authentication/login {clientId, clientSecret, userAccessType:
 *   'TOAST_MACHINE_CLIENT'} -> {token: {tokenType: 'Bearer', scope, expiresIn, accessToken,
 *   idToken, refreshToken}, status: 'SUCCESS'}; 401 for client credentials that are not valid.
 * - GET /restaurants/v1/restaurants/{restaurantGUID} with Bearer and Toast-Restaurant-External-ID:
 *   RestaurantInfo for the connected restaurant, 403 for a restaurant that has not granted the
 *   client access, 404 for a GUID Toast does not know.
 * - Errors are Toast ErrorMessage objects {status, code, message, messageKey, fieldName, link,
 *   requestId, developerMessage, errors, canRetry}; `code` is left null (the numeric codes are not
 *   documented publicly).
 */

export const TOAST_TOKEN_TTL_SECONDS = 86_400;
const CLIENT = SIMULATED.toast;

function errorMessage(res: Response, status: number, message: string): void {
  res.status(status).json({
    status, code: null, message, messageKey: null, fieldName: null, link: 'https://doc.toasttab.com/doc/devguide/apiResponsesAndErrors.html',
    requestId: randomUUID(), developerMessage: null, errors: [], canRetry: null,
  });
}

/** A JWT-shaped (unsigned, simulated) access token, as Toast's are JSON Web Tokens. */
function simulatedJwt(): string {
  const part = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part({ iss: 'toast-simulator', sub: CLIENT.clientId, jti: randomUUID() })}.${randomToken('', 24)}`;
}

export function toastRouter(state: SimulatorState): Router {
  const r = express.Router();
  r.use(scriptedFailures(state, 'toast', (res, status) => errorMessage(res, status, REASONS[status] ?? 'Simulated failure')));
  r.use(express.json());

  r.post('/authentication/v1/authentication/login', (req, res) => {
    const clientId = bodyField(req, 'clientId');
    const clientSecret = bodyField(req, 'clientSecret');
    if (bodyField(req, 'userAccessType') !== 'TOAST_MACHINE_CLIENT') return errorMessage(res, 400, 'userAccessType must be TOAST_MACHINE_CLIENT');
    if (clientId !== CLIENT.clientId || clientSecret !== CLIENT.clientSecret || state.isRevoked(clientId, clientSecret)) {
      return errorMessage(res, 401, 'The Toast API client credentials in your request are not valid.');
    }
    const accessToken = simulatedJwt();
    const ttl = state.accessTtl(TOAST_TOKEN_TTL_SECONDS);
    state.issueToken('toast', 'access', accessToken, { clientId, account: CLIENT.restaurantGuid, scopes: ['restaurants:read', 'labor:read', 'orders:read'] }, ttl);
    res.json({ token: { tokenType: 'Bearer', scope: null, expiresIn: ttl, accessToken, idToken: null, refreshToken: null }, status: 'SUCCESS' });
  });

  r.get('/restaurants/v1/restaurants/:restaurantGuid', (req, res) => {
    const check = state.checkToken('toast', 'access', bearerToken(req));
    if (!check.ok) return errorMessage(res, 401, check.reason === 'expired' ? 'The authentication token has expired.' : 'Authentication failed.');
    const guid = req.params.restaurantGuid.toLowerCase();
    const header = req.get('toast-restaurant-external-id');
    if (!header) return errorMessage(res, 400, 'The Toast-Restaurant-External-ID header is required.');
    if (header.toLowerCase() !== guid) return errorMessage(res, 400, 'The Toast-Restaurant-External-ID header does not match the restaurant of the request.');
    if (guid === SIMULATED_UNREACHABLE.toastRestaurantGuid) return errorMessage(res, 403, 'Access to this restaurant is not allowed for the API client.');
    if (guid !== CLIENT.restaurantGuid || check.token.account !== CLIENT.restaurantGuid) return errorMessage(res, 404, 'Restaurant not found.');
    res.json({
      guid: CLIENT.restaurantGuid,
      general: {
        name: SIMULATED_NAMES.toast, locationName: SIMULATED_NAMES.toastLocation, locationCode: 'HBR', description: 'A simulated restaurant.',
        timeZone: 'America/New_York', closeoutHour: 4, managementGroupGuid: '7b2c4d6e-8f10-4a3b-9c5d-6e7f8a9b0c1d', currencyCode: 'USD',
        firstBusinessDate: 20240301, archived: false,
      },
      urls: { website: null, facebook: null, twitter: null, orderOnline: null, purchaseGiftCard: null, checkGiftCard: null },
      location: { address1: '10 Harbour Way', address2: null, city: 'Boston', stateCode: 'MA', administrativeArea: null, zipCode: '02110', country: 'US', phone: '6175550100', phoneCountryCode: '1', latitude: 42.3554, longitude: -71.0505 },
    });
  });

  return r;
}
