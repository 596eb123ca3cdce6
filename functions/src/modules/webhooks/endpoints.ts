import type { Membership } from '../../core/memberships';
import { seal } from '../../core/vault';
import { db } from '../../core/firebase';
import { webhookErrors } from './errors';
import { endpointFromSnapshot, endpointRef, endpointsCollection, secretAad, type StoredEndpoint } from './repo';
import type { Endpoint, EndpointCreate, EndpointPatch } from './schemas';
import { newSecret } from './signing';
import { refusalOnSave } from './transport';

/** Owners manage their company's webhook subscriptions; the secret is answered at creation and rotation only. */
const MAX_ENDPOINTS = 20;

const notFound = () => webhookErrors.WEBHOOK_ENDPOINT_NOT_FOUND('Webhook subscription not found');

/** The API's view of a stored subscription: the allow-list leaves the sealed secrets out. */
function publicView(stored: StoredEndpoint): Endpoint {
  const { secret: _secret, previousSecret: _previous, ...endpoint } = stored;
  return endpoint;
}

async function checkUrl(url: string): Promise<void> {
  const refusal = await refusalOnSave(new URL(url));
  if (refusal) throw webhookErrors.WEBHOOK_URL_REFUSED(`This URL cannot receive webhooks: ${refusal}`);
}

async function load(companyId: string, endpointId: string): Promise<StoredEndpoint> {
  const stored = endpointFromSnapshot(await endpointRef(companyId, endpointId).get());
  if (!stored) throw notFound();
  return stored;
}

export async function createEndpoint(input: { member: Membership; body: EndpointCreate }) {
  const { companyId } = input.member;
  await checkUrl(input.body.url);
  const existing = await endpointsCollection(companyId).count().get();
  if (existing.data().count >= MAX_ENDPOINTS)
    throw webhookErrors.WEBHOOK_ENDPOINT_LIMIT(`A company has at most ${MAX_ENDPOINTS} webhook subscriptions`);
  const ref = endpointsCollection(companyId).doc();
  const secret = newSecret();
  const now = Date.now();
  const data = {
    url: input.body.url,
    eventTypes: input.body.eventTypes,
    enabled: input.body.enabled,
    description: input.body.description,
    disabledReason: input.body.enabled ? null : 'manual',
    disabledAt: input.body.enabled ? null : now,
    previousSecretExpiresAt: null,
    lastSuccessAt: null,
    createdAt: now,
    updatedAt: now,
    createdBy: input.member.uid,
    secret: seal(secret, secretAad(companyId, ref.id)),
    previousSecret: null,
  };
  await ref.create(data);
  return { endpoint: publicView(endpointFromSnapshot(await ref.get())!), secret };
}

export async function listEndpoints(input: { member: Membership }): Promise<Endpoint[]> {
  const snap = await endpointsCollection(input.member.companyId).orderBy('createdAt').get();
  return snap.docs.map((d) => publicView(endpointFromSnapshot(d)!));
}

export async function getEndpoint(input: { member: Membership; endpointId: string }): Promise<Endpoint> {
  return publicView(await load(input.member.companyId, input.endpointId));
}

export async function updateEndpoint(input: { member: Membership; endpointId: string; patch: EndpointPatch }) {
  const { companyId } = input.member;
  const { patch } = input;
  if (patch.url !== undefined) await checkUrl(patch.url);
  const ref = endpointRef(companyId, input.endpointId);
  await db().runTransaction(async (tx) => {
    const current = endpointFromSnapshot(await tx.get(ref));
    if (!current) throw notFound();
    const now = Date.now();
    const enabling = patch.enabled === true && !current.enabled;
    const disabling = patch.enabled === false && current.enabled;
    tx.update(ref, {
      ...patch,
      ...(enabling ? { disabledReason: null, disabledAt: null } : {}),
      ...(disabling ? { disabledReason: 'manual', disabledAt: now } : {}),
      updatedAt: now,
    });
  });
  return publicView(await load(companyId, input.endpointId));
}

export async function deleteEndpoint(input: { member: Membership; endpointId: string }) {
  const ref = endpointRef(input.member.companyId, input.endpointId);
  if (!(await ref.get()).exists) throw notFound();
  // its deliveries stay as the log of what was sent; their pending attempts find no subscription and stop
  await ref.delete();
  return { id: input.endpointId, deleted: true as const };
}

/**
 * A new secret; the previous one keeps signing beside it (a second signature in the header) for
 * `graceHours`, so receivers can switch without losing a delivery. A rotation during a grace
 * period drops the oldest secret.
 */
export async function rotateSecret(input: { member: Membership; endpointId: string; graceHours: number }) {
  const { companyId } = input.member;
  const ref = endpointRef(companyId, input.endpointId);
  const aad = secretAad(companyId, input.endpointId);
  const secret = newSecret();
  await db().runTransaction(async (tx) => {
    const current = endpointFromSnapshot(await tx.get(ref));
    if (!current) throw notFound();
    const now = Date.now();
    const graceEnds = input.graceHours > 0 ? now + input.graceHours * 3_600_000 : null;
    tx.update(ref, {
      secret: seal(secret, aad),
      previousSecret: graceEnds ? current.secret : null,
      previousSecretExpiresAt: graceEnds,
      updatedAt: now,
    });
  });
  return { endpoint: publicView(await load(companyId, input.endpointId)), secret };
}
