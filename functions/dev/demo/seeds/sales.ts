import { DateTime } from 'luxon';
import { db } from '../../../src/core/firebase';
import type { DemoCompany } from '../types';
import { accumulateInvoices, type DayMap } from '../../../src/modules/sales/aggregate';
import { dayDocument } from '../../../src/modules/sales/importer';
import * as repo from '../../../src/modules/sales/repo';
import type { PosSource } from '../../../src/modules/sales/schemas';
import { addDays, businessSlot, datesInRange, instant, weekdayOf } from '../../../src/core/calendar';
import { SIMULATED_DEMO_TRADING } from '../../vendors/accounts';

const DAY = 86_400_000;

/**
 * Demo sales: a year of invoices per company, with lunch and dinner peaks (or a café's morning
 * peak), busier weekends, a summer and December lift, about 1% refunds and several POS sources.
 * Written straight to Firestore in batches of 500 (invoices, then the day records computed from
 * them with the module's own aggregation), not through HTTP, so the load stays fast.
 */

interface Profile {
  /** Weight of each wall-clock hour 0..23 (relative). */
  hourWeights: number[];
  /** Average tickets per day before weekday and season factors. */
  tickets: number;
  /** Average ticket in major units and guests per ticket, by hour. */
  ticket: (hour: number) => { amount: number; guests: number };
  tipRate: number;
  sources: [PosSource, number][];
}

const RESTAURANT: Profile = {
  // lunch 12-15, dinner 19-23, a bar tail after midnight (dayChangeTime puts it in the evening before)
  hourWeights: [3, 1.5, 0.5, 0, 0, 0, 0, 0, 0, 0, 0, 2, 9, 11, 7, 2, 1, 2, 5, 10, 12, 9, 6, 4],
  tickets: 120,
  ticket: (h) => (h >= 11 && h < 17 ? { amount: 19, guests: 1.8 } : { amount: 34, guests: 2.4 }),
  tipRate: 0.16,
  sources: [
    ['toast', 0.72],
    ['square', 0.2],
    ['csv', 0.08],
  ],
};

const CAFE: Profile = {
  hourWeights: [0, 0, 0, 0, 0, 0, 0, 6, 12, 11, 8, 7, 9, 8, 5, 4, 3, 2, 0.5, 0, 0, 0, 0, 0],
  tickets: 90,
  ticket: (h) => (h >= 11 && h < 15 ? { amount: 9, guests: 1.3 } : { amount: 5, guests: 1.1 }),
  tipRate: 0.06,
  sources: [
    ['square', 0.85],
    ['square_api_key', 0.1],
    ['csv', 0.05],
  ],
};

/** 0 = Sunday ... 6 = Saturday */
const WEEKDAY_FACTOR = [1.15, 0.8, 0.85, 0.9, 1.0, 1.3, 1.4];

export interface SalesSeedOptions {
  startDate: string;
  endDate: string;
  /** Overrides the profile's average tickets per day (the benchmark uses 300). */
  ticketsPerDay?: number;
}

function pickWeighted<T>(random: () => number, items: readonly [T, number][]): T {
  const total = items.reduce((s, [, w]) => s + w, 0);
  let x = random() * total;
  for (const [item, w] of items) {
    if ((x -= w) < 0) return item;
  }
  return items[items.length - 1][0];
}

/**
 * The demo invoices of a company over a date range, in their stored form (what prepareInvoice
 * makes of the same item; a test checks it). Built directly, without per-invoice validation or
 * time-zone lookups, so a year of invoices takes well under a second.
 */
export function generateDemoInvoices(company: DemoCompany, options: SalesSeedOptions): repo.StoredInvoice[] {
  const { random } = company;
  const profile = company.roles.some((r) => /barista|caf/i.test(r.name)) ? CAFE : RESTAURANT;
  const roleName = new Map(company.roles.map((r) => [r.id, r.name]));
  const foh = new Set(company.roles.filter((r) => !/cook|kitchen|dish|pastry|line/i.test(r.name)).map((r) => r.id));
  const servers = company.employees.flatMap((e) => {
    const position = e.positions.find((p) => foh.has(p.categoryId));
    return position
      ? [{ employeeId: e.id, positionId: position.categoryId, role: roleName.get(position.categoryId) ?? null }]
      : [];
  });
  const hourWeights = profile.hourWeights.map((w, h) => [h, w] as [number, number]).filter(([, w]) => w > 0);
  const perDay = options.ticketsPerDay ?? profile.tickets;
  const now = Date.now();
  const out: repo.StoredInvoice[] = [];
  let seq = 0;
  type Slot = ReturnType<typeof businessSlot>;
  const make = (
    over: Partial<repo.StoredInvoice> &
      Pick<repo.StoredInvoice, 'externalId' | 'closedAt' | 'amount' | 'tips' | 'customers' | 'posSource'>,
    server: (typeof servers)[number] | undefined,
    slot: Slot = businessSlot(over.closedAt, company.timezone, company.dayChangeTime),
  ): repo.StoredInvoice => {
    const role = server?.role ?? null;
    return {
      refund: false,
      refundOf: null,
      ...over,
      ...slot,
      currency: company.currency,
      employeeId: server?.employeeId ?? null,
      positionId: server?.positionId ?? null,
      role,
      roleKey: role ? role.trim().toLowerCase() : null,
      importedAt: now,
      updatedAt: now,
    } as repo.StoredInvoice;
  };
  for (const date of datesInRange(options.startDate, options.endDate)) {
    const weekday = weekdayOf(date);
    const month = Number(date.slice(5, 7));
    const season = month === 12 ? 1.2 : month >= 6 && month <= 8 ? 1.12 : month <= 2 ? 0.88 : 1;
    const count = Math.round(
      perDay * (options.ticketsPerDay ? 1 : WEEKDAY_FACTOR[weekday] * season) * (0.9 + random() * 0.2),
    );
    // Local start of each hour (hours before the day change are after midnight, in the next date).
    const hourStart = new Map<number, { ms: number; slot: Slot }>();
    const startOf = (hour: number) => {
      let start = hourStart.get(hour);
      if (!start) {
        const ms = instant(hour * 3600 < company.dayChangeTime ? addDays(date, 1) : date, hour * 60, company.timezone);
        start = { ms, slot: businessSlot(ms, company.timezone, company.dayChangeTime) };
        hourStart.set(hour, start);
      }
      return start;
    };
    for (let i = 0; i < count; i++) {
      const hour = pickWeighted(random, hourWeights);
      const start = startOf(hour);
      const second = Math.floor(random() * 3600);
      const closedAt = start.ms + second * 1000;
      const mmss = `${String(Math.floor(second / 60)).padStart(2, '0')}:${String(second % 60).padStart(2, '0')}`;
      const slot = { ...start.slot, localTime: `${start.slot.localTime.slice(0, 14)}${mmss}` };
      const { amount, guests } = profile.ticket(hour);
      const customers = Math.max(1, Math.round(guests * (0.5 + random())));
      const net = Math.round(amount * customers * (0.7 + random() * 0.6) * 100);
      const server = servers.length ? servers[Math.floor(random() * servers.length)] : undefined;
      const posSource = pickWeighted(random, profile.sources);
      const externalId = `${date.replace(/-/g, '')}-${String(++seq).padStart(6, '0')}`;
      const tips = random() < 0.7 ? Math.round(net * profile.tipRate * (0.5 + random())) : 0;
      out.push(make({ externalId, posSource, closedAt, amount: net, tips, customers }, server, slot));
      if (random() < 0.01) {
        const full = random() < 0.5;
        out.push(
          make(
            {
              externalId: `${externalId}-R`,
              posSource,
              closedAt: closedAt + (5 + Math.floor(random() * 40)) * 60_000,
              amount: -Math.round(net * (full ? 1 : 0.3)),
              tips: full && tips ? -tips : 0,
              customers: 0,
              refund: true,
              refundOf: externalId,
            },
            server,
          ),
        );
      }
    }
  }
  return out;
}

/** Writes invoices and their day records in batches of 500, a few batches at a time. */
export async function writeSalesData(
  companyId: string,
  currency: string,
  invoices: readonly repo.StoredInvoice[],
): Promise<{ invoices: number; days: number }> {
  const days: DayMap = accumulateInvoices(invoices);
  const now = Date.now();
  type Write = [FirebaseFirestore.DocumentReference, FirebaseFirestore.DocumentData];
  const writes: Write[] = [[repo.stateRef(companyId), { currency, updatedAt: now }]];
  for (const inv of invoices) writes.push([repo.invoiceRef(companyId, inv.posSource, inv.externalId), inv]);
  for (const [date, v] of days) writes.push([repo.dayRef(companyId, date), dayDocument(date, currency, v, now)]);
  const batches: Write[][] = [];
  for (let i = 0; i < writes.length; i += 500) batches.push(writes.slice(i, i + 500));
  let next = 0;
  const worker = async () => {
    while (next < batches.length) {
      const batch = db().batch();
      for (const [ref, data] of batches[next++]) batch.set(ref, data);
      await batch.commit();
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return { invoices: invoices.length, days: days.size };
}

/**
 * The invoices without those of the connected POS (`source`) closed from `from` on: the days its
 * simulated account trades, whose sales the POS sync brings, so they are not counted twice.
 */
export function leavingToTheSync(
  invoices: readonly repo.StoredInvoice[],
  source: PosSource | undefined,
  from: number,
): repo.StoredInvoice[] {
  return invoices.filter((i) => i.posSource !== source || i.closedAt < from);
}

/**
 * The demo's invoices: the last 365 business days up to yesterday (company-local), except the
 * days the connected POS's simulated account trades (dev/vendors/accounts.ts), left to the sync.
 */
export function seededInvoices(company: DemoCompany, now = Date.now()): repo.StoredInvoice[] {
  const yesterday = DateTime.fromMillis(now).setZone(company.timezone).minus({ days: 1 }).toISODate()!;
  const invoices = generateDemoInvoices(company, { startDate: addDays(yesterday, -364), endDate: yesterday });
  // the first sync reads as many days back (POS_SYNC_INITIAL_DAYS) as the simulated account trades
  return leavingToTheSync(invoices, company.file.integrations?.pos, now - SIMULATED_DEMO_TRADING.days * DAY);
}

/** The demo seeder: the demo's invoices and their day records. */
export async function seed(company: DemoCompany): Promise<string> {
  const started = Date.now();
  const invoices = seededInvoices(company, started);
  const written = await writeSalesData(company.companyId, company.currency, invoices);
  const refunds = invoices.filter((i) => i.refund).length;
  const sources = [...new Set(invoices.map((i) => i.posSource))].join(', ');
  return `${written.invoices} invoices (${refunds} refunds; ${sources}) over ${written.days} business days in ${company.currency}, ${((Date.now() - started) / 1000).toFixed(1)} s`;
}
