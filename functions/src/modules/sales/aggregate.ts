import { bucketKey, dateOfDayNumber, dayNumber, HOURS_PER_DAY_SLOTS, type GroupBy } from '../../core/calendar';

/**
 * The one aggregation both read paths share (pure, no I/O).
 *
 * A day's sales are a vector of HOURS_PER_DAY_SLOTS business hours x FIELD_COUNT figures, the
 * in-memory form of an actual-sales day document. The fast path decodes the stored day documents
 * into this form; the invoice path accumulates the invoices into it. Buckets, periods, hours and
 * refunds are then applied by `reduceDays` to either, so the two paths answer the same numbers
 * by construction.
 */
export const FIELD = {
  sales: 0,
  customers: 1,
  tips: 2,
  refunds: 3,
  refundTips: 4,
  invoices: 5,
  refundInvoices: 6,
} as const;
export type FieldName = keyof typeof FIELD;
export const FIELD_NAMES = Object.keys(FIELD) as FieldName[];
export const FIELD_COUNT = FIELD_NAMES.length;
const DAY_LENGTH = HOURS_PER_DAY_SLOTS * FIELD_COUNT;

export type DayVector = Float64Array;
export type DayMap = Map<string, DayVector>;

export const newDayVector = (): DayVector => new Float64Array(DAY_LENGTH);

/** The fields of an invoice the aggregation reads. */
export interface InvoiceRecord {
  businessDate: string;
  businessHour: number;
  /** Signed minor units: >= 0 for a sale, <= 0 for a refund. */
  amount: number;
  tips: number;
  customers: number;
  refund: boolean;
  employeeId: string | null;
  positionId: string | null;
  roleKey: string | null;
  posSource: string;
  /** A sale from outside the vendor took back: it counts nowhere. */
  voided?: boolean;
  /** A sale from outside (a POS sync): its tips are also kept by kind (posTips). */
  fromPos?: boolean;
}

export interface InvoiceFilter {
  employeeId?: string;
  positionId?: string;
  /** Lower-cased role name. */
  roleKey?: string;
  posSources?: readonly string[];
}

function vectorOf(days: DayMap, date: string): DayVector {
  let v = days.get(date);
  if (!v) {
    v = newDayVector();
    days.set(date, v);
  }
  return v;
}

/** Adds (sign 1) or removes (sign -1) one invoice's contribution. */
export function addContribution(days: DayMap, r: InvoiceRecord, sign: 1 | -1): void {
  if (r.voided) return;
  const v = vectorOf(days, r.businessDate);
  const o = r.businessHour * FIELD_COUNT;
  if (r.refund) {
    v[o + FIELD.refunds] += sign * r.amount;
    v[o + FIELD.refundTips] += sign * r.tips;
    v[o + FIELD.refundInvoices] += sign;
  } else {
    v[o + FIELD.sales] += sign * r.amount;
    v[o + FIELD.customers] += sign * r.customers;
    v[o + FIELD.tips] += sign * r.tips;
    v[o + FIELD.invoices] += sign;
  }
}

/** The invoice path's accumulation: one pass over the records into day vectors. */
export function accumulateInvoices(
  records: readonly InvoiceRecord[],
  filter: InvoiceFilter = {},
  days: DayMap = new Map(),
): DayMap {
  const { employeeId, positionId, roleKey } = filter;
  const sources = filter.posSources?.length ? new Set(filter.posSources) : undefined;
  let lastDate = '';
  let v: DayVector = newDayVector();
  for (let i = 0; i < records.length; i++) {
    const r = records[i];
    if (r.voided) continue;
    if (employeeId !== undefined && r.employeeId !== employeeId) continue;
    if (positionId !== undefined && r.positionId !== positionId) continue;
    if (roleKey !== undefined && r.roleKey !== roleKey) continue;
    if (sources !== undefined && !sources.has(r.posSource)) continue;
    if (r.businessDate !== lastDate) {
      v = vectorOf(days, r.businessDate);
      lastDate = r.businessDate;
    }
    const o = r.businessHour * FIELD_COUNT;
    if (r.refund) {
      v[o + 3] += r.amount;
      v[o + 4] += r.tips;
      v[o + 6] += 1;
    } else {
      v[o] += r.amount;
      v[o + 1] += r.customers;
      v[o + 2] += r.tips;
      v[o + 5] += 1;
    }
  }
  return days;
}

/** Figures of a day (or an hour) by field name. */
export type Figures = Record<FieldName, number>;

/**
 * Stored form of a day's hours: the business hours from `hourFrom` to the last hour with an
 * invoice, FIELD_COUNT little-endian float64 each in FIELD order, in one bytes field. One value
 * per document instead of ~100 map entries: reading a year of day documents costs 365 values to
 * encode, transfer, index and decode, not 40,000 (see docs/BENCHMARKS.md, sales).
 */
export function packHours(v: DayVector): { hourFrom: number; hours: Buffer } {
  let from = -1;
  let to = -1;
  for (let h = 0; h < HOURS_PER_DAY_SLOTS; h++) {
    const o = h * FIELD_COUNT;
    if (v[o + FIELD.invoices] !== 0 || v[o + FIELD.refundInvoices] !== 0) {
      if (from < 0) from = h;
      to = h;
    }
  }
  if (from < 0) return { hourFrom: 0, hours: Buffer.alloc(0) };
  const values = (to - from + 1) * FIELD_COUNT;
  const bytes = Buffer.alloc(values * 8);
  for (let i = 0; i < values; i++) bytes.writeDoubleLE(v[from * FIELD_COUNT + i], i * 8);
  return { hourFrom: from, hours: bytes };
}

export function unpackHours(hourFrom: unknown, hours: unknown): DayVector {
  const v = newDayVector();
  const bytes = hours instanceof Uint8Array ? Buffer.from(hours.buffer, hours.byteOffset, hours.byteLength) : null;
  const from = Number(hourFrom);
  if (!bytes || !Number.isInteger(from) || from < 0) return v;
  const values = Math.min(bytes.length >> 3, DAY_LENGTH - from * FIELD_COUNT);
  for (let i = 0; i < values; i++) v[from * FIELD_COUNT + i] = bytes.readDoubleLE(i * 8);
  return v;
}

/** The figures of each business hour with an invoice, readable (for the API and for tests). */
export function vectorToHours(v: DayVector): Record<string, Figures> {
  const hours: Record<string, Figures> = {};
  for (let h = 0; h < HOURS_PER_DAY_SLOTS; h++) {
    const o = h * FIELD_COUNT;
    if (v[o + FIELD.invoices] === 0 && v[o + FIELD.refundInvoices] === 0) continue;
    hours[String(h)] = Object.fromEntries(FIELD_NAMES.map((f, i) => [f, v[o + i]])) as Figures;
  }
  return hours;
}

export function vectorTotals(v: DayVector): Figures {
  const totals = Object.fromEntries(FIELD_NAMES.map((f) => [f, 0])) as Figures;
  for (let h = 0; h < HOURS_PER_DAY_SLOTS; h++) {
    for (let i = 0; i < FIELD_COUNT; i++) totals[FIELD_NAMES[i]] += v[h * FIELD_COUNT + i];
  }
  return totals;
}

export const isEmptyVector = (v: DayVector): boolean => {
  for (let h = 0; h < HOURS_PER_DAY_SLOTS; h++) {
    if (v[h * FIELD_COUNT + FIELD.invoices] !== 0 || v[h * FIELD_COUNT + FIELD.refundInvoices] !== 0) return false;
  }
  return true;
};

export type Period = 'full' | 'morning' | 'evening';

/**
 * Which business hours a question keeps. An hour belongs to the period in which it starts:
 * business hour h is morning when h x 60 < morningPeriodEnd (a minute of the business date,
 * counted from its local midnight), evening otherwise. `hours` keeps the wall-clock hours
 * start..end inclusive (business hour h has wall-clock hour h mod 24).
 */
export function hourMasks(options: {
  period: Period;
  hours?: { start: number; end: number } | null;
  morningPeriodEnd: number;
}) {
  const included = new Uint8Array(HOURS_PER_DAY_SLOTS);
  const morning = new Uint8Array(HOURS_PER_DAY_SLOTS);
  for (let h = 0; h < HOURS_PER_DAY_SLOTS; h++) {
    morning[h] = h * 60 < options.morningPeriodEnd ? 1 : 0;
    const inPeriod = options.period === 'full' || (options.period === 'morning') === (morning[h] === 1);
    const clock = h % 24;
    const inHours = !options.hours || (clock >= options.hours.start && clock <= options.hours.end);
    included[h] = inPeriod && inHours ? 1 : 0;
  }
  return { included, morning };
}

export interface ReduceOptions {
  startDate: string;
  endDate: string;
  groupBy: GroupBy;
  weekStartingDay: number;
  included: Uint8Array;
  morning: Uint8Array;
  excludeRefunds: boolean;
  excludeEmptyDays: boolean;
  /** Labor cost per business date and business hour (minor units, fractional), when the ratio is asked for. */
  labor?: Map<string, Float64Array>;
  /** The same, of the time actually worked (approved punches). */
  actualLabor?: Map<string, Float64Array>;
}

export interface Bucket {
  key: string;
  start: string;
  end: string;
  days: number;
  invoiceCount: number;
  totalSales: number;
  morningSales: number;
  eveningSales: number;
  customerCount: number;
  tips: number;
  perHour: number[];
  laborCost: number;
  ratio: number | null;
  actualLaborCost: number;
  actualRatio: number | null;
}

type BucketFigures = Omit<Bucket, 'key' | 'start' | 'end'>;

/** The figures of a bucket before any day is added. */
const noFigures = (): BucketFigures => ({
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
});

const ratioOf = (labor: number, sales: number): number | null =>
  sales > 0 ? Math.round((labor / sales) * 10000) / 10000 : null;

/** Groups the days of [startDate, endDate] into buckets keyed by the local date they start on. */
export function reduceDays(days: DayMap, o: ReduceOptions): Bucket[] {
  const buckets: Bucket[] = [];
  const withRefunds = !o.excludeRefunds;
  const hours: number[] = [];
  for (let h = 0; h < HOURS_PER_DAY_SLOTS; h++) if (o.included[h]) hours.push(h);
  let current: (Bucket & { labor: number; actualLabor: number }) | undefined;
  let currentKey = '';
  const flush = () => {
    if (current && (current.days > 0 || !o.excludeEmptyDays)) {
      const { labor, actualLabor, ...bucket } = current;
      bucket.laborCost = Math.round(labor);
      bucket.ratio = ratioOf(bucket.laborCost, bucket.totalSales);
      bucket.actualLaborCost = Math.round(actualLabor);
      bucket.actualRatio = ratioOf(bucket.actualLaborCost, bucket.totalSales);
      buckets.push(bucket);
    }
    current = undefined;
  };
  const last = dayNumber(o.endDate);
  for (let d = dayNumber(o.startDate); d <= last; d++) {
    const date = dateOfDayNumber(d);
    // daily: the date; weekly: the day number of the week's first day; monthly: YYYY-MM
    const key =
      o.groupBy === 'daily'
        ? date
        : o.groupBy === 'monthly'
          ? date.slice(0, 7)
          : String(d - ((((d + 4 - o.weekStartingDay) % 7) + 7) % 7));
    if (current && currentKey !== key) flush();
    if (!current) {
      currentKey = key;
      current = {
        key: bucketKey(date, o.groupBy, o.weekStartingDay),
        start: date,
        end: date,
        ...noFigures(),
        labor: 0,
        actualLabor: 0,
      };
    }
    current.end = date;
    const v = days.get(date);
    let count = 0;
    let morningSales = 0;
    let eveningSales = 0;
    let customers = 0;
    let tips = 0;
    if (v) {
      for (let i = 0; i < hours.length; i++) {
        const h = hours[i];
        const k = h * FIELD_COUNT;
        let sales = v[k];
        let hourTips = v[k + 2];
        count += v[k + 5];
        if (withRefunds) {
          sales += v[k + 3];
          hourTips += v[k + 4];
          count += v[k + 6];
        }
        if (o.morning[h]) morningSales += sales;
        else eveningSales += sales;
        customers += v[k + 1];
        tips += hourTips;
        current.perHour[h % 24] += sales;
      }
    }
    if (count === 0 && o.excludeEmptyDays) continue;
    current.days += 1;
    current.invoiceCount += count;
    current.morningSales += morningSales;
    current.eveningSales += eveningSales;
    current.totalSales += morningSales + eveningSales;
    current.customerCount += customers;
    current.tips += tips;
    const labor = o.labor?.get(date);
    if (labor) for (let i = 0; i < hours.length; i++) current.labor += labor[hours[i]];
    const actual = o.actualLabor?.get(date);
    if (actual) for (let i = 0; i < hours.length; i++) current.actualLabor += actual[hours[i]];
  }
  flush();
  return buckets;
}

export interface Summary {
  bucketCount: number;
  totals: BucketFigures;
  averages: {
    totalSales: number;
    morningSales: number;
    eveningSales: number;
    customerCount: number;
    tips: number;
    laborCost: number;
    ratio: number | null;
    actualLaborCost: number;
    actualRatio: number | null;
    days: number;
    invoiceCount: number;
  };
  best: { key: string; totalSales: number } | null;
  worst: { key: string; totalSales: number } | null;
}

/** Totals over the buckets, averages per bucket, and the best and worst bucket by totalSales (earliest wins a tie). */
export function summarize(buckets: readonly Bucket[]): Summary {
  const totals = noFigures();
  let best: Bucket | undefined;
  let worst: Bucket | undefined;
  const ratios: number[] = [];
  const actualRatios: number[] = [];
  for (const b of buckets) {
    totals.days += b.days;
    totals.invoiceCount += b.invoiceCount;
    totals.totalSales += b.totalSales;
    totals.morningSales += b.morningSales;
    totals.eveningSales += b.eveningSales;
    totals.customerCount += b.customerCount;
    totals.tips += b.tips;
    totals.laborCost += b.laborCost;
    totals.actualLaborCost += b.actualLaborCost;
    for (let h = 0; h < 24; h++) totals.perHour[h] += b.perHour[h];
    if (b.ratio !== null) ratios.push(b.ratio);
    if (b.actualRatio !== null) actualRatios.push(b.actualRatio);
    if (!best || b.totalSales > best.totalSales) best = b;
    if (!worst || b.totalSales < worst.totalSales) worst = b;
  }
  totals.ratio = ratioOf(totals.laborCost, totals.totalSales);
  totals.actualRatio = ratioOf(totals.actualLaborCost, totals.totalSales);
  const mean = (xs: number[]) =>
    xs.length ? Math.round((xs.reduce((a, b) => a + b, 0) / xs.length) * 10000) / 10000 : null;
  const n = buckets.length;
  const money = (x: number) => (n ? Math.round(x / n) : 0);
  const avg2 = (x: number) => (n ? Math.round((x / n) * 100) / 100 : 0);
  return {
    bucketCount: n,
    totals,
    averages: {
      totalSales: money(totals.totalSales),
      morningSales: money(totals.morningSales),
      eveningSales: money(totals.eveningSales),
      customerCount: avg2(totals.customerCount),
      tips: money(totals.tips),
      laborCost: money(totals.laborCost),
      ratio: mean(ratios),
      actualLaborCost: money(totals.actualLaborCost),
      actualRatio: mean(actualRatios),
      days: avg2(totals.days),
      invoiceCount: avg2(totals.invoiceCount),
    },
    best: best ? { key: best.key, totalSales: best.totalSales } : null,
    worst: worst ? { key: worst.key, totalSales: worst.totalSales } : null,
  };
}

/** A day's net sales (minor units, refunds not netted) and covers per business hour: what the forecast reads. */
export function salesAndCovers(v: DayVector): { sales: Float64Array; covers: Float64Array } {
  const sales = new Float64Array(HOURS_PER_DAY_SLOTS);
  const covers = new Float64Array(HOURS_PER_DAY_SLOTS);
  for (let h = 0; h < HOURS_PER_DAY_SLOTS; h++) {
    sales[h] = v[h * FIELD_COUNT + FIELD.sales];
    covers[h] = v[h * FIELD_COUNT + FIELD.customers];
  }
  return { sales, covers };
}
