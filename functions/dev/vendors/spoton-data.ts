/**
 * The deterministic restaurant the SpotOn simulator serves (./spoton.ts): job positions, payment
 * options, employees, time clock entries with breaks and declared cash tips (some given to others)
 * and orders with checks, guests, items (gift cards sold or reloaded among them), auto-gratuities,
 * payments, tips (some applied to another employee than the owner, some with a processing fee
 * deducted), refunds and deleted orders, generated from a seed. Times are epoch ms and money is integer cents
 * here; the simulator renders them the way the POS Export API does (RFC 3339 strings, decimal
 * dollar strings).
 */
import { seededRandom } from '../demo/random';
import type { SimRestaurantOptions } from './sim-options';

export interface SpotonSimJobPosition {
  id: string;
  name: string;
}

export interface SpotonSimPaymentOption {
  id: string;
  name: string;
  kind: 'CASH' | 'CC' | 'OTHER';
}

export interface SpotonSimEmployee {
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  active: boolean;
  deleted: boolean;
  hireDate: number;
  terminationDate: number | null;
  jobPositionIds: string[];
}

export interface SpotonSimEntry {
  id: string;
  employeeId: string;
  jobPositionId: string | null;
  inAt: number;
  outAt: number | null;
  breaks: { id: string; startAt: number; endAt: number | null; paid: boolean }[];
  deleted: boolean;
  voided: boolean;
  /** declaredCashTipsAmount and declaredCashTipsToOthersAmount, cents. */
  declaredCashTipsCents: number;
  declaredCashTipsToOthersCents: number;
  updatedAt: number;
}

export interface SpotonSimPayment {
  paymentOptionId: string;
  createdAt: number;
  /** Negative for a refund (an assumption of this simulator and the connector: see spoton.ts). */
  amountCents: number;
  tipCents: number;
  /** tipAppliedToEmployeeId: null means the order's owner. */
  tipAppliedTo: string | null;
  /** tipDeductionAmount: the processing fee deducted from the tip. */
  tipDeductionCents: number;
}

export interface SpotonSimCheck {
  /** Per guest, the net (after discounts, before tax) cents of each item. */
  guests: number[][];
  /** Gift cards sold or reloaded on the check (giftCardIssueReload items of the first guest), cents. */
  giftCards: number[];
  /** gratuityAmount: the applied auto-gratuity. */
  gratuityCents: number;
  taxCents: number;
  payments: SpotonSimPayment[];
}

export interface SpotonSimOrder {
  id: string;
  ownerEmployeeId: string | null;
  createdAt: number;
  closedAt: number | null;
  deleted: boolean;
  updatedAt: number;
  checks: SpotonSimCheck[];
}

export interface SpotonSimData {
  /** [start, end): the days the data covers. */
  start: number;
  end: number;
  jobPositions: SpotonSimJobPosition[];
  paymentOptions: SpotonSimPaymentOption[];
  employees: SpotonSimEmployee[];
  entries: SpotonSimEntry[];
  orders: SpotonSimOrder[];
}

export type SpotonDataOptions = SimRestaurantOptions;

const DAY = 86_400_000;
const HOUR = 3_600_000;
const MINUTE = 60_000;

const FIRST = [
  'Mark',
  'Dana',
  'Luis',
  'Priya',
  'Kofi',
  'Sara',
  'Tom',
  'Yuki',
  'Ines',
  'Ben',
  'Nia',
  'Raj',
  'Cleo',
  'Ari',
];
const LAST = ['Nalepka', 'Brooks', 'Ortiz', 'Shah', 'Mensah', 'Berg', 'Fischer', 'Ito', 'Costa', 'Hale'];
const POSITIONS = ['Server', 'Bartender', 'Cook', 'Host', 'Manager'];

export function generateSpotonData(options: SpotonDataOptions = {}): SpotonSimData {
  const rnd = seededRandom(options.seed ?? 417);
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  // SpotOn ids are opaque strings (24 hex digits, Mongo-ObjectId-like, in the docs' examples "abc123")
  const id = () =>
    Array.from({ length: 3 }, () =>
      Math.floor(rnd() * 0x1_0000_0000)
        .toString(16)
        .padStart(8, '0'),
    ).join('');
  const end = options.end ?? Date.UTC(2025, 5, 1);
  const days = options.days ?? 14;
  const start = end - days * DAY;
  const nEmployees = options.employees ?? 12;
  const ordersPerDay = options.ordersPerDay ?? 40;

  const jobPositions = POSITIONS.map((name) => ({ id: id(), name }));
  const paymentOptions: SpotonSimPaymentOption[] = [
    { id: id(), name: 'Cash', kind: 'CASH' },
    { id: id(), name: 'Credit Card', kind: 'CC' },
    { id: id(), name: 'Gift Card', kind: 'OTHER' },
  ];
  const [cash, card, gift] = paymentOptions;

  const employees: SpotonSimEmployee[] = [];
  for (let i = 0; i < nEmployees; i++) {
    const firstName = FIRST[i % FIRST.length];
    const lastName = LAST[int(0, LAST.length - 1)];
    const terminated = i % 6 === 5;
    const hireDate = start - int(30, 600) * DAY;
    employees.push({
      id: id(),
      firstName,
      lastName,
      email: i % 5 === 3 ? null : `${firstName.toLowerCase()}.${lastName.toLowerCase()}${i}@example.com`,
      phone: i % 4 === 2 ? null : `313555${String(2000 + i).padStart(4, '0')}`,
      active: !terminated,
      deleted: terminated && i % 12 === 11,
      hireDate,
      terminationDate: terminated ? start + int(0, days - 1) * DAY : null,
      jobPositionIds: i === 0 ? [] : [jobPositions[i % jobPositions.length].id],
    });
  }

  const entries: SpotonSimEntry[] = [];
  for (let d = 0; d < days; d++) {
    const dayStart = start + d * DAY;
    for (const e of employees) {
      if (!e.active || rnd() < 0.25) continue;
      const inAt = dayStart + 13 * HOUR + int(0, 240) * MINUTE;
      const length = int(4 * 60, 9 * 60) * MINUTE;
      const open = d === days - 1 && rnd() < 0.3;
      const outAt = open ? null : inAt + length;
      const breaks: SpotonSimEntry['breaks'] = [];
      if (length >= 6 * HOUR) {
        const b = inAt + int(150, 240) * MINUTE;
        breaks.push({ id: id(), startAt: b, endAt: b + (rnd() < 0.5 ? 30 : 15) * MINUTE, paid: rnd() < 0.4 });
      }
      if (length >= 8 * HOUR) {
        const b = inAt + int(300, 400) * MINUTE;
        breaks.push({ id: id(), startAt: b, endAt: open ? null : b + 10 * MINUTE, paid: true });
      }
      const deleted = rnd() < 0.03;
      const voided = !deleted && rnd() < 0.02;
      const declaredCashTipsCents = outAt !== null && rnd() < 0.5 ? int(100, 6000) : 0;
      const declaredCashTipsToOthersCents =
        declaredCashTipsCents > 0 && rnd() < 0.3 ? int(0, declaredCashTipsCents) : 0;
      const edited = rnd() < 0.1;
      const updatedAt = Math.min(
        end - 1000, // whole seconds, as the API writes them
        (outAt ?? inAt) + int(1, 30) * MINUTE + (edited || deleted || voided ? int(1, 4) * DAY : 0),
      );
      entries.push({
        id: id(),
        employeeId: e.id,
        jobPositionId: e.jobPositionIds[0] ?? null,
        inAt,
        outAt,
        breaks,
        deleted,
        voided,
        declaredCashTipsCents,
        declaredCashTipsToOthersCents,
        updatedAt,
      });
    }
  }

  const owners = employees.filter((e) => e.active);
  const orders: SpotonSimOrder[] = [];
  for (let d = 0; d < days; d++) {
    const dayStart = start + d * DAY;
    const count = ordersPerDay + int(-5, 5);
    for (let o = 0; o < count; o++) {
      // whole seconds, as the API's ranges have no milliseconds
      const createdAt = dayStart + 11 * HOUR + int(0, 11 * 60) * MINUTE + int(0, 59) * 1000;
      const closedAt = createdAt + int(15, 120) * MINUTE;
      const open = d === days - 1 && rnd() < 0.05;
      const deleted = rnd() < 0.02;
      const nChecks = rnd() < 0.1 ? 2 : 1;
      let updatedAt = open ? createdAt + int(1, 10) * MINUTE : closedAt + int(0, 5) * 1000;
      const checks: SpotonSimCheck[] = [];
      for (let c = 0; c < nChecks; c++) {
        const guests = Array.from({ length: int(1, 4) }, () =>
          Array.from({ length: int(1, 3) }, () => int(300, 4_500)),
        );
        const net = guests.flat().reduce((n, x) => n + x, 0);
        const giftCards = rnd() < 0.05 ? [rnd() < 0.5 ? 2_500 : 5_000] : [];
        // an auto-gratuity on larger parties (18%)
        const gratuityCents = guests.length >= 4 && rnd() < 0.5 ? Math.round(net * 0.18) : 0;
        const taxCents = Math.round(net * 0.06);
        const tipCents = rnd() < 0.15 ? 0 : Math.round(net * (0.12 + rnd() * 0.1));
        const payments: SpotonSimPayment[] = [];
        if (!open) {
          const r = rnd();
          const option = r < 0.25 ? cash : r < 0.92 ? card : gift;
          const split = rnd() < 0.1;
          const total = net + taxCents + gratuityCents + giftCards.reduce((n, x) => n + x, 0);
          const first = split ? Math.floor(total / 2) : total;
          const firstTip = split ? Math.floor(tipCents / 2) : tipCents;
          // a tip applied to another server than the owner (a table handed over)
          const other = rnd() < 0.12 ? owners[int(0, owners.length - 1)].id : null;
          const fee = (opt: SpotonSimPaymentOption, tip: number) => (opt.kind === 'CC' ? Math.round(tip * 0.03) : 0);
          payments.push({
            paymentOptionId: option.id,
            createdAt: closedAt,
            amountCents: first,
            tipCents: firstTip,
            tipAppliedTo: other,
            tipDeductionCents: fee(option, firstTip),
          });
          if (split)
            payments.push({
              paymentOptionId: card.id,
              createdAt: closedAt,
              amountCents: total - first,
              tipCents: tipCents - firstTip,
              tipAppliedTo: null,
              tipDeductionCents: fee(card, tipCents - firstTip),
            });
          if (!deleted && rnd() < 0.04) {
            const full = rnd() < 0.5;
            const at = closedAt + int(1, 40) * HOUR;
            const p = payments[0];
            payments.push({
              paymentOptionId: p.paymentOptionId,
              createdAt: at,
              amountCents: 0 - (full ? p.amountCents : Math.round(p.amountCents / 3)),
              tipCents: full ? 0 - p.tipCents : 0,
              tipAppliedTo: p.tipAppliedTo,
              // a tip refunded whole takes its processing fee back with it (negative, as the amounts are)
              tipDeductionCents: full ? 0 - p.tipDeductionCents : 0,
            });
            updatedAt = Math.max(updatedAt, at);
          }
        }
        checks.push({ guests, giftCards, gratuityCents, taxCents, payments });
      }
      // deleted after it closed: minutes later, or days (after an import)
      if (deleted) updatedAt = closedAt + (rnd() < 0.5 ? int(1, 20) * MINUTE : int(1, 3) * DAY);
      orders.push({
        id: id(),
        ownerEmployeeId: rnd() < 0.05 ? null : owners[int(0, owners.length - 1)].id,
        createdAt,
        closedAt: open ? null : closedAt,
        deleted,
        updatedAt: Math.min(updatedAt, end - 1),
        checks,
      });
    }
  }
  orders.sort((a, b) => a.createdAt - b.createdAt);
  entries.sort((a, b) => a.inAt - b.inAt);
  return { start, end, jobPositions, paymentOptions, employees, entries, orders };
}
