import { Readable } from 'node:stream';
import { DateTime } from 'luxon';
import { mappingProblems, suggestMapping, type CsvMapping } from '../../../../../src/modules/pos-sync/csv/fields';
import { toRecord } from '../../../../../src/modules/pos-sync/csv/rows';
import { parseAmount, parseDateTime } from '../../../../../src/modules/pos-sync/csv/values';
import { CsvFileError, detectDelimiter, readRows } from '../../../../../src/modules/pos-sync/csv/reader';

const NY = 'America/New_York';
const local = (iso: string, zone = NY) => DateTime.fromISO(iso, { zone }).toMillis();
const mapping = (over: Partial<CsvMapping> = {}): CsvMapping => ({
  columns: {},
  dateFormat: 'iso',
  decimalSeparator: '.',
  ...over,
});

describe('parseAmount', () => {
  it.each([
    ['12.50', 'USD', '.', 1250],
    ['12.5', 'USD', '.', 1250],
    ['-3', 'USD', '.', -300],
    ['1,234.56', 'USD', '.', 123456],
    ['$7.00', 'USD', '.', 700],
    ['(4.25)', 'USD', '.', -425],
    ['1.234,56', 'EUR', ',', 123456],
    ['0,99', 'EUR', ',', 99],
    ['1500', 'JPY', '.', 1500],
    ['1.234', 'KWD', '.', 1234],
    ['-0.00', 'USD', '.', 0],
    ['0.1', 'USD', '.', 10],
  ] as const)('%s %s (%s) is %d minor units', (value, currency, sep, minor) =>
    expect(parseAmount(value, currency, sep)).toBe(minor),
  );

  it.each([
    ['12.345', 'USD', '.'],
    ['1.5', 'JPY', '.'],
    ['12,50', 'USD', '.'],
    ['1,23.00', 'USD', '.'],
    ['abc', 'USD', '.'],
    ['', 'USD', '.'],
    ['1e3', 'USD', '.'],
    ['99999999999999999', 'USD', '.'],
    ['--1', 'USD', '.'],
  ] as const)('%s %s (%s) is not an amount', (value, currency, sep) =>
    expect(parseAmount(value, currency, sep)).toBeNull(),
  );
});

describe('parseDateTime', () => {
  it('reads ISO local times in the company zone, and honours an offset the value carries', () => {
    expect(parseDateTime('2025-03-04 18:30', 'iso', NY)).toBe(local('2025-03-04T18:30'));
    expect(parseDateTime('2025-03-04T18:30:15', 'iso', NY)).toBe(local('2025-03-04T18:30:15'));
    expect(parseDateTime('2025-03-04T18:30:00Z', 'iso', NY)).toBe(Date.UTC(2025, 2, 4, 18, 30));
    expect(parseDateTime('2025-03-04T18:30:00+01:00', 'iso', NY)).toBe(Date.UTC(2025, 2, 4, 17, 30));
  });

  it('reads month/day and day/month forms with 12 or 24 hour clocks', () => {
    expect(parseDateTime('3/4/2025 6:30 PM', 'mdy', NY)).toBe(local('2025-03-04T18:30'));
    expect(parseDateTime('03/04/2025 12:05 am', 'mdy', NY)).toBe(local('2025-03-04T00:05'));
    expect(parseDateTime('3/4/2025 18:30', 'mdy', NY)).toBe(local('2025-03-04T18:30'));
    expect(parseDateTime('4/3/2025 18:30', 'dmy', NY)).toBe(local('2025-03-04T18:30'));
    expect(parseDateTime('04.03.2025 07:00', 'dmy', NY)).toBe(local('2025-03-04T07:00'));
  });

  it('refuses dates that are not, and local times the zone skips at the DST change', () => {
    for (const [v, f] of [
      ['2025-02-30 10:00', 'iso'],
      ['2025-03-04', 'iso'],
      ['13/13/2025 10:00', 'mdy'],
      ['3/4/2025 25:00', 'mdy'],
      ['yesterday', 'dmy'],
      ['3/4/2025 6:30 PM', 'iso'],
    ] as const) {
      expect([v, parseDateTime(v, f, NY)]).toEqual([v, NaN]);
    }
    expect(parseDateTime('2025-03-09 02:30', 'iso', NY)).toBeNaN();
    expect(parseDateTime('3/9/2025 2:30 AM', 'mdy', NY)).toBeNaN();
    expect(parseDateTime('2025-03-09 03:30', 'iso', NY)).toBe(local('2025-03-09T03:30'));
    // Lord Howe Island moves its clocks by half an hour: 02:00-02:30 is skipped
    expect(parseDateTime('2025-10-05 02:15', 'iso', 'Australia/Lord_Howe')).toBeNaN();
    expect(parseDateTime('2025-10-05 02:45', 'iso', 'Australia/Lord_Howe')).toBe(
      local('2025-10-05T02:45', 'Australia/Lord_Howe'),
    );
  });

  it('agrees with luxon on the wall-clock time of instants across zones and DST changes', () => {
    const zones = [
      'America/New_York',
      'Europe/London',
      'Europe/Madrid',
      'Australia/Lord_Howe',
      'Asia/Kolkata',
      'America/St_Johns',
      'Pacific/Chatham',
      'UTC',
    ];
    let t = Date.UTC(2024, 0, 1);
    for (let i = 0; i < 3000; i++) {
      t += 3 * 3_600_000 + 7 * 60_000 + ((i * 7919) % 3_600_000);
      const zone = zones[i % zones.length];
      const wall = DateTime.fromMillis(Math.floor(t / 60_000) * 60_000, { zone });
      const parsed = parseDateTime(wall.toFormat('yyyy-MM-dd HH:mm'), 'iso', zone);
      // an hour repeated when clocks go back names two instants: either is that wall-clock time
      expect([zone, DateTime.fromMillis(parsed, { zone }).toFormat('yyyy-MM-dd HH:mm')]).toEqual([
        zone,
        wall.toFormat('yyyy-MM-dd HH:mm'),
      ]);
    }
  });
});

describe('mappings', () => {
  it('suggests each field from usual header spellings, required fields first', () => {
    // a gratuity line is the guest's voluntary gratuity, kept apart from tips
    expect(
      suggestMapping('sales', ['Check #', 'Date', 'Net Sales', 'Tip', 'Gratuity', 'Server', 'Guests']).columns,
    ).toEqual({
      id: 'Check #',
      closedAt: 'Date',
      amount: 'Net Sales',
      tips: 'Tip',
      gratuities: 'Gratuity',
      employeeId: 'Server',
      customers: 'Guests',
    });
    expect(suggestMapping('punches', ['Employee', 'Clock In', 'Clock Out']).columns).toEqual({
      employeeId: 'Employee',
      clockIn: 'Clock In',
      clockOut: 'Clock Out',
    });
  });

  it('tells the date format and decimal separator from the first rows when they show it', () => {
    const sales = (rows: string[][]) => suggestMapping('sales', ['Date', 'Net'], rows);
    expect(
      sales([
        ['15/11/2026 09:39', '8,29'],
        ['03/11/2026 10:00', '1,00'],
      ]),
    ).toMatchObject({ dateFormat: 'dmy', decimalSeparator: ',' });
    expect(sales([['11/15/2026 9:39 AM', '1,234.50']])).toMatchObject({ dateFormat: 'mdy', decimalSeparator: '.' });
    expect(sales([['2026-11-15 09:39', '8.29']])).toMatchObject({ dateFormat: 'iso', decimalSeparator: '.' });
    expect(sales([['15.11.2026 09:39', '(8,29)']])).toMatchObject({ dateFormat: 'dmy', decimalSeparator: ',' });
    expect(sales([])).toMatchObject({ dateFormat: 'iso', decimalSeparator: '.' });
  });

  it('names every problem of a mapping', () => {
    expect(
      mappingProblems('roster', mapping({ columns: { firstName: 'A', lastName: 'A', wage: 'W' } }), ['A']),
    ).toEqual([
      'wage is not a field of a roster file',
      'lastName and firstName are both mapped to the column "A"',
      'wage is mapped to "W", which is not a column of the file',
    ]);
  });
});

describe('toRecord', () => {
  const ctx = { timezone: NY, currency: 'USD', mapping: mapping() };

  it('keys a roster row by its id, else email, else name, case-insensitively', () => {
    const key = (row: Record<string, string>) =>
      (toRecord('roster', { firstName: 'Ana', lastName: 'Ruiz', ...row }, 2, ctx) as { record: { vendorId: string } })
        .record.vendorId;
    expect([key({ id: ' E-7 ' }), key({ email: 'Ana@X.com' }), key({})]).toEqual(['e-7', 'ana@x.com', 'ana ruiz']);
  });

  it('places an unpaid break in the middle of a punch and keys a punch without id by employee and clock-in', () => {
    const a = toRecord(
      'punches',
      { employeeId: 'E1', clockIn: '2025-03-04 09:00', clockOut: '2025-03-04 17:00', breakMinutes: '30' },
      2,
      ctx,
    );
    const b = toRecord(
      'punches',
      { employeeId: 'e1', clockIn: '2025-03-04 09:00', clockOut: '2025-03-04 18:00' },
      9,
      ctx,
    );
    if (!('record' in a) || !('record' in b)) throw new Error('expected records');
    expect(a.record).toMatchObject({
      employeeVendorId: 'e1',
      breaks: [{ startAt: local('2025-03-04T12:45'), endAt: local('2025-03-04T13:15'), paid: false }],
    });
    expect(a.record.vendorId).toBe(b.record.vendorId);
  });

  it('lists every problem of a row', () => {
    expect(
      toRecord('punches', { employeeId: 'E1', clockIn: '2025-03-04 09:00', clockOut: '2025-03-04 08:00' }, 4, ctx),
    ).toEqual({
      errors: [{ line: 4, field: 'clockOut', code: 'OUT_OF_ORDER', message: 'clockOut is not after clockIn' }],
    });
    const sale = toRecord(
      'sales',
      { closedAt: '2025-03-04 09:00', amount: '-5.00', tips: '1.00', cashTips: '2.00', currency: 'us' },
      3,
      ctx,
    );
    expect('errors' in sale && sale.errors.map((e) => [e.field, e.code])).toEqual([['currency', 'INVALID_VALUE']]);
    const refund = toRecord(
      'sales',
      { closedAt: '2025-03-04 09:00', amount: '-5.00', tips: '1.00', cashTips: '2.00' },
      3,
      ctx,
    );
    expect('errors' in refund && refund.errors.map((e) => [e.field, e.code])).toEqual([
      [null, 'INVALID_VALUE'],
      ['cashTips', 'INVALID_VALUE'],
    ]);
  });

  it('reads gratuities and service charges apart from tips, and keys a row without them as before', () => {
    const row = { closedAt: '2025-03-04 20:00', amount: '80.00', tips: '12.00', cashTips: '2.00' };
    const plain = toRecord('sales', row, 2, ctx, 0);
    const withKinds = toRecord('sales', { ...row, gratuities: '5.00', serviceCharges: '14.40' }, 2, ctx, 0);
    if (!('record' in plain) || !('record' in withKinds)) throw new Error('expected records');
    expect(withKinds.record).toMatchObject({
      amount: 8000,
      tips: 1200,
      cashTips: 200,
      gratuities: 500,
      serviceCharges: 1440,
    });
    expect(plain.record).toMatchObject({ gratuities: 0, serviceCharges: 0 });
    expect(withKinds.record.vendorId).not.toBe(plain.record.vendorId);
    const mixed = toRecord(
      'sales',
      { ...row, amount: '-80.00', tips: '', cashTips: '', gratuities: '5.00' },
      3,
      ctx,
      0,
    );
    expect('errors' in mixed && mixed.errors.map((e) => e.code)).toEqual(['INVALID_VALUE']);
  });

  it('makes a refund of negative amounts, and two identical content-keyed sales distinct by occurrence', () => {
    const row = { closedAt: '2025-03-04 09:00', amount: '-5.00', refundOf: 'R1' };
    const first = toRecord('sales', row, 2, ctx, 0);
    const second = toRecord('sales', row, 3, ctx, 1);
    if (!('record' in first) || !('record' in second)) throw new Error('expected records');
    expect(first.record).toMatchObject({ amount: -500, refund: true, refundOf: 'R1' });
    expect(first.record.vendorId).not.toBe(second.record.vendorId);
  });
});

describe('readRows', () => {
  const rows = async (text: string | Buffer[], delimiter?: string) => {
    const out: [number, string[]][] = [];
    for await (const r of readRows(Readable.from(Array.isArray(text) ? text : [Buffer.from(text)]), delimiter))
      out.push([r.line, r.cells]);
    return out;
  };

  it('reads quoted cells with delimiters, quotes and line breaks, across chunk boundaries, skipping a BOM and blank lines', async () => {
    const text = '\uFEFFa;b\n"x;1";"say ""hi"""\n\n"multi\nline";2\n';
    const bytes = Buffer.from(text);
    expect(await rows([bytes.subarray(0, 7), bytes.subarray(7, 15), bytes.subarray(15)])).toEqual([
      [1, ['a', 'b']],
      [2, ['x;1', 'say "hi"']],
      [5, ['multi\nline', '2']],
    ]);
  });

  it('detects the delimiter from the header line', () => {
    expect([
      detectDelimiter('a,b,c'),
      detectDelimiter('a;b;c'),
      detectDelimiter('a\tb'),
      detectDelimiter('"a,b";c;d'),
      detectDelimiter('single'),
    ]).toEqual([',', ';', '\t', ';', ',']);
  });

  it('refuses an empty file, a binary one, an unclosed quote and a repeated column', async () => {
    for (const [text, message] of [
      ['', /empty/],
      ['PK\u0003\u0004\u0000\u0000', /not text/],
      ['a,b\n"x,1\n', /not valid CSV/],
      ['a,b,a\n1,2,3\n', /"a" twice/],
    ] as const) {
      await expect(rows(text)).rejects.toThrow(CsvFileError);
      await expect(rows(text)).rejects.toThrow(message);
    }
  });
});
