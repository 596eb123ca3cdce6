import fs from 'node:fs';
import path from 'node:path';
import type { Timestamp } from 'firebase-admin/firestore';
import { db } from '../../src/core/firebase';
import { DAY_MS, TTL_FIELD } from '../../src/core/ttl';
import { ownedCollections } from '../../src/modules/registry';
import { useMailbox, fromAddress } from '../auth/support';
import { api } from '../helpers/api';
import { createCompany } from '../helpers/fixtures';
import { bearer } from '../helpers/users';
import type { Mailbox } from '../../dev/mailbox';

/**
 * Data kept past its use goes: the documents of collections with a Firestore TTL policy carry the
 * policy's field, a Timestamp past the end of their use (the Node emulator does not expire them).
 */
const INDEX_FILE = path.resolve(__dirname, '../../../firestore.indexes.json');
const ttlPolicies = () =>
  (
    JSON.parse(fs.readFileSync(INDEX_FILE, 'utf8')) as {
      fieldOverrides: { collectionGroup: string; fieldPath: string; ttl?: boolean }[];
    }
  ).fieldOverrides.filter((o) => o.ttl);

let mailbox: Mailbox;
beforeAll(async () => {
  mailbox = await useMailbox();
});
afterAll(() => mailbox.close());

const expiry = (doc: FirebaseFirestore.DocumentSnapshot) => (doc.get(TTL_FIELD) as Timestamp).toMillis();

it('declares its TTL policies on the field the code writes, for the expired onboarding sessions, invitations and OAuth states among them', () => {
  const policies = ttlPolicies();
  expect(policies.every((p) => p.fieldPath === TTL_FIELD)).toBe(true);
  const collections = policies.map((p) => p.collectionGroup);
  for (const c of ['onboardingSessions', 'invitations', 'oauthStates', 'rateLimits', 'applicationConfirmations'])
    expect(collections).toContain(c);
  const { root, company } = ownedCollections();
  expect(collections.filter((c) => !root.includes(c) && !company.includes(c) && c !== 'posWebhookEvents')).toEqual([]);
});

it("gives an onboarding session (the owner's transcript) an expiry 30 days after it lapses", async () => {
  const res = await api('onboarding').post('/onboarding/sessions').set(fromAddress()).send({});
  expect(res.status).toBe(201);
  const { id, expiresAt } = res.body.data.session;
  const stored = await db().collection('onboardingSessions').doc(id).get();
  expect(expiry(stored)).toBe(expiresAt + 30 * DAY_MS);
});

it('gives an invitation (an email address) an expiry 30 days after its link expires', async () => {
  const co = await createCompany();
  const res = await api('auth')
    .post('/invitations')
    .query({ companyId: co.companyId })
    .set(bearer(co.owner))
    .send({ email: `invitee-${co.companyId}@example.test`, role: 'employee' });
  expect(res.status).toBe(201);
  const stored = await db().collection('invitations').doc(res.body.data.id).get();
  expect(expiry(stored)).toBe(res.body.data.expiresAt + 30 * DAY_MS);
});
