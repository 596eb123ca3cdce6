import { DateTime } from 'luxon';
import { db } from '../../src/core/firebase';
import { POS_SOURCES } from '../../src/modules/sales/schemas';
import { createCompany, type TestCompany } from '../helpers/fixtures';
import { importInvoices, salesData } from './helpers';
import { seededRandom } from '../../dev/demo/random';

const ZONE = 'America/New_York';
const DAY_CHANGE = 3 * 3600 + 1800; // 03:30
const MORNING_END = 15 * 60 + 30; // 15:30: hour 15 counts as morning
const WEEK_START = 3;

interface Item {
  externalId: string;
  posSource: string;
  closedAt: number;
  currency: string;
  amount: number;
  tips: number;
  customers: number;
  refund: boolean;
  employeeId: string | null;
  positionId: string | null;
  role?: string;
}

/**
 * An independent oracle: the business day, hour and bucket of each invoice computed here from
 * the definitions (luxon, in the company's zone), not with the module's code.
 */
function oracle(items: Item[], roleNames: Record<string, string>, q: Record<string, string | undefined>) {
  const out = new Map<
    string,
    {
      totalSales: number;
      morningSales: number;
      eveningSales: number;
      customerCount: number;
      tips: number;
      invoiceCount: number;
      perHour: number[];
    }
  >();
  const hours = q.hours?.split('-').map(Number);
  for (const it of items) {
    if (q.employeeId && it.employeeId !== q.employeeId) continue;
    if (q.positionId && it.positionId !== q.positionId) continue;
    const role = it.role ?? (it.positionId ? roleNames[it.positionId] : undefined);
    if (q.role && role?.toLowerCase() !== q.role.toLowerCase()) continue;
    if (q.posSource && !q.posSource.split(',').includes(it.posSource)) continue;
    if (it.refund && q.excludeRefunds !== 'false') continue;
    const local = DateTime.fromMillis(it.closedAt, { zone: ZONE });
    const early = local.hour * 3600 + local.minute * 60 + local.second < DAY_CHANGE;
    const businessDate = early ? local.minus({ days: 1 }).toISODate()! : local.toISODate()!;
    const hour = local.hour + (early ? 24 : 0);
    if (businessDate < q.startDate! || businessDate > q.endDate!) continue;
    const morning = hour * 60 < MORNING_END;
    if (q.period === 'morning' && !morning) continue;
    if (q.period === 'evening' && morning) continue;
    if (hours && (local.hour < hours[0] || local.hour > hours[1])) continue;
    const day = DateTime.fromISO(businessDate, { zone: 'utc' });
    const key =
      q.groupBy === 'monthly'
        ? day.startOf('month').toISODate()!
        : q.groupBy === 'weekly'
          ? day.minus({ days: ((day.weekday % 7) - WEEK_START + 7) % 7 }).toISODate()!
          : businessDate;
    const b = out.get(key) ?? {
      totalSales: 0,
      morningSales: 0,
      eveningSales: 0,
      customerCount: 0,
      tips: 0,
      invoiceCount: 0,
      perHour: Array<number>(24).fill(0),
    };
    b.totalSales += it.amount;
    if (morning) b.morningSales += it.amount;
    else b.eveningSales += it.amount;
    b.perHour[local.hour] += it.amount;
    b.customerCount += it.customers;
    b.tips += it.tips;
    b.invoiceCount += 1;
    out.set(key, b);
  }
  return out;
}

describe('the two read paths', () => {
  let c: TestCompany;
  let items: Item[];
  const roles: Record<string, string> = {};
  const employees: string[] = [];
  const random = seededRandom(20261121);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)];

  beforeAll(async () => {
    c = await createCompany({
      profile: { timezone: ZONE, weekStartingDay: WEEK_START },
      settings: { dayChangeTime: DAY_CHANGE, morningPeriodEnd: MORNING_END },
    });
    const company = db().collection('companies').doc(c.companyId);
    for (const name of ['Server', 'Bartender', 'Host'])
      roles[(await company.collection('roles').add({ name, rate: 12, archived: false })).id] = name;
    employees.push(c.employeeId);
    for (let i = 0; i < 3; i++)
      employees.push(
        (await company.collection('employees').add({ name: `E${i}`, surname: 'X', positions: [], archived: false })).id,
      );
    // 70 days around the DST change of 2026-03-08, 10 per day at any time of day (also around the day change)
    const start = DateTime.fromISO('2026-02-01T00:00', { zone: ZONE }).toMillis();
    items = Array.from({ length: 700 }, (_, i) => {
      const refund = random() < 0.1;
      const amount = Math.floor(random() * 20000);
      const positionId = random() < 0.8 ? pick(Object.keys(roles)) : null;
      return {
        externalId: `r${i}`,
        posSource: pick(POS_SOURCES),
        closedAt: start + Math.floor(random() * 70 * 86_400_000),
        currency: 'USD',
        amount: refund ? -amount : amount,
        tips: refund ? -Math.floor(random() * 200) : Math.floor(random() * 2000),
        customers: refund ? 0 : Math.floor(random() * 6),
        refund,
        employeeId: random() < 0.85 ? pick(employees) : null,
        positionId,
        ...(random() < 0.2 ? { role: pick(['Server', 'Sommelier']) } : {}),
      };
    });
    const first = await importInvoices(c.owner, c.companyId, items.slice(0, 450));
    const second = await importInvoices(c.manager, c.companyId, items.slice(300));
    expect(first.created + second.created).toBe(700);
    expect(second.unchanged).toBe(150);
  }, 120_000);

  const question = (): Record<string, string | undefined> => {
    const startDay = Math.floor(random() * 60);
    const start = DateTime.fromISO('2026-01-30').plus({ days: startDay });
    const h1 = Math.floor(random() * 24);
    const h2 = h1 + Math.floor(random() * (24 - h1));
    return {
      companyId: c.companyId,
      startDate: start.toISODate()!,
      endDate: start.plus({ days: Math.floor(random() * 40) }).toISODate()!,
      groupBy: pick(['daily', 'weekly', 'monthly']),
      period: pick(['full', 'morning', 'evening']),
      hours: random() < 0.3 ? `${h1}-${h2}` : undefined,
      excludeRefunds: pick(['true', 'false']),
      excludeEmptyDays: pick(['true', 'false']),
      fields: 'totalSales,morningSales,eveningSales,customerCount,perHour,tips',
    };
  };

  it('answer identical numbers for the same question on random data, and match an independent computation', async () => {
    for (let i = 0; i < 25; i++) {
      const q = question();
      const fast = await salesData(c.owner, { ...q, source: 'salesActual' });
      const slow = await salesData(c.owner, { ...q, source: 'invoices' });
      expect({ q, buckets: slow.buckets, summary: slow.summary }).toEqual({
        q,
        buckets: fast.buckets,
        summary: fast.summary,
      });
      const expected = oracle(items, roles, q);
      // every bucket the oracle finds invoices in is answered (a missing bucket fails), and no other has invoices
      const answered = new Set(fast.buckets.map((b: { key: string }) => b.key));
      expect({ q, missing: [...expected.keys()].filter((k) => !answered.has(k)) }).toEqual({ q, missing: [] });
      expect({
        q,
        keys: fast.buckets
          .filter((b: { invoiceCount: number }) => b.invoiceCount)
          .map((b: { key: string }) => b.key)
          .sort(),
      }).toEqual({ q, keys: [...expected.keys()].sort() });
      for (const b of fast.buckets) {
        const figures = {
          totalSales: b.totalSales,
          morningSales: b.morningSales,
          eveningSales: b.eveningSales,
          customerCount: b.customerCount,
          tips: b.tips,
          invoiceCount: b.invoiceCount,
          perHour: b.perHour,
        };
        expect({ q, key: b.key, ...expected.get(b.key) }).toEqual({
          q,
          key: b.key,
          ...(b.invoiceCount ? figures : {}),
        });
      }
    }
  }, 120_000);

  it('filter invoices by employee, position, role and POS source exactly as the definitions say', async () => {
    for (let i = 0; i < 12; i++) {
      const q = {
        ...question(),
        ...[
          { employeeId: pick(employees) },
          { positionId: pick(Object.keys(roles)) },
          { role: pick(['server', 'BARTENDER', 'Sommelier']) },
          { posSource: `${pick(POS_SOURCES)},${pick(POS_SOURCES)}` },
        ][i % 4],
      };
      const data = await salesData(c.owner, q);
      expect(data.source).toBe('invoices');
      const expected = oracle(items, roles, q);
      expect({
        q,
        keys: data.buckets
          .filter((b: { invoiceCount: number }) => b.invoiceCount)
          .map((b: { key: string }) => b.key)
          .sort(),
      }).toEqual({ q, keys: [...expected.keys()].sort() });
      for (const b of data.buckets) {
        const figures = {
          totalSales: b.totalSales,
          morningSales: b.morningSales,
          eveningSales: b.eveningSales,
          customerCount: b.customerCount,
          tips: b.tips,
          invoiceCount: b.invoiceCount,
          perHour: b.perHour,
        };
        expect({ q, key: b.key, ...expected.get(b.key) }).toEqual({
          q,
          key: b.key,
          ...(b.invoiceCount ? figures : {}),
        });
      }
      const total = [...expected.values()].reduce((s, b) => s + b.totalSales, 0);
      expect(data.summary.totals.totalSales).toBe(total);
    }
  }, 120_000);
});
