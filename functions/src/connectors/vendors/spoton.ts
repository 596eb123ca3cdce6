import { z } from 'zod';
import { credentialField, parseAs, vendorBaseUrl, vendorRequest } from '../http';
import type { Connector } from '../types';

/**
 * SpotOn Restaurant POS Export API (developers.spoton.com/restaurant/docs: introduction and
 * "API access"; the OpenAPI description derived from them at
 * github.com/api-evangelist/spoton openapi/_original/spoton-restaurant-pos-export-openapi-original.yml):
 * - Base URL https://restaurantapi.spoton.com/posexport/v1, location-centric routes, an API key in
 *   the `x-api-key` header granting access per location.
 * - The cheapest call for the location: GET /locations/{locationId} -> Location {id,
 *   organizationId, name, deleted, fiscalendofdaytime, spotonmerchantid}.
 * - Errors {message, code}: 401 for a missing or invalid key, 403 when the key has no access to the
 *   location, 404 for a location that does not exist, 429 when throttled.
 * With a VENDOR_URL_SPOTON override, the same paths (/posexport/v1/...) are served under it.
 */
const PRODUCTION = 'https://restaurantapi.spoton.com';
const LOCATION_ID = /^[A-Za-z0-9._:-]{1,128}$/;

const Location = z.object({ id: z.string().min(1), name: z.string().optional() });

export const spoton: Connector = {
  slug: 'spoton',
  async verify(credentials) {
    const apiKey = credentialField('spoton', credentials, 'apiKey');
    const locationId = credentialField('spoton', credentials, 'locationId', LOCATION_ID);
    const res = await vendorRequest({
      vendor: 'spoton',
      url: `${vendorBaseUrl('spoton', PRODUCTION)}/posexport/v1/locations/${encodeURIComponent(locationId)}`,
      headers: { 'x-api-key': apiKey },
      secrets: [apiKey],
    });
    const location = parseAs('spoton', Location, res, 'the location');
    return { id: location.id, name: location.name };
  },
};
