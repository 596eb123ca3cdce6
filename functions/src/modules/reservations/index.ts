/** The reservations module's public API: its routes (served by the integration engine), covers for the forecast, partner keys for the engine's connect. */
import { lazyFunction } from '../kit';

const partnerKeys = () => require('./partner-keys') as typeof import('./partner-keys');

/** The reservation partners' routes and the covers route, for the integration engine's function to serve. */
export const reservationRoutes = () => (require('./routes') as typeof import('./routes')).routes;
/** Covers booked with the reservation partner per business day and hour (the forecast's front-of-house demand). */
export const bookedCovers = lazyFunction(() => require('./covers') as typeof import('./covers'), 'coversOf');
/** Stores a partner's push (the demo loader pushes as a partner would). */
export const pushReservations = lazyFunction(() => require('./push') as typeof import('./push'), 'pushReservations');
export const newPartnerKey = lazyFunction(partnerKeys, 'newPartnerKey');
export const replacePartnerKeys = lazyFunction(partnerKeys, 'replacePartnerKeys');
export const revokePartnerKeys = lazyFunction(partnerKeys, 'revokePartnerKeys');
export type { IssuedPartnerKey } from './partner-keys';
export { reservationErrors } from './errors';
