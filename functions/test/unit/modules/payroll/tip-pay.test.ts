import fc from 'fast-check';
import { divide, type PoolRules, type TipsDay, type WorkDay } from '../../../../src/modules/tip-pools/distribution';
import { TIP_CREDIT_TABLE } from '../../../../src/modules/tip-pools';
import {
  makeUpFigure,
  makeUpLines,
  tipEarnings,
  weekCreditFigure,
  tipsWithPools,
  type MakeUpWeekFigure,
} from '../../../../src/modules/payroll/tip-pay';

const week = (weekStart: string, weekEnd: string, owed: number): MakeUpWeekFigure => ({
  weekStart,
  weekEnd,
  jurisdiction: 'US',
  source: 'federal',
  minutes: 1800,
  cashWages: 6390,
  tips: 21750 - 6390 - owed,
  minimumForHours: 21750,
  owed,
});

describe('tips with the pools (hand-worked)', () => {
  it('pays a pooled tip as a share, not also as the server: $100.00 in, $60.00 and $40.00 out', () => {
    const ana = tipsWithPools(10_000, [{ contributed: 10_000, share: 6_000 }]);
    const ben = tipsWithPools(0, [{ contributed: 0, share: 4_000 }]);
    expect(ana).toEqual({ tips: 6_000, ownTips: 0, shares: 6_000, contributions: 10_000 });
    expect(ben).toEqual({ tips: 4_000, ownTips: 0, shares: 4_000, contributions: 0 });
    expect(tipEarnings(ana, []).map((l) => [l.kind, l.amount])).toEqual([['tipPoolShare', 6_000]]);
  });

  it('keeps the tips that entered no pool as the own tips, beside the shares', () => {
    const kept = tipsWithPools(12_500, [
      { contributed: 10_000, share: 6_000 },
      { contributed: 0, share: 150 },
    ]);
    expect(kept).toEqual({ tips: 8_650, ownTips: 2_500, shares: 6_150, contributions: 10_000 });
    expect(tipEarnings(kept, []).map((l) => [l.kind, l.amount])).toEqual([
      ['tips', 2_500],
      ['tipPoolShare', 6_150],
    ]);
  });
});

describe('the make-up lines (hand-worked)', () => {
  it('pays what a week owes less what tipCreditMakeUp pay elements paid for it, never twice', () => {
    const weeks = [week('2026-11-23', '2026-11-29', 9_360), week('2026-11-30', '2026-12-06', 500)];
    expect(makeUpLines(weeks, []).map((l) => [l.weekStart, l.paidAsElements, l.amount])).toEqual([
      ['2026-11-23', 0, 9_360],
      ['2026-11-30', 0, 500],
    ]);
    // $10.00 earned in the first week only
    expect(
      makeUpLines(weeks, [{ earnedFrom: '2026-11-23', earnedTo: '2026-11-29', amount: 1_000 }]).map((l) => [
        l.paidAsElements,
        l.amount,
      ]),
    ).toEqual([
      [1_000, 8_360],
      [0, 500],
    ]);
    // $100.00 over both weeks: the first is paid in full, the rest ($6.40) pays the second
    expect(
      makeUpLines(weeks, [{ earnedFrom: '2026-11-23', earnedTo: '2026-12-06', amount: 10_000 }]).map((l) => [
        l.paidAsElements,
        l.amount,
      ]),
    ).toEqual([
      [9_360, 0],
      [500, 0],
    ]);
    expect(tipEarnings(tipsWithPools(0, []), makeUpLines(weeks, [])).map((l) => [l.kind, l.weekStart])).toEqual([
      ['tipCreditMakeUp', '2026-11-23'],
      ['tipCreditMakeUp', '2026-11-30'],
    ]);
  });

  it('has no line for a week owing nothing, and an element outside the weeks pays none of them', () => {
    expect(makeUpLines([week('2026-11-23', '2026-11-29', 0)], [])).toEqual([]);
    expect(
      makeUpLines(
        [week('2026-11-23', '2026-11-29', 700)],
        [
          { earnedFrom: '2026-11-16', earnedTo: '2026-11-22', amount: 700 },
          { earnedFrom: '2026-11-30', earnedTo: '2026-12-06', amount: 700 },
        ],
      ).map((l) => l.amount),
    ).toEqual([700]);
  });
});

// ------------------------------------------------------------------------------------------ properties

const EMPLOYEES = ['e1', 'e2', 'e3', 'e4'];
const DATES = ['d1', 'd2', 'd3'];
const ROLES = ['server', 'bar'];
const arbTips = fc.array(
  fc.record({
    employeeId: fc.constantFrom(...EMPLOYEES),
    date: fc.constantFrom(...DATES),
    sales: fc.integer({ min: 0, max: 500_000 }),
    card: fc.integer({ min: -500, max: 100_000 }),
    cash: fc.integer({ min: 0, max: 50_000 }),
    gratuities: fc.integer({ min: 0, max: 20_000 }),
  }),
  { maxLength: 20 },
);
const arbWork = fc.array(
  fc.record({
    employeeId: fc.constantFrom(...EMPLOYEES),
    date: fc.constantFrom(...DATES),
    roleId: fc.constantFrom(...ROLES),
    minutes: fc.integer({ min: 0, max: 720 }),
  }),
  { maxLength: 20 },
);
const arbRules: fc.Arbitrary<PoolRules> = fc.record({
  tipClasses: fc.uniqueArray(fc.constantFrom('card' as const, 'cash' as const, 'gratuities' as const), {
    minLength: 1,
    maxLength: 3,
  }),
  contributorRoleIds: fc.constant(['server']),
  tipOut: fc.option(
    fc.record({
      basis: fc.constantFrom('sales' as const, 'tips' as const),
      percentBp: fc.integer({ min: 1, max: 10_000 }),
      toRoleIds: fc.constant(['bar']),
    }),
    { nil: null },
  ),
  shareBy: fc.constant('hours' as const),
  shares: fc.constant([{ roleId: 'server' }, { roleId: 'bar' }]),
  employeePoints: fc.constant({}),
});

/** The POS tips of each employee (what the sales module pays them before any pool). */
const posTipsOf = (tips: readonly TipsDay[]) => {
  const out = new Map<string, number>();
  for (const t of tips) out.set(t.employeeId, (out.get(t.employeeId) ?? 0) + t.card + t.cash + t.gratuities);
  return out;
};

describe('tips with the pools (properties)', () => {
  it('creates and loses no cent: the tips the report pays add up to the POS tips, over one or two pools', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(arbRules, arbTips, arbWork), { minLength: 1, maxLength: 2 }), (pools) => {
        // each pool its own days of tips (no tip in two pools: overlap.ts)
        const tips: TipsDay[] = pools.flatMap(([, t], i) => t.map((d) => ({ ...d, date: `${d.date}-${i}` })));
        const entries = pools.flatMap(
          ([rules, t, w], i) =>
            divide(
              rules,
              t.map((d) => ({ ...d, date: `${d.date}-${i}` })),
              w.map((d): WorkDay => ({ ...d, date: `${d.date}-${i}` })),
            ).lines,
        );
        const pos = posTipsOf(tips);
        const ids = new Set([...pos.keys(), ...entries.map((e) => e.employeeId)]);
        let paid = 0;
        for (const id of ids) {
          const mine = entries.filter((e) => e.employeeId === id);
          const t = tipsWithPools(pos.get(id) ?? 0, mine);
          expect(t.tips).toBe(t.ownTips + t.shares);
          // the earnings lines add up to the tips they itemise
          expect(tipEarnings(t, []).reduce((s, l) => s + l.amount, 0)).toBe(t.tips);
          paid += t.tips;
        }
        expect(paid).toBe([...pos.values()].reduce((s, v) => s + v, 0));
      }),
      { numRuns: 500 },
    );
  });
});

describe('the make-up lines (properties)', () => {
  const arbWeeks = fc
    .array(fc.integer({ min: 0, max: 50_000 }), { minLength: 1, maxLength: 5 })
    .map((owed) => owed.map((o, i) => week(`2026-0${i + 1}-01`, `2026-0${i + 1}-07`, o)));
  const arbElements = fc.array(fc.integer({ min: 1, max: 60_000 }), { maxLength: 4 });

  it('never pays a week more than it owes, and what elements paid plus the lines is what the weeks owe, up to the elements', () => {
    fc.assert(
      fc.property(arbWeeks, arbElements, (weeks, amounts) => {
        // elements earned over every week
        const elements = amounts.map((amount) => ({ earnedFrom: '2026-01-01', earnedTo: '2026-12-31', amount }));
        const lines = makeUpLines(weeks, elements);
        const owed = weeks.reduce((s, w) => s + w.owed, 0);
        const paidBefore = amounts.reduce((s, a) => s + a, 0);
        for (const l of lines) {
          expect(l.amount).toBeGreaterThanOrEqual(0);
          expect(l.amount + l.paidAsElements).toBe(l.owed);
        }
        expect(lines.reduce((s, l) => s + l.amount, 0)).toBe(Math.max(0, owed - paidBefore));
      }),
      { numRuns: 500 },
    );
  });
});

describe('the tip-credit figure of a week (the report and GET /tip-credit/make-up)', () => {
  const federal = TIP_CREDIT_TABLE.find((r) => r.jurisdiction === 'US')!;
  const california = TIP_CREDIT_TABLE.find((r) => r.jurisdiction === 'CA')!;

  it('takes the straight-time pay of the week as its cash wages: 12 h at $9.00 and 18 h at $2.13 with $50.00 of tips owe $21.16', () => {
    expect(weekCreditFigure(federal, { workedMinutes: 1800, straightTimePay: 10800 + 3834 }, 5000)).toEqual({
      minutes: 1800,
      cashWages: 14634,
      tips: 5000,
      minimumForHours: 21750,
      tipCreditTaken: true,
      owed: 2116,
    });
    // at or above the minimum for the hours: no credit taken, nothing owed, no line
    const atMinimum = { workedMinutes: 1800, straightTimePay: 21750 };
    expect(weekCreditFigure(federal, atMinimum, 0)).toMatchObject({ tipCreditTaken: false, owed: 0 });
    expect(makeUpFigure({ start: '2026-11-23', end: '2026-11-29' }, federal, atMinimum, 0)).toBeNull();
    expect(weekCreditFigure(california, { workedMinutes: 1800, straightTimePay: 6390 }, 0)).toMatchObject({
      tipCreditTaken: false,
      owed: 0,
    });
  });

  it('owes exactly what brings cash wages and tips up to the minimum for the hours, and the line is that figure', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 6000 }),
        fc.integer({ min: 0, max: 2000 }),
        fc.integer({ min: -5000, max: 80_000 }),
        (minutes, centsPerHour, tips) => {
          const pay = { workedMinutes: minutes, straightTimePay: Math.round((minutes * centsPerHour) / 60) };
          const f = weekCreditFigure(federal, pay, tips);
          expect(f.tipCreditTaken).toBe(minutes > 0 && f.cashWages < f.minimumForHours);
          expect(f.owed).toBe(f.tipCreditTaken ? Math.max(0, f.minimumForHours - f.cashWages - Math.max(0, tips)) : 0);
          if (f.tipCreditTaken)
            expect(f.cashWages + Math.max(0, tips) + f.owed).toBeGreaterThanOrEqual(f.minimumForHours);
          const line = makeUpFigure({ start: '2026-11-23', end: '2026-11-29' }, federal, pay, tips);
          expect(line === null).toBe(!f.tipCreditTaken);
          if (line) expect(line.owed).toBe(f.owed);
        },
      ),
      { numRuns: 500 },
    );
  });
});
