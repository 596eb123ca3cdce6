import type { ModuleDefinition } from '../kit';
import { reservationErrors } from './errors';

/**
 * The reservations module is not deployed on its own: the integration engine's function, which
 * connects the reservation partners, serves its routes (reservationRoutes) and declares what this
 * part holds, so the API's addresses and operation ids stay the engine's.
 */
export const reservationsPart = {
  errors: reservationErrors.catalog,
  collections: { company: ['reservations', 'reservationCovers'], root: ['partnerKeys'] },
  // reservations name guests, not the company's people (employees, applicants, users)
  personalData: { reservations: 'none', reservationCovers: 'none', partnerKeys: 'none' },
} as const satisfies Pick<ModuleDefinition, 'errors' | 'collections' | 'personalData'>;
