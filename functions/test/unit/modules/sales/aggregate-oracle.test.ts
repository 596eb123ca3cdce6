/**
 * The sales aggregation against an independent oracle: seeded random invoices are aggregated by the
 * real code (invoice vectors, reduceDays, summarize) and by a direct, naive reading of the rules
 * over the invoices themselves, for every grouping, period, hour window, refund and empty-day
 * option. The two must agree on every figure of every bucket.
 */
import {
  accumulateInvoices,
  addContribution,
  hourMasks,
  isEmptyVector,
  packHours,
  reduceDays,
  summarize,
  unpackHours,
  vectorToHours,
  vectorTotals,
  newDayVector,
  FIELD_COUNT,
  type Bucket,
  type DayMap,
  type InvoiceRecord,
  type Period,
} from '../../../../src/modules/sales/aggregate';
import { bucketKey, datesInRange, HOURS_PER_DAY_SLOTS, type GroupBy } from '../../../../src/core/calendar';
import { seededRandom } from '../../../../dev/demo/random';

const RANGE = { startDate: '2026-02-23', endDate: '2026-04-07' };

function invoices(seed: number): InvoiceRecord[] {
  const random = seededRandom(seed);
  const int = (n: number) => Math.floor(random() * n);
  const dates = datesInRange(RANGE.startDate, RANGE.endDate).filter(() => random() < 0.6);
  const records: InvoiceRecord[] = [];
  for (const businessDate of dates) {
    for (let i = int(6); i >= 0; i--) {
      const refund = random() < 0.25;
      const amount = 1 + int(9000);
      const tips = int(900);
      records.push({
        businessDate,
        businessHour: int(HOURS_PER_DAY_SLOTS),
        refund,
        amount: refund ? -amount : amount,
        tips: refund ? -tips : tips,
        customers: refund ? 0 : 1 + int(5),
        employeeId: ['e1', 'e2', null][int(3)],
        positionId: ['p1', null][int(2)],
        roleKey: ['server', 'cook', null][int(3)],
        posSource: ['square', 'toast'][int(2)],
      });
    }
  }
  return records;
}

function laborMap(seed: number): Map<string, Float64Array> {
  const random = seededRandom(seed);
  const labor = new Map<string, Float64Array>();
  for (const date of datesInRange(RANGE.startDate, RANGE.endDate)) {
    if (random() < 0.3) continue;
    labor.set(
      date,
      Float64Array.from({ length: HOURS_PER_DAY_SLOTS }, () => (random() < 0.5 ? 0 : random() * 2000)),
    );
  }
  return labor;
}

interface Options {
  groupBy: GroupBy;
  weekStartingDay: number;
  period: Period;
  hours: { start: number; end: number } | null;
  morningPeriodEnd: number;
  excludeRefunds: boolean;
  excludeEmptyDays: boolean;
}

const ratio = (labor: number, sales: number) => (sales > 0 ? Math.round((labor / sales) * 10000) / 10000 : null);

/** The rules read directly: an hour is in when its period and wall-clock hour match; refunds count only when asked. */
function oracle(
  records: InvoiceRecord[],
  labor: Map<string, Float64Array>,
  actual: Map<string, Float64Array>,
  o: Options,
): Bucket[] {
  const isMorning = (h: number) => h * 60 < o.morningPeriodEnd;
  const included = (h: number) =>
    (o.period === 'full' || (o.period === 'morning' ? isMorning(h) : !isMorning(h))) &&
    (!o.hours || (h % 24 >= o.hours.start && h % 24 <= o.hours.end));
  const buckets = new Map<string, Bucket & { labor: number; actual: number }>();
  for (const date of datesInRange(RANGE.startDate, RANGE.endDate)) {
    const key = bucketKey(date, o.groupBy, o.weekStartingDay);
    const bucket = buckets.get(key) ?? {
      key,
      start: date,
      end: date,
      days: 0,
      invoiceCount: 0,
      totalSales: 0,
      morningSales: 0,
      eveningSales: 0,
      customerCount: 0,
      tips: 0,
      perHour: new Array(24).fill(0),
      laborCost: 0,
      ratio: null,
      actualLaborCost: 0,
      actualRatio: null,
      labor: 0,
      actual: 0,
    };
    buckets.set(key, bucket);
    bucket.end = date;
    const counted = records.filter(
      (r) => r.businessDate === date && included(r.businessHour) && (!r.refund || !o.excludeRefunds),
    );
    if (counted.length === 0 && o.excludeEmptyDays) continue;
    bucket.days += 1;
    bucket.invoiceCount += counted.length;
    for (const r of counted) {
      if (isMorning(r.businessHour)) bucket.morningSales += r.amount;
      else bucket.eveningSales += r.amount;
      bucket.totalSales += r.amount;
      bucket.customerCount += r.customers;
      bucket.tips += r.tips;
      bucket.perHour[r.businessHour % 24] += r.amount;
    }
    for (let h = 0; h < HOURS_PER_DAY_SLOTS; h++) {
      if (!included(h)) continue;
      bucket.labor += labor.get(date)?.[h] ?? 0;
      bucket.actual += actual.get(date)?.[h] ?? 0;
    }
  }
  return [...buckets.values()]
    .filter((b) => b.days > 0 || !o.excludeEmptyDays)
    .map(({ labor: l, actual: a, ...b }) => {
      const laborCost = Math.round(l);
      const actualLaborCost = Math.round(a);
      return {
        ...b,
        laborCost,
        ratio: ratio(laborCost, b.totalSales),
        actualLaborCost,
        actualRatio: ratio(actualLaborCost, b.totalSales),
      };
    });
}

const CASES: Options[] = [];
for (const groupBy of ['daily', 'weekly', 'monthly'] as const) {
  for (const period of ['full', 'morning', 'evening'] as const) {
    CASES.push({
      groupBy,
      weekStartingDay: 1,
      period,
      hours: null,
      morningPeriodEnd: 960,
      excludeRefunds: false,
      excludeEmptyDays: false,
    });
    CASES.push({
      groupBy,
      weekStartingDay: 0,
      period,
      hours: { start: 2, end: 14 },
      morningPeriodEnd: 990,
      excludeRefunds: true,
      excludeEmptyDays: true,
    });
  }
}
for (const weekStartingDay of [2, 3, 4, 5, 6]) {
  CASES.push({
    groupBy: 'weekly',
    weekStartingDay,
    period: 'full',
    hours: null,
    morningPeriodEnd: 720,
    excludeRefunds: false,
    excludeEmptyDays: weekStartingDay % 2 === 0,
  });
}

const describeOptions = (o: Options) =>
  `${o.groupBy} (week from ${o.weekStartingDay}), ${o.period}, hours ${o.hours ? `${o.hours.start}-${o.hours.end}` : 'all'}, refunds ${o.excludeRefunds ? 'out' : 'in'}, empty days ${o.excludeEmptyDays ? 'out' : 'in'}`;

const round = (x: number) => Math.round(x * 1e6) / 1e6;
const normalise = (b: Bucket) => ({
  ...b,
  totalSales: round(b.totalSales),
  morningSales: round(b.morningSales),
  eveningSales: round(b.eveningSales),
  perHour: b.perHour.map(round),
});

describe('reduceDays and summarize agree with the rules read directly from the invoices', () => {
  it.each(CASES.map((o, i) => [describeOptions(o), o, i] as const))('%s', (_name, o, i) => {
    const records = invoices(100 + i);
    const labor = laborMap(200 + i);
    const actual = laborMap(300 + i);
    const masks = hourMasks({ period: o.period, hours: o.hours, morningPeriodEnd: o.morningPeriodEnd });
    const buckets = reduceDays(accumulateInvoices(records), {
      ...RANGE,
      groupBy: o.groupBy,
      weekStartingDay: o.weekStartingDay,
      ...masks,
      excludeRefunds: o.excludeRefunds,
      excludeEmptyDays: o.excludeEmptyDays,
      labor,
      actualLabor: actual,
    });
    const expected = oracle(records, labor, actual, o);
    expect(buckets.map(normalise)).toEqual(expected.map(normalise));

    const summary = summarize(buckets);
    const sum = (f: (b: Bucket) => number) => expected.reduce((a, b) => a + f(b), 0);
    const n = expected.length;
    const ratios = expected.map((b) => b.ratio).filter((r): r is number => r !== null);
    const actualRatios = expected.map((b) => b.actualRatio).filter((r): r is number => r !== null);
    const mean = (xs: number[]) =>
      xs.length ? Math.round((xs.reduce((a, b) => a + b, 0) / xs.length) * 10000) / 10000 : null;
    const byTotal = [...expected].sort((a, b) => a.totalSales - b.totalSales);
    const best = expected.find((b) => b.totalSales === byTotal[n - 1].totalSales)!;
    const worst = expected.find((b) => b.totalSales === byTotal[0].totalSales)!;
    expect(summary).toEqual({
      bucketCount: n,
      totals: {
        days: sum((b) => b.days),
        invoiceCount: sum((b) => b.invoiceCount),
        totalSales: sum((b) => b.totalSales),
        morningSales: sum((b) => b.morningSales),
        eveningSales: sum((b) => b.eveningSales),
        customerCount: sum((b) => b.customerCount),
        tips: sum((b) => b.tips),
        perHour: Array.from({ length: 24 }, (_, h) => sum((b) => b.perHour[h])),
        laborCost: sum((b) => b.laborCost),
        ratio: ratio(
          sum((b) => b.laborCost),
          sum((b) => b.totalSales),
        ),
        actualLaborCost: sum((b) => b.actualLaborCost),
        actualRatio: ratio(
          sum((b) => b.actualLaborCost),
          sum((b) => b.totalSales),
        ),
      },
      averages: {
        totalSales: Math.round(sum((b) => b.totalSales) / n),
        morningSales: Math.round(sum((b) => b.morningSales) / n),
        eveningSales: Math.round(sum((b) => b.eveningSales) / n),
        customerCount: Math.round((sum((b) => b.customerCount) / n) * 100) / 100,
        tips: Math.round(sum((b) => b.tips) / n),
        laborCost: Math.round(sum((b) => b.laborCost) / n),
        ratio: mean(ratios),
        actualLaborCost: Math.round(sum((b) => b.actualLaborCost) / n),
        actualRatio: mean(actualRatios),
        days: Math.round((sum((b) => b.days) / n) * 100) / 100,
        invoiceCount: Math.round((sum((b) => b.invoiceCount) / n) * 100) / 100,
      },
      best: { key: best.key, totalSales: best.totalSales },
      worst: { key: worst.key, totalSales: worst.totalSales },
    });
  });

  it('summarises no buckets as zeros with no best or worst', () => {
    const summary = summarize([]);
    expect(summary).toMatchObject({
      bucketCount: 0,
      best: null,
      worst: null,
      totals: { totalSales: 0, ratio: null, perHour: new Array(24).fill(0) },
    });
    expect(summary.averages).toEqual({
      totalSales: 0,
      morningSales: 0,
      eveningSales: 0,
      customerCount: 0,
      tips: 0,
      laborCost: 0,
      ratio: null,
      actualLaborCost: 0,
      actualRatio: null,
      days: 0,
      invoiceCount: 0,
    });
  });

  it('names the earliest bucket best or worst on a tie', () => {
    const masks = hourMasks({ period: 'full', morningPeriodEnd: 960 });
    const sale = (businessDate: string, amount: number): InvoiceRecord => ({
      businessDate,
      businessHour: 12,
      amount,
      tips: 0,
      customers: 1,
      refund: false,
      employeeId: null,
      positionId: null,
      roleKey: null,
      posSource: 'square',
    });
    const days = accumulateInvoices([
      sale('2026-03-02', 500),
      sale('2026-03-03', 900),
      sale('2026-03-04', 900),
      sale('2026-03-05', 500),
    ]);
    const buckets = reduceDays(days, {
      startDate: '2026-03-02',
      endDate: '2026-03-05',
      groupBy: 'daily',
      weekStartingDay: 1,
      ...masks,
      excludeRefunds: false,
      excludeEmptyDays: false,
    });
    expect(summarize(buckets)).toMatchObject({
      best: { key: '2026-03-03', totalSales: 900 },
      worst: { key: '2026-03-02', totalSales: 500 },
    });
  });
});

describe('day vectors', () => {
  // built inside each test: seeding at collection time would make every calendar mutant static (run against whole files)
  const sample = () => invoices(7);

  it('filters invoices by employee, position, role and POS source before accumulating', () => {
    const records = sample();
    const total = (days: DayMap) =>
      [...days.values()].reduce((a, v) => a + vectorTotals(v).sales + vectorTotals(v).refunds, 0);
    const expected = (keep: (r: InvoiceRecord) => boolean) => records.filter(keep).reduce((a, r) => a + r.amount, 0);
    expect(total(accumulateInvoices(records, { employeeId: 'e1' }))).toBe(expected((r) => r.employeeId === 'e1'));
    expect(total(accumulateInvoices(records, { positionId: 'p1' }))).toBe(expected((r) => r.positionId === 'p1'));
    expect(total(accumulateInvoices(records, { roleKey: 'cook' }))).toBe(expected((r) => r.roleKey === 'cook'));
    expect(total(accumulateInvoices(records, { posSources: ['toast'] }))).toBe(
      expected((r) => r.posSource === 'toast'),
    );
    expect(total(accumulateInvoices(records, { posSources: [] }))).toBe(expected(() => true));
    expect(total(accumulateInvoices(records, { employeeId: 'e2', roleKey: 'server', posSources: ['square'] }))).toBe(
      expected((r) => r.employeeId === 'e2' && r.roleKey === 'server' && r.posSource === 'square'),
    );
  });

  it('adds into a day map it is given, keeping what was there', () => {
    const records = sample();
    const days = accumulateInvoices(records.slice(0, 5));
    accumulateInvoices(records.slice(5), {}, days);
    expect(days).toEqual(accumulateInvoices(records));
  });

  it('builds the same vectors one invoice at a time, and removing every invoice leaves empty days', () => {
    const records = sample();
    const days: DayMap = new Map();
    for (const r of records) addContribution(days, r, 1);
    expect(days).toEqual(accumulateInvoices(records));
    for (const r of records) addContribution(days, r, -1);
    for (const v of days.values()) {
      expect(isEmptyVector(v)).toBe(true);
      expect(Array.from(v).every((x) => x === 0)).toBe(true);
    }
  });

  it('reads hours and totals by field name', () => {
    const v = accumulateInvoices([
      {
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
      },
      {
        businessDate: '2026-03-10',
        businessHour: 13,
        amount: 500,
        tips: 0,
        customers: 1,
        refund: false,
        employeeId: null,
        positionId: null,
        roleKey: null,
        posSource: 'square',
      },
      {
        businessDate: '2026-03-10',
        businessHour: 26,
        amount: -300,
        tips: -20,
        customers: 0,
        refund: true,
        employeeId: null,
        positionId: null,
        roleKey: null,
        posSource: 'square',
      },
    ]).get('2026-03-10')!;
    expect(vectorToHours(v)).toEqual({
      13: { sales: 1500, customers: 3, tips: 100, refunds: 0, refundTips: 0, invoices: 2, refundInvoices: 0 },
      26: { sales: 0, customers: 0, tips: 0, refunds: -300, refundTips: -20, invoices: 0, refundInvoices: 1 },
    });
    expect(vectorTotals(v)).toEqual({
      sales: 1500,
      customers: 3,
      tips: 100,
      refunds: -300,
      refundTips: -20,
      invoices: 2,
      refundInvoices: 1,
    });
    expect(isEmptyVector(v)).toBe(false);
    expect(isEmptyVector(newDayVector())).toBe(true);
  });

  it('a day with only a refund, in the last business hour, is not empty and packs that hour alone', () => {
    const v = newDayVector();
    const last = HOURS_PER_DAY_SLOTS - 1;
    v[last * FIELD_COUNT + 3] = -250;
    v[last * FIELD_COUNT + 6] = 1;
    expect(isEmptyVector(v)).toBe(false);
    const packed = packHours(v);
    expect(packed.hourFrom).toBe(last);
    expect(packed.hours.length).toBe(FIELD_COUNT * 8);
    expect(Array.from(unpackHours(packed.hourFrom, packed.hours))).toEqual(Array.from(v));
  });

  it('packs a day whose first business hour has sales from hour 0', () => {
    const v = newDayVector();
    v[0] = 800;
    v[5] = 1;
    v[5 * FIELD_COUNT] = 300;
    v[5 * FIELD_COUNT + 5] = 1;
    const packed = packHours(v);
    expect(packed.hourFrom).toBe(0);
    expect(packed.hours.length).toBe(6 * FIELD_COUNT * 8);
    expect(Array.from(unpackHours(0, packed.hours))).toEqual(Array.from(v));
    const onlyFirst = newDayVector();
    onlyFirst[0] = 800;
    onlyFirst[5] = 1;
    expect(packHours(onlyFirst)).toEqual({ hourFrom: 0, hours: packHours(onlyFirst).hours });
    expect(packHours(onlyFirst).hours.length).toBe(FIELD_COUNT * 8);
  });

  it('a day with sales and no refund is not empty', () => {
    const v = newDayVector();
    v[9 * FIELD_COUNT] = 1200;
    v[9 * FIELD_COUNT + 5] = 1;
    expect(isEmptyVector(v)).toBe(false);
  });

  it('reads nothing from stored hours with a negative start, however many bytes', () => {
    const twoHours = new Uint8Array(2 * FIELD_COUNT * 8).fill(7);
    expect(Array.from(unpackHours(-1, twoHours))).toEqual(Array.from(newDayVector()));
  });

  it('packs an empty day to nothing and reads malformed stored hours as an empty day', () => {
    expect(packHours(newDayVector())).toEqual({ hourFrom: 0, hours: Buffer.alloc(0) });
    const empty = Array.from(newDayVector());
    const bytes = new Uint8Array(FIELD_COUNT * 8).fill(1);
    expect(Array.from(unpackHours(-1, bytes))).toEqual(empty);
    expect(Array.from(unpackHours(1.5, bytes))).toEqual(empty);
    expect(Array.from(unpackHours('x', bytes))).toEqual(empty);
    expect(Array.from(unpackHours(3, 'not bytes'))).toEqual(empty);
    // more bytes than the day holds from hourFrom on: the day's end bounds the read
    const tooLong = new Uint8Array(FIELD_COUNT * 8 * 3);
    const read = unpackHours(HOURS_PER_DAY_SLOTS - 1, tooLong);
    expect(read.length).toBe(HOURS_PER_DAY_SLOTS * FIELD_COUNT);
  });

  it('reads stored hours from a view into a larger buffer at its own offset', () => {
    const v = newDayVector();
    v[5 * FIELD_COUNT] = 1234;
    v[5 * FIELD_COUNT + 5] = 1;
    const packed = packHours(v);
    const backing = new Uint8Array(packed.hours.length + 16);
    backing.set(packed.hours, 16);
    expect(Array.from(unpackHours(packed.hourFrom, backing.subarray(16)))).toEqual(Array.from(v));
  });
});
