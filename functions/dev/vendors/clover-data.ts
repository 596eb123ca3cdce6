/**
 * The deterministic merchant the Clover simulator serves (./clover.ts): employees, shifts (clock in
 * and out, some with manager overrides) and orders with payments (cash or card tender, tips, tax),
 * voided payments and refunds, generated from a seed. Times are epoch ms and money integer cents,
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
  /** Clover's Payment.amount: what was paid, tax included, tip excluded. */
  amount: number;
  taxAmount: number;
  tipAmount: number;
  result: 'SUCCESS' | 'VOIDED';
  createdTime: number;
  employeeId: string | null;
}

export interface SimCloverRefund {
  id: string;
  paymentId: string;
  amount: number;
  taxAmount: number;
  tipAmount: number;
  createdTime: number;
}

export interface SimCloverOrder {
  id: string;
  employeeId: string | null;
  state: 'open' | 'locked';
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
            result: 'VOIDED',
            createdTime: paidAt - MINUTE,
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
          result: 'SUCCESS',
          createdTime: paidAt,
          employeeId: employee?.id ?? null,
        });
        if (split) {
          payments.push({
            id: id(),
            tender: 'card',
            amount: net - firstNet + tax - firstTax,
            taxAmount: tax - firstTax,
            tipAmount: tip - firstTip,
            result: 'SUCCESS',
            createdTime: paidAt + 1000,
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
          });
          modifiedTime = Math.min(end - 1, Math.max(modifiedTime, at));
        }
      }
      orders.push({
        id: id(),
        employeeId: employee?.id ?? null,
        state: open ? 'open' : 'locked',
        createdTime,
        modifiedTime,
        currency: options.currency ?? 'USD',
        total: net + tax,
        payments,
        refunds,
      });
    }
  }
  orders.sort((a, b) => a.createdTime - b.createdTime);
  shifts.sort((a, b) => a.inTime - b.inTime);
  return { start, end, employees, shifts, orders };
}
