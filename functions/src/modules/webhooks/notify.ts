import { auth } from '../../core/firebase';
import { logger } from '../../core/logger';
import { sendMail } from '../../core/mail';
import { listMembershipsOfCompany } from '../../core/memberships';
import type { StoredEndpoint } from './repo';
import type { SendResult } from './transport';

/** The email to the company's owners when the deliveries disable a subscription (never a secret, never a response body). */
export async function notifyOwnersOfDisabling(companyId: string, endpoint: StoredEndpoint, last: SendResult) {
  const ownerUids = (await listMembershipsOfCompany(companyId)).flatMap((m) =>
    m.role === 'owner' ? [{ uid: m.uid }] : [],
  );
  const found = ownerUids.length ? (await auth().getUsers(ownerUids)).users : [];
  const to = found.flatMap((user) => (user.email ? [user.email] : []));
  if (to.length === 0) return;
  const lastError = last.responseStatus !== null ? `HTTP ${last.responseStatus}` : (last.error ?? 'no response');
  try {
    await sendMail({
      to: to.join(', '),
      subject: `Webhook subscription disabled: ${endpoint.url}`,
      text: [
        `Deliveries to ${endpoint.url}${endpoint.description ? ` (${endpoint.description})` : ''} failed for about a day, so the subscription was disabled.`,
        `Last attempt: ${lastError}.`,
        'Fix the receiver, enable the subscription again (PATCH /webhook-endpoints/{endpointId} with enabled: true) and redeliver the failed deliveries from its delivery log.',
        `Subscription: ${endpoint.id}, company ${companyId}.`,
      ].join('\n\n'),
    });
  } catch (err) {
    logger.warn('the email about a disabled webhook subscription could not be sent', { companyId, error: err });
  }
}
