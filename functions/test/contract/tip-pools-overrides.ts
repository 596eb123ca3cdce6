import { api } from '../helpers/api';
import { bearer } from '../helpers/users';
import type { Fixture, Override } from './generate';

/** The period distributed (a day pool: any date; the sweep's own sample date, SAMPLE_DATE of generate.ts). */
const SAMPLE_DATE = '2026-03-02';

/**
 * Overrides of the tip pools' operations: a pool names roles of the company (the fixture's role,
 * which has no type: front of house), and the operations on one pool need a pool.
 */

/** A lawful pool of the fixture's role: its card tips, shared by hours. */
export const poolOf = (f: Fixture) => ({
  name: 'Servers',
  period: 'day',
  tipClasses: ['card'],
  contributorRoleIds: [f.roleId],
  shareBy: 'hours',
  shares: [{ roleId: f.roleId }],
  tipCreditTaken: false,
});

/** A pool of a role of its own (several setups work on one fixture, and no tip enters two pools). */
async function createPool(f: Fixture): Promise<{ poolId: string }> {
  const q = { companyId: f.company.companyId };
  const role = await api('roles').post('/roles').query(q).set(bearer(f.company.owner)).send({ name: 'Pool role' });
  if (role.status !== 201) throw new Error(`fixture: POST /roles answered ${role.status}: ${role.text.slice(0, 300)}`);
  const roleId = String(role.body.data.id);
  const res = await api('tipPools')
    .post('/tip-pools')
    .query(q)
    .set(bearer(f.company.owner))
    .send({ ...poolOf(f), contributorRoleIds: [roleId], shares: [{ roleId }] });
  if (res.status !== 201) throw new Error(`fixture: POST /tip-pools answered ${res.status}: ${res.text.slice(0, 300)}`);
  return { poolId: String(res.body.data.id) };
}

const onePool: Override = {
  why: "works on one pool: the setup defines one over the fixture's role",
  setup: createPool,
  request: (_f, prepared) => ({ path: { poolId: prepared.poolId } }),
};

/** A pool with its period distributed (nothing to share: no entries). */
async function distributedPool(f: Fixture): Promise<{ poolId: string }> {
  const { poolId } = await createPool(f);
  const res = await api('tipPools')
    .post(`/tip-pools/${poolId}/distributions`)
    .query({ companyId: f.company.companyId })
    .set(bearer(f.company.owner))
    .send({ periodStart: SAMPLE_DATE });
  if (res.status !== 200)
    throw new Error(`fixture: POST distributions answered ${res.status}: ${res.text.slice(0, 300)}`);
  return { poolId };
}

const onePeriod: Override = {
  why: 'works on one distributed period of a pool: the setup defines a pool and distributes SAMPLE_DATE',
  setup: distributedPool,
  request: (_f, prepared) => ({ path: { poolId: prepared.poolId, periodStart: SAMPLE_DATE } }),
};

export const TIP_POOL_OVERRIDES: Record<string, Override> = {
  'POST /tip-pools/{poolId}/distributions': {
    ...onePool,
    request: (_f, prepared) => ({ path: { poolId: prepared.poolId }, body: { periodStart: SAMPLE_DATE } }),
  },
  'GET /tip-pools/{poolId}/distributions/{periodStart}': onePeriod,
  'POST /tip-pools/{poolId}/distributions/{periodStart}/lock': onePeriod,
  'POST /tip-pools': {
    why: "a pool names the company's roles: the fixture's role contributes and shares",
    request: (f) => ({ body: poolOf(f) }),
  },
  'GET /tip-pools/{poolId}': onePool,
  'DELETE /tip-pools/{poolId}': onePool,
  'PUT /tip-pools/{poolId}': {
    ...onePool,
    request: (f, prepared) => ({ path: { poolId: prepared.poolId }, body: { ...poolOf(f), name: 'Servers again' } }),
  },
};
