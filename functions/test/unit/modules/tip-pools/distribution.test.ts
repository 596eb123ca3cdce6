import fc from 'fast-check';
import {
  contributions,
  divide,
  splitByRole,
  workDays,
  type PoolRules,
  type TipsDay,
  type WorkDay,
} from '../../../../src/modules/tip-pools/distribution';
import { overlapOf, type PoolClaim } from '../../../../src/modules/tip-pools/overlap';
import { TIP_CLASSES, type TipClass } from '../../../../src/modules/tip-pools/schemas';

const hours: PoolRules = {
  tipClasses: ['card', 'cash'],
  contributorRoleIds: ['server'],
  tipOut: null,
  shareBy: 'hours',
  shares: [{ roleId: 'server' }],
  employeePoints: {},
};
const tips = (employeeId: string, date: string, card: number, cash = 0, sales = 0, gratuities = 0): TipsDay => ({
  employeeId,
  date,
  card,
  cash,
  sales,
  gratuities,
});
const work = (employeeId: string, date: string, roleId: string, minutes: number): WorkDay => ({
  employeeId,
  date,
  roleId,
  minutes,
});

describe('dividing a pool (hand-worked)', () => {
  it('an hours pool over two overlapping shifts: 6 h and 8 h share $100.01 as $42.86 and $57.15', () => {
    // Ana 10:00-16:00 (360 min), Ben 13:00-21:00 (480 min): 10001 x 360 / 840 = 4286.14, x 480 / 840 = 5714.86
    const d = divide(
      hours,
      [tips('ana', 'd1', 6000), tips('ben', 'd1', 4001)],
      [work('ana', 'd1', 'server', 360), work('ben', 'd1', 'server', 480)],
    );
    expect(d.entered).toBe(10001);
    expect(d.lines.map((l) => [l.employeeId, l.contributed, l.basis, l.share])).toEqual([
      ['ana', 6000, 360, 4286],
      ['ben', 4001, 480, 5715],
    ]);
  });

  it('a points pool: server 10 points, bartender 7 per hour; $300.00 over 8 h and 6 h', () => {
    const rules: PoolRules = {
      ...hours,
      contributorRoleIds: ['server', 'bar'],
      shareBy: 'points',
      shares: [
        { roleId: 'server', points: 10 },
        { roleId: 'bar', points: 7 },
      ],
    };
    // weights 480 x 10 = 4800 and 360 x 7 = 2520: 30000 x 4800 / 7320 = 19672.13, x 2520 / 7320 = 10327.87
    const d = divide(
      rules,
      [tips('sam', 'd1', 20000), tips('bo', 'd1', 10000)],
      [work('sam', 'd1', 'server', 480), work('bo', 'd1', 'bar', 360)],
    );
    expect(d.lines.map((l) => [l.employeeId, l.basis, l.share])).toEqual([
      ['bo', 2520, 10328],
      ['sam', 4800, 19672],
    ]);
  });

  it('a server tip-out of 3 % of sales to the busser, then an hours pool of the servers', () => {
    const rules: PoolRules = {
      ...hours,
      tipOut: { basis: 'sales', percentBp: 300, toRoleIds: ['busser'] },
    };
    // Ana sold $1,200.00 with $200.00 tips, Ben $800.00 with $150.00: tip-outs $36.00 and $24.00 = $60.00 to Cy;
    // the pool is 350 - 60 = $290.00 over 6 h and 4 h: $174.00 and $116.00
    const d = divide(
      rules,
      [tips('ana', 'd1', 20000, 0, 120000), tips('ben', 'd1', 15000, 0, 80000)],
      [work('ana', 'd1', 'server', 360), work('ben', 'd1', 'server', 240), work('cy', 'd1', 'busser', 300)],
    );
    expect(d.tipOut).toBe(6000);
    expect(d.pool).toBe(29000);
    expect(d.lines.map((l) => [l.kind, l.employeeId, l.contributed, l.share])).toEqual([
      ['tipOut', 'ana', 3600, 0],
      ['tipOut', 'ben', 2400, 0],
      ['tipOut', 'cy', 0, 6000],
      ['pool', 'ana', 16400, 17400],
      ['pool', 'ben', 12600, 11600],
    ]);
  });

  it('a percent pool: servers 70 %, bar 30 %, each by minutes', () => {
    const rules: PoolRules = {
      ...hours,
      contributorRoleIds: ['server', 'bar'],
      shareBy: 'percent',
      shares: [
        { roleId: 'server', percentBp: 7000 },
        { roleId: 'bar', percentBp: 3000 },
      ],
    };
    const d = divide(
      rules,
      [tips('a', 'd1', 10000), tips('b', 'd1', 5000), tips('c', 'd1', 0)],
      [work('a', 'd1', 'server', 300), work('b', 'd1', 'server', 200), work('c', 'd1', 'bar', 400)],
    );
    // 15000: servers 10500 (a 6300, b 4200), bar 4500 (c)
    expect(d.lines.map((l) => [l.employeeId, l.share])).toEqual([
      ['a', 6300],
      ['b', 4200],
      ['c', 4500],
    ]);
  });

  it('never tips out more than a contributor put in that day (100 % of sales on $5.00 of tips)', () => {
    const rules: PoolRules = { ...hours, tipOut: { basis: 'sales', percentBp: 10_000, toRoleIds: ['busser'] } };
    const d = divide(
      rules,
      [tips('a', 'd1', 500, 0, 90000)],
      [work('a', 'd1', 'server', 60), work('c', 'd1', 'busser', 60)],
    );
    expect(d).toMatchObject({ tipOut: 500, pool: 0 });
  });

  it('counts approved minutes without the unpaid breaks, and no punch without a position', () => {
    const h = 3_600_000;
    const spans = new Map([
      [
        'a',
        [
          {
            punchId: 'p1',
            businessDate: 'd1',
            positionId: 'server',
            shiftId: null,
            startMs: 0,
            endMs: 8 * h,
            unpaidBreaks: [{ startMs: 4 * h, endMs: 4.5 * h }],
          },
          {
            punchId: 'p2',
            businessDate: 'd2',
            positionId: null,
            shiftId: null,
            startMs: 24 * h,
            endMs: 30 * h,
            unpaidBreaks: [],
          },
        ],
      ],
    ]);
    expect(workDays(spans)).toEqual([{ employeeId: 'a', date: 'd1', roleId: 'server', minutes: 450 }]);
  });

  it('gives back what was put in when nobody worked a share role', () => {
    const rules: PoolRules = { ...hours, shares: [{ roleId: 'bar' }] };
    const d = divide(rules, [tips('a', 'd1', 1234)], [work('a', 'd1', 'server', 60)]);
    expect(d.lines).toEqual([expect.objectContaining({ employeeId: 'a', contributed: 1234, share: 1234 })]);
  });

  it("splits a day's tips over the roles worked that day by minutes: only the contributor roles' part enters", () => {
    // 3 h server, 1 h busser: 1001 -> server 751 (750.75), busser 250
    expect(
      contributions(hours, [tips('a', 'd1', 1001)], [work('a', 'd1', 'server', 180), work('a', 'd1', 'busser', 60)]),
    ).toEqual([{ employeeId: 'a', date: 'd1', amount: 751, sales: 0 }]);
  });
});

// ------------------------------------------------------------------------------------------ properties

const EMPLOYEES = ['e1', 'e2', 'e3', 'e4', 'e5'];
const ROLES = ['r1', 'r2', 'r3', 'r4'];
const DATES = ['d1', 'd2', 'd3'];
const arbWork = fc.array(
  fc.record({
    employeeId: fc.constantFrom(...EMPLOYEES),
    date: fc.constantFrom(...DATES),
    roleId: fc.constantFrom(...ROLES),
    minutes: fc.integer({ min: 0, max: 720 }),
  }),
  { maxLength: 25 },
);
const arbTips = fc.array(
  fc.record({
    employeeId: fc.constantFrom(...EMPLOYEES),
    date: fc.constantFrom(...DATES),
    sales: fc.integer({ min: -5000, max: 500_000 }),
    card: fc.integer({ min: -500, max: 100_000 }),
    cash: fc.integer({ min: 0, max: 50_000 }),
    gratuities: fc.integer({ min: 0, max: 20_000 }),
  }),
  { maxLength: 20 },
);
const roleSet = fc.uniqueArray(fc.constantFrom(...ROLES), { minLength: 1, maxLength: 3 });
const arbRules: fc.Arbitrary<PoolRules> = fc
  .record({
    tipClasses: fc.uniqueArray(fc.constantFrom(...TIP_CLASSES), { minLength: 1, maxLength: 3 }),
    contributorRoleIds: roleSet,
    tipOut: fc.option(
      fc.record({
        basis: fc.constantFrom('sales' as const, 'tips' as const),
        percentBp: fc.integer({ min: 1, max: 10_000 }),
        toRoleIds: roleSet,
      }),
      { nil: null },
    ),
    shareBy: fc.constantFrom('hours' as const, 'points' as const, 'percent' as const),
    shareRoles: roleSet,
    points: fc.array(fc.integer({ min: 1, max: 20 }), { minLength: 3, maxLength: 3 }),
    cut: fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 3, maxLength: 3 }),
  })
  .map(({ shareRoles, points, cut, ...r }) => {
    // percentBp that add up to 10000 exactly
    const sum = shareRoles.reduce((t, _, i) => t + cut[i], 0);
    const bp = shareRoles.map((_, i) => Math.floor((cut[i] * 10_000) / sum));
    bp[0] += 10_000 - bp.reduce((t, v) => t + v, 0);
    return {
      ...r,
      shares: shareRoles.map((roleId, i) => ({
        roleId,
        ...(r.shareBy === 'points' ? { points: points[i] } : {}),
        ...(r.shareBy === 'percent' ? { percentBp: bp[i] } : {}),
      })),
      employeePoints: {},
    };
  });

describe('dividing a pool (properties)', () => {
  it('creates and loses no cent: the shares of each part add up to what entered it, and none is negative', () => {
    fc.assert(
      fc.property(arbRules, arbTips, arbWork, (rules, t, w) => {
        const d = divide(rules, t, w);
        for (const kind of ['tipOut', 'pool'] as const) {
          const lines = d.lines.filter((l) => l.kind === kind);
          const pot = kind === 'tipOut' ? d.tipOut : d.pool;
          expect(lines.reduce((s, l) => s + l.share, 0)).toBe(lines.length ? pot : 0);
          expect(lines.reduce((s, l) => s + l.contributed, 0)).toBe(lines.length ? pot : 0);
          for (const l of lines) {
            expect(l.share).toBeGreaterThanOrEqual(0);
            // one rounding: under a cent; percent rounds twice (the role's part, then the person's), per role
            const bound = kind === 'pool' && rules.shareBy === 'percent' ? 2 * rules.shares.length : 1;
            expect(Math.abs(l.share - l.exact)).toBeLessThan(bound + 1e-6);
          }
        }
        expect(d.entered).toBe(d.tipOut + d.pool);
      }),
      { numRuns: 1000 },
    );
  });

  it('puts no tip in two pools: pools accepted one by one never take more than the tips there are, class by class', () => {
    const arbPools = fc.array(
      fc.record({
        contributorRoleIds: roleSet,
        tipClasses: fc.uniqueArray(fc.constantFrom(...TIP_CLASSES), { minLength: 1, maxLength: 3 }),
      }),
      { minLength: 1, maxLength: 5 },
    );
    fc.assert(
      fc.property(arbPools, arbTips, arbWork, (candidates, t, w) => {
        const accepted: PoolClaim[] = [];
        candidates.forEach((c, i) => {
          const claim = { id: `p${i}`, name: `p${i}`, ...c };
          if (!overlapOf(claim, accepted)) accepted.push(claim);
        });
        for (const cls of TIP_CLASSES as readonly TipClass[]) {
          // what the pools taking this class take, per employee and date, against the tips there are
          const taken = new Map<string, number>();
          for (const p of accepted.filter((p) => p.tipClasses.includes(cls)))
            for (const c of contributions({ tipClasses: [cls], contributorRoleIds: [...p.contributorRoleIds] }, t, w))
              taken.set(`${c.employeeId}/${c.date}`, (taken.get(`${c.employeeId}/${c.date}`) ?? 0) + c.amount);
          for (const [k, amount] of taken) {
            const [e, d] = k.split('/');
            const there = t
              .filter((x) => x.employeeId === e && x.date === d)
              .reduce((s, x) => s + Math.max(0, x[cls]), 0);
            expect(amount).toBeLessThanOrEqual(there);
          }
        }
        // and two accepted pools never share a (role, class)
        for (const a of accepted)
          for (const b of accepted)
            if (a !== b)
              for (const r of a.contributorRoleIds)
                if (b.contributorRoleIds.includes(r))
                  expect(a.tipClasses.some((c) => b.tipClasses.includes(c))).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it("splits a day's amount over its roles exactly", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.dictionary(fc.constantFrom(...ROLES), fc.integer({ min: 1, max: 900 }), { minKeys: 1 }),
        (amount, roles) => {
          const parts = splitByRole(amount, new Map(Object.entries(roles)));
          expect([...parts.values()].reduce((s, v) => s + v, 0)).toBe(amount);
        },
      ),
    );
  });
});
