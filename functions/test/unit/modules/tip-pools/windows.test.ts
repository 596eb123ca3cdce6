import fc from 'fast-check';
import { addDays, instant } from '../../../../src/core/calendar';
import { contributions, divide, spanMinutes, workDays } from '../../../../src/modules/tip-pools/distribution';
import { overlapOf, cellsOfPool, type PoolClaim } from '../../../../src/modules/tip-pools/overlap';
import { DAYPARTS, SHIFT_BLOCKS, TIP_CLASSES, type TipClass } from '../../../../src/modules/tip-pools/schemas';
import {
  cellsOf,
  partBounds,
  partOf,
  splitSpan,
  windowInputs,
  workInCells,
  type WindowInput,
} from '../../../../src/modules/tip-pools/windows';
import type { PoolSale } from '../../../../src/modules/sales';

/**
 * The windows of a business date (dayparts, shifts): which sales and which worked minutes a pool
 * of one part reads. America/Chicago, day change at 04:00, dayparts lunch 11:00, dinner 16:00,
 * late 22:00 unless said.
 */
const TZ = 'America/Chicago';
const D = '2026-11-23';
const DAY_CHANGE = 4 * 3600;
const DAYPART_BOUNDS = partBounds([11 * 60, 16 * 60, 22 * 60], DAY_CHANGE);
const at = (date: string, hour: number, minute = 0) => instant(date, hour * 60 + minute, TZ);
const span = (
  businessDate: string,
  startMs: number,
  endMs: number,
  positionId: string | null = 'server',
  unpaidBreaks: { startMs: number; endMs: number }[] = [],
) => ({ businessDate, startMs, endMs, positionId, unpaidBreaks });
const sale = (employeeId: string, hour: number, card: number, extra: Partial<PoolSale> = {}): PoolSale => ({
  employeeId,
  date: D,
  second: hour * 3600,
  sales: 0,
  card,
  cash: 0,
  gratuities: 0,
  ...extra,
});
const input = (over: Partial<WindowInput>): WindowInput => ({
  date: D,
  part: 1,
  zone: TZ,
  boundsOf: () => DAYPART_BOUNDS,
  sales: [],
  declared: [],
  spans: new Map(),
  ...over,
});

describe('the parts of a business date (hand-worked)', () => {
  it('bounds the dayparts from the day change to the next: breakfast 04:00-11:00, lunch to 16:00, dinner to 22:00, late to 04:00', () => {
    expect(DAYPART_BOUNDS).toEqual([4 * 3600, 11 * 3600, 16 * 3600, 22 * 3600, 28 * 3600]);
    // a cut before the previous one, or past the next day change, makes an empty part (never out of order)
    expect(partBounds([600, 500, 2000], 0)).toEqual([0, 36_000, 36_000, 86_400, 86_400]);
  });

  it('puts a sale in the part holding its close second: 15:59:59 is lunch, 16:00:00 dinner, 01:30 after midnight late', () => {
    expect(partOf(DAYPART_BOUNDS, 16 * 3600 - 1)).toBe(1);
    expect(partOf(DAYPART_BOUNDS, 16 * 3600)).toBe(2);
    expect(partOf(DAYPART_BOUNDS, 25 * 3600 + 1800)).toBe(3);
    // a close time outside the day's bounds (recorded under another day change) goes to the first or the last part
    expect(partOf(DAYPART_BOUNDS, 3600)).toBe(0);
    expect(partOf(DAYPART_BOUNDS, 30 * 3600)).toBe(3);
  });

  it('cuts a server working 11:00-19:00 with a 30-minute unpaid break at 15:00 into 270 lunch and 180 dinner minutes', () => {
    const cells = cellsOf(D, DAYPART_BOUNDS, TZ);
    const s = span(D, at(D, 11), at(D, 19), 'server', [{ startMs: at(D, 15), endMs: at(D, 15, 30) }]);
    expect(splitSpan(s, cells).map((x) => [x.cell.part, x.minutes])).toEqual([
      [1, 270],
      [2, 180],
    ]);
  });

  it('never counts a part more minutes than it was worked, rounded up: 30:28 and 899:00 of a 929:30 span count 31 and 899', () => {
    // found by the property below (seed 106490939): the span's first 2 s lie before the cells, its
    // minutes (930) are one more than the cells' whole minutes, and apportioning by share gave the
    // extra minute to the part worked exactly 899 minutes (900)
    const start = at(D, 11);
    const s = span(D, start, start + 55_770_000);
    const cells = [
      { date: D, part: 1, startMs: start + 2_000, endMs: start + 1_830_000 },
      { date: D, part: 2, startMs: start + 1_830_000, endMs: start + 55_770_000 },
    ];
    expect(splitSpan(s, cells).map((x) => [x.cell.part, x.minutes])).toEqual([
      [1, 31],
      [2, 899],
    ]);
  });

  it("gives a punch past the day change to the next date's breakfast: 22:00-05:00 is 360 late minutes and 60 of the next breakfast", () => {
    const w = workInCells({
      date: D,
      zone: TZ,
      boundsOf: () => DAYPART_BOUNDS,
      spans: new Map([['ana', [span(D, at(D, 22), at(addDays(D, 1), 5))]]]),
    });
    expect(w.map((x) => [x.cell.date, x.cell.part, x.minutes])).toEqual([
      [D, 3, 360],
      [addDays(D, 1), 0, 60],
    ]);
  });

  it('a lunch pool reads the sales closed at lunch and the minutes worked at lunch; declared cash by the minutes of each part', () => {
    // Ana 11:00-19:00 (300 lunch, 180 dinner), Ben 16:00-22:00 (360 dinner)
    const spans = new Map([
      ['ana', [span(D, at(D, 11), at(D, 19))]],
      ['ben', [span(D, at(D, 16), at(D, 22))]],
    ]);
    const sales = [sale('ana', 12, 4000), sale('ana', 17, 3000), sale('ben', 20, 5000)];
    // Ana declared $16.00 cash: 300/480 to lunch (1000), 180/480 to dinner (600)
    const declared = [{ employeeId: 'ana', amount: 1600 }];
    const lunch = windowInputs(input({ part: 1, spans, sales, declared }));
    expect(lunch.tips).toEqual([{ employeeId: 'ana', date: D, sales: 0, card: 4000, cash: 1000, gratuities: 0 }]);
    expect(lunch.work).toEqual([{ employeeId: 'ana', date: D, roleId: 'server', minutes: 300 }]);
    const dinner = windowInputs(input({ part: 2, spans, sales, declared }));
    expect(dinner.tips).toEqual([
      { employeeId: 'ana', date: D, sales: 0, card: 3000, cash: 600, gratuities: 0 },
      { employeeId: 'ben', date: D, sales: 0, card: 5000, cash: 0, gratuities: 0 },
    ]);
    expect(dinner.work).toEqual([
      { employeeId: 'ana', date: D, roleId: 'server', minutes: 180 },
      { employeeId: 'ben', date: D, roleId: 'server', minutes: 360 },
    ]);
  });
});

describe('a part nobody of the sharing roles worked', () => {
  it('keeps the tips with the servers: no busser at lunch takes no tip-out, a bar pool nobody worked gives back what entered', () => {
    // Ana serves lunch 11:00-15:00 with $40.00 of card tips; Ben buses dinner only
    const spans = new Map([
      ['ana', [span(D, at(D, 11), at(D, 15), 'server')]],
      ['ben', [span(D, at(D, 17), at(D, 22), 'busser')]],
    ]);
    const lunch = windowInputs(input({ part: 1, spans, sales: [sale('ana', 13, 4000)] }));
    expect(lunch.work).toEqual([{ employeeId: 'ana', date: D, roleId: 'server', minutes: 240 }]);
    const rules = {
      tipClasses: ['card'] as TipClass[],
      contributorRoleIds: ['server'],
      tipOut: { basis: 'tips' as const, percentBp: 1000, toRoleIds: ['busser'] },
      shareBy: 'hours' as const,
      shares: [{ roleId: 'bar' }],
      employeePoints: {},
    };
    const d = divide(rules, lunch.tips, lunch.work);
    expect(d.tipOut).toBe(0);
    expect(d.lines.map((l) => [l.employeeId, l.kind, l.contributed, l.share])).toEqual([['ana', 'pool', 4000, 4000]]);
  });
});

// ---------------------------------------------------------------------------------------------- properties

const EMPLOYEES = ['e1', 'e2', 'e3'];
const ROLES = ['r1', 'r2', 'r3'];
const DATES = [addDays(D, -1), D, addDays(D, 1)];
const base = at(addDays(D, -1), 4);

/** Spans anywhere over three business dates (some crossing the day change), to the second, with unpaid breaks inside or across them. */
const arbSpans = fc
  .array(
    fc.record({
      employeeId: fc.constantFrom(...EMPLOYEES),
      roleId: fc.constantFrom(...ROLES),
      startMin: fc.integer({ min: 0, max: 3 * 24 * 60 - 60 }),
      length: fc.integer({ min: 1, max: 16 * 60 }),
      // punches are clocked to the second: parts of minutes on either side of a bound
      seconds: fc.integer({ min: 0, max: 59 }),
      lengthSeconds: fc.integer({ min: 0, max: 59 }),
      breaks: fc.array(
        fc.record({ from: fc.integer({ min: -60, max: 960 }), length: fc.integer({ min: 0, max: 90 }) }),
        {
          maxLength: 2,
        },
      ),
    }),
    { maxLength: 12 },
  )
  .map((rows) => {
    const spans = new Map<string, ReturnType<typeof span>[]>();
    for (const r of rows) {
      const startMs = base + r.startMin * 60_000 + r.seconds * 1000;
      const endMs = startMs + r.length * 60_000 + r.lengthSeconds * 1000;
      const businessDate = DATES[Math.min(2, Math.floor(r.startMin / (24 * 60)))];
      const breaks = r.breaks.map((b) => ({
        startMs: startMs + b.from * 60_000,
        endMs: startMs + (b.from + b.length) * 60_000,
      }));
      const list = spans.get(r.employeeId) ?? [];
      list.push(span(businessDate, startMs, endMs, r.roleId, breaks));
      spans.set(r.employeeId, list);
    }
    return spans;
  });

/** Cuts of a date's parts in any order, some before the day change or past the next. */
const arbCuts = fc
  .array(fc.integer({ min: 0, max: 2880 }), { minLength: 1, maxLength: 3 })
  .map((c) => c.sort((a, b) => a - b));

const arbSales = fc.array(
  fc.record({
    employeeId: fc.constantFrom(...EMPLOYEES),
    date: fc.constant(D),
    second: fc.integer({ min: 0, max: 30 * 3600 }),
    sales: fc.integer({ min: -5000, max: 200_000 }),
    card: fc.integer({ min: -500, max: 20_000 }),
    cash: fc.integer({ min: 0, max: 10_000 }),
    gratuities: fc.integer({ min: 0, max: 5_000 }),
  }),
  { maxLength: 15 },
);
const arbDeclared = fc.array(
  fc.record({ employeeId: fc.constantFrom(...EMPLOYEES), amount: fc.integer({ min: 0, max: 10_000 }) }),
  { maxLength: 3 },
);

describe('the parts of a business date (properties)', () => {
  it('counts every worked minute once: the minutes over all the parts of all the dates are the punches minutes, employee by employee and role by role', () => {
    fc.assert(
      fc.property(arbSpans, arbCuts, fc.integer({ min: 0, max: 12 }), (spans, cuts, dayChangeHour) => {
        const bounds = partBounds(cuts, dayChangeHour * 3600);
        const cells = workInCells({ date: D, zone: TZ, boundsOf: () => bounds, spans });
        const got = new Map<string, number>();
        for (const c of cells)
          got.set(`${c.employeeId}/${c.roleId}`, (got.get(`${c.employeeId}/${c.roleId}`) ?? 0) + c.minutes);
        const want = new Map<string, number>();
        for (const w of workDays(spans))
          want.set(`${w.employeeId}/${w.roleId}`, (want.get(`${w.employeeId}/${w.roleId}`) ?? 0) + w.minutes);
        expect(got).toEqual(want);
        // and no part gets more minutes than the span worked in it (rounded up)
        for (const c of cells)
          expect(c.minutes).toBeLessThanOrEqual(Math.ceil((c.cell.endMs - c.cell.startMs) / 60_000));
      }),
      { numRuns: 300 },
    );
  });

  it('cuts one span exactly: its parts add up to its minutes, and only parts it worked in get any', () => {
    fc.assert(
      fc.property(arbSpans, arbCuts, (spans, cuts) => {
        const bounds = partBounds(cuts, DAY_CHANGE);
        const cells = DATES.flatMap((d) => cellsOf(d, bounds, TZ)).concat(cellsOf(addDays(D, 2), bounds, TZ));
        for (const list of spans.values())
          for (const s of list) {
            const parts = splitSpan(s, cells);
            expect(parts.reduce((t, p) => t + p.minutes, 0)).toBe(Math.max(0, spanMinutes(s)));
            for (const p of parts)
              expect(Math.min(s.endMs, p.cell.endMs)).toBeGreaterThan(Math.max(s.startMs, p.cell.startMs));
          }
      }),
      { numRuns: 300 },
    );
  });

  it("puts every sale's tips in exactly one part, and an employee's declared cash over the parts they worked: the parts add up to the day", () => {
    fc.assert(
      fc.property(arbSpans, arbCuts, arbSales, arbDeclared, (spans, cuts, sales, declared) => {
        const bounds = partBounds(cuts, DAY_CHANGE);
        const parts = bounds.length - 1;
        const all = Array.from({ length: parts }, (_, part) =>
          windowInputs(input({ part, boundsOf: () => bounds, spans, sales, declared })),
        );
        const worked = new Set(
          workInCells({ date: D, zone: TZ, boundsOf: () => bounds, spans })
            .filter((c) => c.cell.date === D)
            .map((c) => c.employeeId),
        );
        for (const e of EMPLOYEES)
          for (const cls of ['sales', 'card', 'cash', 'gratuities'] as const) {
            const got = all
              .flatMap((p) => p.tips)
              .filter((t) => t.employeeId === e)
              .reduce((s, t) => s + t[cls], 0);
            const fromSales = sales.filter((s) => s.employeeId === e).reduce((s, x) => s + x[cls], 0);
            const fromDeclared =
              cls === 'cash' && worked.has(e)
                ? declared.filter((d) => d.employeeId === e).reduce((s, d) => s + d.amount, 0)
                : 0;
            expect(got).toBe(fromSales + fromDeclared);
          }
      }),
      { numRuns: 300 },
    );
  });

  it('conserves every cent of a part: the shares of a pool of a part add up to what entered it', () => {
    fc.assert(
      fc.property(arbSpans, arbSales, fc.constantFrom(0, 1, 2, 3), (spans, sales, part) => {
        const { tips, work } = windowInputs(input({ part, spans, sales }));
        const rules = {
          tipClasses: ['card', 'cash'] as TipClass[],
          contributorRoleIds: ['r1', 'r2'],
          tipOut: { basis: 'sales' as const, percentBp: 300, toRoleIds: ['r3'] },
          shareBy: 'hours' as const,
          shares: [{ roleId: 'r1' }, { roleId: 'r2' }],
          employeePoints: {},
        };
        const d = divide(rules, tips, work);
        for (const kind of ['tipOut', 'pool'] as const) {
          const lines = d.lines.filter((l) => l.kind === kind);
          const pot = kind === 'tipOut' ? d.tipOut : d.pool;
          expect(lines.reduce((s, l) => s + l.share, 0)).toBe(lines.length ? pot : 0);
          expect(lines.reduce((s, l) => s + l.contributed, 0)).toBe(lines.length ? pot : 0);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('puts no tip in two pools: pools of any windows accepted one by one never take more than the tips there are, class by class', () => {
    const arbPool = fc.record({
      contributorRoleIds: fc.uniqueArray(fc.constantFrom(...ROLES), { minLength: 1, maxLength: 2 }),
      tipClasses: fc.uniqueArray(fc.constantFrom(...TIP_CLASSES), { minLength: 1, maxLength: 3 }),
      window: fc.oneof(
        fc.constant({ period: 'day' as const }),
        fc.constantFrom(...DAYPARTS).map((daypart) => ({ period: 'daypart' as const, daypart })),
        fc.constantFrom(...SHIFT_BLOCKS).map((shift) => ({ period: 'shift' as const, shift })),
      ),
    });
    const shiftBounds = partBounds([17 * 60], DAY_CHANGE);
    fc.assert(
      fc.property(fc.array(arbPool, { minLength: 1, maxLength: 6 }), arbSpans, arbSales, (candidates, spans, sales) => {
        const accepted: PoolClaim[] = [];
        candidates.forEach(({ window, ...c }, i) => {
          const claim = { id: `p${i}`, name: `p${i}`, ...c, ...window };
          if (!overlapOf(claim, accepted)) accepted.push(claim);
        });
        // what each accepted pool reads, in its cells
        const readOf = (p: PoolClaim) => {
          if (p.period === 'daypart') return windowInputs(input({ part: DAYPARTS.indexOf(p.daypart!), spans, sales }));
          if (p.period === 'shift')
            return windowInputs(
              input({ part: SHIFT_BLOCKS.indexOf(p.shift!), boundsOf: () => shiftBounds, spans, sales }),
            );
          // a day pool: the date's sales whole, the minutes of the punches of the date
          const tips = EMPLOYEES.map((employeeId) => {
            const own = sales.filter((s) => s.employeeId === employeeId);
            const sum = (k: 'sales' | TipClass) => own.reduce((t, s) => t + s[k], 0);
            return {
              employeeId,
              date: D,
              sales: sum('sales'),
              card: sum('card'),
              cash: sum('cash'),
              gratuities: sum('gratuities'),
            };
          });
          return { tips, work: workDays(spans).filter((w) => w.date === D) };
        };
        for (const cls of TIP_CLASSES as readonly TipClass[]) {
          const takers = accepted.filter((p) => p.tipClasses.includes(cls));
          // pools of crossing windows never take one class
          expect(new Set(takers.map((p) => cellsOfPool(p).grid)).size).toBeLessThanOrEqual(1);
          const taken = new Map<string, number>();
          for (const p of takers) {
            const { tips, work } = readOf(p);
            for (const c of contributions(
              { tipClasses: [cls], contributorRoleIds: [...p.contributorRoleIds] },
              tips,
              work,
            ))
              taken.set(c.employeeId, (taken.get(c.employeeId) ?? 0) + c.amount);
          }
          // at most what the employee's sales carried: each sale positive in its cell once
          for (const [e, amount] of taken) {
            const grid = cellsOfPool(takers[0]).grid;
            const bounds = grid === 'shift' ? shiftBounds : DAYPART_BOUNDS;
            const cellTotals = new Map<number, number>();
            for (const s of sales.filter((x) => x.employeeId === e)) {
              const cell = grid === 'date' ? 0 : partOf(bounds, s.second);
              cellTotals.set(cell, (cellTotals.get(cell) ?? 0) + s[cls]);
            }
            const there = [...cellTotals.values()].reduce((t, v) => t + Math.max(0, v), 0);
            expect(amount).toBeLessThanOrEqual(there);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
