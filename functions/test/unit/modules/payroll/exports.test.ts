import {
  currencyExponent,
  EXPORT_LAYOUTS,
  ExportError,
  formatHours,
  formatMinor,
  guardText,
  payrollExport,
  type ExportMeta,
  type PayrollExportRow,
} from '../../../../src/modules/payroll/exports';

const CRLF = '\r\n';
/** A CSV body written out line by line, each line ended by CRLF. */
const csv = (...lines: string[]) => lines.map((l) => l + CRLF).join('');

const META: ExportMeta = {
  companyId: 'acme',
  companyName: 'Acme Diner',
  currency: 'USD',
  periodStart: '2026-03-01',
  periodEnd: '2026-03-14',
};

function row(
  over: Partial<PayrollExportRow> & Pick<PayrollExportRow, 'employeeId' | 'firstName' | 'lastName'>,
): PayrollExportRow {
  return {
    employeeNumber: null,
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
  };
}

/** Three employees, given out of order: hourly with tips and overtime, hourly without, salaried with overtime, double time and tips. */
const BAKER = row({
  employeeId: 'e2',
  employeeNumber: '1002',
  firstName: 'Chloe',
  lastName: 'Baker',
  roleName: 'Server',
  regularMinutes: 2400,
  overtimeMinutes: 95,
  regularRate: 1550,
  overtimeRate: 2325,
  doubleTimeRate: 3100,
  regularPay: 62000,
  overtimePay: 3681,
  tips: 12345,
  totalPay: 78026,
});
const ADAMS = row({
  employeeId: 'e1',
  employeeNumber: '1001',
  firstName: 'Sam',
  lastName: 'Adams',
  roleName: 'Cook',
  regularMinutes: 1800,
  regularRate: 2000,
  overtimeRate: 3000,
  doubleTimeRate: 4000,
  regularPay: 60000,
  totalPay: 60000,
});
const CRUZ = row({
  employeeId: 'e3',
  employeeNumber: '1003',
  firstName: 'Dana',
  lastName: 'Cruz',
  roleName: 'Manager',
  salaried: true,
  regularMinutes: 2400,
  overtimeMinutes: 120,
  doubleTimeMinutes: 30,
  regularRate: 3000,
  overtimeRate: 4500,
  doubleTimeRate: 6000,
  regularPay: 120000,
  overtimePay: 9000,
  doubleTimePay: 3000,
  tips: 500,
  totalPay: 132500,
});
const FIXTURE = [CRUZ, BAKER, ADAMS];

const GENERIC_HEADER =
  'employee_id,employee_number,last_name,first_name,role,salaried,regular_hours,overtime_hours,double_time_hours,total_hours,' +
  'regular_rate,overtime_rate,double_time_rate,regular_pay,overtime_pay,double_time_pay,schedule_premium_pay,meal_premium_pay,tips,total_pay,currency,period_start,period_end';
const ADP_HEADER =
  'Co Code,Batch ID,File #,Reg Hours,O/T Hours,Hours 3 Code,Hours 3 Amount,Earnings 3 Code,Earnings 3 Amount,Temp Rate';
const PAYCHEX_HEADER =
  'Client ID,Worker ID,Org,Job Number,Pay Component,Rate,Rate Number,Hours,Units,Line Date,Amount,' +
  'Check Seq Number,Override State,Override Local,Override Local Jurisdiction,Labor Assignment';
const GUSTO_HEADER =
  'last_name,first_name,gusto_employee_id,regular_hours,overtime_hours,double_overtime_hours,paycheck_tips';

const body = (layout: (typeof EXPORT_LAYOUTS)[number], rows: PayrollExportRow[], meta: Partial<ExportMeta> = {}) =>
  payrollExport(layout, rows, { ...META, ...meta }).body;
/** The first-name column of a generic export, in file order. */
const firstNames = (text: string) =>
  text
    .split(CRLF)
    .slice(1, -1)
    .map((l) => l.split(',')[3]);

describe('the generic layout', () => {
  it('writes every field of every employee, sorted by name, with a header line and CRLF line ends', () => {
    expect(body('generic', FIXTURE)).toBe(
      csv(
        GENERIC_HEADER,
        'e1,1001,Adams,Sam,Cook,false,30.00,0.00,0.00,30.00,20.00,30.00,40.00,600.00,0.00,0.00,0.00,0.00,0.00,600.00,USD,2026-03-01,2026-03-14',
        'e2,1002,Baker,Chloe,Server,false,40.00,1.58,0.00,41.58,15.50,23.25,31.00,620.00,36.81,0.00,0.00,0.00,123.45,780.26,USD,2026-03-01,2026-03-14',
        'e3,1003,Cruz,Dana,Manager,true,40.00,2.00,0.50,42.50,30.00,45.00,60.00,1200.00,90.00,30.00,0.00,0.00,5.00,1325.00,USD,2026-03-01,2026-03-14',
      ),
    );
  });

  it('leaves the employee number and the role empty when they are null', () => {
    const text = body('generic', [row({ employeeId: 'x', firstName: 'A', lastName: 'B' })]);
    expect(text.split(CRLF)[1]).toBe(
      'x,,B,A,,false,0.00,0.00,0.00,0.00,0.00,0.00,0.00,0.00,0.00,0.00,0.00,0.00,0.00,0.00,USD,2026-03-01,2026-03-14',
    );
  });

  it('names the file after the company, the period and the layout, as UTF-8 CSV', () => {
    const file = payrollExport('generic', FIXTURE, META);
    expect(file.filename).toBe('payroll-acme-2026-03-01_2026-03-14-generic.csv');
    expect(file.contentType).toBe('text/csv; charset=utf-8');
    expect(payrollExport('gusto', [], { ...META, companyId: 'a/b "c"' }).filename).toBe(
      'payroll-a_b__c_-2026-03-01_2026-03-14-gusto.csv',
    );
  });
});

describe('the ADP layout', () => {
  it('writes one paydata line per employee with the Co Code, a Batch ID from the period end and the File #', () => {
    expect(body('adp', FIXTURE, { companyCode: 'K7X' })).toBe(
      csv(
        ADP_HEADER,
        'K7X,20260314,1001,30.00,,,,,,20.00',
        'K7X,20260314,1002,40.00,1.58,,,TIP,123.45,15.50',
        // salaried: no Reg Hours and no Temp Rate (ADP pays the salary), overtime, double time and tips sent
        'K7X,20260314,1003,,2.00,DBL,0.50,TIP,5.00,',
      ),
    );
  });

  it('uses the batch id it is given and leaves out employees with nothing to pay', () => {
    const idle = row({
      employeeId: 'e9',
      employeeNumber: '1009',
      firstName: 'Ida',
      lastName: 'Idle',
      salaried: true,
      regularMinutes: 4800,
      regularPay: 250000,
      totalPay: 250000,
    });
    expect(body('adp', [ADAMS, idle], { companyCode: 'K7X', batchId: 'WK11' })).toBe(
      csv(ADP_HEADER, 'K7X,WK11,1001,30.00,,,,,,20.00'),
    );
  });

  it('refuses an export without the company code', () => {
    expect(() => body('adp', FIXTURE)).toThrow(ExportError);
    try {
      body('adp', FIXTURE, { companyCode: '  ' });
      throw new Error('no error');
    } catch (e) {
      expect(e).toBeInstanceOf(ExportError);
      expect((e as ExportError).reason).toBe('company-code-missing');
      expect((e as ExportError).employees).toEqual([]);
    }
  });
});

describe('the Paychex layout', () => {
  it('writes one SPI line per pay component with hours and rate, or an amount for tips, all 16 columns', () => {
    expect(body('paychex', FIXTURE, { companyCode: '12345678' })).toBe(
      csv(
        PAYCHEX_HEADER,
        '12345678,1001,,,Hourly,20.00,,30.00,,,,,,,,',
        '12345678,1002,,,Hourly,15.50,,40.00,,,,,,,,',
        '12345678,1002,,,Overtime,23.25,,1.58,,,,,,,,',
        '12345678,1002,,,Tips,,,,,,123.45,,,,,',
        // salaried: no Hourly line
        '12345678,1003,,,Overtime,45.00,,2.00,,,,,,,,',
        '12345678,1003,,,Doubletime,60.00,,0.50,,,,,,,,',
        '12345678,1003,,,Tips,,,,,,5.00,,,,,',
      ),
    );
  });

  it('has sixteen fields on every line', () => {
    for (const line of body('paychex', FIXTURE, { companyCode: '1' }).split(CRLF).slice(0, -1))
      expect(line.split(',')).toHaveLength(16);
  });
});

describe('the Gusto layout', () => {
  it('writes one line per employee by name with Gusto id, hours and paycheck tips, 0.00 included', () => {
    expect(body('gusto', FIXTURE)).toBe(
      csv(
        GUSTO_HEADER,
        'Adams,Sam,1001,30.00,0.00,0.00,0.00',
        'Baker,Chloe,1002,40.00,1.58,0.00,123.45',
        // salaried: regular_hours empty (no impact in Gusto), the rest as for anyone
        'Cruz,Dana,1003,,2.00,0.50,5.00',
      ),
    );
  });

  it('needs no employee number and leaves the Gusto id empty without one', () => {
    const text = body('gusto', [row({ employeeId: 'e1', firstName: 'Sam', lastName: 'Adams', regularMinutes: 60 })]);
    expect(text).toBe(csv(GUSTO_HEADER, 'Adams,Sam,,1.00,0.00,0.00,0.00'));
  });
});

describe('decimal hours', () => {
  it('are minutes / 60 with two places rounded half up', () => {
    const cases: [number, string][] = [
      [0, '0.00'],
      [1, '0.02'],
      [7, '0.12'],
      [20, '0.33'],
      [29, '0.48'],
      [40, '0.67'],
      [59, '0.98'],
      [60, '1.00'],
      [61, '1.02'],
      [90, '1.50'],
      [95, '1.58'],
      [2495, '41.58'],
      [100_000, '1666.67'],
      [-7, '-0.12'],
    ];
    for (const [minutes, hours] of cases) expect([minutes, formatHours(minutes)]).toEqual([minutes, hours]);
  });

  it('total the minutes before rounding, not the rounded hours', () => {
    // 7 + 7 + 7 minutes: 0.12 + 0.12 + 0.12 would be 0.36, 21 minutes are 0.35 hours
    const text = body('generic', [
      row({
        employeeId: 'e',
        firstName: 'F',
        lastName: 'L',
        regularMinutes: 7,
        overtimeMinutes: 7,
        doubleTimeMinutes: 7,
      }),
    ]);
    expect(text.split(CRLF)[1].split(',').slice(6, 10)).toEqual(['0.12', '0.12', '0.12', '0.35']);
  });

  it('refuse minutes that are not integers', () => {
    expect(() => formatHours(1.5)).toThrow(RangeError);
    expect(() =>
      body('generic', [row({ employeeId: 'e', firstName: 'F', lastName: 'L', regularMinutes: 0.5 })]),
    ).toThrow(RangeError);
  });
});

describe('money', () => {
  it('is written with the minor-unit exponent of the currency: USD 2, JPY 0, KWD 3', () => {
    expect([
      currencyExponent('USD'),
      currencyExponent('EUR'),
      currencyExponent('GBP'),
      currencyExponent('JPY'),
      currencyExponent('KWD'),
      currencyExponent('BHD'),
    ]).toEqual([2, 2, 2, 0, 3, 3]);
    expect([formatMinor(123456, 2), formatMinor(5, 2), formatMinor(0, 2), formatMinor(-5, 2)]).toEqual([
      '1234.56',
      '0.05',
      '0.00',
      '-0.05',
    ]);
    expect([formatMinor(123456, 0), formatMinor(0, 0)]).toEqual(['123456', '0']);
    expect([formatMinor(123456, 3), formatMinor(5, 3), formatMinor(1000, 3)]).toEqual(['123.456', '0.005', '1.000']);
  });

  it('has no floating-point drift on large or awkward amounts', () => {
    expect(formatMinor(Number.MAX_SAFE_INTEGER, 2)).toBe('90071992547409.91');
    expect(formatMinor(1005, 2)).toBe('10.05'); // 10.05 is not exact in binary floating point
    expect(formatMinor(29, 2)).toBe('0.29'); // 0.29 * 100 = 28.999999999999996
  });

  it('follows the currency of the export in every money column', () => {
    const r = row({
      employeeId: 'e',
      firstName: 'F',
      lastName: 'L',
      regularMinutes: 60,
      regularRate: 1200,
      overtimeRate: 1800,
      doubleTimeRate: 2400,
      regularPay: 1200,
      tips: 300,
      totalPay: 1500,
    });
    const moneyCells = (currency: string) => body('generic', [r], { currency }).split(CRLF)[1].split(',').slice(10, 21);
    expect(moneyCells('JPY')).toEqual(['1200', '1800', '2400', '1200', '0', '0', '0', '0', '300', '1500', 'JPY']);
    expect(moneyCells('KWD')).toEqual([
      '1.200',
      '1.800',
      '2.400',
      '1.200',
      '0.000',
      '0.000',
      '0.000',
      '0.000',
      '0.300',
      '1.500',
      'KWD',
    ]);
    expect(
      body('paychex', [{ ...r, employeeNumber: 'W1' }], { currency: 'KWD', companyCode: 'C1' }).split(CRLF)[1],
    ).toBe('C1,W1,,,Hourly,1.200,,1.00,,,,,,,,');
  });

  it('refuses a currency that is not an ISO 4217 code', () => {
    expect(() => currencyExponent('usd')).toThrow(RangeError);
    expect(() => body('generic', [], { currency: 'dollars' })).toThrow(RangeError);
  });
});

describe('quoting', () => {
  it('quotes names holding commas, quotes, line feeds and carriage returns, doubling the quotes', () => {
    const r = row({ employeeId: 'e', firstName: 'Mary\nAnn', lastName: 'O"Brien, Jr.', roleName: 'Line\r\ncook' });
    const cells = body('generic', [r]).split(CRLF).slice(1).join(CRLF);
    expect(cells.startsWith('e,,"O""Brien, Jr.","Mary\nAnn","Line\r\ncook",false,')).toBe(true);
    expect(
      body('gusto', [{ ...r, roleName: null }, row({ employeeId: 'f', firstName: 'Lone\rCR', lastName: 'P' })]),
    ).toBe(csv(GUSTO_HEADER, '"O""Brien, Jr.","Mary\nAnn",,0.00,0.00,0.00,0.00', 'P,"Lone\rCR",,0.00,0.00,0.00,0.00'));
  });
});

describe('the formula-injection guard', () => {
  it('prefixes a text cell starting with =, +, -, @, tab or CR with an apostrophe', () => {
    expect(['=1+1', '+1', '-2+3', '@SUM(A1)', '\tx', '\rx'].map(guardText)).toEqual([
      "'=1+1",
      "'+1",
      "'-2+3",
      "'@SUM(A1)",
      "'\tx",
      "'\rx",
    ]);
    // a plain (negative) number is no formula: amounts keep their sign
    expect(['Anne-Marie', 'Bob', '', ' =x', '-2', '-12.50'].map(guardText)).toEqual([
      'Anne-Marie',
      'Bob',
      '',
      ' =x',
      '-2',
      '-12.50',
    ]);
  });

  it('guards the names and the role in the files', () => {
    const r = row({
      employeeId: 'e',
      employeeNumber: '-7',
      firstName: '=HYPERLINK("http://x")',
      lastName: '@Evil',
      roleName: '+cmd',
    });
    expect(body('generic', [r]).split(CRLF)[1].startsWith(`e,-7,'@Evil,"'=HYPERLINK(""http://x"")",'+cmd,false,`)).toBe(
      true,
    );
    expect(body('gusto', [r]).split(CRLF)[1]).toBe(`'@Evil,"'=HYPERLINK(""http://x"")",-7,0.00,0.00,0.00,0.00`);
  });

  it('guards every text cell, identifiers included: employee number, company code, batch id', () => {
    const r = row({ employeeId: 'e', firstName: 'A', lastName: 'B', employeeNumber: '=1+2', overtimeMinutes: 60 });
    const hostile = { companyCode: '@SUM(A1)', batchId: '+cmd|calc' };
    expect(body('adp', [r], hostile).split(CRLF)[1].startsWith(`'@SUM(A1),'+cmd|calc,'=1+2,`)).toBe(true);
    expect(body('paychex', [r], hostile).split(CRLF)[1].startsWith(`'@SUM(A1),'=1+2,`)).toBe(true);
    expect(body('generic', [r]).split(CRLF)[1].startsWith(`e,'=1+2,`)).toBe(true);
    expect(body('gusto', [r]).split(CRLF)[1]).toContain(`,'=1+2,`);
  });
});

describe('sorting', () => {
  it('orders by last name, then first name, then employee id, whatever the input order', () => {
    const rows = [
      row({ employeeId: 'e9', firstName: 'Ann', lastName: 'Baker' }),
      row({ employeeId: 'z1', firstName: 'Zoe', lastName: 'Zed' }),
      row({ employeeId: 'e10', firstName: 'Ann', lastName: 'Baker' }),
      row({ employeeId: 'b1', firstName: 'Bea', lastName: 'Baker' }),
      row({ employeeId: 'a1', firstName: 'Émile', lastName: 'Ádams' }),
      row({ employeeId: 'c1', firstName: 'Cy', lastName: 'carter' }),
    ];
    const ids = (text: string) =>
      text
        .split(CRLF)
        .slice(1, -1)
        .map((l) => l.split(',')[0]);
    expect(ids(body('generic', rows))).toEqual(['a1', 'e10', 'e9', 'b1', 'c1', 'z1']);
    expect(ids(body('generic', [...rows].reverse()))).toEqual(['a1', 'e10', 'e9', 'b1', 'c1', 'z1']);
    expect(firstNames(body('generic', rows))).toEqual(['Émile', 'Ann', 'Ann', 'Bea', 'Cy', 'Zoe']);
  });
});

describe('a missing employee number', () => {
  const rows = [
    ADAMS,
    row({ employeeId: 'e7', firstName: 'No', lastName: 'Number', regularMinutes: 60 }),
    row({ employeeId: 'e5', employeeNumber: '  ', firstName: 'Blank', lastName: 'Abel' }),
  ];

  it.each([
    ['adp', 'File #'],
    ['paychex', 'Worker ID'],
  ] as const)('stops the %s export with an ExportError listing those employees', (layout, what) => {
    let error: unknown;
    try {
      body(layout, rows, { companyCode: 'K7X' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ExportError);
    expect(error).toBeInstanceOf(Error);
    const e = error as ExportError;
    expect(e.reason).toBe('employee-number-missing');
    expect(e.layout).toBe(layout);
    expect(e.employees).toEqual(['e5', 'e7']);
    expect(e.message).toContain(what);
    expect(e.message).toContain('Abel, Blank (e5); Number, No (e7)');
  });

  it('does not stop the generic and Gusto exports', () => {
    expect(() => body('generic', rows)).not.toThrow();
    expect(() => body('gusto', rows)).not.toThrow();
  });
});

describe('an empty period', () => {
  it('gives the header line alone in every layout', () => {
    const meta = { companyCode: 'K7X' };
    expect(body('generic', [], meta)).toBe(csv(GENERIC_HEADER));
    expect(body('adp', [], meta)).toBe(csv(ADP_HEADER));
    expect(body('paychex', [], meta)).toBe(csv(PAYCHEX_HEADER));
    expect(body('gusto', [], meta)).toBe(csv(GUSTO_HEADER));
  });
});

describe('invalid input', () => {
  it('is a RangeError: unknown layout, malformed or reversed period', () => {
    expect(() => payrollExport('xero' as never, [], META)).toThrow(RangeError);
    expect(() => body('generic', [], { periodStart: '2026-3-1' })).toThrow(RangeError);
    expect(() => body('generic', [], { periodStart: '2026-03-15' })).toThrow(RangeError);
  });
});

describe('invalid input, naming what is wrong', () => {
  it('refuses a currency code that looks right but is not in ISO 4217, and a padded or lower-case one', () => {
    expect(() => currencyExponent('ABC')).toThrow(new RangeError('Not an ISO 4217 currency code: "ABC"'));
    expect(() => currencyExponent(' USD')).toThrow(RangeError);
    expect(() => currencyExponent('USDX')).toThrow(RangeError);
    expect(() => currencyExponent('usd')).toThrow('Not an ISO 4217 currency code: "usd"');
  });

  it('refuses to format a fractional amount of minor units or of minutes', () => {
    expect(() => formatMinor(12.5, 2)).toThrow(new RangeError('Not an integer amount of minor units: 12.5'));
    expect(() => formatMinor(Number.NaN, 0)).toThrow(RangeError);
    expect(() => formatHours(1.5)).toThrow(new RangeError('Not an integer number of minutes: 1.5'));
  });

  it('refuses an unknown layout by name', () => {
    expect(() => payrollExport('xero' as never, [], META)).toThrow(new RangeError('Unknown export layout: "xero"'));
  });

  it.each([
    ['an end date with a time', { periodEnd: '2026-03-14T23:59' }],
    ['an end date without zero padding', { periodEnd: '2026-3-14' }],
    ['a start date with a leading space', { periodStart: ' 2026-03-01' }],
    ['a start date with a five-digit year', { periodStart: '12026-03-01' }],
  ])('refuses a period with %s', (_name, period) => {
    expect(() => body('generic', [], period)).toThrow(new RangeError('periodStart and periodEnd must be YYYY-MM-DD'));
  });

  it('refuses a period that ends before it starts, but exports a one-day period', () => {
    expect(() => body('generic', [], { periodStart: '2026-03-15', periodEnd: '2026-03-14' })).toThrow(
      new RangeError('periodStart is after periodEnd'),
    );
    const oneDay = payrollExport('generic', [ADAMS], { ...META, periodStart: '2026-03-14', periodEnd: '2026-03-14' });
    expect(oneDay.filename).toBe('payroll-acme-2026-03-14_2026-03-14-generic.csv');
    expect(oneDay.body.split(CRLF)[1].endsWith(',USD,2026-03-14,2026-03-14')).toBe(true);
  });

  it('refuses a money or minute field that is not an integer even where the layout does not write it', () => {
    // Gusto writes neither the pay nor the rates: a fractional one is still a programming error upstream
    const adams = (over: Partial<PayrollExportRow>) => [{ ...ADAMS, ...over }];
    expect(() => body('gusto', adams({ regularPay: 60000.5 }))).toThrow(
      new RangeError('regularPay of employee e1 is not an integer: 60000.5'),
    );
    expect(() => body('gusto', adams({ totalPay: Number.NaN }))).toThrow(
      'totalPay of employee e1 is not an integer: NaN',
    );
    expect(() => body('gusto', adams({ overtimeRate: 3000.25 }))).toThrow(RangeError);
    expect(() => body('gusto', [ADAMS, { ...BAKER, doubleTimePay: 1e16 }])).toThrow(
      'doubleTimePay of employee e2 is not an integer',
    );
  });
});

describe('the error of a provider export that lacks data', () => {
  const catchError = (f: () => unknown): ExportError => {
    try {
      f();
    } catch (e) {
      return e as ExportError;
    }
    throw new Error('no error');
  };

  it('is an ExportError by name, saying which company field is missing', () => {
    const adp = catchError(() => body('adp', FIXTURE));
    expect(adp).toBeInstanceOf(ExportError);
    expect(adp.name).toBe('ExportError');
    expect(adp.message).toBe("The adp export needs the company's ADP Co Code (companyCode)");
    const paychex = catchError(() => body('paychex', FIXTURE, { companyCode: '' }));
    expect([paychex.reason, paychex.layout, paychex.message]).toEqual([
      'company-code-missing',
      'paychex',
      "The paychex export needs the company's Paychex Client ID (companyCode)",
    ]);
  });

  it('counts the employees without a number, in the singular and the plural', () => {
    const noNumber = row({ employeeId: 'e7', firstName: 'No', lastName: 'Number', regularMinutes: 60 });
    const one = catchError(() => body('adp', [ADAMS, noNumber], { companyCode: 'K7X' }));
    expect(one.message).toBe('The adp export needs a File # (employeeNumber) for 1 employee: Number, No (e7)');
    const two = catchError(() =>
      body('paychex', [noNumber, { ...noNumber, employeeId: 'e8', firstName: 'Nil' }], { companyCode: 'K7X' }),
    );
    expect(two.message).toBe(
      'The paychex export needs a Worker ID (employeeNumber) for 2 employees: Number, Nil (e8); Number, No (e7)',
    );
  });
});

describe('identifiers with surrounding spaces', () => {
  // typed into a settings form or an employee record: the provider matches the bare code
  const padded = { ...ADAMS, employeeNumber: ' 1001 ' };

  it('are written trimmed in the ADP file: company code, batch id and File #', () => {
    expect(body('adp', [padded], { companyCode: ' K7X ', batchId: ' WK11 ' })).toBe(
      csv(ADP_HEADER, 'K7X,WK11,1001,30.00,,,,,,20.00'),
    );
  });

  it('are written trimmed in the Paychex and Gusto files', () => {
    expect(body('paychex', [padded], { companyCode: ' 12345678 ' })).toBe(
      csv(PAYCHEX_HEADER, '12345678,1001,,,Hourly,20.00,,30.00,,,,,,,,'),
    );
    expect(body('gusto', [padded])).toBe(csv(GUSTO_HEADER, 'Adams,Sam,1001,30.00,0.00,0.00,0.00'));
  });
});

describe('provider lines of hourly employees without regular hours', () => {
  // A workweek split by the period boundary can leave a period only the overtime of that week
  // (weekly overtime), or only a California seventh day (8h overtime + the rest double time).
  const weeklyOvertimeOnly = row({
    employeeId: 'e4',
    employeeNumber: '1004',
    firstName: 'Ola',
    lastName: 'Dunn',
    overtimeMinutes: 480,
    regularRate: 1800,
    overtimeRate: 2700,
    overtimePay: 21600,
    totalPay: 21600,
  });
  const seventhDayOnly = row({
    employeeId: 'e5',
    employeeNumber: '1005',
    firstName: 'Eve',
    lastName: 'Ford',
    overtimeMinutes: 480,
    doubleTimeMinutes: 480,
    regularRate: 2000,
    overtimeRate: 3000,
    doubleTimeRate: 4000,
    overtimePay: 24000,
    doubleTimePay: 32000,
    totalPay: 56000,
  });
  const regularAndOvertime = row({
    employeeId: 'e6',
    employeeNumber: '1006',
    firstName: 'Gus',
    lastName: 'Hale',
    regularMinutes: 480,
    overtimeMinutes: 480,
    regularRate: 1600,
    overtimeRate: 2400,
    regularPay: 12800,
    overtimePay: 19200,
    totalPay: 32000,
  });
  const tipsOnly = row({
    employeeId: 'e8',
    employeeNumber: '1008',
    firstName: 'Ian',
    lastName: 'Ives',
    regularRate: 1500,
    tips: 4200,
    totalPay: 4200,
  });

  it('ADP: the Temp Rate goes with any hours (ADP prices O/T and Hours 3 on it), not with tips alone', () => {
    expect(
      body('adp', [weeklyOvertimeOnly, seventhDayOnly, regularAndOvertime, tipsOnly], { companyCode: 'K7X' }),
    ).toBe(
      csv(
        ADP_HEADER,
        'K7X,20260314,1004,,8.00,,,,,18.00',
        'K7X,20260314,1005,,8.00,DBL,8.00,,,20.00',
        'K7X,20260314,1006,8.00,8.00,,,,,16.00',
        'K7X,20260314,1008,,,,,TIP,42.00,',
      ),
    );
  });

  it('Paychex: no Hourly line of 0 hours', () => {
    expect(body('paychex', [weeklyOvertimeOnly, tipsOnly], { companyCode: 'C1' })).toBe(
      csv(PAYCHEX_HEADER, 'C1,1004,,,Overtime,27.00,,8.00,,,,,,,,', 'C1,1008,,,Tips,,,,,,42.00,,,,,'),
    );
  });
});
