import fc from 'fast-check';
import { addDays, businessDayStart } from '../../../../src/core/calendar';
import { payrollExport, type ExportMeta, type PayrollExportRow } from '../../../../src/modules/payroll/exports';
import { DEFAULT_RULES } from '../../../../src/modules/payroll/overtime';
import { periodPay, type RatedSpan } from '../../../../src/modules/payroll/pay';

/**
 * Each provider file, priced again by the provider's documented rules, pays exactly what the
 * report pays, for a two-week period with two rates in each week (29 CFR 778.104: each workweek
 * stands alone, 778.115: the weighted regular rate of each).
 *
 * - ADP: a paydata line pays Reg Hours x Temp Rate, O/T Hours x 1.5 x Temp Rate, Hours 3 (DBL) x 2 x
 *   Temp Rate, plus Earnings 3 Amount.
 * - Paychex SPI: a line pays Hours x Rate, or its Amount.
 * - Gusto: hours at the one rate Gusto stores for the employee (overtime 1.5x, double overtime 2x),
 *   plus paycheck_tips, bonus and correction_payment.
 * - generic: its pay columns.
 */
const MIN = 60_000;
const cal = { timezone: 'America/Los_Angeles', dayChangeTime: 0, weekStartingDay: 1 };
const META: ExportMeta = {
  companyId: 'acme',
  companyName: 'Acme',
  currency: 'USD',
  periodStart: '2026-03-02',
  periodEnd: '2026-03-15',
  companyCode: 'CO1',
};

function shift(day: number, hours: number, positionId: string, rate: number): RatedSpan {
  const startMs = businessDayStart(addDays('2026-03-02', day), cal) + 8 * 60 * MIN;
  return { startMs, endMs: startMs + hours * 60 * MIN, positionId, rate, rateSource: 'position' };
}

// week 1: 40 h cooking at $20 + 4 h serving at $12 (44 h: 4 h overtime, regular rate $848 / 44 h = $19.2727)
// week 2: 20 h serving at $12 + 4 h cooking at $20 (24 h, regular rate $320 / 24 h = $13.3333)
const spans = [
  ...[0, 1, 2, 3, 4].map((d) => shift(d, 8, 'cook', 2000)),
  shift(5, 4, 'server', 1200),
  ...[7, 8, 9, 10].map((d) => shift(d, 5, 'server', 1200)),
  shift(11, 4, 'cook', 2000),
];
const pay = periodPay(spans, { startDate: META.periodStart, endDate: META.periodEnd }, cal, DEFAULT_RULES.flsa);
const { hours } = pay;
const TIPS = 10_00;
const ADJUSTMENT = 96_00;
function rowOf(pay: ReturnType<typeof periodPay>, extra: { tips: number; adjustments: number; baseRate: number }) {
  const { hours } = pay;
  const r: PayrollExportRow = {
    employeeId: 'e1',
    employeeNumber: 'A1',
    firstName: 'Ana',
    lastName: 'Ruiz',
    roleName: null,
    salaried: false,
    regularMinutes: hours.regularMinutes,
    overtimeMinutes: hours.overtimeMinutes,
    doubleTimeMinutes: hours.doubleTimeMinutes,
    regularRate: hours.regularMinutes ? Math.round((pay.regularPay * 60) / hours.regularMinutes) : 0,
    overtimeRate: hours.overtimeMinutes ? Math.round((pay.overtimePay * 60) / hours.overtimeMinutes) : 0,
    doubleTimeRate: hours.doubleTimeMinutes ? Math.round((pay.doubleTimePay * 60) / hours.doubleTimeMinutes) : 0,
    regularPay: pay.regularPay,
    overtimePay: pay.overtimePay,
    doubleTimePay: pay.doubleTimePay,
    weeks: pay.weeks.map((w) => ({ ...w })),
    ...extra,
    totalPay: pay.regularPay + pay.overtimePay + pay.doubleTimePay + extra.tips + extra.adjustments,
  };
  return r;
}

const row: PayrollExportRow = {
  employeeId: 'e1',
  employeeNumber: 'A1',
  firstName: 'Ana',
  lastName: 'Ruiz',
  roleName: null,
  salaried: false,
  regularMinutes: hours.regularMinutes,
  overtimeMinutes: hours.overtimeMinutes,
  doubleTimeMinutes: hours.doubleTimeMinutes,
  regularRate: Math.round((pay.regularPay * 60) / hours.regularMinutes),
  overtimeRate: Math.round((pay.overtimePay * 60) / hours.overtimeMinutes),
  doubleTimeRate: 0,
  regularPay: pay.regularPay,
  overtimePay: pay.overtimePay,
  doubleTimePay: pay.doubleTimePay,
  tips: TIPS,
  adjustments: ADJUSTMENT,
  weeks: pay.weeks.map((w) => ({
    weekStart: w.weekStart,
    regularRate: w.regularRate,
    regularMinutes: w.regularMinutes,
    overtimeMinutes: w.overtimeMinutes,
    doubleTimeMinutes: w.doubleTimeMinutes,
    regularPay: w.regularPay,
    overtimePay: w.overtimePay,
    doubleTimePay: w.doubleTimePay,
  })),
  baseRate: 2000, // Gusto holds the primary (cook) rate
  totalPay: pay.regularPay + pay.overtimePay + pay.doubleTimePay + TIPS + ADJUSTMENT,
};
const owed = row.totalPay;

/** A decimal cell as an exact integer count of 1/10^digits. */
const scaled = (cell: string, digits: number) => {
  if (!cell) return 0;
  const [whole, fraction = ''] = cell.split('.');
  const sign = whole.startsWith('-') ? -1 : 1;
  return sign * (Math.abs(Number(whole)) * 10 ** digits + Number(fraction.padEnd(digits, '0').slice(0, digits)));
};
/** hours (2 decimals) x rate (4 decimals) x factor in cents, half up. */
const price = (hoursCell: string, rateCell: string, factor = 1) =>
  Math.floor((scaled(hoursCell, 2) * scaled(rateCell, 4) * factor) / 1e4 + 0.5 + 1e-9);
const cents = (cell: string) => scaled(cell, 2);

function table(layout: 'adp' | 'paychex' | 'gusto' | 'generic', r: PayrollExportRow = row) {
  const [header, ...lines] = payrollExport(layout, [r], META).body.trimEnd().split('\r\n');
  const names = header.split(',');
  return lines.map((l) => {
    const cells = l.split(',');
    return (name: string) => cells[names.indexOf(name)] ?? '';
  });
}

describe('every layout re-priced by its provider pays exactly the report (two rates, two workweeks)', () => {
  it('the report: $1,206.55 of hours, $10.00 tips, a $96.00 adjustment', () => {
    expect(pay.weeks.map((w) => w.regularRate)).toEqual([1927.27, 1333.33]);
    expect(pay.regularPay + pay.overtimePay).toBe(770_91 + 115_64 + 320_00);
    expect(owed).toBe(1312_55);
  });

  it('ADP: one paydata line per workweek at its regular rate (Temp Rate), tips, the rate difference and the adjustment under Earnings 3', () => {
    const lines = table('adp');
    expect(lines.map((c) => [c('Reg Hours'), c('O/T Hours'), c('Temp Rate'), c('Earnings 3 Code')])).toEqual([
      ['40.00', '4.00', '19.27', 'TIP'],
      ['24.00', '', '13.33', ''],
      ['', '', '', 'RRD'],
      ['', '', '', 'RET'],
    ]);
    // the regular rates rounded to the cent: 40 x $19.27 + 4 x 1.5 x $19.27 + 24 x $13.33 is $0.21 short
    expect(lines[2]('Earnings 3 Amount')).toBe('0.21');
    const paid = lines.reduce(
      (s, c) =>
        s +
        price(c('Reg Hours'), c('Temp Rate')) +
        price(c('O/T Hours'), c('Temp Rate'), 1.5) +
        (c('Hours 3 Code') === 'DBL' ? price(c('Hours 3 Amount'), c('Temp Rate'), 2) : 0) +
        cents(c('Earnings 3 Amount')),
      0,
    );
    expect(paid).toBe(owed);
  });

  it('Paychex: one Hourly and one Overtime line per workweek at its rates, Tips and Retro Pay amounts', () => {
    const lines = table('paychex');
    expect(lines.map((c) => [c('Pay Component'), c('Rate'), c('Hours'), c('Amount')])).toEqual([
      ['Hourly', '19.2727', '40.00', ''],
      ['Overtime', '28.91', '4.00', ''],
      ['Hourly', '13.3333', '24.00', ''],
      ['Tips', '', '', '10.00'],
      ['Retro Pay', '', '', '96.00'],
    ]);
    const paid = lines.reduce((s, c) => s + (c('Amount') ? cents(c('Amount')) : price(c('Hours'), c('Rate'))), 0);
    expect(paid).toBe(owed);
  });

  it('Gusto: hours at its stored rate, and what that rate cannot price (and the adjustment) as correction_payment', () => {
    const [c] = table('gusto');
    const base = '20.0000';
    const paid =
      price(c('regular_hours'), base) +
      price(c('overtime_hours'), base, 1.5) +
      price(c('double_overtime_hours'), base, 2) +
      cents(c('paycheck_tips')) +
      cents(c('bonus')) +
      cents(c('correction_payment'));
    expect(paid).toBe(owed);
    expect(c('correction_payment')).toBe('-97.45');
  });

  it('generic: its pay columns add up to total_pay, the adjustment in its own column', () => {
    const [c] = table('generic');
    const parts = [
      'regular_pay',
      'overtime_pay',
      'double_time_pay',
      'schedule_premium_pay',
      'meal_premium_pay',
      'tips',
    ];
    expect(parts.reduce((s, p) => s + cents(c(p)), 0) + cents(c('prior_period_adjustment'))).toBe(owed);
    expect(cents(c('total_pay'))).toBe(owed);
  });

  it('for any minutes, rates and rule set, ADP, Paychex and Gusto re-priced pay the report to the cent (property)', () => {
    const adpPaid = (r: PayrollExportRow) =>
      table('adp', r).reduce(
        (s, c) =>
          s +
          price(c('Reg Hours'), c('Temp Rate')) +
          price(c('O/T Hours'), c('Temp Rate'), 1.5) +
          (c('Hours 3 Code') === 'DBL' ? price(c('Hours 3 Amount'), c('Temp Rate'), 2) : 0) +
          cents(c('Earnings 3 Amount')),
        0,
      );
    const paychexPaid = (r: PayrollExportRow) =>
      table('paychex', r).reduce((s, c) => s + (c('Amount') ? cents(c('Amount')) : price(c('Hours'), c('Rate'))), 0);
    const gustoPaid = (r: PayrollExportRow) =>
      table('gusto', r).reduce((s, c) => {
        const base = (r.baseRate! / 100).toFixed(4);
        return (
          s +
          price(c('regular_hours'), base) +
          price(c('overtime_hours'), base, 1.5) +
          price(c('double_overtime_hours'), base, 2) +
          cents(c('paycheck_tips')) +
          cents(c('bonus')) +
          cents(c('correction_payment'))
        );
      }, 0);
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            day: fc.integer({ min: 0, max: 13 }),
            minutes: fc.integer({ min: 1, max: 840 }),
            rate: fc.constantFrom(1010, 1199, 1250, 1533, 2000, 2345),
          }),
          { minLength: 1, maxLength: 16 },
        ),
        fc.constantFrom(DEFAULT_RULES.flsa, DEFAULT_RULES.california),
        fc.integer({ min: 0, max: 5000 }),
        fc.constantFrom(1200, 1533, 2000),
        (shifts, rules, tips, baseRate) => {
          const spans = shifts.map((x) => {
            const startMs = businessDayStart(addDays('2026-03-02', x.day), cal) + 6 * 60 * MIN;
            return {
              startMs,
              endMs: startMs + x.minutes * MIN,
              positionId: `p${x.rate}`,
              rate: x.rate,
              rateSource: 'position' as const,
            };
          });
          const p = periodPay(spans, { startDate: META.periodStart, endDate: META.periodEnd }, cal, rules);
          const r = rowOf(p, { tips, adjustments: 0, baseRate });
          expect(adpPaid(r)).toBe(r.totalPay);
          expect(paychexPaid(r)).toBe(r.totalPay);
          expect(gustoPaid(r)).toBe(r.totalPay);
        },
      ),
      { numRuns: 500 },
    );
  });
});
