/**
 * The deterministic business location the Lightspeed K-Series simulator serves (./lightspeed.ts):
 * POS staff, shifts (clock-in and clock-out events, some corrected by a newer event, some still
 * open, declared cash tips) and sales as the Financial API exports them (decimal strings, six
 * decimals on lines, tips on payments, refunds as sales of their own; VOID and RECALL records taking
 * back a closed sale, a recalled sale closed again under a new account, CANCEL records of a canceled
 * input, cancelled accounts), at each location of the business, generated from a seed.
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
  /** The business locations (blID) the user works at. */
  locations: number[];
}

export interface SimLightspeedEvent {
  uuid: string;
  timestamp: number;
  eventType: 'CLOCK_IN' | 'CLOCK_OUT';
}

export interface SimLightspeedShift {
  uuid: string;
  blId: number;
  staffId: number;
  declaredCashTips: string;
  /** The last update of the shift. */
  dateInUTC: number;
  events: SimLightspeedEvent[];
}

export interface SimLightspeedSale {
  blId: number;
  accountFiscId: string;
  receiptId: string;
  /** "Transaction Types" (api-portal.lsk.lightspeed.app): VOID/RECALL take back previousAccountId, CANCEL a canceled input. */
  type: 'SALE' | 'REFUND' | 'VOID' | 'RECALL' | 'CANCEL';
  cancelled: boolean;
  timeClosed: number;
  ownerId: number | null;
  nbCovers: number;
  initialAccountId: string | null;
  /** The account directly linked to this one (the one a VOID or RECALL takes back, the RECALL a re-closed sale comes from). */
  previousAccountId: string | null;
  voidReason?: string;
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

const negate = (v: string) => (v.startsWith('-') ? v.slice(1) : /^0(\.0+)?$/.test(v) ? v : `-${v}`);

/** The business locations the data is spread over (the linked one first). */
export const LIGHTSPEED_SIM_LOCATIONS = [45454565682155, 45454565682789] as const;

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
    // most at the main room, some at both, a few at the terrace only
    locations:
      i % 4 === 3
        ? [...LIGHTSPEED_SIM_LOCATIONS]
        : i % 5 === 4
          ? [LIGHTSPEED_SIM_LOCATIONS[1]]
          : [LIGHTSPEED_SIM_LOCATIONS[0]],
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
        blId: s.locations[int(0, s.locations.length - 1)],
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
      const blId = owner.locations[int(0, owner.locations.length - 1)];
      const cash = rnd() < 0.3;
      const payments: SimLightspeedSale['payments'] = [
        { code: cash ? 'CASH' : 'CARD', tip: decimals(tipCents, 2), netAmountWithTax: '0.00' },
      ];
      const sale: SimLightspeedSale = {
        blId,
        accountFiscId: id,
        receiptId: `R${account}`,
        type: 'SALE',
        cancelled: rnd() < 0.02,
        timeClosed,
        ownerId: rnd() < 0.05 ? null : owner.staffId,
        nbCovers: int(1, 6),
        initialAccountId: id,
        previousAccountId: null,
        lines,
        currency,
        payments,
      };
      sales.push(sale);
      const later = (minutes: number) => Math.min(timeClosed + minutes * MINUTE, end - 1);
      /** A record taking `sale` back: its lines and tips negated, naming it. */
      const takeBack = (type: 'VOID' | 'RECALL', at: number): SimLightspeedSale => ({
        ...sale,
        accountFiscId: `A${owner.staffId}.${account++}`,
        receiptId: `R${account}`,
        type,
        cancelled: false,
        timeClosed: at,
        nbCovers: 0,
        initialAccountId: id,
        previousAccountId: id,
        ...(type === 'VOID' ? { voidReason: 'Wrong table' } : {}),
        lines: lines.map(negate),
        payments: payments.map((p) => ({ ...p, tip: negate(p.tip) })),
      });
      const r = rnd();
      if (sale.cancelled) {
        // cancelled: taken back as it is
      } else if (r < 0.03) {
        sales.push(takeBack('VOID', later(int(5, 600))));
      } else if (r < 0.05) {
        // recalled (reopened), then closed again as a new account with one more line
        const recall = takeBack('RECALL', later(int(5, 120)));
        sales.push(recall);
        const again = `A${owner.staffId}.${account++}`;
        sales.push({
          ...sale,
          accountFiscId: again,
          receiptId: `R${account}`,
          timeClosed: Math.min(recall.timeClosed + int(1, 30) * MINUTE, end - 1),
          initialAccountId: id,
          previousAccountId: recall.accountFiscId,
          lines: [...lines, `${int(2, 9)}.${String(int(0, 999_999)).padStart(6, '0')}`],
        });
      } else if (r < 0.07) {
        // a canceled input: a record of its own naming no other account
        const cancel = `A${owner.staffId}.${account++}`;
        sales.push({
          ...sale,
          accountFiscId: cancel,
          receiptId: `R${account}`,
          type: 'CANCEL',
          timeClosed: later(int(1, 20)),
          nbCovers: 0,
          initialAccountId: cancel,
          lines: ['0.000000'],
          payments: [],
        });
      } else if (r < 0.11) {
        sales.push({
          blId,
          accountFiscId: `A${owner.staffId}.${account++}`,
          receiptId: `R${account}`,
          type: 'REFUND',
          cancelled: false,
          timeClosed: later(int(5, 90)),
          ownerId: owner.staffId,
          nbCovers: 0,
          initialAccountId: id,
          previousAccountId: id,
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
