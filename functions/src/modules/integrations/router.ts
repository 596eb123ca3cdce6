import { z } from 'zod';
import { AUTHENTICATED, companyInQuery, defineRoute, type RouteDef } from '../../http/route';
import { companyIdQuery } from '../../http/fields';
import * as service from './service';
import {
  availableQuery,
  catalogueEntrySchema,
  catalogueWithStateSchema,
  categoryParam,
  connectionSchema,
  detailParams,
  overviewSchema,
  statusQuery,
} from './schemas';

const manager = companyInQuery('manager');

const STATES = `**Connection states.** \`not_connected\` (the company never connected it), \`connected\`, \`syncing\` (a sync run is under way), \`error\` (the last sync failed; it is retried at the next hourly run, \`consecutiveFailures\` counts), \`reauth_required\` (the vendor refused the stored credentials: the owner must connect it again; not synced meanwhile), \`disconnected\` (credentials destroyed; synced data and run history kept). Active = connected, syncing, error or reauth_required. Connecting and disconnecting are in the integration-engine module.`;

export const routes: RouteDef[] = [
  defineRoute({
    method: 'get',
    path: '/integrations',
    summary: "Overview: the catalogue by category with the company's state of each entry",
    description: `Every category (pos, payroll, reservation) with its catalogue entries; for each entry the company's connections (several for per-account entries: one per location), the summary \`state\` (the one needing attention first) and \`active\`.\n\n${STATES}\n\nManagers and owners.`,
    access: manager,
    query: companyIdQuery,
    response: overviewSchema,
    handler: ({ query }) => service.overview(query),
  }),
  defineRoute({
    method: 'get',
    path: '/integrations/available',
    summary: 'The catalogue of available integrations',
    description:
      'The catalogue (code, versioned with the API): per entry its auth kind, capabilities, sync modes and the credential fields a connect request carries, with their validation. Optionally one category. Any signed-in user.',
    access: AUTHENTICATED,
    query: availableQuery,
    response: z.array(catalogueEntrySchema),
    handler: async ({ query }) => service.listAvailable(query),
  }),
  defineRoute({
    method: 'get',
    path: '/integrations/available/:category',
    summary: 'The catalogue of one category',
    description: 'As GET /integrations/available?category=. An unknown category is 400. Any signed-in user.',
    access: AUTHENTICATED,
    params: categoryParam,
    response: z.array(catalogueEntrySchema),
    handler: async ({ params }) => service.listAvailable(params),
  }),
  defineRoute({
    method: 'get',
    path: '/integrations/status',
    summary: "The company's active integrations",
    description: `The company's active connections (optionally of one category), with sync bookkeeping: lastSyncAt, lastSuccessAt, lastError {code, message, at}, consecutiveFailures, nextSyncAt, and the vendor account each is linked to.\n\n${STATES}\n\nManagers and owners.`,
    access: manager,
    query: statusQuery,
    response: z.array(connectionSchema.extend({ name: z.string() })),
    handler: ({ query }) => service.activeConnections(query),
  }),
  defineRoute({
    method: 'get',
    path: '/integrations/:category/:slug',
    summary: "One integration: its catalogue entry and the company's connections of it",
    description: `An unknown category is 400; a slug the category does not have is 404 INTEGRATION_NOT_FOUND.\n\n${STATES}\n\nManagers and owners.`,
    access: manager,
    params: detailParams,
    query: companyIdQuery,
    response: catalogueWithStateSchema,
    handler: ({ params, query }) => service.detail({ companyId: query.companyId, ...params }),
  }),
];
