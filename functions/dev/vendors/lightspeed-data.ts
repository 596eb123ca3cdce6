/**
 * The deterministic business location the Lightspeed K-Series simulator serves (./lightspeed.ts):
 * POS staff, shifts (clock-in and clock-out events, some corrected by a newer event, some still
 * open) and sales as the Financial API exports them (decimal strings, six decimals on lines, tips
 * on payments, refunds as sales of their own, voids and cancelled accounts), generated from a seed.
 * Tests derive their ground truth from the same records.
 */
import { seededRandom } from '../demo/random';
import type { SimRestaurantOptions } from './sim-options';

export interface SimLightspeedStaff {
  staffId: number;
  username: string;
  firstName: string;
  lastName: string;
  active: boolean;
  group: string;
  modifiedOn: number;
}

export interface SimLightspeedEvent {
  uuid: string;
  timestamp: number;
  eventType: 'CLOCK_IN' | 'CLOCK_OUT';
}

export interface SimLightspeedShift {
  uuid: string;
  staffId: number;
  declaredCashTips: string;
  /** The last update of the shift. */
  dateInUTC: number;
  events: SimLightspeedEvent[];
}

export interface SimLightspeedSale {
  accountFiscId: string;
  receiptId: string;
  type: 'SALE' | 'REFUND' | 'VOID';
  cancelled: boolean;
  timeClosed: number;
  ownerId: number | null;
  nbCovers: number;
  initialAccountId: string | null;
  /** totalNetAmountWithoutTax of each line, six decimals. */
  lines: string[];
  payments: { code: 'CASH' | 'CARD'; tip: string; netAmountWithTax: string }[];
  currency: string;
}

export interface LightspeedSimData {
  start: number;
  end: number;
  staff: SimLightspeedStaff[];
  shifts: SimLightspeedShift[];
  sales: SimLightspeedSale[];
}

const DAY = 86_400_000;
const MINUTE = 60_000;
const FIRST = ['Ava', 'Liam', 'Mia', 'Noah', 'Zoe', 'Ethan', 'Lea', 'Omar', 'Iris', 'Hugo', 'Nina', 'Theo'];
const LAST = ['Martin', 'Bernard', 'Dubois', 'Petit', 'Leroy', 'Moreau', 'Simon', 'Laurent'];
const GROUPS = ['Floor', 'Bar', 'Kitchen'];

const decimals = (cents: number, places: number) =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}${'0'.repeat(places - 2)}`;

export function generateLightspeedData(options: SimRestaurantOptions = {}): LightspeedSimData {
  const rnd = seededRandom(options.seed ?? 11);
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  const uuid = () => Buffer.from(Array.from({ length: 16 }, () => int(0, 255))).toString('base64');
  const end = options.end ?? Date.UTC(2025, 5, 1);
  const days = options.days ?? 40;
  const start = end - days * DAY;
  const currency = options.currency ?? 'USD';

  const staff: SimLightspeedStaff[] = Array.from({ length: options.employees ?? 10 }, (_, i) => ({
    staffId: 18_000 + i * 37,
    username: `${FIRST[i % FIRST.length]} ${LAST[i % LAST.length][0]}.`,
    firstName: FIRST[i % FIRST.length],
    lastName: LAST[int(0, LAST.length - 1)],
    active: i % 6 !== 5,
    group: GROUPS[i % GROUPS.length],
    modifiedOn: start - int(5, 200) * DAY,
  }));

  const shifts: SimLightspeedShift[] = [];
  const sales: SimLightspeedSale[] = [];
  let account = 1;
  for (let d = 0; d < days; d++) {
    const day = start + d * DAY;
    for (const s of staff.filter((x) => x.active && rnd() < 0.6)) {
      const clockIn = day + int(9 * 60, 17 * 60) * MINUTE;
      const open = day + DAY >= end && rnd() < 0.5;
      const clockOut = clockIn + int(4 * 60, 9 * 60) * MINUTE;
      const events: SimLightspeedEvent[] = [{ uuid: uuid(), timestamp: clockIn, eventType: 'CLOCK_IN' }];
      let updated = clockIn;
      if (!open) {
        events.push({ uuid: uuid(), timestamp: clockOut, eventType: 'CLOCK_OUT' });
        updated = clockOut;
        // a manager's correction: a newer clock-out event, the one that counts
        if (rnd() < 0.1) {
          events.push({ uuid: uuid(), timestamp: clockOut + 20 * MINUTE, eventType: 'CLOCK_OUT' });
          updated = clockOut + int(1, 48) * 60 * MINUTE;
        }
      }
      shifts.push({
        uuid: uuid(),
        staffId: s.staffId,
        declaredCashTips: decimals(int(0, 4000), 2),
        dateInUTC: Math.min(updated, end - 1),
        events,
      });
    }
    for (let o = 0; o < (options.ordersPerDay ?? 40); o++) {
      const timeClosed = day + int(11 * 60, 23 * 60) * MINUTE + int(0, 59_999);
      const owner = staff[int(0, staff.length - 1)];
      const lines = Array.from(
        { length: int(1, 4) },
        () => `${int(2, 40)}.${String(int(0, 999_999)).padStart(6, '0')}`,
      );
      const tipCents = rnd() < 0.6 ? int(50, 1500) : 0;
      const id = `A${owner.staffId}.${account++}`;
      const type = rnd() < 0.03 ? 'VOID' : 'SALE';
      sales.push({
        accountFiscId: id,
        receiptId: `R${account}`,
        type,
        cancelled: rnd() < 0.02,
        timeClosed,
        ownerId: rnd() < 0.05 ? null : owner.staffId,
        nbCovers: int(1, 6),
        initialAccountId: id,
        lines,
        currency,
        payments: [{ code: rnd() < 0.3 ? 'CASH' : 'CARD', tip: decimals(tipCents, 2), netAmountWithTax: '0.00' }],
      });
      if (type === 'SALE' && rnd() < 0.04) {
        sales.push({
          accountFiscId: `A${owner.staffId}.${account++}`,
          receiptId: `R${account}`,
          type: 'REFUND',
          cancelled: false,
          timeClosed: Math.min(timeClosed + int(5, 90) * MINUTE, end - 1),
          ownerId: owner.staffId,
          nbCovers: 0,
          initialAccountId: id,
          lines: [`-${lines[0]}`],
          currency,
          payments: [{ code: 'CARD', tip: '0.00', netAmountWithTax: '0.00' }],
        });
      }
    }
  }
  sales.sort((a, b) => a.timeClosed - b.timeClosed);
  shifts.sort((a, b) => a.dateInUTC - b.dateInUTC);
  return { start, end, staff, shifts, sales };
}
