import { DateTime } from 'luxon';
import {
  accumulateInvoices,
  hourMasks,
  packHours,
  reduceDays,
  unpackHours,
  type InvoiceRecord,
} from '../../../../src/modules/sales/aggregate';
import { laborByBusinessHour } from '../../../../src/modules/sales/labor';
import { currencyExponent } from '../../../../src/core/money';
import { bucketKey, businessSlot, datesInRange, weekdayOf } from '../../../../src/core/calendar';

const at = (iso: string, zone: string) => DateTime.fromISO(iso, { zone }).toMillis();

describe('business days and hours', () => {
  it('puts a sale at 01:30 in the previous business day, hour 25, when the day changes at 04:00', () => {
    expect(businessSlot(at('2026-03-11T01:30', 'Europe/Madrid'), 'Europe/Madrid', 14400)).toEqual({
      businessDate: '2026-03-10',
      businessHour: 25,
      localTime: '2026-03-11T01:30:00',
    });
  });

  it('starts the new business day exactly at dayChangeTime', () => {
    expect(businessSlot(at('2026-03-11T04:00', 'Europe/Madrid'), 'Europe/Madrid', 14400).businessDate).toBe(
      '2026-03-11',
    );
    expect(businessSlot(at('2026-03-11T03:59:59', 'Europe/Madrid'), 'Europe/Madrid', 14400).businessDate).toBe(
      '2026-03-10',
    );
  });

  it('uses the company-local date, not the UTC date', () => {
    // 23:30 UTC on the 28th is 00:30 on the 29th in Madrid, and 19:30 on the 28th in New York.
    const ms = Date.UTC(2026, 2, 28, 23, 30);
    expect(businessSlot(ms, 'Europe/Madrid', 0)).toMatchObject({ businessDate: '2026-03-29', businessHour: 0 });
    expect(businessSlot(ms, 'America/New_York', 0)).toMatchObject({ businessDate: '2026-03-28', businessHour: 19 });
  });

  it('keeps wall-clock hours across the spring-forward night (no 02:00 hour in Madrid on 2026-03-29)', () => {
    const before = businessSlot(Date.UTC(2026, 2, 29, 0, 59), 'Europe/Madrid', 0);
    const after = businessSlot(Date.UTC(2026, 2, 29, 1, 0), 'Europe/Madrid', 0);
    expect([before.businessHour, after.businessHour]).toEqual([1, 3]);
  });

  it('puts both 02:30s of the fall-back night in hour 2 of the same business day', () => {
    const first = businessSlot(Date.UTC(2026, 9, 25, 0, 30), 'Europe/Madrid', 0);
    const second = businessSlot(Date.UTC(2026, 9, 25, 1, 30), 'Europe/Madrid', 0);
    expect(first).toEqual(second);
    expect(first).toMatchObject({ businessDate: '2026-10-25', businessHour: 2 });
  });

  it('with dayChangeTime across the fall-back night, 03:30 after the change still belongs to the previous day', () => {
    // New York falls back on 2026-11-01 at 02:00 -> 01:00; 03:30 local is 08:30 UTC.
    expect(businessSlot(Date.UTC(2026, 10, 1, 8, 30), 'America/New_York', 14400)).toMatchObject({
      businessDate: '2026-10-31',
      businessHour: 27,
    });
  });
});

describe('buckets', () => {
  // weekly bucket keys for every weekStartingDay: test/unit/core/calendar.test.ts
  it('knows 2026-03-01 is a Sunday and keys months by their first day', () => {
    expect(weekdayOf('2026-03-01')).toBe(0);
    expect(weekdayOf('1969-12-31')).toBe(3);
    expect(bucketKey('2026-02-28', 'monthly', 1)).toBe('2026-02-01');
    expect(datesInRange('2024-02-27', '2024-03-01')).toEqual(['2024-02-27', '2024-02-28', '2024-02-29', '2024-03-01']);
  });

  it('splits the business day at morningPeriodEnd by the hour an hour starts in', () => {
    const { morning } = hourMasks({ period: 'full', morningPeriodEnd: 990 });
    expect([morning[15], morning[16], morning[17]]).toEqual([1, 1, 0]);
    const full = hourMasks({ period: 'evening', hours: { start: 0, end: 2 }, morningPeriodEnd: 960 });
    // after-midnight hours of the business day (24..26) are evening and match wall-clock 0..2
    expect([full.included[1], full.included[24], full.included[26], full.included[27]]).toEqual([0, 1, 1, 0]);
  });
});

describe('day vectors', () => {
  const record = (over: Partial<InvoiceRecord>): InvoiceRecord => ({
    businessDate: '2026-03-10',
    businessHour: 13,
    amount: 1000,
    tips: 100,
    customers: 2,
    refund: false,
    employeeId: null,
    positionId: null,
    roleKey: null,
    posSource: 'square',
    ...over,
  });

  it('round-trips a day through its packed stored form', () => {
    const days = accumulateInvoices([
      record({}),
      record({ businessHour: 25, amount: 123456789012 }),
      record({ refund: true, amount: -500, tips: -50, customers: 0 }),
    ]);
    const v = days.get('2026-03-10')!;
    const packed = packHours(v);
    expect(packed.hourFrom).toBe(13);
    expect(Array.from(unpackHours(packed.hourFrom, packed.hours))).toEqual(Array.from(v));
  });

  it('counts refunds apart and adds them to sales only when asked', () => {
    const days = accumulateInvoices([record({}), record({ refund: true, amount: -400, tips: -100, customers: 0 })]);
    const masks = hourMasks({ period: 'full', morningPeriodEnd: 960 });
    const base = {
      startDate: '2026-03-10',
      endDate: '2026-03-10',
      groupBy: 'daily' as const,
      weekStartingDay: 1,
      ...masks,
      excludeEmptyDays: false,
    };
    expect(reduceDays(days, { ...base, excludeRefunds: true })[0]).toMatchObject({
      totalSales: 1000,
      tips: 100,
      invoiceCount: 1,
      customerCount: 2,
    });
    expect(reduceDays(days, { ...base, excludeRefunds: false })[0]).toMatchObject({
      totalSales: 600,
      tips: 0,
      invoiceCount: 2,
      customerCount: 2,
    });
  });
});

describe('labor cost', () => {
  const base = {
    defaultDuration: 480,
    dayChangeSeconds: 0,
    startDate: '2026-03-10',
    endDate: '2026-03-11',
    rateMinorPerHour: () => 1200,
  };

  it('spreads a shift over the business hours it covers, partial hours pro rata', () => {
    const labor = laborByBusinessHour(
      [{ date: '2026-03-10', employeeId: 'e', positionId: null, start: 9 * 60 + 30, end: 11 * 60 }],
      base,
    );
    const day = labor.get('2026-03-10')!;
    expect([day[9], day[10], day[11]]).toEqual([600, 1200, 0]);
  });

  it('carries a shift past midnight into the next business day, or keeps it with dayChangeTime', () => {
    const shift = { date: '2026-03-10', employeeId: 'e', positionId: null, start: 22 * 60, end: 2 * 60 };
    const plain = laborByBusinessHour([shift], base);
    expect(plain.get('2026-03-10')!.reduce((a, b) => a + b, 0)).toBe(2400);
    expect(plain.get('2026-03-11')!.reduce((a, b) => a + b, 0)).toBe(2400);
    const late = laborByBusinessHour([shift], { ...base, dayChangeSeconds: 14400 });
    expect(late.get('2026-03-10')![25]).toBe(1200);
    expect(late.has('2026-03-11')).toBe(false);
  });

  it('gives an open-ended shift the default duration', () => {
    const labor = laborByBusinessHour(
      [{ date: '2026-03-10', employeeId: 'e', positionId: null, start: 600, end: null }],
      { ...base, defaultDuration: 90 },
    );
    expect(labor.get('2026-03-10')!.reduce((a, b) => a + b, 0)).toBe(1800);
  });

  it('converts rates with the ISO 4217 exponent of the currency', () => {
    expect([currencyExponent('EUR'), currencyExponent('JPY'), currencyExponent('KWD')]).toEqual([2, 0, 3]);
  });
});

describe('labor of the time actually worked', () => {
  const { laborOfWorkedTime } =
    require('../../../../src/modules/sales/labor') as typeof import('../../../../src/modules/sales/labor');
  const at = (iso: string) => Date.parse(iso);

  it('spreads a punch over the business hours it covers, leaving out its unpaid break', () => {
    // 17:00 to 23:00 New York (UTC-5 in December), a 30-minute break from 19:00: 5.5 h paid at 2,000/h
    const labor = laborOfWorkedTime(
      [
        {
          employeeId: 'e',
          positionId: null,
          startMs: at('2026-12-04T22:00:00Z'),
          endMs: at('2026-12-05T04:00:00Z'),
          unpaidBreaks: [{ startMs: at('2026-12-05T00:00:00Z'), endMs: at('2026-12-05T00:30:00Z') }],
        },
      ],
      {
        rateMinorPerHour: () => 2000,
        timezone: 'America/New_York',
        dayChangeSeconds: 0,
        startDate: '2026-12-04',
        endDate: '2026-12-04',
      },
    );
    const day = labor.get('2026-12-04')!;
    expect(Array.from(day.slice(17, 23))).toEqual([2000, 2000, 1000, 2000, 2000, 2000]);
    expect(day.reduce((a, b) => a + b, 0)).toBe(5.5 * 2000);
  });

  it('puts the hours after midnight on the previous business day before dayChangeTime (hours 24+)', () => {
    // 22:00 to 02:00 with the business day changing at 04:00: all four hours on the 4th, hours 22..25
    const labor = laborOfWorkedTime(
      [
        {
          employeeId: 'e',
          positionId: null,
          startMs: at('2026-12-05T03:00:00Z'),
          endMs: at('2026-12-05T07:00:00Z'),
          unpaidBreaks: [],
        },
      ],
      {
        rateMinorPerHour: () => 1000,
        timezone: 'America/New_York',
        dayChangeSeconds: 4 * 3600,
        startDate: '2026-12-01',
        endDate: '2026-12-31',
      },
    );
    expect([...labor.keys()]).toEqual(['2026-12-04']);
    expect(Array.from(labor.get('2026-12-04')!.slice(22, 26))).toEqual([1000, 1000, 1000, 1000]);
  });

  it('leaves out time at a rate of 0 and days outside the range', () => {
    const labor = laborOfWorkedTime(
      [
        {
          employeeId: 'e',
          positionId: null,
          startMs: at('2026-12-04T22:00:00Z'),
          endMs: at('2026-12-04T23:00:00Z'),
          unpaidBreaks: [],
        },
      ],
      {
        rateMinorPerHour: () => 0,
        timezone: 'UTC',
        dayChangeSeconds: 0,
        startDate: '2026-12-04',
        endDate: '2026-12-04',
      },
    );
    expect(labor.size).toBe(0);
  });
});
