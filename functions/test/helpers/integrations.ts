import { db } from '../../src/core/firebase';
import { writeConnection, type Connection } from '../../src/modules/integrations';
import { createCompany, type TestCompany } from './fixtures';
import { SIMULATED_OAUTH_APPS, type RunningVendorSimulator } from '../../dev/vendors/server';
import { pointedSimulator } from './streams';

export const REDIRECT_URI = 'http://127.0.0.1:5001/demo-workforce/us-central1/integrationEngine/oauth/callback';

/**
 * The local vendor simulators on a free port, with every connector pointed at them and our OAuth
 * applications configured with the credentials the simulators know.
 */
export async function startVendors(): Promise<RunningVendorSimulator> {
  const sim = await pointedSimulator();
  process.env.OAUTH_REDIRECT_URI = REDIRECT_URI;
  for (const [vendor, app] of Object.entries(SIMULATED_OAUTH_APPS)) {
    process.env[`${vendor.toUpperCase()}_CLIENT_ID`] = app.clientId;
    process.env[`${vendor.toUpperCase()}_CLIENT_SECRET`] = app.clientSecret;
  }
  return sim;
}

/** Every document of a root collection that belongs to the company (they carry `companyId`). */
export async function rootDocsOf(collection: string, companyId: string): Promise<Record<string, unknown>[]> {
  const snap = await db().collection(collection).where('companyId', '==', companyId).get();
  return snap.docs.map((d) => ({ id: d.id, ...d.data() }));
}

/** The raw text of everything stored for a company in the engine's collections (to look for plaintext). */
export async function storedText(companyId: string): Promise<string> {
  const company = db().collection('companies').doc(companyId);
  const parts: unknown[] = [];
  for (const sub of ['integrations', 'syncRuns', 'reservations', 'reservationCovers']) {
    parts.push((await company.collection(sub).get()).docs.map((d) => d.data()));
  }
  for (const root of ['vault', 'partnerKeys', 'oauthStates', 'integrationSchedule']) {
    parts.push((await db().collection(root).get()).docs.map((d) => d.data()).filter((d) => d.companyId === companyId));
  }
  return JSON.stringify(parts);
}

/**
 * A company with an active POS connection of `slug` to `accountId`, written as a connect leaves it
 * (no vendor is called). For accounts of one test file only: a webhook reaches every connection of
 * its account in any company, so events naming the simulator's shared accounts would queue runs in
 * other test files' companies.
 */
export async function seedConnection(
  slug: 'square_api_key' | 'square' | 'toast' | 'clover',
  accountId: string,
  merchantId?: string,
): Promise<TestCompany> {
  const co = await createCompany();
  const now = Date.now();
  const connection: Connection = {
    id: `${slug}~${accountId}`,
    slug,
    category: 'pos',
    state: 'connected',
    account: { id: accountId, ...(merchantId ? { merchantId } : {}) },
    connectedAt: now,
    connectedBy: co.owner.uid,
    disconnectedAt: null,
    disconnectedBy: null,
    lastSyncAt: null,
    lastSuccessAt: null,
    lastError: null,
    consecutiveFailures: 0,
    nextSyncAt: now + 3_600_000,
    accessTokenExpiresAt: null,
    updatedAt: now,
  };
  await db().runTransaction(async (tx) => writeConnection(tx, co.companyId, connection));
  return co;
}
