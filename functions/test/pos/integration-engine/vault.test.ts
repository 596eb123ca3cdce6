import { execFileSync } from 'node:child_process';
import { api } from '../../helpers/api';
import { createCompany } from '../../helpers/fixtures';
import { rootDocsOf, startVendors } from '../../helpers/integrations';
import { bearer } from '../../helpers/users';
import { generateKeyEntry } from '../../../src/core/vault';
import { SIMULATED, type RunningVendorSimulator } from '../../../dev/vendors/server';
import { readSecrets, rotateVault } from '../../../src/modules/integration-engine';

let sim: RunningVendorSimulator;
const saved = process.env.INTEGRATIONS_VAULT_KEYS!;

beforeAll(async () => {
  sim = await startVendors();
});

afterAll(async () => {
  process.env.INTEGRATIONS_VAULT_KEYS = saved;
  await sim.close();
});

describe('key rotation', () => {
  // Other test files share this Firestore with the run's key (`saved`): the rotation moves records
  // from an older key to that one, so their records stay readable by them.
  it('re-seals every credential under the new key, after which the old key can be dropped', async () => {
    const old = generateKeyEntry('rot-old');
    const current = saved.split(',')[0].split(':')[0];
    process.env.INTEGRATIONS_VAULT_KEYS = `${old},${saved}`;
    const co = await createCompany();
    for (const body of [
      { slug: 'toast', credentials: SIMULATED.toast },
      { slug: 'revel', credentials: SIMULATED.revel },
    ]) {
      const res = await api('integrationEngine')
        .post('/connections')
        .query({ companyId: co.companyId })
        .set(bearer(co.owner))
        .send(body);
      expect(res.status).toBe(201);
    }
    expect((await rootDocsOf('vault', co.companyId)).map((r) => (r as { sealed: { kid: string } }).sealed.kid)).toEqual(
      ['rot-old', 'rot-old'],
    );

    process.env.INTEGRATIONS_VAULT_KEYS = `${saved},${old}`;
    const first = await rotateVault();
    expect(first.kid).toBe(current);
    expect(first.resealed).toBeGreaterThanOrEqual(2);
    const records = await rootDocsOf('vault', co.companyId);
    expect(records.map((r) => (r as { sealed: { kid: string } }).sealed.kid)).toEqual([current, current]);
    expect((await rotateVault()).resealed).toBe(0);

    process.env.INTEGRATIONS_VAULT_KEYS = saved;
    const connectionId = `toast~${SIMULATED.toast.restaurantGuid}`;
    expect(await readSecrets(co.companyId, connectionId)).toEqual(SIMULATED.toast);
  });

  it('runs as `npm run vault:rotate`, printing what it did and no secret', () => {
    const out = execFileSync(process.execPath, ['--import', require.resolve('tsx'), 'scripts/vault-rotate.ts'], {
      cwd: `${__dirname}/../../..`,
      env: process.env,
      encoding: 'utf8',
    });
    expect(out).toMatch(/examined \d+ credential records, re-sealed \d+ under key /);
    for (const value of Object.values(SIMULATED.toast)) expect(out).not.toContain(value);
  });
});
