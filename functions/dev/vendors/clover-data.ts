/**
 * The deterministic merchant the Clover simulator serves (./clover.ts): employees, shifts (clock in
 * and out, some with manager overrides) and orders with payments (cash or card tender, tips, tax),
 * voided payments and refunds, generated from a seed; and the cases a sync must reverse or keep
 * apart (issue 60): test-mode orders, service charges (automatic gratuities) on payments, payments
 * voided after the order closed (reopened, some paid again) and voided refunds. Times are epoch ms and money integer cents,
 * as Clover's own API has them. Tests derive their ground truth from the same records.
 */
import { seededRandom } from '../demo/random';
import type { SimRestaurantOptions } from './sim-options';
import { SIMULATED_STAFF } from './accounts';

export interface SimCloverEmployee {
  id: string;
  name: string;
  nickname: string | null;
  email: string | null;
  role: 'ADMIN' | 'MANAGER' | 'EMPLOYEE';
  /** The name of the merchant-defined role (expand=roles). */
  roleName: string;
  claimedTime: number;
  deletedTime: number | null;
}

export interface SimCloverShift {
  id: string;
  employeeId: string;
  inTime: number;
  outTime: number | null;
  overrideInTime: number | null;
  overrideOutTime: number | null;
  cashTipsCollected: number;
}

export interface SimCloverPayment {
  id: string;
  tender: 'cash' | 'card';
  /** Clover's Payment.amount: what was paid, tax and service charge included, tip excluded. */
  amount: number;
  taxAmount: number;
  tipAmount: number;
  /** The service charge taken with it (Payment.serviceCharge.amount), 0 for none. */
  serviceCharge: number;
  result: 'SUCCESS' | 'VOIDED';
  /** Why it was voided (Payment.voidReason), when it was. */
  voidReason: 'REOPEN_ORDER' | 'USER_CANCEL' | null;
  createdTime: number;
  modifiedTime: number;
  employeeId: string | null;
}

export interface SimCloverRefund {
  id: string;
  paymentId: string;
  amount: number;
  taxAmount: number;
  tipAmount: number;
  createdTime: number;
  /** Voided after it was made (Refund.voided): nothing of it stands. */
  voided: boolean;
}

export interface SimCloverOrder {
  id: string;
  employeeId: string | null;
  state: 'open' | 'locked';
  /**
   * The `state` label served, when it differs from `state` (Clover: "no restriction on the value";
   * null is a hidden order): what a sync must not judge the order by.
   */
  stateLabel?: string | null;
  /** Created in test mode (Order.testMode): its payments are not processed. */
  testMode: boolean;
  createdTime: number;
  modifiedTime: number;
  currency: string;
  total: number;
  payments: SimCloverPayment[];
  refunds: SimCloverRefund[];
}

export interface CloverSimData {
  start: number;
  end: number;
  employees: SimCloverEmployee[];
  shifts: SimCloverShift[];
  orders: SimCloverOrder[];
}

export type CloverDataOptions = SimRestaurantOptions;

const DAY = 86_400_000;
const HOUR = 3_600_000;
const MINUTE = 60_000;
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

const FIRST = [
  'Ada',
  'Ben',
  'Cleo',
  'Dev',
  'Eve',
  'Finn',
  'Gia',
  'Hugo',
  'Iris',
  'Jon',
  'Kai',
  'Lena',
  'Milo',
  'Nia',
  'Otto',
  'Pia',
];
const LAST = ['Adams', 'Baker', 'Chen', 'Diaz', 'Evans', 'Fox', 'Gray', 'Hill', 'Ito', 'Jones', 'King', 'Lopez'];
const ROLES = ['Server', 'Bartender', 'Cook', 'Host', 'Manager'];

export function generateCloverData(options: CloverDataOptions = {}): CloverSimData {
  const rnd = seededRandom(options.seed ?? 7);
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  // Clover ids: 13 characters of an uppercase base-32 alphabet
  const id = () => Array.from({ length: 13 }, () => ALPHABET[Math.floor(rnd() * ALPHABET.length)]).join('');
  const end = options.end ?? Date.UTC(2025, 5, 1);
  const days = options.days ?? 40;
  const start = end - days * DAY;
  const nEmployees = options.employees ?? 14;
  const ordersPerDay = options.ordersPerDay ?? 60;

  const employees: SimCloverEmployee[] = [];
  for (let i = 0; i < nEmployees; i++) {
    const demo = SIMULATED_STAFF.clover[i - 1];
    const first = demo?.firstName ?? FIRST[i % FIRST.length];
    const drawn = LAST[int(0, LAST.length - 1)];
    const last = demo?.lastName ?? drawn;
    const roleName = i === 0 ? 'Owner' : ROLES[i % ROLES.length];
    const deleted = i % 7 === 6;
    employees.push({
      id: id(),
      name: i % 6 === 5 && !demo ? first : `${first} ${last}`,
      nickname: i % 3 === 0 ? first : null,
      email: demo?.email ?? (i % 5 === 2 ? null : `${first.toLowerCase()}.${last.toLowerCase()}${i}@example.com`),
      role: i === 0 ? 'ADMIN' : roleName === 'Manager' ? 'MANAGER' : 'EMPLOYEE',
      roleName,
      claimedTime: start - int(20, 300) * DAY + int(0, 86_399) * 1000,
      deletedTime: deleted ? start + int(0, days - 1) * DAY + int(0, 86_399) * 1000 : null,
    });
  }

  const working = employees.filter((e) => e.deletedTime === null);
  const shifts: SimCloverShift[] = [];
  for (let d = 0; d < days; d++) {
    const dayStart = start + d * DAY;
    for (const e of working) {
      if (rnd() < 0.3) continue;
      const inTime = dayStart + 13 * HOUR + int(0, 180) * MINUTE;
      const open = d === days - 1 && rnd() < 0.3;
      const outTime = open ? null : inTime + int(4 * 60, 9 * 60) * MINUTE;
      const fixed = rnd() < 0.08;
      shifts.push({
        id: id(),
        employeeId: e.id,
        inTime,
        outTime,
        overrideInTime: fixed ? inTime - int(5, 30) * MINUTE : null,
        overrideOutTime: fixed && outTime !== null && rnd() < 0.5 ? outTime + int(5, 30) * MINUTE : null,
        cashTipsCollected: outTime === null ? 0 : int(0, 40) * 100,
      });
    }
  }

  const orders: SimCloverOrder[] = [];
  for (let d = 0; d < days; d++) {
    const dayStart = start + d * DAY;
    const count = ordersPerDay + int(-8, 8);
    for (let o = 0; o < count; o++) {
      const createdTime = dayStart + 11 * HOUR + int(0, 11 * 60) * MINUTE + int(0, 59) * 1000;
      const paidAt = createdTime + int(10, 120) * MINUTE;
      const open = d === days - 1 && rnd() < 0.05;
      const employee = rnd() < 0.05 ? null : working[int(0, working.length - 1)];
      const net = int(600, 12_000);
      const tax = Math.round(net * 0.07);
      const tip = rnd() < 0.2 ? 0 : Math.round(net * (0.1 + rnd() * 0.12));
      const payments: SimCloverPayment[] = [];
      const refunds: SimCloverRefund[] = [];
      let modifiedTime = open ? createdTime + int(1, 10) * MINUTE : paidAt;
      if (!open) {
        const tender = rnd() < 0.75 ? 'card' : 'cash';
        // a declined-then-voided attempt before the payment that went through
        if (rnd() < 0.03)
          payments.push({
            id: id(),
            tender: 'card',
            amount: net + tax,
            taxAmount: tax,
            tipAmount: tip,
            serviceCharge: 0,
            result: 'VOIDED',
            voidReason: 'USER_CANCEL',
            createdTime: paidAt - MINUTE,
            modifiedTime: paidAt - MINUTE,
            employeeId: employee?.id ?? null,
          });
        const split = rnd() < 0.1;
        const firstNet = split ? Math.floor(net / 2) : net;
        const firstTax = split ? Math.floor(tax / 2) : tax;
        const firstTip = split ? Math.floor(tip / 2) : tip;
        payments.push({
          id: id(),
          tender,
          amount: firstNet + firstTax,
          taxAmount: firstTax,
          tipAmount: firstTip,
          serviceCharge: 0,
          result: 'SUCCESS',
          voidReason: null,
          createdTime: paidAt,
          modifiedTime: paidAt,
          employeeId: employee?.id ?? null,
        });
        if (split) {
          payments.push({
            id: id(),
            tender: 'card',
            amount: net - firstNet + tax - firstTax,
            taxAmount: tax - firstTax,
            tipAmount: tip - firstTip,
            serviceCharge: 0,
            result: 'SUCCESS',
            voidReason: null,
            createdTime: paidAt + 1000,
            modifiedTime: paidAt + 1000,
            employeeId: employee?.id ?? null,
          });
        }
        if (rnd() < 0.03) {
          const p = payments[payments.length - 1];
          const full = rnd() < 0.5;
          const at = paidAt + int(1, 72) * HOUR;
          const taxAmount = full ? p.taxAmount : Math.round(p.taxAmount / 3);
          refunds.push({
            id: id(),
            paymentId: p.id,
            amount: full ? p.amount : Math.round((p.amount - p.taxAmount) / 3) + taxAmount,
            taxAmount,
            tipAmount: full ? p.tipAmount : 0,
            createdTime: at,
            voided: false,
          });
          modifiedTime = Math.min(end - 1, Math.max(modifiedTime, at));
        }
      }
      orders.push({
        id: id(),
        employeeId: employee?.id ?? null,
        state: open ? 'open' : 'locked',
        testMode: false,
        createdTime,
        modifiedTime,
        currency: options.currency ?? 'USD',
        total: net + tax,
        payments,
        refunds,
      });
    }
  }
  addMoneyCases(orders, options.seed ?? 7, end, id);
  orders.sort((a, b) => a.createdTime - b.createdTime);
  shifts.sort((a, b) => a.inTime - b.inTime);
  return { start, end, employees, shifts, orders };
}

/**
 * The cases of issue 60 laid over the paid orders, drawn from a random stream of their own (the
 * records drawn above stay as they were): a few test-mode orders; an 18% service charge (a
 * large-party automatic gratuity, Payment.serviceCharge) on some; some voided after closing
 * (voidReason REOPEN_ORDER, the order open again), a third of those paid again later; a third of
 * the refunds voided. Every change moves the order's modifiedTime, as Clover does.
 */
function addMoneyCases(orders: SimCloverOrder[], seed: number, end: number, id: () => string): void {
  const rnd = seededRandom(seed + 60_000);
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  for (const o of orders) {
    const paid = o.payments.filter((p) => p.result === 'SUCCESS');
    if (o.state !== 'locked' || paid.length === 0) continue;
    const kind = rnd();
    if (kind < 0.03) {
      o.testMode = true;
      continue;
    }
    if (kind < 0.12 && o.refunds.length === 0) {
      const p = paid[0];
      p.serviceCharge = Math.round((p.amount - p.taxAmount) * 0.18);
      p.amount += p.serviceCharge;
      o.total += p.serviceCharge;
    }
    const later = rnd();
    const closedAt = Math.max(...paid.map((p) => p.createdTime));
    if (later < 0.05 && o.refunds.length === 0) {
      const at = closedAt + int(10, 48 * 60) * MINUTE;
      if (at >= end - 2 * HOUR) continue;
      for (const p of paid) Object.assign(p, { result: 'VOIDED', voidReason: 'REOPEN_ORDER', modifiedTime: at });
      o.state = 'open';
      o.modifiedTime = Math.max(o.modifiedTime, at);
      if (rnd() < 0.35) {
        // closed again: paid anew, with another tip
        const again = at + int(5, 60) * MINUTE;
        const first = paid[0];
        o.payments.push({
          ...first,
          id: id(),
          tipAmount: first.tipAmount + int(0, 4) * 100,
          result: 'SUCCESS',
          voidReason: null,
          createdTime: again,
          modifiedTime: again,
        });
        o.state = 'locked';
        o.modifiedTime = again;
      }
    }
    for (const r of o.refunds) {
      if (rnd() >= 0.33) continue;
      r.voided = true;
      o.modifiedTime = Math.min(end - 1, Math.max(o.modifiedTime, r.createdTime + int(1, 60) * MINUTE));
    }
  }
}
