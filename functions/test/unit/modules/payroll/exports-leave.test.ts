import { parse } from 'csv-parse/sync';
import { payrollExport, type PayrollExportRow } from '../../../../src/modules/payroll/exports';
import { META, row, table } from './export-rows';

/** Ana: 10 h at $15, 8 h of sick leave at the week's regular rate of $15.25 and 4 h of PTO at $15. */
const ana: PayrollExportRow = row({
  leave: [
    { kind: 'sick', minutes: 480, rate: 1525, amount: 12200 },
    { kind: 'pto', minutes: 240, rate: 1500, amount: 6000 },
  ],
  baseRate: 1500,
  totalPay: 15000 + 12200 + 6000,
});
const plain: PayrollExportRow = {
  ...ana,
  employeeId: 'e2',
  employeeNumber: '1002',
  lastName: 'Soto',
  leave: [],
  totalPay: 15000,
};

const rows = (body: string) => parse(body) as string[][];

describe('paid time off in the four export layouts', () => {
  it('generic: hours and pay per kind, only in a file that has leave', () => {
    const [line] = table(payrollExport('generic', [ana], META).body);
    expect(line).toMatchObject({
      sick_leave_hours: '8.00',
      sick_leave_pay: '122.00',
      pto_hours: '4.00',
      pto_pay: '60.00',
      total_pay: '332.00',
    });
    expect(Object.keys(table(payrollExport('generic', [plain], META).body)[0])).not.toContain('sick_leave_hours');
  });

  it('ADP: Hours 3 SCK and PTO with their hours at their Temp Rate', () => {
    const lines = rows(payrollExport('adp', [ana], META).body);
    expect(lines).toContainEqual(['AC1', '20260314', '1001', '', '', 'SCK', '8.00', '', '', '15.25']);
    expect(lines).toContainEqual(['AC1', '20260314', '1001', '', '', 'PTO', '4.00', '', '', '15.00']);
    // ADP's price of the written hours is the pay: no rate-difference line
    expect(lines.some((l) => l.includes('RRD'))).toBe(false);
  });

  it('Paychex: pay components Sick and PTO with rate and hours', () => {
    const lines = rows(payrollExport('paychex', [ana], META).body);
    const sick = lines.find((l) => l[4] === 'Sick')!;
    expect([sick[5], sick[7]]).toEqual(['15.25', '8.00']);
    const pto = lines.find((l) => l[4] === 'PTO')!;
    expect([pto[5], pto[7]]).toEqual(['15.00', '4.00']);
  });

  it("Gusto: sick_hours and pto_hours; what Gusto's one rate misses of the sick day goes to correction_payment", () => {
    const [line] = table(payrollExport('gusto', [ana, plain], META).body);
    expect(line).toMatchObject({ sick_hours: '8.00', pto_hours: '4.00', correction_payment: '2.00' });
    const [, soto] = table(payrollExport('gusto', [ana, plain], META).body);
    expect(soto).toMatchObject({ sick_hours: '', pto_hours: '' });
  });
});
