/**
 * The deterministic restaurant the Toast simulator serves (./toast.ts): jobs, employees, time
 * entries with breaks and orders with checks, payments, tips, refunds and voids, generated from a
 * seed. Times are epoch ms and money is integer cents here; the simulator renders them the way Toast
 * does (ISO-8601 strings, decimal dollars). Tests derive their ground truth from the same records.
 */
import { seededRandom } from '../demo/random';
import type { SimRestaurantOptions } from './sim-options';
import { SIMULATED_STAFF } from './accounts';

export interface SimJob {
  guid: string;
  title: string;
}

export interface SimEmployee {
  guid: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  jobGuids: string[];
  deleted: boolean;
  createdAt: number;
  modifiedAt: number;
}

export interface SimTimeEntry {
  guid: string;
  employeeGuid: string;
  jobGuid: string | null;
  inAt: number;
  outAt: number | null;
  breaks: { inAt: number; outAt: number | null; paid: boolean }[];
  deleted: boolean;
  createdAt: number;
  modifiedAt: number;
  /** TimeEntry.declaredCashTips: the cash tips declared at clock-out, cents. */
  declaredCashTipsCents: number;
}

export interface SimPayment {
  guid: string;
  type: 'CREDIT' | 'CASH';
  amountCents: number;
  tipCents: number;
  voided: boolean;
  refund: {
    amountCents: number;
    tipCents: number;
    at: number;
    /**
     * What the refund took back, as the check's RefundDetails show it (refundToastItems): item
     * selections (before tax, and their tax) and service charges, by guid. Absent: the check
     * carries none (the connector takes the tax out in proportion).
     */
    details?: {
      items: { guid: string; amountCents: number; taxCents: number }[];
      serviceCharges: { guid: string; amountCents: number }[];
    };
  } | null;
}

export interface SimCheck {
  guid: string;
  amountCents: number;
  taxCents: number;
  closedAt: number | null;
  voided: boolean;
  /** When it was voided (Check.voidDate), null when it is not, or voided with its order before it closed. */
  voidedAt: number | null;
  deleted: boolean;
  /** A check closed, then reopened by a server: its paymentStatus is OPEN or PAID again (closedDate kept). */
  reopened: 'OPEN' | 'PAID' | null;
  modifiedAt: number;
  /** Applied service charges: `gratuity` ones are outside amountCents (Check.amount), the others inside. */
  serviceCharges: { guid: string; name: string; gratuity: boolean; amountCents: number }[];
  payments: SimPayment[];
}

export interface SimOrder {
  guid: string;
  serverGuid: string | null;
  guests: number;
  openedAt: number;
  closedAt: number | null;
  voided: boolean;
  deleted: boolean;
  modifiedAt: number;
  businessDate: number;
  checks: SimCheck[];
}

export interface ToastSimData {
  /** [start, end): the days the data covers. */
  start: number;
  end: number;
  jobs: SimJob[];
  employees: SimEmployee[];
  timeEntries: SimTimeEntry[];
  orders: SimOrder[];
}

export type ToastDataOptions = SimRestaurantOptions;

const DAY = 86_400_000;
const HOUR = 3_600_000;
const MINUTE = 60_000;

const FIRST = [
  'Ava',
  'Liam',
  'Mia',
  'Noah',
  'Zoe',
  'Ethan',
  'Lily',
  'Owen',
  'Ruby',
  'Caleb',
  'Nora',
  'Leo',
  'Ivy',
  'Jack',
  'Elena',
  'Sam',
  'Maya',
  'Theo',
  'Hana',
  'Omar',
];
const LAST = [
  'Nguyen',
  'Smith',
  'Garcia',
  'Okafor',
  'Kowalski',
  'Murphy',
  'Rossi',
  'Tanaka',
  'Dubois',
  'Silva',
  'Cohen',
  'Patel',
  'Larsen',
  'Reyes',
  'Walsh',
];
const JOBS = ['Server', 'Bartender', 'Line Cook', 'Host', 'Manager'];

export function generateToastData(options: ToastDataOptions = {}): ToastSimData {
  const rnd = seededRandom(options.seed ?? 42);
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  const hex8 = () =>
    Math.floor(rnd() * 0x1_0000_0000)
      .toString(16)
      .padStart(8, '0');
  // a version 4 UUID: 8-4-4-4-12 hex digits, version 4, variant 8-b
  const guid = () => {
    const [a, b, c, d] = [hex8(), hex8(), hex8(), hex8()];
    return `${a}-${b.slice(0, 4)}-4${b.slice(5)}-${'89ab'[Math.floor(rnd() * 4)]}${c.slice(1, 4)}-${c.slice(4)}${d}`;
  };
  const end = options.end ?? Date.UTC(2025, 5, 1);
  const days = options.days ?? 60;
  const start = end - days * DAY;
  const nEmployees = options.employees ?? 20;
  const ordersPerDay = options.ordersPerDay ?? 120;

  const jobs: SimJob[] = JOBS.map((title) => ({ guid: guid(), title }));
  const employees: SimEmployee[] = [];
  for (let i = 0; i < nEmployees; i++) {
    const demo = SIMULATED_STAFF.toast[i - 1];
    const firstName = demo?.firstName ?? FIRST[i % FIRST.length];
    const lastName = LAST[int(0, LAST.length - 1)];
    const createdAt = start - int(30, 400) * DAY + int(0, 86_399) * 1000;
    const deleted = !demo && i % 9 === 8;
    const email = i % 7 === 3 ? null : `${firstName.toLowerCase()}.${lastName.toLowerCase()}${i}@example.com`;
    employees.push({
      guid: guid(),
      firstName,
      lastName: demo?.lastName ?? lastName,
      email: demo?.email ?? email,
      phone: i % 5 === 2 ? null : `617555${String(1000 + i).padStart(4, '0')}`,
      jobGuids: i === 0 ? [] : [jobs[i % jobs.length].guid, ...(i % 4 === 0 ? [jobs[(i + 1) % jobs.length].guid] : [])],
      deleted,
      createdAt,
      modifiedAt: deleted ? start + int(0, days - 1) * DAY + int(0, 86_399) * 1000 : createdAt + int(0, 30) * DAY,
    });
  }

  const timeEntries: SimTimeEntry[] = [];
  for (let d = 0; d < days; d++) {
    const dayStart = start + d * DAY;
    for (const e of employees) {
      if (e.deleted || rnd() < 0.3) continue;
      const inAt = dayStart + 14 * HOUR + int(0, 180) * MINUTE;
      const length = int(4 * 60, 9 * 60) * MINUTE;
      const open = d === days - 1 && rnd() < 0.3;
      const outAt = open ? null : inAt + length;
      const breaks: SimTimeEntry['breaks'] = [];
      if (length >= 6 * HOUR) {
        const b = inAt + int(150, 240) * MINUTE;
        breaks.push({ inAt: b, outAt: b + (rnd() < 0.5 ? 30 : 15) * MINUTE, paid: rnd() < 0.4 });
      }
      if (length >= 8 * HOUR) {
        const b = inAt + int(300, 400) * MINUTE;
        breaks.push({ inAt: b, outAt: open ? null : b + 10 * MINUTE, paid: true });
      }
      const deleted = rnd() < 0.03;
      const edited = rnd() < 0.08;
      const createdAt = inAt;
      const modifiedAt = Math.min(
        end - 1,
        (outAt ?? inAt) + int(1, 30) * MINUTE + (edited || deleted ? int(1, 10) * DAY : 0),
      );
      timeEntries.push({
        guid: guid(),
        employeeGuid: e.guid,
        jobGuid: e.jobGuids[0] ?? null,
        inAt,
        outAt,
        breaks,
        deleted,
        createdAt,
        modifiedAt,
        declaredCashTipsCents: 0,
      });
    }
  }

  const servers = employees.filter((e) => !e.deleted);
  const orders: SimOrder[] = [];
  for (let d = 0; d < days; d++) {
    const dayStart = start + d * DAY;
    const date = new Date(dayStart);
    const businessDate = date.getUTCFullYear() * 10_000 + (date.getUTCMonth() + 1) * 100 + date.getUTCDate();
    const count = ordersPerDay + int(-10, 10);
    for (let o = 0; o < count; o++) {
      const openedAt = dayStart + 11 * HOUR + int(0, 11 * 60) * MINUTE + int(0, 59) * 1000;
      const closedAt = openedAt + int(15, 120) * MINUTE;
      const open = d === days - 1 && rnd() < 0.05;
      const voided = rnd() < 0.02;
      const nChecks = rnd() < 0.1 ? 2 : 1;
      const checks: SimCheck[] = [];
      let modifiedAt = open ? openedAt + int(1, 10) * MINUTE : closedAt;
      for (let c = 0; c < nChecks; c++) {
        const amountCents = int(800, 15_000);
        const taxCents = Math.round(amountCents * 0.0625);
        const tipCents = rnd() < 0.15 ? 0 : Math.round(amountCents * (0.12 + rnd() * 0.1));
        const deleted = !voided && nChecks === 2 && c === 1 && rnd() < 0.1;
        const payments: SimPayment[] = [];
        if (!open) {
          const type = rnd() < 0.8 ? 'CREDIT' : 'CASH';
          const split = rnd() < 0.1;
          const firstCents = split ? Math.floor((amountCents + taxCents) / 2) : amountCents + taxCents;
          const firstTip = split ? Math.floor(tipCents / 2) : tipCents;
          payments.push({ guid: guid(), type, amountCents: firstCents, tipCents: firstTip, voided, refund: null });
          if (split)
            payments.push({
              guid: guid(),
              type: 'CREDIT',
              amountCents: amountCents + taxCents - firstCents,
              tipCents: tipCents - firstTip,
              voided,
              refund: null,
            });
          if (!voided && !deleted && type === 'CREDIT' && rnd() < 0.02) {
            const full = rnd() < 0.5;
            const at = closedAt + int(1, 72) * HOUR;
            const p = payments[0];
            p.refund = {
              amountCents: full ? p.amountCents : Math.round(p.amountCents / 3),
              tipCents: full ? p.tipCents : 0,
              at,
            };
            modifiedAt = Math.max(modifiedAt, at);
          }
        }
        checks.push({
          guid: guid(),
          amountCents,
          taxCents,
          closedAt: open ? null : closedAt + c * 1000,
          voided,
          voidedAt: null,
          deleted,
          reopened: null,
          serviceCharges: [],
          modifiedAt: 0,
          payments,
        });
      }
      if (voided) modifiedAt = closedAt + int(1, 20) * MINUTE;
      for (const c of checks) c.modifiedAt = Math.max(modifiedAt, c.closedAt ?? 0);
      // voided with its order (a few minutes after it closed): the void is its last change
      if (voided && !open) for (const c of checks) c.voidedAt = c.modifiedAt;
      modifiedAt = Math.max(modifiedAt, ...checks.map((c) => c.modifiedAt));
      orders.push({
        guid: guid(),
        serverGuid: rnd() < 0.05 ? null : servers[int(0, servers.length - 1)].guid,
        guests: int(1, 6),
        openedAt,
        closedAt: open ? null : closedAt + (nChecks - 1) * 1000,
        voided,
        deleted: false,
        modifiedAt,
        businessDate,
        checks,
      });
    }
  }
  orders.sort((a, b) => a.openedAt - b.openedAt);
  timeEntries.sort((a, b) => a.inAt - b.inAt);
  const data = { start, end, jobs, employees, timeEntries, orders };
  addMoneyCases(data, seededRandom((options.seed ?? 42) + 7919), guid);
  return data;
}

/**
 * The money cases, drawn from their own random sequence so the rest of the restaurant stays as it
 * was: declared cash tips on closed time entries; gratuity service charges (a large party's 18%,
 * outside Check.amount, paid with the check) and delivery fees (inside Check.amount); checks voided
 * a day or more after they closed (order voided, payments VOIDED, voidDate) and checks reopened
 * (paymentStatus OPEN or PAID again, closedDate kept) hours later.
 */
function addMoneyCases(data: ToastSimData, rnd: () => number, guid: () => string): void {
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  for (const t of data.timeEntries) {
    if (t.outAt !== null && !t.deleted && rnd() < 0.4) t.declaredCashTipsCents = int(1, 80) * 25;
  }
  for (const o of data.orders) {
    if (o.voided || o.deleted || o.closedAt === null) continue;
    for (const c of o.checks) {
      if (c.deleted || c.payments.length === 0 || c.payments.some((p) => p.refund !== null)) continue;
      const draw = rnd();
      if (draw < 0.06) {
        const amountCents = Math.round(c.amountCents * 0.18);
        c.serviceCharges.push({ guid: guid(), name: 'Large party gratuity (18%)', gratuity: true, amountCents });
        c.payments[0].amountCents += amountCents;
      } else if (draw < 0.09) {
        const amountCents = 399;
        c.serviceCharges.push({ guid: guid(), name: 'Delivery fee', gratuity: false, amountCents });
        c.amountCents += amountCents;
        c.payments[0].amountCents += amountCents;
      }
    }
    const change = rnd();
    if (change < 0.015) {
      // voided after close: a day to three later (the sale was imported by then)
      const at = Math.min(data.end - 1, o.closedAt + int(24, 72) * HOUR);
      o.voided = true;
      o.modifiedAt = at;
      for (const c of o.checks) {
        c.voided = true;
        c.voidedAt = at;
        c.modifiedAt = at;
        for (const p of c.payments) p.voided = true;
      }
    } else if (change < 0.03) {
      const c = o.checks[0];
      if (c.deleted || c.payments.some((p) => p.refund !== null)) continue;
      const at = Math.min(data.end - 1, o.closedAt + int(1, 30) * HOUR);
      c.reopened = rnd() < 0.5 ? 'OPEN' : 'PAID';
      c.modifiedAt = at;
      o.modifiedAt = Math.max(o.modifiedAt, at);
    }
  }
}
