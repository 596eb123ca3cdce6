import fs from 'node:fs';
import path from 'node:path';
import { createEndpoint } from '../../../src/modules/webhooks/endpoints';
import { LOCAL_RECEIVER_URL, LOCAL_SECRET_FILE } from '../../webhook-receiver';
import type { DemoCompany } from '../types';

/**
 * Harbor & Vine subscribes the local stack's webhook receiver (dev/webhook-receiver.ts) to every
 * event; the secret, shown once, goes to the file the receiver reads. The stack allows the
 * receiver's address (WEBHOOK_ALLOWED_TARGETS); without that allowance nothing is seeded.
 */
export async function seed(company: DemoCompany): Promise<string> {
  if (company.companyId !== 'harbor-vine') return 'no webhook subscription';
  if (!(process.env.WEBHOOK_ALLOWED_TARGETS ?? '').includes('127.0.0.1:')) return 'no local receiver allowed: none';
  const { endpoint, secret } = await createEndpoint({
    member: { companyId: company.companyId, uid: company.ownerUid, role: 'owner', employeeId: null },
    body: { url: LOCAL_RECEIVER_URL, eventTypes: null, enabled: true, description: 'Local webhook receiver' },
  });
  fs.mkdirSync(path.dirname(LOCAL_SECRET_FILE), { recursive: true });
  fs.writeFileSync(LOCAL_SECRET_FILE, `${secret}\n`, { mode: 0o600 });
  return `1 webhook subscription (${endpoint.url}, every event)`;
}
