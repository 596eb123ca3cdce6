import { z } from 'zod';
import { WEBHOOK_EVENT_TYPES } from '../../core/domain-event';
import { companyIdQuery, documentId } from '../../http/fields';
import { pageCursor } from '../../http/cursor';

const eventTypes = z
  .array(z.enum(WEBHOOK_EVENT_TYPES))
  .min(1)
  .max(WEBHOOK_EVENT_TYPES.length)
  .transform((types) => [...new Set(types)])
  .nullable()
  .describe(
    'The event types delivered; null: every type, including types added later (team messages, message.posted, are never delivered to webhooks)',
  );

const webhookUrl = z
  .url({ protocol: /^https?$/ })
  .max(2000)
  .describe(
    'An https URL of a public host (no credentials in it). It is checked when saved and again at every delivery after DNS resolution: a host that names or resolves to a private, loopback, link-local, carrier-grade NAT, unique-local or IPv4-mapped address is refused.',
  )
  .meta({ example: 'https://hooks.example.com/workforce' });

export const endpointCreateBody = z.strictObject({
  url: webhookUrl,
  eventTypes: eventTypes.default(null),
  enabled: z.boolean().default(true),
  description: z.string().trim().max(500).default(''),
});
export type EndpointCreate = z.output<typeof endpointCreateBody>;

export const endpointPatchBody = z
  .strictObject({
    url: webhookUrl,
    eventTypes,
    enabled: z.boolean().describe('Enabling a subscription the deliveries disabled clears its failure'),
    description: z.string().trim().max(500),
  })
  .partial();
export type EndpointPatch = z.output<typeof endpointPatchBody>;

export const rotateBody = z.strictObject({
  graceHours: z
    .number()
    .int()
    .min(0)
    .max(168)
    .default(24)
    .describe(
      'How long the previous secret still signs deliveries beside the new one (default 24 hours; 0 ends it now)',
    ),
});

export const endpointParams = z.object({ endpointId: documentId });
export const deliveryParams = endpointParams.extend({ deliveryId: documentId });

export const endpointSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    eventTypes: z.array(z.string()).nullable().describe('null: every event type'),
    enabled: z.boolean(),
    description: z.string(),
    disabledReason: z
      .enum(['manual', 'failing'])
      .nullable()
      .describe('failing: disabled by the deliveries after a day of failed attempts (the owners were emailed)'),
    disabledAt: z.number().nullable(),
    previousSecretExpiresAt: z
      .number()
      .nullable()
      .describe('Until then deliveries carry a second signature, made with the secret before the last rotation'),
    lastSuccessAt: z.number().nullable(),
    createdAt: z.number(),
    updatedAt: z.number(),
  })
  .meta({ id: 'WebhookEndpoint' });
export type Endpoint = z.infer<typeof endpointSchema>;

export const endpointWithSecretSchema = z
  .object({
    endpoint: endpointSchema,
    secret: z
      .string()
      .describe('The signing secret (whsec_ + base64), shown only in this answer: keep it, it is never shown again'),
  })
  .meta({ id: 'WebhookEndpointWithSecret' });

export const attemptSchema = z
  .object({
    attempt: z.number().int().describe('1 for the first delivery; manual redeliveries continue the count'),
    manual: z.boolean(),
    at: z.number(),
    responseStatus: z
      .number()
      .int()
      .nullable()
      .describe('null when no response came (refused address, timeout, connection error)'),
    durationMs: z.number().int(),
    error: z.string().nullable(),
    responseExcerpt: z.string().nullable().describe('The first 200 characters of the response body, at most'),
  })
  .meta({ id: 'WebhookAttempt' });

export const deliverySchema = z
  .object({
    id: z.string(),
    endpointId: z.string(),
    eventId: z.string().describe('The webhook-id header of every attempt: receivers deduplicate on it'),
    eventType: z.string(),
    status: z.enum(['pending', 'delivered', 'failed', 'skipped']),
    attempts: z.array(attemptSchema).describe('Oldest first (the last 50)'),
    nextAttemptAt: z.number().nullable(),
    createdAt: z.number(),
    updatedAt: z.number(),
  })
  .meta({ id: 'WebhookDelivery' });
export type Delivery = z.infer<typeof deliverySchema>;

/** Where a page of deliveries ended: the last one's createdAt and id (newest first). */
export const deliveriesCursor = pageCursor('webhook-deliveries', z.tuple([z.number().int().nonnegative(), documentId]));

export const deliveriesQuery = companyIdQuery.extend({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: deliveriesCursor.query,
});

export const deliveryPage = z
  .object({ deliveries: z.array(deliverySchema), nextCursor: z.string().nullable() })
  .meta({ id: 'WebhookDeliveryPage' });
export const deletedSchema = z.object({ id: z.string(), deleted: z.literal(true) });

/** The body of a task of the delivery queue. */
export const deliveryTaskSchema = z.object({
  companyId: z.string().min(1),
  deliveryId: z.string().min(1),
  attempt: z.number().int().min(1),
  manual: z.boolean().default(false),
});
export type DeliveryTask = z.output<typeof deliveryTaskSchema>;
