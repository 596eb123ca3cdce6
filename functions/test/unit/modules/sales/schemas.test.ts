import { z } from 'zod';
import { queryList } from '../../../../src/http/fields';
import { DEFAULT_FIELDS, importBody, invoiceItem, parseHours, salesQuery } from '../../../../src/modules/sales/schemas';
import { accepts, refuses } from '../../../helpers/accepts';

/** The request schemas of the sales module (GET /sales query) and the import body as its descriptions say. */

const messages = (schema: z.ZodType, input: unknown) =>
  (schema.safeParse(input).error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

const range = { companyId: 'co-1', startDate: '2026-11-01', endDate: '2026-11-30' };
const q = (extra: Record<string, unknown>) => accepts(salesQuery, { ...range, ...extra });
const POS = ['square', 'square_api_key', 'toast', 'clover', 'lightspeed', 'revel', 'spoton', 'csv'];
const FIELDS = ['morningSales', 'totalSales', 'eveningSales', 'customerCount', 'perHour', 'tips', 'ratio'];

describe('GET /sales query', () => {
  it('applies the defaults: daily, full, summary, refunds excluded, empty days kept, source auto', () => {
    expect(accepts(salesQuery, range)).toEqual({
      ...range,
      groupBy: 'daily',
      period: 'full',
      excludeEmptyDays: false,
      includeSummary: true,
      source: 'auto',
      excludeRefunds: true,
    });
  });

  it.each([
    ['no companyId', { startDate: '2026-11-01', endDate: '2026-11-30' }],
    ['an empty companyId', { ...range, companyId: '' }],
    ['no startDate', { companyId: 'co-1', endDate: '2026-11-30' }],
    ['no endDate', { companyId: 'co-1', startDate: '2026-11-01' }],
    ['a startDate not YYYY-MM-DD', { ...range, startDate: '2026-11-1' }],
    ['an endDate that is no calendar date', { ...range, endDate: '2026-11-31' }],
  ])('refuses %s', (_what, query) => {
    expect(refuses(salesQuery, query)).toBe(true);
  });

  it.each(['daily', 'weekly', 'monthly'])('accepts groupBy %s', (groupBy) => {
    expect(q({ groupBy }).groupBy).toBe(groupBy);
  });

  it.each(['full', 'morning', 'evening'])('accepts period %s', (period) => {
    expect(q({ period }).period).toBe(period);
  });

  it.each(['auto', 'salesActual', 'invoices'])('accepts source %s', (source) => {
    expect(q({ source }).source).toBe(source);
  });

  it.each([
    ['groupBy', 'yearly'],
    ['groupBy', ''],
    ['period', 'night'],
    ['period', ''],
    ['source', 'pos'],
    ['source', ''],
  ])('refuses %s=%j', (field, value) => {
    expect(refuses(salesQuery, { ...range, [field]: value })).toBe(true);
  });

  it.each([
    ['excludeEmptyDays', 'true', true],
    ['excludeEmptyDays', 'false', false],
    ['includeSummary', 'false', false],
    ['includeSummary', 'true', true],
    ['excludeRefunds', 'false', false],
    ['excludeRefunds', 'true', true],
  ])('reads %s=%s as %s', (field, text, value) => {
    expect(q({ [field]: text })[field as 'excludeEmptyDays']).toBe(value);
  });

  it.each(['excludeEmptyDays', 'includeSummary', 'excludeRefunds'])('refuses %s that is not a boolean', (field) => {
    expect(refuses(salesQuery, { ...range, [field]: 'sometimes' })).toBe(true);
  });

  it('accepts employeeId, positionId and role, and refuses them empty', () => {
    expect(q({ employeeId: 'e1', positionId: 'r1', role: 'Server' })).toMatchObject({
      employeeId: 'e1',
      positionId: 'r1',
      role: 'Server',
    });
    expect(q({ role: 'S' }).role).toBe('S');
    for (const f of ['employeeId', 'positionId', 'role']) expect(refuses(salesQuery, { ...range, [f]: '' })).toBe(true);
  });
});

describe('GET /sales hours', () => {
  it.each([
    ['0-23', { start: 0, end: 23 }],
    ['11-15', { start: 11, end: 15 }],
    ['9-9', { start: 9, end: 9 }],
    ['23-23', { start: 23, end: 23 }],
    ['05-7', { start: 5, end: 7 }],
  ])('accepts hours=%s, one or two digits each side', (hours, parsed) => {
    expect(q({ hours }).hours).toBe(hours);
    expect(parseHours(hours)).toEqual(parsed);
  });

  it.each(['11', '11-', '-15', '11-15-16', '123-1', '1-234', 'a-b', '11:15', 'x11-15', '11-15x', ''])(
    'refuses hours=%j, not one or two digits, hyphen, one or two digits',
    (hours) => {
      expect(messages(salesQuery, { ...range, hours })).toContain('hours: must be H-H, e.g. 11-15');
    },
  );

  it.each(['24-1', '5-24', '0-99', '15-11', '23-22'])(
    'refuses hours=%s outside 0-23 or with start after end',
    (hours) => {
      expect(messages(salesQuery, { ...range, hours })).toEqual(['hours: hours must be 0-23 with start <= end']);
    },
  );

  it('parses nothing from a value that is not H-H', () => {
    expect(parseHours('11-15x')).toBeNull();
    expect(parseHours('x')).toBeNull();
  });
});

describe('GET /sales lists in the query (fields, posSource)', () => {
  it('answers totalSales, morningSales, eveningSales, customerCount and tips without fields (perHour and ratio only on request)', () => {
    expect(q({}).fields).toBeUndefined();
    expect([...DEFAULT_FIELDS].sort()).toEqual(['customerCount', 'eveningSales', 'morningSales', 'tips', 'totalSales']);
  });

  it.each(FIELDS)('accepts fields=%s', (field) => {
    expect(q({ fields: field }).fields).toEqual([field]);
  });

  it.each(POS)('accepts posSource=%s', (source) => {
    expect(q({ posSource: source }).posSource).toEqual([source]);
  });

  it('reads comma-separated and repeated values, trimming blanks and skipping empty parts', () => {
    expect(q({ fields: 'tips,ratio' }).fields).toEqual(['tips', 'ratio']);
    expect(q({ fields: ['tips', 'perHour'] }).fields).toEqual(['tips', 'perHour']);
    expect(q({ fields: ['tips,ratio', 'perHour'] }).fields).toEqual(['tips', 'ratio', 'perHour']);
    expect(q({ fields: ' tips , ratio ' }).fields).toEqual(['tips', 'ratio']);
    expect(q({ posSource: 'toast,,csv,' }).posSource).toEqual(['toast', 'csv']);
  });

  it('leaves fields and posSource out when absent', () => {
    const parsed = q({});
    expect(parsed).not.toHaveProperty('fields');
    expect(parsed).not.toHaveProperty('posSource');
  });

  it.each([
    ['fields', 'bogus'],
    ['fields', 'tips,bogus'],
    ['fields', ['tips', 'Tips']],
    ['posSource', 'square-api'],
    ['posSource', 'toast,POS'],
  ])('refuses %s=%j with a value outside the list', (field, value) => {
    expect(refuses(salesQuery, { ...range, [field]: value })).toBe(true);
  });

  it('passes non-string list items through unsplit, so they are validated as they are', () => {
    expect(accepts(queryList(z.number()), [1, 2])).toEqual([1, 2]);
    expect(refuses(salesQuery, { ...range, fields: [1] })).toBe(true);
  });

  it('leaves an absent list undefined and refuses a non-list value', () => {
    expect(accepts(queryList(z.string()).optional(), undefined)).toBeUndefined();
    expect(refuses(queryList(z.string()), undefined)).toBe(true);
    expect(refuses(salesQuery, { ...range, fields: { tips: true } })).toBe(true);
  });
});

describe('GET /sales source=salesActual', () => {
  it('accepts salesActual without invoice filters', () => {
    expect(q({ source: 'salesActual', fields: 'tips', hours: '11-15' }).source).toBe('salesActual');
  });

  it.each([
    ['employeeId', 'e1'],
    ['positionId', 'r1'],
    ['role', 'Server'],
    ['posSource', 'toast'],
  ])('refuses salesActual filtered by %s, naming source', (field, value) => {
    expect(messages(salesQuery, { ...range, source: 'salesActual', [field]: value })).toEqual([
      `source: source=salesActual cannot filter by ${field}; use source=auto or invoices`,
    ]);
  });

  it.each(['auto', 'invoices'])('accepts source=%s with every invoice filter', (source) => {
    const filters = { employeeId: 'e1', positionId: 'r1', role: 'Server', posSource: 'toast' };
    expect(q({ source, ...filters })).toMatchObject({
      source,
      employeeId: 'e1',
      positionId: 'r1',
      role: 'Server',
      posSource: ['toast'],
    });
  });
});

describe('POST /sales/invoices', () => {
  const sale = { externalId: 't-1', posSource: 'toast', closedAt: 1763740800000, currency: 'EUR', amount: 2500 };
  const refund = { ...sale, externalId: 't-2', amount: -2500, refund: true };

  it('accepts a sale and applies the defaults: tips 0, customers 0, refund false', () => {
    expect(accepts(invoiceItem, sale)).toEqual({ ...sale, tips: 0, customers: 0, refund: false });
  });

  it('accepts a sale with every optional field', () => {
    const full = {
      ...sale,
      closedAt: '2026-11-21T13:45:00',
      tips: 300,
      customers: 2,
      refund: false,
      refundOf: null,
      employeeId: 'e1',
      positionId: 'r1',
      role: 'Server',
    };
    expect(accepts(invoiceItem, full)).toEqual(full);
    expect(
      accepts(invoiceItem, { ...sale, refundOf: 't-0', employeeId: null, positionId: null, role: null }),
    ).toMatchObject({ refundOf: 't-0', employeeId: null });
  });

  it.each(POS)('accepts posSource %s', (posSource) => {
    expect(accepts(invoiceItem, { ...sale, posSource }).posSource).toBe(posSource);
  });

  it.each([
    ['externalId', 'x'],
    ['externalId', 'x'.repeat(256)],
    ['closedAt', 0],
    ['closedAt', 'x'],
    ['amount', 0],
    ['tips', 0],
    ['customers', 0],
    ['customers', 12],
    ['currency', 'USD'],
    ['refundOf', 'x'.repeat(256)],
    ['role', 'x'.repeat(100)],
    ['employeeId', 'e'],
    ['positionId', 'r'],
  ])('accepts %s = %j at or inside its bounds', (field, value) => {
    expect(accepts(invoiceItem, { ...sale, [field]: value })).toMatchObject({ [field]: value });
  });

  it.each([
    ['externalId', ''],
    ['externalId', 'x'.repeat(257)],
    ['posSource', 'square-pos'],
    ['posSource', ''],
    ['closedAt', -1],
    ['closedAt', 1.5],
    ['closedAt', ''],
    ['closedAt', null],
    ['currency', 'eur'],
    ['currency', 'EU'],
    ['currency', 'EURO'],
    ['currency', 'ABC'],
    ['amount', 1.5],
    ['amount', '2500'],
    ['tips', 0.5],
    ['customers', -1],
    ['customers', 1.5],
    ['refund', 'no'],
    ['refundOf', ''],
    ['refundOf', 'x'.repeat(257)],
    ['employeeId', ''],
    ['positionId', ''],
    ['role', ''],
    ['role', 'x'.repeat(101)],
    ['table', 4],
  ])('refuses %s = %j', (field, value) => {
    expect(refuses(invoiceItem, { ...sale, [field]: value })).toBe(true);
  });

  it.each(['externalId', 'posSource', 'closedAt', 'currency', 'amount'])('refuses an invoice without %s', (field) => {
    const rest: Record<string, unknown> = { ...sale };
    delete rest[field];
    expect(refuses(invoiceItem, rest)).toBe(true);
  });

  it('says why a currency is refused', () => {
    expect(messages(invoiceItem, { ...sale, currency: 'eur' })).toContain(
      'currency: must be an ISO 4217 code like EUR',
    );
    expect(messages(invoiceItem, { ...sale, currency: 'ABC' })).toEqual(['currency: is not an ISO 4217 currency']);
  });

  it('accepts a refund with amount and tips <= 0 and customers 0', () => {
    expect(accepts(invoiceItem, refund)).toEqual({ ...refund, tips: 0, customers: 0 });
    expect(accepts(invoiceItem, { ...refund, amount: 0, tips: -50, customers: 0 })).toMatchObject({
      amount: 0,
      tips: -50,
    });
  });

  it.each([
    ['a positive amount', { amount: 1 }, 'amount: a refund has amount <= 0'],
    ['positive tips', { tips: 1 }, 'tips: a refund has tips <= 0'],
    ['customers', { customers: 1 }, 'customers: a refund has customers 0'],
  ])('refuses a refund with %s', (_what, extra, message) => {
    expect(messages(invoiceItem, { ...refund, ...extra })).toEqual([message]);
  });

  it.each([
    ['a negative amount', { amount: -1 }, 'amount: a sale has amount >= 0 (send a refund with refund: true)'],
    ['negative tips', { tips: -1 }, 'tips: a sale has tips >= 0'],
  ])('refuses a sale with %s', (_what, extra, message) => {
    expect(messages(invoiceItem, { ...sale, ...extra })).toEqual([message]);
  });

  it('accepts 1 to 5000 invoices of any shape (each is validated on its own) and refuses none or 5001', () => {
    expect(accepts(importBody, { invoices: [sale] })).toEqual({ invoices: [sale] });
    expect(accepts(importBody, { invoices: [sale, { junk: true }] }).invoices).toHaveLength(2);
    expect(accepts(importBody, { invoices: new Array(5000).fill(sale) }).invoices).toHaveLength(5000);
    expect(refuses(importBody, { invoices: [] })).toBe(true);
    expect(refuses(importBody, { invoices: new Array(5001).fill(sale) })).toBe(true);
  });

  it('refuses an import body without invoices or with unknown fields', () => {
    expect(refuses(importBody, {})).toBe(true);
    expect(refuses(importBody, { invoices: sale })).toBe(true);
    expect(refuses(importBody, { invoices: [sale], dryRun: true })).toBe(true);
  });
});
