import { z } from 'zod';
import { companyIdQuery } from '../../http/fields';
import { companyInQuery, defineRoute, type RouteDef } from '../../http/route';
import {
  deletedSchema,
  deliveriesQuery,
  deliveryPage,
  deliveryParams,
  deliverySchema,
  endpointCreateBody,
  endpointParams,
  endpointPatchBody,
  endpointSchema,
  endpointWithSecretSchema,
  rotateBody,
} from './schemas';
import { lazyFile } from '../kit';

/** The use cases load with the first request that needs them, not with the routes. */
const endpoints = lazyFile<typeof import('./endpoints')>(() => require('./endpoints'));
const deliveries = lazyFile<typeof import('./deliveries')>(() => require('./deliveries'));

const owner = companyInQuery('owner');
const SIGNED =
  'Deliveries are signed per the Standard Webhooks specification (webhook-id = the event id, webhook-timestamp, webhook-signature); see docs/WEBHOOKS.md.';

export const routes: RouteDef[] = [
  defineRoute({
    method: 'post',
    path: '/webhook-endpoints',
    summary: 'Subscribe a URL to the company’s events (owners)',
    status: 201,
    description: `Answers the subscription and its signing secret (whsec_ + base64), shown only here and at rotation. 422 WEBHOOK_URL_REFUSED for a URL that is not https or that names or resolves to a non-public address. ${SIGNED}`,
    access: owner,
    query: companyIdQuery,
    body: endpointCreateBody,
    response: endpointWithSecretSchema,
    handler: ({ member, body }) => endpoints().createEndpoint({ member, body }),
  }),
  defineRoute({
    method: 'get',
    path: '/webhook-endpoints',
    summary: 'The company’s webhook subscriptions, oldest first (owners)',
    access: owner,
    query: companyIdQuery,
    response: z.array(endpointSchema),
    handler: ({ member }) => endpoints().listEndpoints({ member }),
  }),
  defineRoute({
    method: 'get',
    path: '/webhook-endpoints/:endpointId',
    summary: 'A webhook subscription (owners)',
    access: owner,
    params: endpointParams,
    query: companyIdQuery,
    response: endpointSchema,
    handler: ({ member, params }) => endpoints().getEndpoint({ member, endpointId: params.endpointId }),
  }),
  defineRoute({
    method: 'patch',
    path: '/webhook-endpoints/:endpointId',
    summary: 'Change a webhook subscription’s URL, event types, description, or enable or disable it (owners)',
    description:
      'A new URL is checked as at creation. Enabling a subscription the deliveries disabled clears its failure; its failed deliveries are not resent by themselves (redeliver them).',
    access: owner,
    params: endpointParams,
    query: companyIdQuery,
    body: endpointPatchBody,
    response: endpointSchema,
    handler: ({ member, params, body }) =>
      endpoints().updateEndpoint({ member, endpointId: params.endpointId, patch: body }),
  }),
  defineRoute({
    method: 'delete',
    path: '/webhook-endpoints/:endpointId',
    summary: 'Delete a webhook subscription (owners)',
    description: 'Its pending attempts stop; its delivery log stays.',
    access: owner,
    params: endpointParams,
    query: companyIdQuery,
    response: deletedSchema,
    handler: ({ member, params }) => endpoints().deleteEndpoint({ member, endpointId: params.endpointId }),
  }),
  defineRoute({
    method: 'post',
    path: '/webhook-endpoints/:endpointId/rotate-secret',
    summary: 'Rotate a webhook subscription’s signing secret (owners)',
    description:
      'Answers the new secret (shown only here). For `graceHours` (default 24) deliveries carry two signatures, one per secret, so the receiver can switch secrets without refusing a delivery.',
    access: owner,
    params: endpointParams,
    query: companyIdQuery,
    body: rotateBody,
    response: endpointWithSecretSchema,
    handler: ({ member, params, body }) =>
      endpoints().rotateSecret({ member, endpointId: params.endpointId, graceHours: body.graceHours }),
  }),
  defineRoute({
    method: 'get',
    path: '/webhook-endpoints/:endpointId/deliveries',
    summary: 'The delivery log of a webhook subscription, newest first (owners)',
    description:
      'One entry per event delivered to the subscription, with every attempt: time, response status, duration, error, and at most 200 characters of the response body. Pass `nextCursor` as `cursor` for the next page.',
    access: owner,
    params: endpointParams,
    query: deliveriesQuery,
    response: deliveryPage,
    handler: ({ member, params, query }) =>
      deliveries().listDeliveries({ member, endpointId: params.endpointId, query }),
  }),
  defineRoute({
    method: 'post',
    path: '/webhook-endpoints/:endpointId/deliveries/:deliveryId/redeliver',
    summary: 'Send a delivery again, now (owners)',
    status: 202,
    description:
      'One more attempt with the same webhook-id (receivers deduplicate on it), freshly signed; a failed manual attempt is not retried. 409 WEBHOOK_DELIVERY_PENDING while its attempts are still scheduled; 422 WEBHOOK_ENDPOINT_DISABLED when the subscription is disabled.',
    access: owner,
    params: deliveryParams,
    query: companyIdQuery,
    response: deliverySchema,
    handler: ({ member, params }) =>
      deliveries().redeliver({ member, endpointId: params.endpointId, deliveryId: params.deliveryId }),
  }),
];
