/** The edges of the payroll export files: input checks and their messages, ordering ties, trimming and zero rows. */
import {
  currencyExponent,
  ExportError,
  formatHours,
  formatMinor,
  payrollExport,
  type ExportMeta,
  type PayrollExportRow,
} from '../../../../src/modules/payroll/exports';

const META: ExportMeta = {
  companyId: 'acme',
  companyName: 'Acme Diner',
  currency: 'USD',
  periodStart: '2026-03-01',
  periodEnd: '2026-03-14',
  companyCode: 'ZX9',
};
const row = (over: Partial<PayrollExportRow> & Pick<PayrollExportRow, 'employeeId'>): PayrollExportRow => ({
  employeeNumber: null,
  firstName: 'Ana',
  lastName: 'Ruiz',
  roleName: null,
  salaried: false,
  regularMinutes: 0,
  overtimeMinutes: 0,
  doubleTimeMinutes: 0,
  regularRate: 0,
  overtimeRate: 0,
  doubleTimeRate: 0,
  regularPay: 0,
  overtimePay: 0,
  doubleTimePay: 0,
  tips: 0,
  totalPay: 0,
  ...over,
});
const lines = (body: string) => body.trimEnd().split('\r\n');

describe('input checks', () => {
  it('refuses what is not an ISO 4217 code, naming it', () => {
    for (const bad of ['usd', 'XXXX', 'QQQ', ' USD', 'USD ', 'EU'])
      expect(() => currencyExponent(bad)).toThrow(`Not an ISO 4217 currency code: ${JSON.stringify(bad)}`);
    expect([currencyExponent('USD'), currencyExponent('JPY'), currencyExponent('BHD')]).toEqual([2, 0, 3]);
  });

  it('refuses amounts and minutes that are not whole numbers, naming them', () => {
    expect(() => formatMinor(12.5, 2)).toThrow('Not an integer amount of minor units: 12.5');
    expect(() => formatHours(1.5)).toThrow('Not an integer number of minutes: 1.5');
    expect(formatHours(0)).toBe('0.00');
    expect(formatHours(-90)).toBe('-1.50');
  });

  it('refuses an unknown layout, a period that is not two plain dates in order, and a non-integer figure', () => {
    expect(() => payrollExport('sage' as never, [], META)).toThrow('Unknown export layout: "sage"');
    for (const period of [
      { periodStart: '2026-03-01T00:00', periodEnd: '2026-03-14' },
      { periodStart: '2026-03-01', periodEnd: 'x2026-03-14' },
    ]) {
      expect(() => payrollExport('generic', [], { ...META, ...period })).toThrow(
        'periodStart and periodEnd must be YYYY-MM-DD',
      );
    }
    expect(() => payrollExport('generic', [], { ...META, periodStart: '2026-03-15' })).toThrow(
      'periodStart is after periodEnd',
    );
    expect(payrollExport('generic', [], { ...META, periodStart: '2026-03-14' }).filename).toBe(
      'payroll-acme-2026-03-14_2026-03-14-generic.csv',
    );
    expect(() => payrollExport('generic', [row({ employeeId: 'e1', tips: 10.5 })], META)).toThrow(
      'tips of employee e1 is not an integer: 10.5',
    );
    expect(() => payrollExport('generic', [row({ employeeId: 'e2', regularMinutes: Number.NaN })], META)).toThrow(
      'regularMinutes of employee e2 is not an integer: NaN',
    );
  });

  it('is an ExportError naming the layout and how many employees lack a number, one or several', () => {
    const one = () => payrollExport('adp', [row({ employeeId: 'e1', regularMinutes: 60 })], META);
    expect(one).toThrow('The adp export needs a File # (employeeNumber) for 1 employee: Ruiz, Ana (e1)');
    const two = () =>
      payrollExport(
        'paychex',
        [row({ employeeId: 'e1' }), row({ employeeId: 'e2', firstName: 'Bo', employeeNumber: '  ' })],
        META,
      );
    expect(two).toThrow(
      'The paychex export needs a Worker ID (employeeNumber) for 2 employees: Ruiz, Ana (e1); Ruiz, Bo (e2)',
    );
    try {
      two();
    } catch (e) {
      expect(e).toBeInstanceOf(ExportError);
      expect((e as ExportError).name).toBe('ExportError');
    }
    expect(() => payrollExport('adp', [], { ...META, companyCode: ' ' })).toThrow(
      "The adp export needs the company's ADP Co Code (companyCode)",
    );
    expect(() => payrollExport('paychex', [], { ...META, companyCode: undefined })).toThrow(
      "The paychex export needs the company's Paychex Client ID (companyCode)",
    );
  });
});

describe('file contents', () => {
  it('orders employees of the same name by id', () => {
    const rows = ['e3', 'e1', 'e2'].map((id) => row({ employeeId: id, regularMinutes: 60 }));
    expect(
      lines(payrollExport('generic', rows, META).body)
        .slice(1)
        .map((l) => l.split(',')[0]),
    ).toEqual(['e1', 'e2', 'e3']);
  });

  it('trims the company code, batch id and employee numbers it writes', () => {
    const r = row({ employeeId: 'e1', employeeNumber: ' 0042 ', regularMinutes: 480, regularRate: 1800, tips: 500 });
    const meta = { ...META, companyCode: ' ZX9 ', batchId: ' B7 ' };
    expect(lines(payrollExport('adp', [r], meta).body)[1]).toBe('ZX9,B7,0042,8.00,,,,TIP,5.00,18.00');
    expect(
      lines(payrollExport('paychex', [r], meta).body)[1]
        .split(',')
        .slice(0, 2),
    ).toEqual(['ZX9', '0042']);
    expect(lines(payrollExport('gusto', [r], meta).body)[1].split(',')[2]).toBe('0042');
  });

  it('gives ADP a temporary rate for hourly work only, overtime-only work included', () => {
    const overtimeOnly = row({ employeeId: 'e1', employeeNumber: '1', overtimeMinutes: 90, regularRate: 2000 });
    const tipsOnly = row({ employeeId: 'e2', employeeNumber: '2', firstName: 'Bo', tips: 700, regularRate: 2000 });
    const doubleOnly = row({
      employeeId: 'e3',
      employeeNumber: '3',
      firstName: 'Cy',
      doubleTimeMinutes: 30,
      regularRate: 2000,
    });
    expect(lines(payrollExport('adp', [overtimeOnly, tipsOnly, doubleOnly], META).body).slice(1)).toEqual([
      'ZX9,20260314,1,,1.50,,,,,20.00',
      'ZX9,20260314,2,,,,,TIP,7.00,',
      'ZX9,20260314,3,,,DBL,0.50,,,20.00',
    ]);
  });

  it('counts every kind of worked minute when deciding on the ADP temporary rate', () => {
    const equalRegularAndOvertime = row({
      employeeId: 'e1',
      employeeNumber: '1',
      regularMinutes: 60,
      overtimeMinutes: 60,
      regularRate: 2000,
    });
    const equalOvertimeAndDouble = row({
      employeeId: 'e2',
      employeeNumber: '2',
      firstName: 'Bo',
      overtimeMinutes: 30,
      doubleTimeMinutes: 30,
      regularRate: 2000,
    });
    expect(
      lines(payrollExport('adp', [equalRegularAndOvertime, equalOvertimeAndDouble], META).body)
        .slice(1)
        .map((l) => l.split(',').at(-1)),
    ).toEqual(['20.00', '20.00']);
  });

  it('writes no Paychex regular line for a salaried employee or one without regular hours', () => {
    const salaried = row({
      employeeId: 'e1',
      employeeNumber: '1',
      salaried: true,
      regularMinutes: 4800,
      overtimeMinutes: 60,
      overtimeRate: 3000,
    });
    const overtimeOnly = row({
      employeeId: 'e2',
      employeeNumber: '2',
      firstName: 'Bo',
      overtimeMinutes: 60,
      overtimeRate: 3000,
    });
    const components = lines(payrollExport('paychex', [salaried, overtimeOnly], META).body)
      .slice(1)
      .map((l) => l.split(',').slice(1, 5).join(','));
    expect(components).toEqual(['1,,,Overtime', '2,,,Overtime']);
  });
});
