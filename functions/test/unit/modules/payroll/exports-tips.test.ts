import fc from 'fast-check';
import { payrollExport } from '../../../../src/modules/payroll/exports';
import { META, row, table } from './export-rows';

describe('tips in the export layouts: paid through the paycheck apart from cash already held', () => {
  const ana = row({ tips: 12_345, cashTips: 2_345, totalPay: 27_345 });

  it('gusto: paycheck_tips is what Gusto pays out, cash_tips what the employee holds', () => {
    const [line] = table(payrollExport('gusto', [ana], META).body);
    expect(line).toMatchObject({ paycheck_tips: '100.00', cash_tips: '23.45' });
  });

  it('gusto, generic: no cash_tips column in a file without cash tips (a 0 would erase what was entered)', () => {
    const plain = row({ tips: 500, totalPay: 15_500 });
    for (const layout of ['gusto', 'generic'] as const)
      expect(Object.keys(table(payrollExport(layout, [plain], META).body)[0])).not.toContain('cash_tips');
  });

  it('adp: TIP for the paycheck part, CTP on a line of its own for the cash part', () => {
    const lines = table(payrollExport('adp', [ana], META).body);
    const earnings = lines.map((l) => [l['Earnings 3 Code'], l['Earnings 3 Amount']]).filter(([c]) => c);
    expect(earnings).toEqual([
      ['TIP', '100.00'],
      ['CTP', '23.45'],
    ]);
  });

  it('paychex: Tips and Cash Tips pay components', () => {
    const lines = table(payrollExport('paychex', [ana], META).body);
    const amounts = lines.filter((l) => l.Amount).map((l) => [l['Pay Component'], l.Amount]);
    expect(amounts).toEqual([
      ['Tips', '100.00'],
      ['Cash Tips', '23.45'],
    ]);
  });

  it('generic: tips is the staff tips, cash_tips its cash part', () => {
    const [line] = table(payrollExport('generic', [ana], META).body);
    expect(line).toMatchObject({ tips: '123.45', cash_tips: '23.45' });
  });

  it('every layout carries the tips to the cent: paycheck part + cash part = tips', () => {
    fc.assert(
      fc.property(fc.integer({ min: -50_000, max: 500_000 }), fc.integer({ min: 0, max: 200_000 }), (tips, cash) => {
        const r = row({ tips, cashTips: cash, totalPay: 15_000 + tips });
        const cents = (v: string | undefined) => (v ? Math.round(Number(v) * 100) : 0);
        const gusto = table(payrollExport('gusto', [r], META).body)[0];
        expect(cents(gusto.paycheck_tips) + cents(gusto.cash_tips)).toBe(tips);
        const adp = table(payrollExport('adp', [r], META).body);
        const adpTips = adp.filter((l) => ['TIP', 'CTP'].includes(l['Earnings 3 Code']));
        expect(adpTips.reduce((a, l) => a + cents(l['Earnings 3 Amount']), 0)).toBe(tips);
        const paychex = table(payrollExport('paychex', [r], META).body);
        const paychexTips = paychex.filter((l) => ['Tips', 'Cash Tips'].includes(l['Pay Component']));
        expect(paychexTips.reduce((a, l) => a + cents(l.Amount), 0)).toBe(tips);
      }),
      { numRuns: 100 },
    );
  });
});

describe('tip-pool shares and the tip-credit make-up in the export layouts', () => {
  // $20.00 own card tips, $5.00 cash held, $60.00 of pool shares; $83.60 of make-up
  const ana = row({ tips: 8_500, cashTips: 500, poolShares: 6_000, makeUp: 8_360, totalPay: 15_000 + 8_500 + 8_360 });
  const cents = (v: string | undefined) => (v ? Math.round(Number(v) * 100) : 0);

  it('generic: tips holds the shares, with their part and the make-up in columns of their own', () => {
    const [line] = table(payrollExport('generic', [ana], META).body);
    expect(line).toMatchObject({
      tips: '85.00',
      cash_tips: '5.00',
      tip_pool_shares: '60.00',
      tip_credit_make_up: '83.60',
    });
    expect(Object.keys(table(payrollExport('generic', [row()], META).body)[0])).not.toContain('tip_pool_shares');
  });

  it('adp: own paycheck tips under TIP, cash under CTP, shares under TPL, the make-up under TCM', () => {
    const lines = table(payrollExport('adp', [ana], META).body);
    expect(
      lines.filter((l) => l['Earnings 3 Code']).map((l) => [l['Earnings 3 Code'], l['Earnings 3 Amount']]),
    ).toEqual([
      ['TIP', '20.00'],
      ['CTP', '5.00'],
      ['TPL', '60.00'],
      ['TCM', '83.60'],
    ]);
  });

  it('paychex: Tips, Cash Tips, Tip Pool and Tip Credit Makeup', () => {
    const lines = table(payrollExport('paychex', [ana], META).body);
    expect(lines.filter((l) => l.Amount).map((l) => [l['Pay Component'], l.Amount])).toEqual([
      ['Tips', '20.00'],
      ['Cash Tips', '5.00'],
      ['Tip Pool', '60.00'],
      ['Tip Credit Makeup', '83.60'],
    ]);
  });

  it('gusto: the shares are paycheck tips, the make-up is a correction payment', () => {
    const [line] = table(payrollExport('gusto', [{ ...ana, baseRate: 1_500 }], META).body);
    expect(line).toMatchObject({ paycheck_tips: '80.00', cash_tips: '5.00', correction_payment: '83.60' });
  });

  it('every layout pays the tips and the make-up to the cent', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 50_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 30_000 }),
        (own, cash, shares, makeUp) => {
          const tips = own + cash + shares;
          const r = row({
            tips,
            cashTips: cash,
            poolShares: shares,
            makeUp,
            baseRate: 1_500,
            totalPay: 15_000 + tips + makeUp,
          });
          const sum = (lines: Record<string, string>[], code: string, codes: string[], amount: string) =>
            lines.filter((l) => codes.includes(l[code])).reduce((a, l) => a + cents(l[amount]), 0);
          const adp = table(payrollExport('adp', [r], META).body);
          expect(sum(adp, 'Earnings 3 Code', ['TIP', 'CTP', 'TPL'], 'Earnings 3 Amount')).toBe(tips);
          expect(sum(adp, 'Earnings 3 Code', ['TCM'], 'Earnings 3 Amount')).toBe(makeUp);
          const paychex = table(payrollExport('paychex', [r], META).body);
          expect(sum(paychex, 'Pay Component', ['Tips', 'Cash Tips', 'Tip Pool'], 'Amount')).toBe(tips);
          expect(sum(paychex, 'Pay Component', ['Tip Credit Makeup'], 'Amount')).toBe(makeUp);
          const gusto = table(payrollExport('gusto', [r], META).body)[0];
          expect(cents(gusto.paycheck_tips) + cents(gusto.cash_tips)).toBe(tips);
          expect(cents(gusto.correction_payment)).toBe(makeUp);
          const generic = table(payrollExport('generic', [r], META).body)[0];
          expect(cents(generic.tips)).toBe(tips);
          expect(cents(generic.tip_credit_make_up)).toBe(makeUp);
        },
      ),
      { numRuns: 100 },
    );
  });
});
