import fc from 'fast-check';
import {
  addAdjustments,
  ADJUSTED_KINDS,
  payDateOf,
  tipAdjustmentsOf,
  type AdjustedRecord,
} from '../../../../src/modules/sales/tip-adjustments';
import { noTips, staffTips, TIP_KINDS, type TipKinds } from '../../../../src/modules/sales/tip-kinds';

const CLOSED = [{ startDate: '2026-11-09', endDate: '2026-11-15' }];
const RECORD: AdjustedRecord = {
  posSource: 'square',
  connectionId: 'square_api_key~L1',
  slug: 'square_api_key',
  vendorId: 'chk-1',
  runId: 'run-1',
  change: 'voided',
};
const delta = (date: string, employeeId: string | null, kinds: Partial<TipKinds>) => ({
  date,
  employeeId,
  currency: 'USD',
  ...noTips(),
  ...kinds,
});

describe('tip adjustments (tip-adjustments.ts)', () => {
  it('a void on a closed date takes back each kind of the server, the tips given back to the server and from the one credited', () => {
    const out = tipAdjustmentsOf({
      deltas: [
        delta('2026-11-12', 'ana', {
          cardTips: -500,
          cashTips: -100,
          gratuities: -300,
          serviceCharges: -900,
          tipsGiven: -200,
        }),
        delta('2026-11-12', 'ben', { tipsReceived: -200 }),
      ],
      closed: CLOSED,
      payDate: '2026-11-18',
      record: RECORD,
      at: 1,
    });
    expect(out.map((a) => [a.employeeId, a.kind, a.amount])).toEqual([
      ['ana', 'cardTips', -500],
      ['ana', 'cashTips', -100],
      ['ana', 'gratuities', -300],
      ['ana', 'tipsGiven', 200],
      ['ben', 'tipsReceived', -200],
    ]);
    expect(out[0]).toMatchObject({ date: '2026-11-18', originalDate: '2026-11-12', vendorId: 'chk-1', runId: 'run-1' });
    expect(out[0].reason).toBe(
      "Sale chk-1 (square_api_key) of 2026-11-12, a closed pay period, was voided or deleted at the vendor (run run-1): card tips taken back, -5.00 USD, in the period of 2026-11-18; the closed period's report is not rewritten",
    );
  });

  it('leaves open dates and tips of no employee alone', () => {
    expect(
      tipAdjustmentsOf({
        deltas: [delta('2026-11-16', 'ana', { cardTips: -500 }), delta('2026-11-12', null, { cardTips: -500 })],
        closed: CLOSED,
        payDate: '2026-11-18',
        record: RECORD,
        at: 1,
      }),
    ).toEqual([]);
  });

  it('dates an adjustment on the day it is recorded, or the first day after the closed ranges holding it', () => {
    expect(payDateOf(CLOSED, '2026-11-18')).toBe('2026-11-18');
    expect(payDateOf(CLOSED, '2026-11-09')).toBe('2026-11-16');
    expect(payDateOf([...CLOSED, { startDate: '2026-11-16', endDate: '2026-11-22' }], '2026-11-15')).toBe('2026-11-23');
  });

  it('adds up, per employee, to the change of the staff tips on the closed dates, the cash part apart (property)', () => {
    const kinds = fc.record(
      Object.fromEntries(TIP_KINDS.map((k) => [k, fc.integer({ min: -5000, max: 5000 })])) as {
        [K in keyof TipKinds]: fc.Arbitrary<number>;
      },
    );
    const day = fc.record({
      date: fc.constantFrom('2026-11-08', '2026-11-09', '2026-11-15', '2026-11-16'),
      employeeId: fc.constantFrom('ana', 'ben', null),
      kinds,
    });
    fc.assert(
      fc.property(fc.array(day, { maxLength: 6 }), (days) => {
        const deltas = days.map((d) => delta(d.date, d.employeeId, d.kinds));
        const out = tipAdjustmentsOf({ deltas, closed: CLOSED, payDate: '2026-11-18', record: RECORD, at: 1 });
        const sums = { tips: new Map<string, number>(), cashTips: new Map<string, number>() };
        addAdjustments(sums, out, 1);
        for (const id of ['ana', 'ben']) {
          const closedDays = deltas.filter(
            (d) => d.employeeId === id && d.date >= '2026-11-09' && d.date <= '2026-11-15',
          );
          const tips = closedDays.reduce((s, d) => s + staffTips(d), 0);
          const cash = closedDays.reduce((s, d) => s + d.cashTips + d.declaredCashTips, 0);
          expect(sums.tips.get(id) ?? 0).toBe(tips);
          expect(sums.cashTips.get(id) ?? 0).toBe(cash);
        }
        expect(out.every((a) => a.amount !== 0 && ADJUSTED_KINDS.includes(a.kind))).toBe(true);
      }),
    );
  });
});
