/** The reservations module's public API: its routes (served by the integration engine), covers for the forecast, partner keys for the engine's connect. */
import { lazyFile, lazyFunction } from '../kit';

const covers = lazyFile<typeof import('./covers')>(() => require('./covers'));
const push = lazyFile<typeof import('./push')>(() => require('./push'));
const routes = lazyFile<typeof import('./routes')>(() => require('./routes'));
const partnerKeys = lazyFile<typeof import('./partner-keys')>(() => require('./partner-keys'));

/** The reservation partners' routes and the covers route, for the integration engine's function to serve. */
export const reservationRoutes = () => routes().routes;
/** Covers booked with the reservation partner per business day and hour (the forecast's front-of-house demand). */
export const bookedCovers = lazyFunction(covers, 'coversOf');
/** Stores a partner's push (the demo loader pushes as a partner would). */
export const pushReservations = lazyFunction(push, 'pushReservations');
export const newPartnerKey = lazyFunction(partnerKeys, 'newPartnerKey');
export const replacePartnerKeys = lazyFunction(partnerKeys, 'replacePartnerKeys');
export const revokePartnerKeys = lazyFunction(partnerKeys, 'revokePartnerKeys');
export type { IssuedPartnerKey } from './partner-keys';
export { reservationErrors } from './errors';
