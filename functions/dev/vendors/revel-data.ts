/**
 * The deterministic establishment the Revel simulator serves (./revel.ts): roles, employees,
 * time sheet entries with breaks, orders with payments, tips and refunds, generated from a seed.
 * Times are epoch ms and money integer cents here; the simulator renders them the way Revel does
 * (naive ISO date-times, decimal dollars, resource URIs).
 */
import { seededRandom } from '../demo/random';
import type { SimRestaurantOptions } from './sim-options';

export interface RevelSimRole {
  id: number;
  name: string;
}

export interface RevelSimEmployee {
  id: number;
  /** The /enterprise/User/{id}/ an order's created_by names. */
  userId: number;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  roleId: number | null;
  active: boolean;
  createdAt: number;
  updatedAt: number;
}

export interface RevelSimTimeSheetEntry {
  id: number;
  employeeId: number;
  roleId: number | null;
  clockIn: number;
  clockOut: number | null;
  breaks: { start: number; end: number | null; paid: boolean }[];
  deleted: boolean;
  createdAt: number;
  updatedAt: number;
}

/** Revel's payment_type codes used here: 1 cash, 2 credit card. */
export type RevelSimPaymentType = 1 | 2;

export interface RevelSimPayment {
  id: number;
  type: RevelSimPaymentType;
  /** Negative for a refund. */
  amountCents: number;
  tipCents: number;
  deleted: boolean;
  createdAt: number;
  updatedAt: number;
}

export interface RevelSimOrder {
  id: number;
  /** The user (employee.userId) who rang it up, or null. */
  createdByUserId: number | null;
  guests: number;
  closed: boolean;
  /** Deleted (voided) whole after it closed (Order.deleted). */
  deleted: boolean;
  subtotalCents: number;
  taxCents: number;
  /** Order.service_charge: a charge the establishment configured (a delivery or large-party fee). */
  serviceChargeCents: number;
  /** Order.gratuity: an automatic gratuity the establishment's settings added to the check. */
  gratuityCents: number;
  createdAt: number;
  updatedAt: number;
  payments: RevelSimPayment[];
}

export interface RevelSimData {
  start: number;
  end: number;
  roles: RevelSimRole[];
  employees: RevelSimEmployee[];
  timeSheetEntries: RevelSimTimeSheetEntry[];
  orders: RevelSimOrder[];
}

export type RevelDataOptions = SimRestaurantOptions;

const DAY = 86_400_000;
const HOUR = 3_600_000;
const MINUTE = 60_000;
const SECOND = 1000;

const FIRST = ['Ana', 'Ben', 'Cleo', 'Dev', 'Esme', 'Finn', 'Gia', 'Hugo', 'Iris', 'Jon', 'Kira', 'Luca'];
const LAST = ['Adams', 'Baker', 'Chen', 'Diaz', 'Evans', 'Fox', 'Grant', 'Hale', 'Ito', 'Jones'];
const ROLES = ['Server', 'Bartender', 'Cook', 'Host'];

export function generateRevelData(options: RevelDataOptions = {}): RevelSimData {
  const rnd = seededRandom(options.seed ?? 7);
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  const end = options.end ?? Date.UTC(2025, 5, 1);
  const days = options.days ?? 30;
  const start = end - days * DAY;
  const nEmployees = options.employees ?? 12;
  const ordersPerDay = options.ordersPerDay ?? 40;

  const roles: RevelSimRole[] = ROLES.map((name, i) => ({ id: 11 + i, name }));
  const employees: RevelSimEmployee[] = [];
  for (let i = 0; i < nEmployees; i++) {
    const firstName = FIRST[i % FIRST.length];
    const lastName = LAST[int(0, LAST.length - 1)];
    const createdAt = start - int(20, 300) * DAY + int(0, 86_399) * SECOND;
    const active = i % 6 !== 5;
    employees.push({
      id: 101 + i,
      userId: 501 + i,
      firstName,
      lastName,
      email: i % 5 === 2 ? null : `${firstName.toLowerCase()}.${lastName.toLowerCase()}${i}@example.com`,
      phone: i % 4 === 3 ? null : `512555${String(2000 + i).padStart(4, '0')}`,
      roleId: i === 0 ? null : roles[i % roles.length].id,
      active,
      createdAt,
      updatedAt: active ? createdAt + int(0, 20) * DAY : start + int(0, days - 1) * DAY + int(0, 86_399) * SECOND,
    });
  }

  let entryId = 3001;
  const timeSheetEntries: RevelSimTimeSheetEntry[] = [];
  for (let d = 0; d < days; d++) {
    const dayStart = start + d * DAY;
    for (const e of employees) {
      if (!e.active || rnd() < 0.35) continue;
      const clockIn = dayStart + 15 * HOUR + int(0, 120) * MINUTE;
      const length = int(4 * 60, 9 * 60) * MINUTE;
      const open = d === days - 1 && rnd() < 0.3;
      const clockOut = open ? null : clockIn + length;
      const breaks: RevelSimTimeSheetEntry['breaks'] = [];
      if (length >= 6 * HOUR) {
        const b = clockIn + int(150, 240) * MINUTE;
        breaks.push({ start: b, end: b + (rnd() < 0.5 ? 30 : 15) * MINUTE, paid: rnd() < 0.4 });
      }
      const deleted = rnd() < 0.04;
      const edited = rnd() < 0.1;
      const updatedAt = (clockOut ?? clockIn) + int(1, 20) * MINUTE + (edited || deleted ? int(1, 5) * DAY : 0);
      timeSheetEntries.push({
        id: entryId++,
        employeeId: e.id,
        roleId: e.roleId,
        clockIn,
        clockOut,
        breaks,
        deleted,
        createdAt: clockIn,
        updatedAt,
      });
    }
  }

  let orderId = 70_001;
  let paymentId = 90_001;
  const servers = employees.filter((e) => e.active);
  const orders: RevelSimOrder[] = [];
  for (let d = 0; d < days; d++) {
    const dayStart = start + d * DAY;
    const count = ordersPerDay + int(-5, 5);
    for (let o = 0; o < count; o++) {
      const createdAt = dayStart + 11 * HOUR + int(0, 11 * 60) * MINUTE + int(0, 59) * SECOND;
      const closedAt = createdAt + int(15, 90) * MINUTE;
      const closed = !(d === days - 1 && rnd() < 0.1);
      const subtotalCents = int(600, 12_000);
      const taxCents = Math.round(subtotalCents * 0.0825);
      const tipCents = rnd() < 0.2 ? 0 : Math.round(subtotalCents * (0.1 + rnd() * 0.12));
      const payments: RevelSimPayment[] = [];
      let updatedAt = closed ? closedAt : createdAt + int(1, 10) * MINUTE;
      if (closed) {
        const type: RevelSimPaymentType = rnd() < 0.75 ? 2 : 1;
        const split = rnd() < 0.15;
        const total = subtotalCents + taxCents;
        const first = split ? Math.floor(total / 2) : total;
        const firstTip = split ? Math.floor(tipCents / 2) : tipCents;
        payments.push({
          id: paymentId++,
          type,
          amountCents: first,
          tipCents: firstTip,
          deleted: false,
          createdAt: closedAt,
          updatedAt: closedAt,
        });
        if (split) {
          payments.push({
            id: paymentId++,
            type: 1,
            amountCents: total - first,
            tipCents: tipCents - firstTip,
            deleted: false,
            createdAt: closedAt + SECOND,
            updatedAt: closedAt + SECOND,
          });
        }
        // a voided (deleted) payment replaced by the one above
        if (rnd() < 0.03)
          payments.push({
            id: paymentId++,
            type: 2,
            amountCents: total,
            tipCents: 500,
            deleted: true,
            createdAt: closedAt - MINUTE,
            updatedAt: closedAt,
          });
        if (rnd() < 0.04) {
          const full = rnd() < 0.5;
          const at = closedAt + int(1, 48) * HOUR;
          const p = payments[0];
          const amountCents = full ? p.amountCents : Math.round(p.amountCents / 3);
          payments.push({
            id: paymentId++,
            type: p.type,
            amountCents: 0 - amountCents,
            tipCents: full ? 0 - p.tipCents : 0,
            deleted: false,
            createdAt: at,
            updatedAt: at,
          });
          updatedAt = at;
        }
      }
      orders.push({
        id: orderId++,
        createdByUserId: rnd() < 0.05 ? null : servers[int(0, servers.length - 1)].userId,
        guests: int(1, 6),
        closed,
        deleted: false,
        subtotalCents,
        taxCents,
        serviceChargeCents: 0,
        gratuityCents: 0,
        createdAt,
        updatedAt: Math.min(updatedAt, end + 3 * DAY),
        payments,
      });
    }
  }
  addMoneyCases(orders, options.seed ?? 11, end);
  orders.sort((a, b) => a.createdAt - b.createdAt || a.id - b.id);
  return { start, end, roles, employees, timeSheetEntries, orders };
}

/**
 * The cases of issue 60 over the closed orders, from a random stream of their own (the records
 * drawn above stay as they were): an 18% automatic gratuity (Order.gratuity) or a flat service
 * charge (Order.service_charge) on some, paid with the check; a few deleted (voided) whole after
 * closing, a few reopened (closed false again, their payments kept). Each moves updated_date.
 */
function addMoneyCases(orders: RevelSimOrder[], seed: number, end: number): void {
  const rnd = seededRandom(seed + 60_000);
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  for (const o of orders) {
    if (!o.closed) continue;
    const first = o.payments.find((p) => !p.deleted && p.amountCents > 0);
    const refunded = o.payments.some((p) => p.amountCents < 0);
    const charge = rnd();
    if (first && !refunded && charge < 0.08) o.gratuityCents = Math.round(o.subtotalCents * 0.18);
    else if (first && !refunded && charge < 0.12) o.serviceChargeCents = 300;
    if (first) first.amountCents += o.gratuityCents + o.serviceChargeCents;
    const later = rnd();
    const at = o.updatedAt + int(30, 36 * 60) * MINUTE;
    if (refunded || at >= end) continue;
    if (later < 0.02) Object.assign(o, { deleted: true, updatedAt: at });
    else if (later < 0.04) Object.assign(o, { closed: false, updatedAt: at });
  }
}
