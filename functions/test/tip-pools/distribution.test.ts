import { instant } from '../../src/core/calendar';
import { api } from '../helpers/api';
import { outboxOf } from '../events/helpers';
import { createCompany, giveEmployeeRecord } from '../helpers/fixtures';
import { bearer } from '../helpers/users';
import { approvedPunch, storeEmployees } from '../payroll/helpers';
import {
  adjusted,
  distributeOf,
  serversByHours,
  lockOf,
  poolId,
  role,
  sales,
  shares,
  sorted,
  tipPools,
} from './helpers';

/**
 * Distributing pools into the ledger, through the API, with hand-worked figures (docs/TIPS.md):
 * Texas (federal law), America/Chicago, weeks from Monday. Business dates in November 2026 (a Monday and Tuesday).
 */
const TZ = 'America/Chicago';
const at = (date: string, hour: number) => instant(date, hour * 60, TZ);
const D1 = '2026-11-23';
const D2 = '2026-11-24';

async function restaurant() {
  const co = await createCompany({
    profile: { timezone: TZ, weekStartingDay: 1, lawLocation: { state: 'TX', county: null, city: null } },
  });
  const [server, busser, bar] = await Promise.all([
    role(co, 'Server', 'FOH'),
    role(co, 'Busser', 'FOH'),
    role(co, 'Bar', 'FOH'),
  ]);
  // Ana is the company's employee member (she reads her own entries); Ben, Cy and Bo are on the payroll only
  await storeEmployees(co.companyId, {
    ben: { name: 'Ben', surname: 'B' },
    cy: { name: 'Cy', surname: 'C' },
    bo: { name: 'Bo', surname: 'O' },
  });
  return { co, server, busser, bar, ana: co.employeeId };
}

describe('an hours pool over two overlapping shifts, locked, then a late sale', () => {
  let r: Awaited<ReturnType<typeof restaurant>>;
  let id: string;
  beforeAll(async () => {
    r = await restaurant();
    // Ana 10:00-16:00 (6 h), Ben 13:00-21:00 (8 h), overlapping 13:00-16:00
    await approvedPunch(r.co, r.ana, at(D1, 10), at(D1, 16), { positionId: r.server });
    await approvedPunch(r.co, 'ben', at(D1, 13), at(D1, 21), { positionId: r.server });
    await sales(r.co, [
      ['a1', r.ana, at(D1, 12), 40000, 6000],
      ['b1', 'ben', at(D1, 19), 30000, 4001],
    ]);
    id = await poolId(r.co, serversByHours(r.server));
  });

  it('shares $100.01 as 360/840 and 480/840: $42.86 and $57.15, cents conserved', async () => {
    const res = await distributeOf(r.co, id, D1);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ state: 'open', entered: 10001, tipOut: 0, currency: 'USD', poolVersion: 1 });
    expect(shares(res.body.data.entries)).toEqual(
      sorted([
        ['pool', r.ana, 6000, 4286],
        ['pool', 'ben', 4001, 5715],
      ]),
    );
    expect(res.body.data.entries.find((e: { employeeId: string }) => e.employeeId === r.ana)).toMatchObject({
      basis: 360,
      totalBasis: 840,
      exact: 4286.1429,
      rounding: -0.1429,
      net: -1714,
    });
    // distributing again gives the same entries (a retry is a no-op)
    const again = await distributeOf(r.co, id, D1);
    expect(again.body.data.entries).toEqual(res.body.data.entries);
  });

  it('locks the period; a sale that arrives later is paid as adjustments in the next open period, never a rewrite', async () => {
    const locked = await lockOf(r.co, id, D1);
    expect(locked.status).toBe(200);
    expect(locked.body.data).toMatchObject({ state: 'locked', lockedBy: r.co.manager.uid });
    // locking records tips.distribution_locked once, in its commit; locking again records none
    expect((await lockOf(r.co, id, D1)).status).toBe(200);
    const events = await outboxOf(r.co.companyId, 'tips.distribution_locked');
    expect(events.map((e) => e.data)).toEqual([
      { poolId: id, poolName: 'Servers by hours', periodStart: D1, periodEnd: D1 },
    ]);
    const before = locked.body.data.entries;
    // a late check of Ana's on D1: $14.00 more tips; the pot is now $114.01: 4886 and 6515
    await sales(r.co, [['a2', r.ana, at(D1, 15), 9000, 1400]]);
    const res = await distributeOf(r.co, id, D1);
    expect(res.status).toBe(200);
    expect(res.body.data.state).toBe('locked');
    expect(res.body.data.entries).toEqual(before);
    expect(adjusted(res.body.data.adjustments)).toEqual(
      sorted([
        [r.ana, D2, D1, 1400, 600],
        ['ben', D2, D1, 0, 800],
      ]),
    );
    // once paid, distributing the locked period again owes nothing more
    const again = await distributeOf(r.co, id, D1);
    expect(again.body.data.adjustments).toEqual([]);
    const read = await tipPools()
      .get(`/tip-pools/${id}/distributions/${D1}`)
      .query({ companyId: r.co.companyId })
      .set(bearer(r.co.owner));
    expect(read.body.data.entries).toEqual(before);
    // D2 holds the adjustments; distributing D2 (nobody worked) keeps them
    const d2 = await distributeOf(r.co, id, D2);
    expect(d2.status).toBe(200);
    expect(shares(d2.body.data.entries)).toEqual(
      sorted([
        ['adjustment', r.ana, 1400, 600],
        ['adjustment', 'ben', 0, 800],
      ]),
    );
  });

  it('lets an employee read their own entries only, and a manager none while tips are hidden from managers', async () => {
    const q = { companyId: r.co.companyId, startDate: D1, endDate: D2 };
    const own = await tipPools()
      .get('/tip-entries')
      .query({ ...q, employeeId: 'ben' })
      .set(bearer(r.co.employee));
    expect(own.status).toBe(200);
    expect(own.body.data.map((e: Record<string, unknown>) => [e.employeeId, e.kind, e.share, e.state])).toEqual([
      [r.ana, 'pool', 4286, 'locked'],
      [r.ana, 'adjustment', 600, 'open'],
    ]);
    const manager = await tipPools().get('/tip-entries').query(q).set(bearer(r.co.manager));
    expect(manager.body.data).toHaveLength(4);
    const policy = await api('companies')
      .patch(`/companies/${r.co.companyId}/policies`)
      .set(bearer(r.co.owner))
      .send({ hideTipsFromManagers: true });
    expect(policy.status).toBe(200);
    const hidden = await tipPools().get('/tip-entries').query(q).set(bearer(r.co.manager));
    expect(hidden.status).toBe(403);
    expect(hidden.body.code).toBe('TIPS_HIDDEN');
    expect((await distributeOf(r.co, id, D1)).body.code).toBe('TIPS_HIDDEN');
    expect((await tipPools().get('/tip-entries').query(q).set(bearer(r.co.owner))).body.data).toHaveLength(4);
  });
});

describe('a points pool', () => {
  it('shares by minutes x points: server 10, bar 7 per hour', async () => {
    const r = await restaurant();
    await approvedPunch(r.co, r.ana, at(D1, 12), at(D1, 20), { positionId: r.server });
    await approvedPunch(r.co, 'bo', at(D1, 16), at(D1, 22), { positionId: r.bar });
    await sales(r.co, [
      ['a1', r.ana, at(D1, 14), 100000, 20000],
      ['o1', 'bo', at(D1, 21), 50000, 10000],
    ]);
    const id = await poolId(r.co, {
      ...serversByHours(r.server),
      name: 'Points',
      contributorRoleIds: [r.server, r.bar],
      shareBy: 'points',
      shares: [
        { roleId: r.server, points: 10 },
        { roleId: r.bar, points: 7 },
      ],
    });
    const res = await distributeOf(r.co, id, D1);
    expect(res.status).toBe(200);
    // 480 x 10 = 4800, 360 x 7 = 2520: $300.00 x 4800 / 7320 = $196.72, x 2520 / 7320 = $103.28
    expect(shares(res.body.data.entries)).toHaveLength(2);
    expect(shares(res.body.data.entries)).toEqual(
      expect.arrayContaining([
        ['pool', r.ana, 20000, 19672],
        ['pool', 'bo', 10000, 10328],
      ]),
    );
  });
});

describe('a server tip-out of 3 % of sales to the busser, then an hours pool', () => {
  it('takes $36.00 and $24.00 for Cy, then shares the $290.00 left by hours', async () => {
    const r = await restaurant();
    await approvedPunch(r.co, r.ana, at(D1, 11), at(D1, 17), { positionId: r.server });
    await approvedPunch(r.co, 'ben', at(D1, 17), at(D1, 21), { positionId: r.server });
    await approvedPunch(r.co, 'cy', at(D1, 12), at(D1, 17), { positionId: r.busser });
    await sales(r.co, [
      ['a1', r.ana, at(D1, 14), 120000, 20000],
      ['b1', 'ben', at(D1, 20), 80000, 15000],
    ]);
    const id = await poolId(
      r.co,
      serversByHours(r.server, { tipOut: { basis: 'sales', percentBp: 300, toRoleIds: [r.busser] } }),
    );
    const res = await distributeOf(r.co, id, D1);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ entered: 35000, tipOut: 6000 });
    expect(shares(res.body.data.entries)).toEqual(
      sorted([
        ['pool', r.ana, 16400, 17400],
        ['pool', 'ben', 12600, 11600],
        ['tipOut', r.ana, 3600, 0],
        ['tipOut', 'ben', 2400, 0],
        ['tipOut', 'cy', 0, 6000],
      ]),
    );
  });
});

describe('a pool with a manager in it', () => {
  it('refuses to distribute to an employee who manages the company, naming them and the rule, and writes nothing', async () => {
    const r = await restaurant();
    const max = await giveEmployeeRecord(r.co.companyId, r.co.manager, 'manager');
    // the owner approves the manager's punch (nobody approves their own)
    await approvedPunch({ ...r.co, manager: r.co.owner }, max, at(D1, 10), at(D1, 16), { positionId: r.server });
    await approvedPunch(r.co, r.ana, at(D1, 10), at(D1, 16), { positionId: r.server });
    await sales(r.co, [['a1', r.ana, at(D1, 12), 40000, 6000]]);
    const id = await poolId(r.co, serversByHours(r.server));
    const res = await distributeOf(r.co, id, D1, r.co.owner);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      code: 'TIP_POOL_MANAGER_SHARES',
      details: [
        expect.objectContaining({
          employeeId: max,
          memberRole: 'manager',
          rule: '29 U.S.C. 203(m)(2)(B); 29 CFR 531.52(b)(2)',
        }),
      ],
    });
    const read = await tipPools()
      .get(`/tip-pools/${id}/distributions/${D1}`)
      .query({ companyId: r.co.companyId })
      .set(bearer(r.co.owner));
    expect(read.status).toBe(404);
  });
});
