import fc from 'fast-check';
import { writesLeft } from '../../../../src/core/locks';
import { newSaleCommits as cut, tipsDocId } from '../../../../src/modules/sales/external-rules';
import type { StoredExternalSale as SaleEntry } from '../../../../src/modules/sales/schemas';

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
    const sale = (businessDate: string) => ({ businessDate, employeeId: null, tips: 0, cashTips: 0 }) as SaleEntry;
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
