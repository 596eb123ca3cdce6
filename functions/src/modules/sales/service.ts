import { addDays, daysBetween } from '../../core/calendar';
import { coreErrors } from '../../core/errors';
import { currencyExponent } from '../../core/money';
import { maySee, type Viewer } from '../../http/visibility';
import { workedSpans } from '../attendance';
import { companyDayparts, getCompanyRules } from '../companies';
import {
  accumulateInvoices,
  hourMasks,
  reduceDays,
  summarize,
  type Bucket,
  type DayMap,
  type InvoiceFilter,
} from './aggregate';
import { laborByBusinessHour, laborOfWorkedTime, type WorkedTime } from './labor';
import * as repo from './repo';
import { addTips, noTips, staffTips } from './tip-kinds';
import { addAdjustments, type TipAdjustment } from './tip-adjustments';
import { DEFAULT_FIELDS, MAX_RANGE_DAYS, parseHours, type SalesField, type SalesQuery } from './schemas';

export { importInvoices } from './importer';

const BUCKET_FIELDS: Record<SalesField, (keyof Bucket)[]> = {
  totalSales: ['totalSales'],
  morningSales: ['morningSales'],
  eveningSales: ['eveningSales'],
  customerCount: ['customerCount'],
  tips: ['tips'],
  perHour: ['perHour'],
  ratio: ['ratio', 'laborCost', 'actualRatio', 'actualLaborCost'],
  tipKinds: [],
};

/** The base keys of `source`, and the keys of the fields asked for. */
function pick<T extends object, K extends keyof T>(
  source: T,
  fields: readonly SalesField[],
  base: readonly K[],
): Pick<T, K> & Partial<T> {
  const out = {} as Pick<T, K> & Partial<T>;
  for (const k of base) out[k] = source[k];
  for (const f of fields)
    for (const k of BUCKET_FIELDS[f])
      if (k in source) (out as Record<string, unknown>)[k] = (source as Record<string, unknown>)[k];
  return out;
}

/** GET /sales: per-bucket sales of a business-date range, from the day records or the invoices. */
/**
 * What the caller may not see of the answer is withheld by the route (and the assistant's tool) from
 * its tags; labour cost, which the `viewer` may not see, is not computed at all (its shifts, punches
 * and pay rates not read): its fields stay 0 for the route to withhold.
 */
export async function getSales({ query, viewer }: { query: SalesQuery; viewer?: Viewer }) {
  const { companyId, startDate, endDate } = query;
  const span = daysBetween(startDate, endDate);
  if (span < 0) throw coreErrors.INVALID_DATE_RANGE('endDate is before startDate');
  if (span >= MAX_RANGE_DAYS)
    throw coreErrors.INVALID_DATE_RANGE(`The range covers more than ${MAX_RANGE_DAYS} days; ask for it in parts`);

  const filter: InvoiceFilter = {
    employeeId: query.employeeId,
    positionId: query.positionId,
    roleKey: query.role?.trim().toLowerCase(),
    posSources: query.posSource,
  };
  const filtered = Object.values(filter).some((v) => v !== undefined);
  const source: 'invoices' | 'salesActual' =
    query.source === 'invoices' || (query.source === 'auto' && filtered) ? 'invoices' : 'salesActual';

  const fields = [...new Set(query.fields ?? DEFAULT_FIELDS)];
  const rules = await getCompanyRules({ companyId });
  const { profile, settings } = rules;
  const wantsLabor = fields.includes('ratio') && (viewer === undefined || laborVisibleTo(viewer));
  const pricing = wantsLabor ? laborPricing(companyId) : undefined;

  const salesRead =
    source === 'salesActual'
      ? repo.readDays(companyId, startDate, endDate)
      : (async () => {
          const days: DayMap = new Map();
          const { currency } = await repo.forEachInvoicePage(companyId, startDate, endDate, filter, (page) =>
            accumulateInvoices(page, filter, days),
          );
          return { days, currency };
        })();
  const [{ days, currency: seenCurrency }, labor, actualLabor, tipRows] = await Promise.all([
    salesRead,
    wantsLabor
      ? laborCost({
          companyId,
          startDate,
          endDate,
          filter,
          defaultDuration: profile.defaultDuration,
          dayChangeSeconds: settings.dayChangeTime,
          pricing: pricing!,
        })
      : undefined,
    wantsLabor
      ? actualLaborCost({
          companyId,
          startDate,
          endDate,
          filter,
          timezone: profile.timezone,
          dayChangeSeconds: settings.dayChangeTime,
          pricing: pricing!,
        })
      : undefined,
    fields.includes('tipKinds') ? repo.readTips(companyId, startDate, endDate, query.employeeId) : undefined,
  ]);
  const currency = seenCurrency ?? (await repo.readSalesCurrency(companyId));

  const hours = query.hours ? parseHours(query.hours) : null;
  // morning ends where the company's dinner starts: the same dayparts as the forecast and the schedule's demand
  const morningPeriodEnd = companyDayparts(rules).dinner;
  const { included, morning } = hourMasks({ period: query.period, hours, morningPeriodEnd });
  const buckets = reduceDays(days, {
    startDate,
    endDate,
    groupBy: query.groupBy,
    weekStartingDay: profile.weekStartingDay,
    included,
    morning,
    excludeRefunds: query.excludeRefunds,
    excludeEmptyDays: query.excludeEmptyDays,
    labor: labor ?? undefined,
    actualLabor: actualLabor ?? undefined,
  });
  const base = ['key', 'start', 'end', 'days', 'invoiceCount'] as const satisfies readonly (keyof Bucket)[];
  const summary = query.includeSummary ? summarize(buckets) : undefined;
  // the tips by kind of each bucket's business days (kept per day and employee, not per hour)
  const kindsOf = tipRows
    ? (b: { start: string; end: string }) => {
        const k = noTips();
        for (const r of tipRows) if (r.date >= b.start && r.date <= b.end) addTips(k, r);
        return { tipKinds: { ...k, tips: staffTips(k) } };
      }
    : () => ({});
  const whole = { start: startDate, end: endDate };
  return {
    companyId,
    startDate,
    endDate,
    groupBy: query.groupBy,
    period: query.period,
    hours,
    source,
    currency,
    timezone: profile.timezone,
    weekStartingDay: profile.weekStartingDay,
    excludeRefunds: query.excludeRefunds,
    fields,
    hidden: [],
    buckets: buckets.map((b) => ({ ...pick(b, fields, base), ...kindsOf(b) })),
    ...(summary && {
      summary: {
        bucketCount: summary.bucketCount,
        totals: { ...pick(summary.totals, fields, ['days', 'invoiceCount'] as const), ...kindsOf(whole) },
        averages: pick(
          summary.averages,
          fields.filter((f) => f !== 'perHour'),
          ['days', 'invoiceCount'] as const,
        ),
        best: summary.best,
        worst: summary.worst,
      },
    }),
  };
}

/** Whether a viewer sees labour cost: its fields carry both tags (schemas.ts `laborFigure`) and belong to no one. */
const laborVisibleTo = (viewer: Viewer) => maySee(viewer, 'laborCost', false) && maySee(viewer, 'pay', false);

/**
 * How labor is priced, read once for both labor figures: the employee's rateRegular, else the rate
 * of the position's role, in minor units; nothing for roles with includedInLaborCost false.
 */
interface LaborPricing {
  rateMinorPerHour: (employeeId: string | null, positionId: string | null) => number;
  /** Whether a position matches the `role` filter (role names compared trimmed, case-insensitive). */
  inRole: (positionId: string | null, roleKey: string) => boolean;
}

async function laborPricing(companyId: string): Promise<LaborPricing> {
  const [roles, rates, currency] = await Promise.all([
    repo.listRoleRows(companyId),
    repo.listEmployeeRates(companyId),
    repo.readSalesCurrency(companyId),
  ]);
  const scale = 10 ** currencyExponent(currency ?? 'EUR');
  return {
    rateMinorPerHour: (employeeId, positionId) => {
      if (positionId && roles.get(positionId)?.includedInLaborCost === false) return 0;
      const own = employeeId ? rates.get(employeeId) : null;
      return (own ?? (positionId ? roles.get(positionId)?.rate : undefined) ?? 0) * scale;
    },
    inRole: (positionId, roleKey) =>
      positionId !== null && roles.get(positionId)?.name.trim().toLowerCase() === roleKey,
  };
}

const selectedBy =
  (filter: InvoiceFilter, pricing: LaborPricing) => (employeeId: string | null, positionId: string | null) =>
    (filter.employeeId === undefined || employeeId === filter.employeeId) &&
    (filter.positionId === undefined || positionId === filter.positionId) &&
    (filter.roleKey === undefined || pricing.inRole(positionId, filter.roleKey));

/**
 * Labor cost per business date and hour of the time actually worked: approved punches (unpaid
 * breaks out) priced like the scheduled cost, with the same filters. Overtime premiums are payroll's.
 */
async function actualLaborCost(o: {
  companyId: string;
  startDate: string;
  endDate: string;
  filter: InvoiceFilter;
  timezone: string;
  dayChangeSeconds: number;
  pricing: Promise<LaborPricing>;
}) {
  const [spans, pricing] = await Promise.all([
    // a punch of the day before can run past the range's first business-day change
    workedSpans(o.companyId, { startDate: addDays(o.startDate, -1), endDate: o.endDate }, { approvedOnly: true }),
    o.pricing,
  ]);
  const selected = selectedBy(o.filter, pricing);
  const worked: WorkedTime[] = [];
  for (const [employeeId, list] of spans) {
    for (const s of list) {
      if (selected(employeeId, s.positionId))
        worked.push({
          employeeId,
          positionId: s.positionId,
          startMs: s.startMs,
          endMs: s.endMs,
          unpaidBreaks: s.unpaidBreaks,
        });
    }
  }
  return laborOfWorkedTime(worked, {
    timezone: o.timezone,
    dayChangeSeconds: o.dayChangeSeconds,
    startDate: o.startDate,
    endDate: o.endDate,
    rateMinorPerHour: (t) => pricing.rateMinorPerHour(t.employeeId, t.positionId),
  });
}

/** Labor cost per business date and hour from the published shifts (see labor.ts for the definitions). */
async function laborCost(o: {
  companyId: string;
  startDate: string;
  endDate: string;
  filter: InvoiceFilter;
  defaultDuration: number;
  dayChangeSeconds: number;
  pricing: Promise<LaborPricing>;
}) {
  const [shifts, pricing] = await Promise.all([
    // A shift dated the day before or after can fall into the range's first or last business day.
    repo.readPublishedShifts(o.companyId, addDays(o.startDate, -1), addDays(o.endDate, 1)),
    o.pricing,
  ]);
  const selected = selectedBy(o.filter, pricing);
  return laborByBusinessHour(
    shifts.filter((s) => selected(s.employeeId, s.positionId)),
    {
      defaultDuration: o.defaultDuration,
      dayChangeSeconds: o.dayChangeSeconds,
      startDate: o.startDate,
      endDate: o.endDate,
      rateMinorPerHour: (s) => pricing.rateMinorPerHour(s.employeeId, s.positionId),
    },
  );
}

/**
 * Tips per employee over a range of business dates, in minor units (refunded tips, which are
 * negative, included): what payroll pays out with the period. `tips` is the staff's tips of each
 * employee (tip-kinds.ts: card and cash tips, declared cash tips and gratuities, with the tips
 * given and received; service charges are the restaurant's, not tips); `cashTips` the part they
 * already hold in cash (cash tips entered on checks and declared on punches), which payroll
 * reports but does not pay out. Tips of imported invoices (not a POS sync) count as paid through
 * payroll. Sales without an employee are left out. Also the currency the company sells in (null
 * before its first import).
 *
 * The tips as paid (tip-adjustments.ts): the tip adjustments of the range's dates (changes recorded
 * while they were in a closed pay period) are left out, being paid where they are dated, and those
 * dated in the range are added (`adjustments` lists them per employee, oldest first). So the
 * report of a closed period reads the same tips whenever it is computed, and none is paid twice.
 */
export async function tipsByEmployee(
  companyId: string,
  startDate: string,
  endDate: string,
): Promise<{
  tips: Map<string, number>;
  cashTips: Map<string, number>;
  currency: string | null;
  adjustments: Map<string, TipAdjustment[]>;
}> {
  const tips = new Map<string, number>();
  const cashTips = new Map<string, number>();
  const add = (m: Map<string, number>, id: string, v: number) => v && m.set(id, (m.get(id) ?? 0) + v);
  const [{ currency }, days, paidHere, paidElsewhere] = await Promise.all([
    // the POS sales' tips are in posTips, kind by kind: only the imported invoices are read here
    repo.forEachInvoicePage(companyId, startDate, endDate, {}, (page) => {
      for (const r of page) if (r.employeeId && r.tips && !r.fromPos) add(tips, r.employeeId, r.tips);
    }),
    repo.readTips(companyId, startDate, endDate),
    repo.readTipAdjustments(companyId, 'date', startDate, endDate),
    repo.readTipAdjustments(companyId, 'originalDate', startDate, endDate),
  ]);
  for (const d of days) {
    if (!d.employeeId) continue;
    add(tips, d.employeeId, staffTips(d));
    add(cashTips, d.employeeId, d.cashTips + d.declaredCashTips);
  }
  addAdjustments({ tips, cashTips }, paidElsewhere, -1);
  addAdjustments({ tips, cashTips }, paidHere, 1);
  const adjustments = new Map<string, TipAdjustment[]>();
  for (const a of paidHere) adjustments.set(a.employeeId, [...(adjustments.get(a.employeeId) ?? []), a]);
  return {
    tips,
    cashTips,
    currency: currency ?? days[0]?.currency ?? paidHere[0]?.currency ?? null,
    adjustments,
  };
}
