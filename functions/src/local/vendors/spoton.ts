import express, { type Response, type Router } from 'express';
import { SIMULATED, SIMULATED_NAMES, SIMULATED_UNREACHABLE } from './accounts';
import { REASONS, scriptedFailures, type SimulatorState } from './state';

/**
 * A local SpotOn Restaurant POS Export API (src/connectors/vendors/spoton.ts names the
 * documentation followed): GET /posexport/v1/locations/{locationId} with `x-api-key`; errors
 * {message, code}: 401 missing or invalid key, 403 a location the key has no access to, 404 a
 * location that does not exist.
 */

const ACCOUNT = SIMULATED.spoton;

function spotonError(res: Response, status: number, message = REASONS[status] ?? 'Error'): void {
  res.status(status).json({ message, code: String(status) });
}

export function spotonRouter(state: SimulatorState): Router {
  const r = express.Router();
  r.use(scriptedFailures(state, 'spoton', (res, status) => spotonError(res, status)));

  r.get('/posexport/v1/locations/:locationId', (req, res) => {
    const key = req.get('x-api-key');
    if (!key) return spotonError(res, 401, 'Missing API key');
    if (key !== ACCOUNT.apiKey || state.isRevoked(key)) return spotonError(res, 401, 'Invalid API key');
    const id = req.params.locationId;
    if (id === SIMULATED_UNREACHABLE.spotonLocationId) return spotonError(res, 403, 'The API key does not have access to this location');
    if (id !== ACCOUNT.locationId) return spotonError(res, 404, 'Location not found');
    res.json({
      id: ACCOUNT.locationId,
      organizationId: 'sim-organization-0001',
      name: SIMULATED_NAMES.spoton,
      deleted: false,
      fiscalendofdaytime: 10_800_000,
      spotonmerchantid: 'sim-merchant-000417',
    });
  });

  return r;
}
