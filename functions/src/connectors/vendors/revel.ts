import { z } from 'zod';
import { credentialField, parseAs, vendorBaseUrl, vendorRequest } from '../http';
import type { Connector } from '../types';

/**
 * Revel Systems, the per-merchant REST API (a Django Tastypie API at https://{domain}.revelup.com):
 * - Authentication: the `API-AUTHENTICATION: {api_key}:{api_secret}` header on every request
 *   (Revel developer portal, developer.revelsystems.com; the same header as public Revel clients
 *   send, e.g. github.com/vdiazPB/tripleseat-revel-connector).
 * - Establishment resource (developer.revelsystems.com reference, "Establishment"):
 *   GET /enterprise/Establishment/{id}/ -> {id, name, active, resource_uri, uuid ...}, JSON with
 *   `Accept: application/json` (Tastypie content negotiation).
 * - Errors: Tastypie answers 401 Unauthorized for a wrong key or secret and 404 for an unknown
 *   establishment (both with empty bodies in Tastypie's defaults), 429 when throttled.
 * With a VENDOR_URL_REVEL override every account domain collapses onto that one base URL.
 */
const DOMAIN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const ESTABLISHMENT_ID = /^[0-9]{1,12}$/;

const Establishment = z.object({ id: z.union([z.number(), z.string()]), name: z.string().optional() });

export const revel: Connector = {
  slug: 'revel',
  async verify(credentials) {
    // the domain becomes a host name: checked before it goes anywhere near a URL
    const domain = credentialField('revel', credentials, 'domain', DOMAIN);
    const apiKey = credentialField('revel', credentials, 'apiKey');
    const apiSecret = credentialField('revel', credentials, 'apiSecret');
    const establishmentId = credentialField('revel', credentials, 'establishmentId', ESTABLISHMENT_ID);
    const base = vendorBaseUrl('revel', `https://${domain}.revelup.com`);
    const res = await vendorRequest({
      vendor: 'revel',
      url: `${base}/enterprise/Establishment/${establishmentId}/`,
      headers: { 'API-AUTHENTICATION': `${apiKey}:${apiSecret}` },
      secrets: [apiKey, apiSecret],
    });
    const e = parseAs('revel', Establishment, res, 'the establishment');
    return { id: String(e.id), name: e.name };
  },
};
