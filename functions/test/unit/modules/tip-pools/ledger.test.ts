import fc from 'fast-check';
import { adjustmentsFor, nextPeriodStart, periodOf, type PaidLine } from '../../../../src/modules/tip-pools/ledger';

const line = fc.record({
  employeeId: fc.constantFrom('e1', 'e2', 'e3', 'e4'),
  contributed: fc.integer({ min: 0, max: 50_000 }),
  share: fc.integer({ min: 0, max: 50_000 }),
});
const total = (lines: readonly PaidLine[], id: string, k: 'contributed' | 'share') =>
  lines.filter((l) => l.employeeId === id).reduce((s, l) => s + l[k], 0);

describe('the ledger', () => {
  it('a locked period never changes: what it paid plus its adjustments is what it pays now, and the paid lines are left as they were', () => {
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 8 }),
        fc.array(line, { maxLength: 8 }),
        fc.array(line, { maxLength: 8 }),
        (paid, later, fresh) => {
          const frozen = JSON.stringify(paid);
          // a first change is adjusted, then a second one against what was paid and adjusted
          const first = adjustmentsFor(paid, later);
          const second = adjustmentsFor([...paid, ...first], fresh);
          expect(JSON.stringify(paid)).toBe(frozen);
          for (const id of ['e1', 'e2', 'e3', 'e4'])
            for (const k of ['contributed', 'share'] as const)
              expect(total(paid, id, k) + total(first, id, k) + total(second, id, k)).toBe(total(fresh, id, k));
          // nothing more is owed once adjusted
          expect(adjustmentsFor([...paid, ...first, ...second], fresh)).toEqual([]);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('knows the periods of a pool: a day, or a company week from its first day', () => {
    expect(periodOf('day', '2026-11-25', 1)).toEqual({ start: '2026-11-25', end: '2026-11-25' });
    expect(periodOf('week', '2026-11-23', 1)).toEqual({ start: '2026-11-23', end: '2026-11-29' });
    expect(periodOf('week', '2026-11-24', 1)).toBeNull();
    expect(nextPeriodStart('week', '2026-11-23')).toBe('2026-11-30');
  });
});
