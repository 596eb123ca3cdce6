import express, { type Response, type Router } from 'express';
import { SIMULATED, SIMULATED_NAMES } from './accounts';
import { scriptedFailures, type SimulatorState } from './state';

/**
 * A local Revel (src/connectors/vendors/revel.ts names the documentation followed): the Tastypie
 * Establishment resource, GET /enterprise/Establishment/{id}/ with the
 * `API-AUTHENTICATION: {api_key}:{api_secret}` header. Tastypie's defaults for errors: 401 and 404
 * with empty bodies, 429 (throttled) with an empty body, 500 {error_message}.
 */

const ACCOUNT = SIMULATED.revel;

function tastypieError(res: Response, status: number): void {
  if (status >= 500) res.status(status).json({ error_message: 'Sorry, this request could not be processed. Please try again later.' });
  else res.status(status).end();
}

export function revelRouter(state: SimulatorState): Router {
  const r = express.Router();
  r.use(scriptedFailures(state, 'revel', (res, status) => tastypieError(res, status)));

  r.get('/enterprise/Establishment/:id', (req, res) => {
    const header = req.get('api-authentication') ?? '';
    const colon = header.indexOf(':');
    const [key, secret] = colon < 0 ? [header, ''] : [header.slice(0, colon), header.slice(colon + 1)];
    if (key !== ACCOUNT.apiKey || secret !== ACCOUNT.apiSecret || state.isRevoked(key, secret)) return tastypieError(res, 401);
    if (req.params.id !== ACCOUNT.establishmentId) return tastypieError(res, 404);
    const id = Number(ACCOUNT.establishmentId);
    res.json({
      id,
      name: SIMULATED_NAMES.revel,
      active: true,
      address: '/enterprise/Address/5/',
      brand: '/enterprise/Brand/1/',
      brand_name: 'Simulated Revel Group',
      contact_name: 'Simulated Manager',
      created_by: '/enterprise/User/2/',
      created_date: '2024-03-01T09:30:00',
      updated_date: '2024-06-01T12:00:00',
      resource_uri: `/enterprise/Establishment/${id}/`,
      uuid: '3d1f6b2a-7c49-4e85-a0d3-9b6c2e1f4a87',
    });
  });

  return r;
}
