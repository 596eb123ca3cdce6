/**
 * The seeded restaurant the local Square simulator serves (src/local/vendors/square.ts): team members,
 * timecards with breaks and orders with tips, taxes and a few returns, in the shapes of Square's
 * TeamMember, Timecard and Order objects (developer.squareup.com/reference/square/objects). The same
 * seed and options always give the same data, so tests and benchmarks compare what a connector reads
 * with this ground truth.
 */
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
}

export interface SquareOrderAmounts {
  total_money: SquareMoney;
  tax_money: SquareMoney;
  tip_money: SquareMoney;
  discount_money: SquareMoney;
  service_charge_money: SquareMoney;
}

export interface SquareOrder {
  id: string;
  location_id: string;
  state: 'COMPLETED';
  version: number;
  created_at: string;
  updated_at: string;
  closed_at: string;
  line_items?: { uid: string; name: string; quantity: string; total_money: SquareMoney }[];
  tenders?: { id: string; type: 'CARD' | 'CASH'; amount_money: SquareMoney; tip_money: SquareMoney }[];
  returns?: { uid: string; source_order_id: string; return_amounts: SquareOrderAmounts }[];
  return_amounts?: SquareOrderAmounts;
  refunds?: { id: string; location_id: string; tender_id: string; amount_money: SquareMoney; status: 'COMPLETED'; reason: string }[];
  total_money: SquareMoney;
  total_tax_money: SquareMoney;
  total_tip_money: SquareMoney;
  total_discount_money: SquareMoney;
  total_service_charge_money: SquareMoney;
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
  orders: SquareOrder[];
}

const DAY = 86_400_000;
const MIN = 60_000;
const TAX_RATE = 0.0825;

const FIRST = ['Ava', 'Liam', 'Mia', 'Noah', 'Zoe', 'Ethan', 'Lena', 'Omar', 'Ivy', 'Lucas', 'Nora', 'Mateo', 'Ruby', 'Kai', 'Elena', 'Sam', 'Priya', 'Jonah', 'Maya', 'Theo'];
const LAST = ['Garcia', 'Nguyen', 'Smith', 'Okafor', 'Rossi', 'Kim', 'Patel', 'Müller', 'Silva', 'Cohen', 'Haddad', 'Novak', 'Larsen', 'Dubois', 'Tanaka'];
const JOBS = [
  { title: 'Server', rate: 850, tips: true },
  { title: 'Bartender', rate: 1100, tips: true },
  { title: 'Line Cook', rate: 1900, tips: false },
  { title: 'Host', rate: 1400, tips: true },
  { title: 'Dishwasher', rate: 1600, tips: false },
];
const ITEMS = ['Burger', 'Caesar Salad', 'Fish Tacos', 'Margherita Pizza', 'Ribeye', 'Iced Tea', 'IPA Draft', 'House Red', 'Cheesecake', 'Fries'];

/** RFC 3339 with seconds, as Square writes timestamps. */
export function squareTime(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function id(prefix: string, n: number, seed: number, width = 10): string {
  return `${prefix}${seed.toString(36).toUpperCase()}X${n.toString(36).toUpperCase().padStart(width, '0')}`;
}

export const SQUARE_SIM_LOCATIONS = [
  { id: 'LSIMULATEDMAIN01', name: 'Simulated Square Café - Main Street' },
  { id: 'LSIMULATEDPATIO2', name: 'Simulated Square Café - Patio Bar' },
];

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
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)];

  const locations: SquareLocation[] = (options.locations ?? SQUARE_SIM_LOCATIONS).map((l) => ({ ...l, status: 'ACTIVE', timezone: 'America/Chicago', currency }));
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
      updated_at: squareTime(active ? created + int(0, 20) * DAY : startAt + int(0, days) * DAY),
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
      // 15:00-17:00 UTC (10:00-12:00 in Chicago) or 21:00-23:00 UTC
      const start = day + (rnd() < 0.5 ? 15 : 21) * 3600_000 + int(0, 120) * MIN;
      const length = int(4 * 60, 9 * 60) * MIN;
      const open = d === days - 1 && i % 9 === 0;
      const end = start + length;
      const breaks: SquareTimecardBreak[] = [];
      if (length >= 6 * 3600_000) {
        const bs = start + Math.floor(length / 2);
        breaks.push({ id: id('BR', brN++, seed), start_at: squareTime(bs), end_at: squareTime(bs + 30 * MIN), break_type_id: 'BTMEAL', name: 'Meal break', expected_duration: 'PT30M', is_paid: false });
      }
      if (length >= 8 * 3600_000) {
        const bs = start + 2 * 3600_000;
        breaks.push({ id: id('BR', brN++, seed), start_at: squareTime(bs), end_at: squareTime(bs + 10 * MIN), break_type_id: 'BTREST', name: 'Rest break', expected_duration: 'PT10M', is_paid: true });
        breaks.sort((a, b) => a.start_at.localeCompare(b.start_at));
      }
      // a manager edits about 1 in 12 timecards a few days later
      const edited = !open && rnd() < 1 / 12;
      const updated = open ? start : edited ? Math.min(end + int(1, 5) * DAY, endAt - MIN) : end + int(1, 10) * MIN;
      const location = tm.assigned_locations.location_ids.length > 1 && rnd() < 0.5 ? tm.assigned_locations.location_ids[1] : main;
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
      });
    });
  }

  const orders: SquareOrder[] = [];
  let orN = 0;
  const zeroAmounts = (): SquareOrderAmounts => ({ total_money: money(0), tax_money: money(0), tip_money: money(0), discount_money: money(0), service_charge_money: money(0) });
  for (let d = 0; d < days; d++) {
    const day = startAt + d * DAY;
    const count = Math.max(0, Math.round(ordersPerDay * (0.8 + rnd() * 0.4)));
    for (let k = 0; k < count; k++) {
      const closed = day + 16 * 3600_000 + int(0, 11 * 60 * 60) * 1000;
      const lines = int(1, 4);
      const lineItems: NonNullable<SquareOrder['line_items']> = [];
      let subtotal = 0;
      for (let l = 0; l < lines; l++) {
        const amount = int(4, 45) * 50;
        subtotal += amount;
        lineItems.push({ uid: `li${l}`, name: pick(ITEMS), quantity: '1', total_money: money(amount) });
      }
      const tax = Math.round(subtotal * TAX_RATE);
      const card = rnd() < 0.8;
      const tip = card && rnd() < 0.85 ? Math.round(subtotal * (0.1 + rnd() * 0.12)) : 0;
      const total = subtotal + tax + tip;
      const orderId = id('OR', orN++, seed, 12);
      const location = locations.length > 1 && rnd() < 0.2 ? locations[1].id : main;
      orders.push({
        id: orderId,
        location_id: location,
        state: 'COMPLETED',
        version: 4,
        created_at: squareTime(closed - int(5, 90) * MIN),
        updated_at: squareTime(closed),
        closed_at: squareTime(closed),
        line_items: lineItems,
        tenders: [{ id: `${orderId}T`, type: card ? 'CARD' : 'CASH', amount_money: money(total), tip_money: money(tip) }],
        total_money: money(total),
        total_tax_money: money(tax),
        total_tip_money: money(tip),
        total_discount_money: money(0),
        total_service_charge_money: money(0),
      });
      // about 1 in 100 sales is returned (in full) within two days, as a separate return order
      if (rnd() < 0.01) {
        const returnedAt = Math.min(closed + int(10, 48 * 60) * MIN, endAt - MIN);
        const amounts: SquareOrderAmounts = { ...zeroAmounts(), total_money: money(total), tax_money: money(tax), tip_money: money(tip) };
        const returnId = id('OR', orN++, seed, 12);
        orders.push({
          id: returnId,
          location_id: location,
          state: 'COMPLETED',
          version: 2,
          created_at: squareTime(returnedAt),
          updated_at: squareTime(returnedAt),
          closed_at: squareTime(returnedAt),
          returns: [{ uid: 'ret0', source_order_id: orderId, return_amounts: amounts }],
          return_amounts: amounts,
          refunds: [{ id: `${returnId}R`, location_id: location, tender_id: `${orderId}T`, amount_money: money(total), status: 'COMPLETED', reason: 'Returned goods' }],
          total_money: money(0),
          total_tax_money: money(0),
          total_tip_money: money(0),
          total_discount_money: money(0),
          total_service_charge_money: money(0),
        });
      }
    }
  }
  return { seed, startAt, endAt, currency, locations, teamMembers, timecards, orders };
}
