import { companyInQuery, defineRoute, type KeyAccess, type RouteDef } from '../../http/route';
import {
  coversQuery,
  coversResponse,
  MAX_COVERS_DAYS,
  MAX_RESERVATIONS_PER_PUSH,
  partnerParams,
  partnerPushBody,
  partnerPushResponse,
} from './schemas';
import { lazyFile } from '../kit';

/** The use cases, loaded with the first request that uses them. */
const partnerKeys = lazyFile<typeof import('./partner-keys')>(() => require('./partner-keys'));
const push = lazyFile<typeof import('./push')>(() => require('./push'));
const covers = lazyFile<typeof import('./covers')>(() => require('./covers'));

const manager = companyInQuery('manager');

const partnerKey: KeyAccess = {
  kind: 'key',
  scheme: 'partnerKey',
  verify: (...args) => partnerKeys().verifyPartnerKey(...args),
  description:
    "A reservation partner, with the partner key the company's owner issued to it (`Authorization: Bearer wfpk_...`, shown once at connect). A missing, wrong or revoked key is 401 PARTNER_KEY_INVALID and nothing is written.",
};

/**
 * The routes of the reservation partners and their covers. They are served by the integration
 * engine's function, which connects the partners, so their addresses and operation ids stay the engine's.
 */
export const routes: RouteDef[] = [
  defineRoute({
    method: 'post',
    path: '/partners/:slug/reservations',
    summary: 'A reservation partner pushes reservations',
    description: `Up to ${MAX_RESERVATIONS_PER_PUSH} reservations (created, updated or cancelled), each idempotent on the partner's own \`id\`: a repeated push changes nothing (\`unchanged\`), a changed one is \`updated\`, an older \`updatedAt\` than the stored one is ignored (\`stale\`: out-of-order delivery). Each item is validated on its own; a rejected one (INVALID_ITEM, DUPLICATE_IN_BATCH) never blocks the others. Covers (party sizes of booked, confirmed, seated and completed reservations; cancelled and no-show ones count none) are kept per business day and hour of the company calendar (timezone, dayChangeTime).`,
    access: partnerKey,
    params: partnerParams,
    body: partnerPushBody,
    response: partnerPushResponse,
    bodyLimit: '2mb',
    handler: ({ keyHolder, body }) =>
      push().pushReservations({
        companyId: keyHolder.companyId,
        partner: keyHolder.subject,
        items: body.reservations,
      }),
  }),
  defineRoute({
    method: 'get',
    path: '/reservations/covers',
    summary: 'Reserved covers per business day and hour',
    description: `Covers and reservation counts per business day of the range (at most ${MAX_COVERS_DAYS} days), per business hour (0..47: hours past 23 belong to the previous business day, before dayChangeTime), beside the schedule template's morning and evening parts of that weekday (\`perClient\`, \`revenue\`, \`start\`), for forecasting staff against reservations. Managers and owners.`,
    access: manager,
    query: coversQuery,
    response: coversResponse,
    handler: ({ query }) => covers().coversOf(query),
  }),
];
