import fc from 'fast-check';
import { writesLeft } from '../../../../src/core/locks';
import {
  contribute,
  newSaleCommits as cut,
  tipsDocId,
  type TipsDelta,
} from '../../../../src/modules/sales/external-rules';
import type { StoredExternalSale as SaleEntry } from '../../../../src/modules/sales/schemas';

/** The money fields a sale of card and cash tips alone leaves empty. */
const NONE: Pick<SaleEntry, 'gratuities' | 'serviceCharges' | 'tipsTo' | 'tipsToEmployees' | 'voided'> = {
  gratuities: 0,
  serviceCharges: 0,
  tipsTo: [],
  tipsToEmployees: [],
  voided: false,
};

/** A commit of new sales holds one lock head and the sales state document besides its own writes. */
const newSaleCommits = (entries: readonly SaleEntry[]) => cut(entries, writesLeft(1) - 1);

const entry = fc
  .record({
    day: fc.integer({ min: 10, max: 28 }),
    employee: fc.option(fc.integer({ min: 1, max: 60 }), { nil: null }),
    tips: fc.nat(500),
    cash: fc.nat(1),
  })
  .map(
    ({ day, employee, tips, cash }) =>
      ({
        businessDate: `2026-03-${day}`,
        employeeId: employee === null ? null : `e${employee}`,
        tips,
        cashTips: cash ? tips : 0,
        ...NONE,
      }) as SaleEntry,
  );

/** The writes of a commit of new sales: its invoices, the days and tips documents they touch, and the sales state. */
function writesOf(commit: readonly SaleEntry[]): number {
  const days = new Set(commit.map((e) => e.businessDate));
  const tips = new Set(
    commit.filter((e) => e.tips !== 0 || e.cashTips !== 0).map((e) => tipsDocId(e.businessDate, e.employeeId)),
  );
  return commit.length + days.size + tips.size + 1;
}

describe('new sales cut into commits', () => {
  it('keeps every sale once, in order, and no commit passes the write limit with its lock head', () => {
    fc.assert(
      fc.property(fc.array(entry, { minLength: 300, maxLength: 1500 }), (entries) => {
        const commits = newSaleCommits(entries);
        expect(commits.flat()).toEqual(entries);
        for (const commit of commits) {
          expect(commit.length).toBeGreaterThan(0);
          expect(writesOf(commit)).toBeLessThanOrEqual(writesLeft(1));
        }
      }),
      { numRuns: 60 },
    );
  });

  it('starts the next commit with a sale whose new day document would pass the limit', () => {
    const sale = (businessDate: string) =>
      ({ businessDate, employeeId: null, tips: 0, cashTips: 0, ...NONE }) as SaleEntry;
    const sameDay = Array.from({ length: writesLeft(1) - 3 }, () => sale('2026-03-10'));
    const commits = newSaleCommits([...sameDay, sale('2026-03-11')]);
    expect(commits.map((c) => c.length)).toEqual([sameDay.length, 1]);
  });

  it('fills each commit: the next sale would not have fitted in it', () => {
    fc.assert(
      fc.property(fc.array(entry, { minLength: 300, maxLength: 1500 }), (entries) => {
        const commits = newSaleCommits(entries);
        commits.slice(0, -1).forEach((commit, i) => {
          expect(writesOf([...commit, commits[i + 1][0]])).toBeGreaterThan(writesLeft(1));
        });
      }),
      { numRuns: 60 },
    );
  });
});

describe('the tips a recorded sale moves', () => {
  const version = fc
    .record({
      sale: fc.integer({ min: 1, max: 12 }),
      day: fc.integer({ min: 10, max: 13 }),
      employee: fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }),
      tips: fc.integer({ min: -500, max: 500 }),
      cashShare: fc.double({ min: 0, max: 1, noNaN: true }),
    })
    .map(
      ({ sale, day, employee, tips, cashShare }) =>
        ({
          vendorId: `s${sale}`,
          businessDate: `2026-03-${day}`,
          employeeId: employee === null ? null : `e${employee}`,
          currency: 'USD',
          tips,
          cashTips: Math.trunc(tips * cashShare),
          ...NONE,
        }) as SaleEntry,
    );

  it('keeps the tips per day and employee equal to the sum of each sale’s latest version: no cent created or lost', () => {
    fc.assert(
      fc.property(fc.array(version, { maxLength: 200 }), (versions) => {
        const ledger = new Map<string, SaleEntry>();
        const moved = new Map<string, TipsDelta>();
        for (const v of versions) {
          const before = ledger.get(v.vendorId);
          if (before) contribute(moved, before, -1);
          contribute(moved, v, 1);
          ledger.set(v.vendorId, v);
        }
        const expected = new Map<string, { cardTips: number; cashTips: number }>();
        for (const e of ledger.values()) {
          const id = tipsDocId(e.businessDate, e.employeeId);
          const sum = expected.get(id) ?? { cardTips: 0, cashTips: 0 };
          sum.cardTips += e.tips - e.cashTips;
          sum.cashTips += e.cashTips;
          expected.set(id, sum);
        }
        const nonZero = (m: Map<string, { cardTips: number; cashTips: number }>) =>
          Object.fromEntries(
            [...m]
              .filter(([, d]) => d.cardTips !== 0 || d.cashTips !== 0)
              .map(([id, d]) => [id, { cardTips: d.cardTips, cashTips: d.cashTips }]),
          );
        expect(nonZero(moved)).toEqual(nonZero(expected));
      }),
      { numRuns: 200 },
    );
  });
});
