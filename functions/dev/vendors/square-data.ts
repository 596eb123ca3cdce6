/**
 * The seeded restaurant the local Square simulator serves (dev/vendors/square.ts): team members,
 * timecards with breaks, and orders with their tenders (card and cash, some split), tips, taxes and a
 * few returns, each tender a Payment naming the team member who took it. Rendered in the shapes of
 * Square's TeamMember, Timecard, Order and Payment objects (developer.squareup.com/reference/square/objects).
 *
 * The same seed and options always give the same data. Orders are kept in columns (numbers, not
 * objects) and rendered when served, so a year of a busy restaurant (~100,000 orders) costs a few
 * megabytes; line items are regenerated from a per-order seed. `squareTruth` answers the dataset
 * normalized the way the connector must read it, record by record, for tests and the benchmark.
 */
import type { PosEmployee, PosPunch, PosSale } from '../../src/pos/connectors/types';
import { seededRandom } from '../demo/random';

export interface SquareMoney {
  amount: number;
  currency: string;
}

export interface SquareTeamMember {
  id: string;
  is_owner: boolean;
  status: 'ACTIVE' | 'INACTIVE';
  given_name: string;
  family_name: string;
  email_address?: string;
  phone_number?: string;
  created_at: string;
  updated_at: string;
  assigned_locations: { assignment_type: 'EXPLICIT_LOCATIONS'; location_ids: string[] };
  wage_setting: { job_assignments: { job_title: string; pay_type: 'HOURLY'; hourly_rate: SquareMoney }[] };
}

export interface SquareTimecardBreak {
  id: string;
  start_at: string;
  end_at?: string;
  break_type_id: string;
  name: string;
  expected_duration: string;
  is_paid: boolean;
}

export interface SquareTimecard {
  id: string;
  location_id: string;
  team_member_id: string;
  start_at: string;
  end_at?: string;
  wage: { title: string; hourly_rate: SquareMoney; tip_eligible: boolean };
  breaks: SquareTimecardBreak[];
  status: 'OPEN' | 'CLOSED';
  version: number;
  created_at: string;
  updated_at: string;
  /** Timecard.declared_cash_tip_money: cash tips the team member declared at clock-out. */
  declared_cash_tip_money?: SquareMoney;
}

export interface SquareOrderAmounts {
  total_money: SquareMoney;
  tax_money: SquareMoney;
  tip_money: SquareMoney;
  discount_money: SquareMoney;
  service_charge_money: SquareMoney;
}

export interface SquareTender {
  id: string;
  location_id: string;
  transaction_id: string;
  created_at: string;
  /** The tender's total, tip included (unlike Payment.amount_money). */
  amount_money: SquareMoney;
  tip_money: SquareMoney;
  type: 'CARD' | 'CASH';
  payment_id: string;
}

/** OrderServiceCharge (the OpenAPI description's fields the simulator fills). */
export interface SquareServiceCharge {
  uid: string;
  name: string;
  percentage: string;
  applied_money: SquareMoney;
  total_money: SquareMoney;
  total_tax_money: SquareMoney;
  calculation_phase: string;
  taxable: boolean;
  type: 'AUTO_GRATUITY' | 'CUSTOM';
  treatment_type: 'LINE_ITEM_TREATMENT' | 'APPORTIONED_TREATMENT';
  scope: 'ORDER' | 'LINE_ITEM';
}

export interface SquareOrder {
  id: string;
  location_id: string;
  state: 'COMPLETED';
  version: number;
  created_at: string;
  updated_at: string;
  closed_at: string;
  line_items?: {
    uid: string;
    name: string;
    quantity: string;
    base_price_money: SquareMoney;
    total_money: SquareMoney;
  }[];
  tenders?: SquareTender[];
  service_charges?: SquareServiceCharge[];
  returns?: {
    uid: string;
    source_order_id: string;
    return_service_charges?: (Omit<SquareServiceCharge, 'type'> & { source_service_charge_uid: string })[];
    return_line_items: {
      uid: string;
      source_line_item_uid: string;
      name: string;
      quantity: string;
      total_money: SquareMoney;
    }[];
    return_amounts: SquareOrderAmounts;
  }[];
  return_amounts?: SquareOrderAmounts;
  refunds?: {
    id: string;
    location_id: string;
    transaction_id: string;
    tender_id: string;
    created_at: string;
    reason: string;
    amount_money: SquareMoney;
    status: 'APPROVED';
  }[];
  total_money: SquareMoney;
  total_tax_money: SquareMoney;
  total_tip_money: SquareMoney;
  total_discount_money: SquareMoney;
  total_service_charge_money: SquareMoney;
}

export interface SquarePayment {
  id: string;
  created_at: string;
  updated_at: string;
  /** Tip excluded. */
  amount_money: SquareMoney;
  tip_money: SquareMoney;
  total_money: SquareMoney;
  status: 'COMPLETED';
  source_type: 'CARD' | 'CASH';
  card_details?: { status: 'CAPTURED'; card: { card_brand: string; last_4: string }; entry_method: string };
  cash_details?: { buyer_supplied_money: SquareMoney; change_back_money: SquareMoney };
  location_id: string;
  order_id: string;
  team_member_id?: string;
  employee_id?: string;
  refund_ids?: string[];
  refunded_money?: SquareMoney;
  receipt_number: string;
  version_token: string;
}

export interface SquareLocation {
  id: string;
  name: string;
  status: 'ACTIVE';
  timezone: string;
  currency: string;
}

export interface SquareDataOptions {
  seed?: number;
  /** Days of timecards and orders, ending at `endAt`. */
  days?: number;
  teamMembers?: number;
  /** Average sale orders a day (all locations). */
  ordersPerDay?: number;
  /** Epoch ms the data ends at (exclusive); default: today's UTC midnight. */
  endAt?: number;
  /** The merchant's locations: the first gets most of the business. */
  locations?: { id: string; name: string }[];
}

export interface SquareData {
  seed: number;
  startAt: number;
  endAt: number;
  currency: string;
  locations: SquareLocation[];
  teamMembers: SquareTeamMember[];
  timecards: SquareTimecard[];
  orders: SquareOrderStore;
}

const DAY = 86_400_000;
const MIN = 60_000;
const HOUR = 3_600_000;
const TAX_RATE = 0.0825;
const CARD = 0;
const CASH = 1;
const ID_WIDTH = 10;

const FIRST = [
  'Ava',
  'Liam',
  'Mia',
  'Noah',
  'Zoe',
  'Ethan',
  'Lena',
  'Omar',
  'Ivy',
  'Lucas',
  'Nora',
  'Mateo',
  'Ruby',
  'Kai',
  'Elena',
  'Sam',
  'Priya',
  'Jonah',
  'Maya',
  'Theo',
];
const LAST = [
  'Garcia',
  'Nguyen',
  'Smith',
  'Okafor',
  'Rossi',
  'Kim',
  'Patel',
  'Müller',
  'Silva',
  'Cohen',
  'Haddad',
  'Novak',
  'Larsen',
  'Dubois',
  'Tanaka',
];
const JOBS = [
  { title: 'Server', rate: 850, tips: true },
  { title: 'Bartender', rate: 1100, tips: true },
  { title: 'Line Cook', rate: 1900, tips: false },
  { title: 'Host', rate: 1400, tips: true },
  { title: 'Dishwasher', rate: 1600, tips: false },
];
const ITEMS = [
  'Burger',
  'Caesar Salad',
  'Fish Tacos',
  'Margherita Pizza',
  'Ribeye',
  'Iced Tea',
  'IPA Draft',
  'House Red',
  'Cheesecake',
  'Fries',
];

/** RFC 3339 with seconds, as Square writes most timestamps. */
export function squareTime(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

const isoMs = (ms: number) => new Date(ms).toISOString();

function id(prefix: string, n: number, seed: number, width = ID_WIDTH): string {
  return `${prefix}${seed.toString(36).toUpperCase()}X${n.toString(36).toUpperCase().padStart(width, '0')}`;
}

export const SQUARE_SIM_LOCATIONS = [
  { id: 'LSIMULATEDMAIN01', name: 'Simulated Square Café - Main Street' },
  { id: 'LSIMULATEDPATIO2', name: 'Simulated Square Café - Patio Bar' },
];

/** The line items of an order, regenerated from its seed (the same every time). */
function linesOf(lineSeed: number): { name: string; amount: number }[] {
  const rnd = seededRandom(lineSeed);
  const count = 1 + Math.floor(rnd() * 4);
  const out: { name: string; amount: number }[] = [];
  for (let l = 0; l < count; l++)
    out.push({ name: ITEMS[Math.floor(rnd() * ITEMS.length)], amount: (4 + Math.floor(rnd() * 42)) * 50 });
  return out;
}

/**
 * About 1 sale in 17 carries an 18% auto-gratuity (Square's OrderServiceChargeType AUTO_GRATUITY,
 * the service charge a seller adds to large parties), chosen from the sale's own line seed so the
 * rest of the dataset is unchanged.
 */
function autoGratuityOf(lineSeed: number, subtotal: number): number {
  return lineSeed % 17 === 0 ? Math.round(subtotal * 0.18) : 0;
}

interface SaleInput {
  location: number;
  createdAt: number;
  closedAt: number;
  updatedAt: number;
  member: number;
  lineSeed: number;
  tenders: { type: number; share: number; tip: number; paidAt: number }[];
}

/**
 * The orders of the dataset, one column per field, indexed 0..count-1 (the index is in the ids:
 * `OR<seed>X<index>`, payments `PY<seed>X<2*index+tender>`). A sale has one or two tenders, each a
 * Payment; a return (a separate order, as Square records them) points at its sale.
 */
export class SquareOrderStore {
  private readonly isReturnCol: boolean[] = [];
  private readonly loc: number[] = [];
  private readonly created: number[] = [];
  private readonly closed: number[] = [];
  private readonly updated: number[] = [];
  private readonly version: number[] = [];
  private readonly member: number[] = [];
  private readonly lineSeed: number[] = [];
  private readonly subtotal: number[] = [];
  private readonly tax: number[] = [];
  /** The AUTO_GRATUITY service charge (not taxed), 0 for none. */
  private readonly autoGratuity: number[] = [];
  private readonly tenderCount: number[] = [];
  private readonly type: [number[], number[]] = [[], []];
  private readonly tip: [number[], number[]] = [[], []];
  /** Tender 1's total (tip included); tender 2 has the rest of the order's total. */
  private readonly amount1: number[] = [];
  private readonly paid: [number[], number[]] = [[], []];
  /** A return's sale; a sale's return (-1: none). */
  private readonly link: number[] = [];
  private readonly sortedCache = new Map<string, Int32Array>();

  constructor(
    readonly seed: number,
    readonly currency: string,
    readonly locationIds: readonly string[],
    readonly memberIds: readonly string[],
  ) {}

  get count(): number {
    return this.isReturnCol.length;
  }

  addSale(s: SaleInput): number {
    const i = this.count;
    const subtotal = linesOf(s.lineSeed).reduce((n, l) => n + l.amount, 0);
    this.isReturnCol.push(false);
    this.loc.push(s.location);
    this.created.push(s.createdAt);
    this.closed.push(s.closedAt);
    this.updated.push(s.updatedAt);
    this.version.push(s.updatedAt > s.closedAt ? 5 : 4);
    this.member.push(s.member);
    this.lineSeed.push(s.lineSeed);
    this.subtotal.push(subtotal);
    this.tax.push(Math.round(subtotal * TAX_RATE));
    this.autoGratuity.push(autoGratuityOf(s.lineSeed, subtotal));
    this.tenderCount.push(s.tenders.length);
    for (const k of [0, 1]) {
      const t = s.tenders[k];
      this.type[k].push(t?.type ?? CARD);
      this.tip[k].push(t?.tip ?? 0);
      this.paid[k].push(t?.paidAt ?? 0);
    }
    const base = subtotal + this.tax[i] + this.autoGratuity[i];
    const share1 = s.tenders.length === 2 ? Math.floor(base / 2) : base;
    this.amount1.push(share1 + s.tenders[0].tip);
    this.link.push(-1);
    this.sortedCache.clear();
    return i;
  }

  addReturn(sale: number, at: number): number {
    const i = this.count;
    this.isReturnCol.push(true);
    this.loc.push(this.loc[sale]);
    this.created.push(at);
    this.closed.push(at);
    this.updated.push(at);
    this.version.push(2);
    this.member.push(-1);
    this.lineSeed.push(0);
    this.subtotal.push(0);
    this.tax.push(0);
    this.autoGratuity.push(0);
    this.tenderCount.push(0);
    for (const k of [0, 1]) {
      this.type[k].push(CARD);
      this.tip[k].push(0);
      this.paid[k].push(0);
    }
    this.amount1.push(0);
    this.link.push(sale);
    this.link[sale] = i;
    this.sortedCache.clear();
    return i;
  }

  orderId(i: number): string {
    return id('OR', i, this.seed);
  }

  paymentId(i: number, k: number): string {
    return id('PY', 2 * i + k, this.seed);
  }

  private refundId(i: number, k: number): string {
    return id('RF', 2 * i + k, this.seed);
  }

  /** The index of an order id, or -1. */
  indexOfOrder(orderId: string): number {
    const n = this.decode('OR', orderId);
    return n !== undefined && n < this.count ? n : -1;
  }

  /** [order index, tender] of a payment id, or undefined. */
  indexOfPayment(paymentId: string): [number, number] | undefined {
    const n = this.decode('PY', paymentId);
    if (n === undefined) return undefined;
    const i = Math.floor(n / 2);
    const k = n % 2;
    return i < this.count && !this.isReturnCol[i] && k < this.tenderCount[i] ? [i, k] : undefined;
  }

  private decode(prefix: string, value: string): number | undefined {
    if (!value.startsWith(prefix) || value.length < ID_WIDTH) return undefined;
    const n = parseInt(value.slice(-ID_WIDTH), 36);
    return Number.isSafeInteger(n) && id(prefix, n, this.seed) === value ? n : undefined;
  }

  isReturn(i: number): boolean {
    return this.isReturnCol[i];
  }

  /** A return's sale, a sale's return; -1 when none. */
  linked(i: number): number {
    return this.link[i];
  }

  locationId(i: number): string {
    return this.locationIds[this.loc[i]];
  }

  createdAt(i: number): number {
    return this.created[i];
  }

  closedAt(i: number): number {
    return this.closed[i];
  }

  updatedAt(i: number): number {
    return this.updated[i];
  }

  tenders(i: number): number {
    return this.tenderCount[i];
  }

  paidAt(i: number, k: number): number {
    return this.paid[k][i];
  }

  private total(i: number): number {
    return this.subtotal[i] + this.tax[i] + this.autoGratuity[i] + this.tip[0][i] + this.tip[1][i];
  }

  /** The order's service charges as Square answers them (OrderServiceCharge; an auto-gratuity, when it has one). */
  private serviceCharges(i: number): { service_charges?: SquareServiceCharge[] } {
    const amount = this.autoGratuity[i];
    if (amount === 0) return {};
    return {
      service_charges: [
        {
          uid: 'sc0',
          name: 'Auto gratuity (18%)',
          percentage: '18',
          applied_money: this.money(amount),
          total_money: this.money(amount),
          total_tax_money: this.money(0),
          calculation_phase: 'SUBTOTAL_PHASE',
          taxable: false,
          type: 'AUTO_GRATUITY',
          treatment_type: 'LINE_ITEM_TREATMENT',
          scope: 'ORDER',
        },
      ],
    };
  }

  private tenderAmount(i: number, k: number): number {
    return k === 0 ? this.amount1[i] : this.total(i) - this.amount1[i];
  }

  private money(amount: number): SquareMoney {
    return { amount, currency: this.currency };
  }

  /** A tip adjustment on a sale's first tender at `at` (the order and its payment are updated), or a touch of a return. */
  modify(i: number, at: number, tipDelta = 100): void {
    if (!this.isReturnCol[i]) {
      this.tip[0][i] += tipDelta;
      this.amount1[i] += tipDelta;
    }
    this.updated[i] = Math.max(at, this.updated[i]);
    this.version[i]++;
    this.sortedCache.delete('updated');
  }

  /** The order indices sorted by a time field, then id (cached until a modification). */
  sortedBy(field: 'created' | 'closed' | 'updated'): Int32Array {
    let sorted = this.sortedCache.get(field);
    if (!sorted) {
      const col = this[field];
      sorted = Int32Array.from({ length: this.count }, (_, i) => i).sort((a, b) => col[a] - col[b] || a - b);
      this.sortedCache.set(field, sorted);
    }
    return sorted;
  }

  /** Every payment (2 * order index + tender) sorted by created_at, then id. */
  paymentsByCreated(): Int32Array {
    let sorted = this.sortedCache.get('payments');
    if (!sorted) {
      const ps: number[] = [];
      for (let i = 0; i < this.count; i++) for (let k = 0; k < this.tenderCount[i]; k++) ps.push(2 * i + k);
      sorted = Int32Array.from(ps).sort((a, b) => this.paid[a % 2][a >> 1] - this.paid[b % 2][b >> 1] || a - b);
      this.sortedCache.set('payments', sorted);
    }
    return sorted;
  }

  /** The order as SearchOrders and BatchRetrieveOrders answer it. */
  order(i: number): SquareOrder {
    const at = (ms: number) => isoMs(ms);
    const zero = this.money(0);
    const common = {
      id: this.orderId(i),
      location_id: this.locationId(i),
      state: 'COMPLETED' as const,
      version: this.version[i],
      created_at: at(this.created[i]),
      updated_at: at(this.updated[i]),
      closed_at: at(this.closed[i]),
    };
    if (this.isReturnCol[i]) {
      const sale = this.link[i];
      const amounts: SquareOrderAmounts = {
        total_money: this.money(this.total(sale)),
        tax_money: this.money(this.tax[sale]),
        tip_money: this.money(this.tip[0][sale] + this.tip[1][sale]),
        discount_money: zero,
        service_charge_money: this.money(this.autoGratuity[sale]),
      };
      return {
        ...common,
        returns: [
          {
            uid: 'ret0',
            source_order_id: this.orderId(sale),
            ...(this.autoGratuity[sale] > 0
              ? {
                  return_service_charges: [
                    {
                      uid: 'rsc0',
                      source_service_charge_uid: 'sc0',
                      name: 'Auto gratuity (18%)',
                      percentage: '18',
                      applied_money: this.money(this.autoGratuity[sale]),
                      total_money: this.money(this.autoGratuity[sale]),
                      total_tax_money: zero,
                      calculation_phase: 'SUBTOTAL_PHASE',
                      taxable: false,
                      treatment_type: 'LINE_ITEM_TREATMENT',
                      scope: 'ORDER',
                    },
                  ],
                }
              : {}),
            return_line_items: linesOf(this.lineSeed[sale]).map((l, n) => ({
              uid: `rli${n}`,
              source_line_item_uid: `li${n}`,
              name: l.name,
              quantity: '1',
              total_money: this.money(l.amount),
            })),
            return_amounts: amounts,
          },
        ],
        return_amounts: amounts,
        refunds: Array.from({ length: this.tenderCount[sale] }, (_, k) => ({
          id: this.refundId(i, k),
          location_id: this.locationId(i),
          transaction_id: this.orderId(sale),
          tender_id: this.paymentId(sale, k),
          created_at: at(this.closed[i]),
          reason: 'Returned goods',
          amount_money: this.money(this.tenderAmount(sale, k)),
          status: 'APPROVED' as const,
        })),
        total_money: zero,
        total_tax_money: zero,
        total_tip_money: zero,
        total_discount_money: zero,
        total_service_charge_money: zero,
      };
    }
    return {
      ...common,
      line_items: linesOf(this.lineSeed[i]).map((l, n) => ({
        uid: `li${n}`,
        name: l.name,
        quantity: '1',
        base_price_money: this.money(l.amount),
        total_money: this.money(l.amount),
      })),
      tenders: Array.from({ length: this.tenderCount[i] }, (_, k) => ({
        id: this.paymentId(i, k),
        location_id: this.locationId(i),
        transaction_id: this.orderId(i),
        created_at: at(this.paid[k][i]),
        amount_money: this.money(this.tenderAmount(i, k)),
        tip_money: this.money(this.tip[k][i]),
        type: this.type[k][i] === CASH ? ('CASH' as const) : ('CARD' as const),
        payment_id: this.paymentId(i, k),
      })),
      ...this.serviceCharges(i),
      total_money: this.money(this.total(i)),
      total_tax_money: this.money(this.tax[i]),
      total_tip_money: this.money(this.tip[0][i] + this.tip[1][i]),
      total_discount_money: zero,
      total_service_charge_money: this.money(this.autoGratuity[i]),
    };
  }

  /** The Payment of a sale's tender, as ListPayments and GetPayment answer it. */
  payment(i: number, k: number): SquarePayment {
    const total = this.tenderAmount(i, k);
    const tip = this.tip[k][i];
    const cash = this.type[k][i] === CASH;
    const ret = this.link[i];
    const member = this.member[i] >= 0 ? this.memberIds[this.member[i]] : undefined;
    const updatedAt = Math.max(this.paid[k][i], this.updated[i], ret >= 0 ? this.updated[ret] : 0);
    const paymentId = this.paymentId(i, k);
    return {
      id: paymentId,
      created_at: isoMs(this.paid[k][i]),
      updated_at: isoMs(updatedAt),
      amount_money: this.money(total - tip),
      tip_money: this.money(tip),
      total_money: this.money(total),
      status: 'COMPLETED',
      source_type: cash ? 'CASH' : 'CARD',
      ...(cash
        ? {
            cash_details: {
              buyer_supplied_money: this.money(Math.ceil(total / 500) * 500),
              change_back_money: this.money(Math.ceil(total / 500) * 500 - total),
            },
          }
        : {
            card_details: {
              status: 'CAPTURED' as const,
              card: { card_brand: 'VISA', last_4: '1111' },
              entry_method: 'EMV',
            },
          }),
      location_id: this.locationId(i),
      order_id: this.orderId(i),
      ...(member ? { team_member_id: member, employee_id: member } : {}),
      ...(ret >= 0 ? { refund_ids: [this.refundId(ret, k)], refunded_money: this.money(total) } : {}),
      receipt_number: paymentId.slice(-4),
      version_token: `v${this.version[i]}${paymentId.slice(-6)}`,
    };
  }

  /** What the connector must make of order i (see squareTruth). */
  truth(i: number): PosSale {
    const base = { closedAt: this.closed[i], currency: this.currency, customers: 0, modifiedAt: this.updated[i] };
    if (this.isReturnCol[i]) {
      const sale = this.link[i];
      const tips = this.tip[0][sale] + this.tip[1][sale];
      let cashRefunded = 0;
      for (let k = 0; k < this.tenderCount[sale]; k++)
        if (this.type[k][sale] === CASH) cashRefunded += this.tenderAmount(sale, k);
      const total = this.total(sale);
      return {
        ...base,
        vendorId: `${this.orderId(i)}:ret0`,
        employeeVendorId: this.memberOf(sale),
        amount: -this.subtotal[sale],
        tips: -tips,
        cashTips: -(total > 0 ? Math.round((tips * cashRefunded) / total) : 0),
        gratuities: 0,
        serviceCharges: -this.autoGratuity[sale],
        refund: true,
        refundOf: this.orderId(sale),
      };
    }
    let cashTips = 0;
    for (let k = 0; k < this.tenderCount[i]; k++) if (this.type[k][i] === CASH) cashTips += this.tip[k][i];
    return {
      ...base,
      vendorId: this.orderId(i),
      employeeVendorId: this.memberOf(i),
      amount: this.subtotal[i],
      tips: this.tip[0][i] + this.tip[1][i],
      cashTips,
      gratuities: 0,
      serviceCharges: this.autoGratuity[i],
      refund: false,
      refundOf: null,
    };
  }

  private memberOf(i: number): string | null {
    return this.member[i] >= 0 ? this.memberIds[this.member[i]] : null;
  }
}

export function generateSquareData(options: SquareDataOptions = {}): SquareData {
  const seed = options.seed ?? 42;
  const days = options.days ?? 60;
  const memberCount = options.teamMembers ?? 25;
  const ordersPerDay = options.ordersPerDay ?? 150;
  const endAt = options.endAt ?? Math.floor(Date.now() / DAY) * DAY;
  const startAt = endAt - days * DAY;
  const currency = 'USD';
  const money = (amount: number): SquareMoney => ({ amount, currency });
  const rnd = seededRandom(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));

  const locations: SquareLocation[] = (options.locations ?? SQUARE_SIM_LOCATIONS).map((l) => ({
    ...l,
    status: 'ACTIVE',
    timezone: 'America/Chicago',
    currency,
  }));
  const main = locations[0].id;

  const teamMembers: SquareTeamMember[] = [];
  for (let i = 0; i < memberCount; i++) {
    const given = FIRST[i % FIRST.length];
    const family = LAST[(i * 7 + Math.floor(i / FIRST.length)) % LAST.length];
    const job = JOBS[i % JOBS.length];
    const created = startAt - int(30, 400) * DAY;
    // every 12th member has left; every 5th also works the second location
    const active = i % 12 !== 11;
    const locs = locations.length > 1 && i % 5 === 4 ? [main, locations[1].id] : [main];
    teamMembers.push({
      id: id('TM', i, seed, 6),
      is_owner: i === 0,
      status: active ? 'ACTIVE' : 'INACTIVE',
      given_name: given,
      family_name: family,
      ...(i % 6 === 5 ? {} : { email_address: `${given}.${family}${i}@example.test`.toLowerCase() }),
      ...(i % 4 === 3 ? {} : { phone_number: `+1312555${String(1000 + i).slice(-4)}` }),
      created_at: squareTime(created),
      updated_at: squareTime(active ? created + int(0, 20) * DAY : startAt + int(0, days - 1) * DAY),
      assigned_locations: { assignment_type: 'EXPLICIT_LOCATIONS', location_ids: locs },
      wage_setting: { job_assignments: [{ job_title: job.title, pay_type: 'HOURLY', hourly_rate: money(job.rate) }] },
    });
  }

  const timecards: SquareTimecard[] = [];
  let tcN = 0;
  let brN = 0;
  for (let d = 0; d < days; d++) {
    const day = startAt + d * DAY;
    teamMembers.forEach((tm, i) => {
      if (tm.status !== 'ACTIVE' || rnd() < 2 / 7) return;
      const job = JOBS[i % JOBS.length];
      // from 11:00-12:00 or 14:00-15:00 UTC, at most 9 hours: every shift ends by midnight UTC
      const start = day + (rnd() < 0.5 ? 11 : 14) * HOUR + int(0, 60) * MIN;
      const length = int(4 * 60, 9 * 60) * MIN;
      const open = d === days - 1 && i % 9 === 0;
      const end = start + length;
      const breaks: SquareTimecardBreak[] = [];
      if (length >= 6 * HOUR) {
        const bs = start + Math.floor(length / 2);
        breaks.push({
          id: id('BR', brN++, seed),
          start_at: squareTime(bs),
          end_at: squareTime(bs + 30 * MIN),
          break_type_id: 'BTMEAL',
          name: 'Meal break',
          expected_duration: 'PT30M',
          is_paid: false,
        });
      }
      if (length >= 8 * HOUR) {
        const bs = start + 2 * HOUR;
        breaks.push({
          id: id('BR', brN++, seed),
          start_at: squareTime(bs),
          end_at: squareTime(bs + 10 * MIN),
          break_type_id: 'BTREST',
          name: 'Rest break',
          expected_duration: 'PT10M',
          is_paid: true,
        });
        breaks.sort((a, b) => a.start_at.localeCompare(b.start_at));
      }
      // a manager edits about 1 in 12 timecards a few days later
      const edited = !open && rnd() < 1 / 12;
      const updated = open
        ? start
        : edited
          ? Math.min(end + int(1, 5) * DAY, endAt - MIN)
          : Math.min(end + int(1, 10) * MIN, Math.max(end, endAt - 1000));
      const location =
        tm.assigned_locations.location_ids.length > 1 && rnd() < 0.5 ? tm.assigned_locations.location_ids[1] : main;
      timecards.push({
        id: id('TC', tcN++, seed),
        location_id: location,
        team_member_id: tm.id,
        start_at: squareTime(start),
        ...(open ? {} : { end_at: squareTime(end) }),
        wage: { title: job.title, hourly_rate: money(job.rate), tip_eligible: job.tips },
        breaks,
        status: open ? 'OPEN' : 'CLOSED',
        version: edited ? 2 : 1,
        created_at: squareTime(start),
        updated_at: squareTime(Math.max(updated, start)),
        // declared at clock-out by about 2 in 5 tipped closed timecards, from the id (the draws stay as they were)
        ...(!open && job.tips && tcN % 5 < 2 ? { declared_cash_tip_money: money(((tcN * 37) % 60) * 50 + 100) } : {}),
      });
    });
  }

  // the floor staff (tipped jobs, still employed) take the payments
  const floor = teamMembers
    .map((tm, i) => ({ tm, i }))
    .filter(({ tm, i }) => tm.status === 'ACTIVE' && JOBS[i % JOBS.length].tips)
    .map(({ i }) => i);
  const orders = new SquareOrderStore(
    seed,
    currency,
    locations.map((l) => l.id),
    teamMembers.map((t) => t.id),
  );
  const returns: { sale: number; at: number }[] = [];
  for (let d = 0; d < days; d++) {
    const day = startAt + d * DAY;
    const count = Math.max(0, Math.round(ordersPerDay * (0.8 + rnd() * 0.4)));
    // closed between 15:00 and 24:00 UTC, in time order (ids follow the closing order)
    const closes = Array.from({ length: count }, () => day + 15 * HOUR + int(0, 9 * 3600 - 1) * 1000).sort(
      (a, b) => a - b,
    );
    for (const closed of closes) {
      const split = rnd() < 0.1;
      const firstType = rnd() < 0.8 ? CARD : CASH;
      const types = split ? [firstType, rnd() < 0.5 ? CARD : CASH] : [firstType];
      const lineSeed = Math.floor(rnd() * 2 ** 31);
      const subtotal = linesOf(lineSeed).reduce((n, l) => n + l.amount, 0);
      const base = subtotal + Math.round(subtotal * TAX_RATE);
      const paidAt = closed - int(20, 60) * 1000 + int(0, 999);
      const tenders = types.map((type, k) => {
        const share = split ? (k === 0 ? Math.floor(base / 2) : base - Math.floor(base / 2)) : base;
        // card tips are common; some cash tips are recorded on the tender too
        const tipped = rnd() < (type === CARD ? 0.85 : 0.4);
        return {
          type,
          share,
          tip: tipped ? Math.round(share * (0.1 + rnd() * 0.12)) : 0,
          paidAt: paidAt + k * int(2, 15) * 1000,
        };
      });
      // about 1 in 30 card sales gets its tip adjusted hours later (a late update of the order)
      const adjusted = firstType === CARD && rnd() < 1 / 30;
      const updated = adjusted ? Math.max(closed, Math.min(closed + int(1, 20) * HOUR, endAt - 1000)) : closed;
      const location = locations.length > 1 && rnd() < 0.2 ? 1 : 0;
      const member = rnd() < 0.05 || floor.length === 0 ? -1 : floor[int(0, floor.length - 1)];
      const sale = orders.addSale({
        location,
        createdAt: closed - int(5, 90) * MIN,
        closedAt: closed,
        updatedAt: updated,
        member,
        lineSeed,
        tenders,
      });
      // about 1 in 100 sales is returned (in full) within two days, as a separate return order
      if (rnd() < 0.01) {
        const at = Math.min(closed + int(10, 48 * 60) * MIN, endAt - 1000);
        if (at > closed) returns.push({ sale, at });
      }
    }
  }
  returns.sort((a, b) => a.at - b.at).forEach((r) => orders.addReturn(r.sale, r.at));
  return { seed, startAt, endAt, currency, locations, teamMembers, timecards, orders };
}

/** The dataset as the connector must read it, normalized: every record of the given locations. */
export interface SquareGroundTruth {
  employees: PosEmployee[];
  punches: PosPunch[];
  sales: PosSale[];
}

export function teamMemberTruth(t: SquareTeamMember): PosEmployee {
  return {
    vendorId: t.id,
    firstName: t.given_name,
    lastName: t.family_name,
    email: t.email_address ?? null,
    phone: t.phone_number ?? null,
    active: t.status === 'ACTIVE',
    jobTitle: t.wage_setting.job_assignments[0]?.job_title ?? null,
    modifiedAt: Date.parse(t.updated_at),
  };
}

export function timecardTruth(t: SquareTimecard): PosPunch {
  const ms = (iso: string | undefined) => (iso ? Date.parse(iso) : null);
  return {
    vendorId: t.id,
    employeeVendorId: t.team_member_id,
    clockInAt: Date.parse(t.start_at),
    clockOutAt: ms(t.end_at),
    breaks: t.breaks.map((b) => ({ startAt: Date.parse(b.start_at), endAt: ms(b.end_at), paid: b.is_paid })),
    jobTitle: t.wage.title,
    deleted: false,
    ...(t.declared_cash_tip_money ? { declaredCashTips: t.declared_cash_tip_money.amount } : {}),
    modifiedAt: Date.parse(t.updated_at),
  };
}

/**
 * Every team member, timecard and sale or refund of `locationIds` as the connector must read it: a
 * sale's net amount (total - tips - tax), its tips and their cash part (tips of CASH tenders), the
 * team member of its payment; a return negated, attributed to its sale's team member, the cash part
 * of its tips in proportion to the amounts refunded to CASH tenders.
 */
export function squareTruth(data: SquareData, locationIds: readonly string[]): SquareGroundTruth {
  const at = new Set(locationIds);
  const sales: PosSale[] = [];
  for (let i = 0; i < data.orders.count; i++) if (at.has(data.orders.locationId(i))) sales.push(data.orders.truth(i));
  return {
    employees: data.teamMembers
      .filter((t) => t.assigned_locations.location_ids.some((l) => at.has(l)))
      .map(teamMemberTruth),
    punches: data.timecards.filter((t) => at.has(t.location_id)).map(timecardTruth),
    sales,
  };
}
