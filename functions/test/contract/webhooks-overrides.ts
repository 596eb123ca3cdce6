import { randomUUID } from 'node:crypto';
import { db } from '../../src/core/firebase';
import { enqueueWebhookDeliveries } from '../../src/modules/webhooks';
import { deliveryIdOf } from '../../src/modules/webhooks/deliveries';
import { api } from '../helpers/api';
import { bearer } from '../helpers/users';
import type { Fixture, Override, Prepared } from './generate';

/**
 * Overrides of the webhooks module's operations: they act on a subscription of the fixture
 * company (its URL a public host that does not resolve here: accepted when saved), and the
 * redelivery on a delivery that has finished (a pending one is 409).
 */
async function subscription(f: Fixture): Promise<Prepared> {
  const res = await api('webhooks')
    .post('/webhook-endpoints')
    .query({ companyId: f.company.companyId })
    .set(bearer(f.company.owner))
    .send({ url: 'https://hooks.example.com/contract' });
  if (res.status !== 201)
    throw new Error(`fixture: POST /webhook-endpoints answered ${res.status}: ${res.text.slice(0, 300)}`);
  return { endpointId: String(res.body.data.endpoint.id) };
}

async function failedDelivery(f: Fixture): Promise<Prepared> {
  const { endpointId } = await subscription(f);
  const { companyId } = f.company;
  const eventId = `evt_contract_${randomUUID()}`;
  await enqueueWebhookDeliveries({
    id: eventId,
    type: 'post.published',
    companyId,
    occurredAt: new Date().toISOString(),
    actor: { uid: null, job: 'contract' },
    subjects: {},
    version: 1,
    data: {},
  });
  const deliveryId = deliveryIdOf(endpointId, eventId);
  await db()
    .collection('companies')
    .doc(companyId)
    .collection('webhookDeliveries')
    .doc(deliveryId)
    .update({ status: 'failed', nextAttemptAt: null });
  return { endpointId, deliveryId };
}

const withSubscription = (why: string): Override => ({
  why,
  setup: subscription,
  request: (_f, p) => ({ path: { endpointId: p.endpointId } }),
});

export const WEBHOOK_OVERRIDES: Record<string, Override> = {
  'POST /webhook-endpoints': {
    why: 'the URL must be an https URL of a public host (the generic sample of a uri string is not a URL)',
    request: () => ({ body: { url: 'https://hooks.example.com/contract' } }),
  },
  'GET /webhook-endpoints/{endpointId}': withSubscription('reads an existing subscription (otherwise 404)'),
  'PATCH /webhook-endpoints/{endpointId}': withSubscription('changes an existing subscription (otherwise 404)'),
  'DELETE /webhook-endpoints/{endpointId}': withSubscription('deletes an existing subscription (otherwise 404)'),
  'POST /webhook-endpoints/{endpointId}/rotate-secret': withSubscription(
    'rotates the secret of an existing subscription',
  ),
  'GET /webhook-endpoints/{endpointId}/deliveries': withSubscription('the log of an existing subscription'),
  'POST /webhook-endpoints/{endpointId}/deliveries/{deliveryId}/redeliver': {
    why: 'redelivers an existing delivery that is no longer being attempted (a pending one is 409)',
    setup: failedDelivery,
    request: (_f, p) => ({ path: { endpointId: p.endpointId, deliveryId: p.deliveryId } }),
  },
};
