import fc from 'fast-check';
import { mergedPersonRows, numberConflicts, personKeyOf } from '../../../../src/modules/payroll/employer-rows';
import { gustoCorrection, payrollExport, type PayrollExportRow } from '../../../../src/modules/payroll/exports';
import { writtenHundredths } from '../../../../src/modules/payroll/export-format';
import { META, row, table } from './export-rows';

const north = { companyId: 'north', name: 'Harbor North' };
const south = { companyId: 'south', name: 'Harbor South' };
const link = [
  { companyId: 'north', employeeId: 'n1', locationName: 'Harbor North' },
  { companyId: 'south', employeeId: 's1', locationName: 'Harbor South' },
];
const keyOf = (companyId: string, employeeId: string) =>
  personKeyOf(
    companyId,
    employeeId,
    link.filter((l) => l.companyId !== companyId),
  );

/** What Gusto pays for a line: its hours (as written, 2 decimals) at its one rate, then the correction and the tips. */
const gustoPays = (r: PayrollExportRow) => {
  const priced = (minutes: number, factor: number) =>
    Math.floor((writtenHundredths(minutes) * r.baseRate! * factor) / 100 + 0.5 + 1e-9);
  return (
    priced(r.regularMinutes, 1) + priced(r.overtimeMinutes, 1.5) + priced(r.doubleTimeMinutes, 2) + gustoCorrection(r)
  );
};

describe('the rows of an employer’s file', () => {
  it('keys every linked record of a person alike, and an unlinked record by itself', () => {
    expect(keyOf('north', 'n1')).toBe(keyOf('south', 's1'));
    expect(personKeyOf('north', 'n2', [])).not.toBe(keyOf('north', 'n1'));
  });

  it('keeps a row per location for ADP and Paychex, adds a person’s rows into one for Gusto', () => {
    const rows = [
      {
        row: row({ employeeId: 'n1', location: north, regularMinutes: 1200, baseRate: 2000 }),
        person: keyOf('north', 'n1'),
      },
      {
        row: row({ employeeId: 's1', location: south, regularMinutes: 600, baseRate: 1200 }),
        person: keyOf('south', 's1'),
      },
      {
        row: row({ employeeId: 's2', employeeNumber: '2002', location: south }),
        person: personKeyOf('south', 's2', []),
      },
    ];
    expect(mergedPersonRows('adp', rows)).toHaveLength(3);
    const gusto = mergedPersonRows('gusto', rows);
    expect(gusto).toHaveLength(2);
    expect(gusto[0]).toMatchObject({ employeeId: 'n1', regularMinutes: 1800, baseRate: 2000, totalPay: 30000 });
  });

  it('keeps a person salaried at one location and hourly at the other as two Gusto lines', () => {
    const rows = [
      { row: row({ employeeId: 'n1', salaried: true }), person: keyOf('north', 'n1') },
      { row: row({ employeeId: 's1' }), person: keyOf('south', 's1') },
    ];
    expect(mergedPersonRows('gusto', rows).map((r) => r.salaried)).toEqual([true, false]);
  });

  it('finds a person with two employee numbers, an empty number left aside', () => {
    const rows = [
      { row: row({ employeeId: 'n1', employeeNumber: '1001', location: north }), person: keyOf('north', 'n1') },
      { row: row({ employeeId: 's1', employeeNumber: ' 1001 ', location: south }), person: keyOf('south', 's1') },
    ];
    expect(numberConflicts(rows)).toEqual([]);
    expect(numberConflicts([rows[0], { ...rows[1], row: { ...rows[1].row, employeeNumber: null } }])).toEqual([]);
    expect(numberConflicts([rows[0], { ...rows[1], row: { ...rows[1].row, employeeNumber: '7' } }])).toEqual([
      {
        rows: [
          { companyId: 'north', employeeId: 'n1', employeeNumber: '1001' },
          { companyId: 'south', employeeId: 's1', employeeNumber: '7' },
        ],
      },
    ]);
  });

  it('Gusto’s one line pays what the locations’ rows pay, to the cent (property)', () => {
    const hourly = fc.record({
      regularMinutes: fc.integer({ min: 0, max: 2400 }),
      overtimeMinutes: fc.integer({ min: 0, max: 900 }),
      doubleTimeMinutes: fc.integer({ min: 0, max: 300 }),
      rate: fc.integer({ min: 725, max: 6000 }),
      premium: fc.integer({ min: 0, max: 900 }),
      adjustments: fc.integer({ min: -5000, max: 5000 }),
      tips: fc.integer({ min: 0, max: 50_000 }),
    });
    fc.assert(
      fc.property(fc.array(hourly, { minLength: 1, maxLength: 4 }), (parts) => {
        const rows = parts.map((p, i) => {
          const regularPay = Math.round((p.regularMinutes * p.rate) / 60);
          const overtimePay = Math.round((p.overtimeMinutes * (p.rate * 1.5 + p.premium)) / 60);
          const doubleTimePay = Math.round((p.doubleTimeMinutes * p.rate * 2) / 60);
          return {
            row: row({
              employeeId: `e${i}`,
              location: { companyId: `l${i}`, name: `L${i}` },
              ...p,
              regularRate: p.rate,
              baseRate: p.rate,
              regularPay,
              overtimePay,
              doubleTimePay,
              totalPay: regularPay + overtimePay + doubleTimePay + p.adjustments + p.tips,
            }),
            person: 'one person',
          };
        });
        const [line] = mergedPersonRows('gusto', rows);
        const owed = rows.reduce(
          (s, { row: r }) => s + r.regularPay + r.overtimePay + r.doubleTimePay + (r.adjustments ?? 0),
          0,
        );
        expect(gustoPays(line)).toBe(owed);
        expect(line.tips).toBe(parts.reduce((s, p) => s + p.tips, 0));
        expect(line.totalPay).toBe(rows.reduce((s, r) => s + r.row.totalPay, 0));
      }),
    );
  });

  it('names each row’s location in the generic layout only when the rows carry one', () => {
    const plain = table(payrollExport('generic', [row()], META).body);
    expect(plain[0]).not.toHaveProperty('location_id');
    const located = table(
      payrollExport('generic', [row({ location: { companyId: 'north', name: '=Harbor' } })], META).body,
    );
    expect(located[0]).toMatchObject({ location_id: 'north', location_name: "'=Harbor" });
  });
});
