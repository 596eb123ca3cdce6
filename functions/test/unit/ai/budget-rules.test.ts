import fc from 'fast-check';
import {
  admit,
  alertsDue,
  estimateNano,
  FALLBACK_RATES,
  periodOf,
  projectNano,
  statusOf,
  withReservation,
  type Budget,
  type LedgerState,
} from '../../../src/ai/budget-rules';
import { costNanoUsd, PRICE_TABLE, priceFor } from '../../../src/ai/prices';

const empty = (): LedgerState => ({ spentNano: 0, reservedNano: 0, flowSpentNano: {}, flowReservedNano: {} });
const budget = (amountNano: number, extra: Partial<Budget> = {}): Budget => ({
  amountNano,
  period: 'day',
  softThresholdPercent: 80,
  flowLimitsNano: {},
  ...extra,
});

/** A ledger run: calls reserve in some order and settle in another, each settling at most its estimate. */
function simulate(amount: number, calls: { estimate: number; actualShare: number }[], settleOrder: number[]) {
  let ledger = empty();
  const b = budget(amount);
  const held: { estimate: number; actual: number }[] = [];
  let admitted = 0;
  const settleOne = () => {
    const i = settleOrder.length > 0 ? settleOrder.shift()! % held.length : 0;
    const [call] = held.splice(i, 1);
    ledger = {
      ...ledger,
      reservedNano: ledger.reservedNano - call.estimate,
      spentNano: ledger.spentNano + call.actual,
    };
  };
  for (const call of calls) {
    if (held.length > 0 && settleOrder.length > 0 && settleOrder[0] % 2 === 0) settleOne();
    if (admit(b, ledger, 'chat', call.estimate).admit) {
      ledger = withReservation(ledger, 'chat', call.estimate);
      held.push({ estimate: call.estimate, actual: Math.floor(call.estimate * call.actualShare) });
      admitted++;
    }
    expect(ledger.spentNano + ledger.reservedNano).toBeLessThanOrEqual(amount);
  }
  while (held.length > 0) settleOne();
  return { ledger, admitted };
}

describe('budget admission', () => {
  it('never lets the spend pass the amount while each call settles at most its estimate, whatever the interleaving', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.array(
          fc.record({
            estimate: fc.integer({ min: 1, max: 2_000_000 }),
            actualShare: fc.double({ min: 0, max: 1, noNaN: true }),
          }),
          {
            maxLength: 200,
          },
        ),
        fc.array(fc.nat(), { maxLength: 200 }),
        (amount, calls, order) => {
          const { ledger } = simulate(amount, calls, order);
          expect(ledger.reservedNano).toBe(0);
          expect(ledger.spentNano).toBeLessThanOrEqual(amount);
        },
      ),
    );
  });

  it('admits a call whose estimate fits exactly and refuses one a nano-dollar over', () => {
    const b = budget(1000);
    expect(admit(b, { ...empty(), spentNano: 600, reservedNano: 300 }, 'chat', 100)).toEqual({ admit: true });
    expect(admit(b, { ...empty(), spentNano: 600, reservedNano: 300 }, 'chat', 101)).toMatchObject({
      admit: false,
      limit: 'budget',
      committedNano: 900,
    });
  });

  it("applies a flow's limit to its stages (chat.plan counts as chat) and not to other flows", () => {
    const b = budget(1_000_000, { flowLimitsNano: { chat: 500 } });
    const ledger = withReservation(empty(), 'chat.plan', 400);
    expect(ledger.flowReservedNano).toEqual({ chat: 400 });
    expect(admit(b, ledger, 'chat.answer', 101)).toMatchObject({ admit: false, limit: 'flow', limitNano: 500 });
    expect(admit(b, ledger, 'data', 10_000)).toEqual({ admit: true });
  });
});

describe('the estimate of a call', () => {
  it('bounds the cost of any usage within the prompt bytes and maxTokens, for every priced model and the fallback', () => {
    const rates = [...PRICE_TABLE.map((p) => priceFor(p.provider, p.model)!.nano), FALLBACK_RATES];
    fc.assert(
      fc.property(
        fc.constantFrom(...rates),
        fc.integer({ min: 0, max: 50_000 }),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 1, max: 8192 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (nano, bytes, messages, maxTokens, cachedShare, createdShare) => {
          const estimate = estimateNano({ promptBytes: bytes, messages, maxTokens }, nano);
          const input = bytes + 512 + 8 * messages;
          const cacheRead = Math.floor(input * cachedShare);
          const cacheCreate = Math.floor((input - cacheRead) * createdShare);
          const usage = {
            inputTokens: input - cacheRead - cacheCreate,
            cacheReadTokens: cacheRead,
            cacheCreateTokens: cacheCreate,
            outputTokens: maxTokens,
          };
          expect(costNanoUsd(usage, nano)).toBeLessThanOrEqual(estimate);
        },
      ),
    );
  });

  it('prices an unknown model at least as high as every model of the table', () => {
    for (const p of PRICE_TABLE) {
      const nano = priceFor(p.provider, p.model)!.nano;
      expect(FALLBACK_RATES.input).toBeGreaterThanOrEqual(nano.input);
      expect(FALLBACK_RATES.output).toBeGreaterThanOrEqual(nano.output);
      expect(FALLBACK_RATES.cacheCreate).toBeGreaterThanOrEqual(nano.cacheCreate);
    }
  });
});

describe('periods', () => {
  it('puts every instant in the UTC day or month that contains it', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) }), (now) => {
        const day = periodOf('day', now);
        const month = periodOf('month', now);
        expect(day.start).toBeLessThanOrEqual(now);
        expect(now).toBeLessThan(day.end);
        expect(month.start).toBeLessThanOrEqual(day.start);
        expect(day.end).toBeLessThanOrEqual(month.end);
        expect(day.key).toBe(`day:${new Date(now).toISOString().slice(0, 10)}`);
        expect(month.key).toBe(`month:${new Date(now).toISOString().slice(0, 7)}`);
      }),
    );
  });

  it('ends a month at the first instant of the next, over a year end', () => {
    const dec = periodOf('month', Date.UTC(2026, 11, 31, 23, 59, 59));
    expect([dec.key, dec.end]).toEqual(['month:2026-12', Date.UTC(2027, 0, 1)]);
  });
});

describe('alerts, status and projection', () => {
  const b = budget(1000, { softThresholdPercent: 80 });

  it('calls for the soft alert from the threshold and the cap alert at the amount or on a refusal', () => {
    expect(alertsDue(b, 799, false)).toEqual([]);
    expect(alertsDue(b, 800, false)).toEqual(['soft']);
    expect(alertsDue(b, 100, true)).toEqual(['cap']);
    expect(alertsDue(b, 1000, false)).toEqual(['soft', 'cap']);
  });

  it('ranks the status by the spend, then by the projection', () => {
    expect(statusOf(b, 1000, 1000)).toBe('exceeded');
    expect(statusOf(b, 800, 800)).toBe('alerting');
    expect(statusOf(b, 500, 800)).toBe('near');
    expect(statusOf(b, 500, 799)).toBe('ok');
  });

  it('extends the recent rate over the rest of the period', () => {
    expect(projectNano({ spentNano: 100, recentNano: 70, recentMs: 7, remainingMs: 3 })).toBe(130);
    expect(projectNano({ spentNano: 100, recentNano: 70, recentMs: 0, remainingMs: 3 })).toBe(100);
  });
});
