/**
 * Labor cost per business hour against a minute-by-minute oracle: every minute of a shift (or of
 * paid worked time) costs rate / 60 in the business hour that minute falls in. Seeded random
 * shifts and punches, across midnight, dayChangeTime, open ends, unpaid breaks and the range edges.
 */
import {
  laborByBusinessHour,
  laborOfWorkedTime,
  shiftMinutes,
  type ShiftForLabor,
  type WorkedTime,
} from '../../../../src/modules/sales/labor';
import { businessSlot, businessSlotOfMinute, HOURS_PER_DAY_SLOTS } from '../../../../src/core/calendar';
import { seededRandom } from '../../../../dev/demo/random';

type Costs = Map<string, Float64Array>;
const add = (out: Costs, date: string, hour: number, amount: number) => {
  if (!out.has(date)) out.set(date, new Float64Array(HOURS_PER_DAY_SLOTS));
  out.get(date)![hour] += amount;
};
const rounded = (costs: Costs) =>
  new Map([...costs].map(([d, v]) => [d, Array.from(v, (x) => Math.round(x * 1e6) / 1e6)]));

const RANGE = { startDate: '2026-03-07', endDate: '2026-03-12' };
const rateOf = (employeeId: string | null) => (employeeId === 'e1' ? 1500 : employeeId === 'e2' ? 2250 : 0);

describe('labor cost of shifts, minute by minute', () => {
  it.each([0, 14400, 5400, 23 * 3600])('dayChangeTime %d s', (dayChangeSeconds) => {
    const random = seededRandom(dayChangeSeconds + 1);
    const int = (n: number) => Math.floor(random() * n);
    const shifts: ShiftForLabor[] = Array.from({ length: 40 }, () => ({
      date: `2026-03-${String(6 + int(8)).padStart(2, '0')}`,
      employeeId: ['e1', 'e2', 'e3'][int(3)],
      positionId: null,
      start: int(1440),
      end: random() < 0.15 ? null : int(1440),
    }));
    const defaultDuration = 300;
    const expected: Costs = new Map();
    for (const s of shifts) {
      const rate = rateOf(s.employeeId);
      if (rate <= 0) continue;
      const to = s.end === null ? s.start + defaultDuration : s.end < s.start ? s.end + 1440 : s.end;
      for (let m = s.start; m < to; m++) {
        const slot = businessSlotOfMinute(s.date, m, dayChangeSeconds);
        if (slot.businessDate >= RANGE.startDate && slot.businessDate <= RANGE.endDate)
          add(expected, slot.businessDate, slot.businessHour, rate / 60);
      }
    }
    const actual = laborByBusinessHour(shifts, {
      ...RANGE,
      defaultDuration,
      dayChangeSeconds,
      rateMinorPerHour: (s) => rateOf(s.employeeId),
    });
    expect(rounded(actual)).toEqual(rounded(expected));
  });

  it("reads a shift's minutes: crossing midnight, open-ended, or empty", () => {
    expect(shiftMinutes({ start: 600, end: 900 }, 480)).toEqual([600, 900]);
    expect(shiftMinutes({ start: 1320, end: 120 }, 480)).toEqual([1320, 1560]);
    expect(shiftMinutes({ start: 600, end: null }, 480)).toEqual([600, 1080]);
    expect(shiftMinutes({ start: 600, end: 600 }, 480)).toEqual([600, 600]);
  });

  it('reads a stored shift without an `end` field like `end: null`: open-ended, defaultDuration long', () => {
    const stored = JSON.parse('{"start": 600}') as { start: number; end: number | null };
    expect(shiftMinutes(stored, 480)).toEqual([600, 1080]);
  });

  it('costs nothing, and lists no day, for shifts without a positive rate', () => {
    const shifts: ShiftForLabor[] = [{ date: '2026-03-08', employeeId: 'x', positionId: null, start: 600, end: 900 }];
    for (const rate of [0, -10, Number.NaN]) {
      expect(
        laborByBusinessHour(shifts, {
          ...RANGE,
          defaultDuration: 480,
          dayChangeSeconds: 0,
          rateMinorPerHour: () => rate,
        }).size,
      ).toBe(0);
    }
  });
});

describe('labor cost of time worked, minute by minute', () => {
  const MINUTE = 60_000;
  it.each([
    ['America/New_York', 0],
    ['America/New_York', 14400],
    ['Asia/Kolkata', 5400],
    ['Europe/Madrid', 0],
  ] as const)('%s, dayChangeTime %d s', (timezone, dayChangeSeconds) => {
    const random = seededRandom(dayChangeSeconds + timezone.length);
    const int = (n: number) => Math.floor(random() * n);
    const base = Date.UTC(2026, 2, 6, 0, 0);
    const worked: WorkedTime[] = Array.from({ length: 12 }, () => {
      const startMs = base + int(8 * 1440) * MINUTE;
      const endMs = startMs + (30 + int(700)) * MINUTE;
      const unpaidBreaks = Array.from({ length: int(4) }, () => {
        const from = startMs + (int(900) - 100) * MINUTE;
        return { startMs: from, endMs: from + (int(60) - 10) * MINUTE };
      });
      return { employeeId: ['e1', 'e2', 'e3'][int(3)], positionId: null, startMs, endMs, unpaidBreaks };
    });
    const expected: Costs = new Map();
    for (const t of worked) {
      const rate = rateOf(t.employeeId);
      if (rate <= 0) continue;
      for (let ms = t.startMs; ms < t.endMs; ms += MINUTE) {
        if (t.unpaidBreaks.some((b) => ms >= b.startMs && ms < b.endMs)) continue;
        const slot = businessSlot(ms, timezone, dayChangeSeconds);
        if (slot.businessDate >= RANGE.startDate && slot.businessDate <= RANGE.endDate)
          add(expected, slot.businessDate, slot.businessHour, rate / 60);
      }
    }
    const actual = laborOfWorkedTime(worked, {
      ...RANGE,
      timezone,
      dayChangeSeconds,
      rateMinorPerHour: (t) => rateOf(t.employeeId),
    });
    expect(rounded(actual)).toEqual(rounded(expected));
  });

  it('leaves out breaks given in any order, overlapping or reaching outside the punch', () => {
    const start = Date.UTC(2026, 2, 9, 14, 0); // 10:00 in New York
    const t: WorkedTime = {
      employeeId: 'e1',
      positionId: null,
      startMs: start,
      endMs: start + 8 * 60 * MINUTE,
      unpaidBreaks: [
        { startMs: start + 240 * MINUTE, endMs: start + 270 * MINUTE },
        { startMs: start - 30 * MINUTE, endMs: start + 15 * MINUTE },
        { startMs: start + 250 * MINUTE, endMs: start + 280 * MINUTE },
        { startMs: start + 470 * MINUTE, endMs: start + 600 * MINUTE },
      ],
    };
    const day = laborOfWorkedTime([t], {
      ...RANGE,
      timezone: 'America/New_York',
      dayChangeSeconds: 0,
      rateMinorPerHour: () => 6000,
    }).get('2026-03-09')!;
    // 480 minutes less 15 (before the start), 40 (14:00 to 14:40, two overlapping breaks) and 10 (after 17:50) = 415 minutes at 100 a minute
    expect(day.reduce((a, b) => a + b, 0)).toBeCloseTo(41_500, 6);
    expect([day[10], day[14], day[17]]).toEqual([4500, 2000, 5000]);
  });

  it('costs nothing for a zero-rate employee', () => {
    const t: WorkedTime = {
      employeeId: 'x',
      positionId: null,
      startMs: Date.UTC(2026, 2, 9, 14),
      endMs: Date.UTC(2026, 2, 9, 18),
      unpaidBreaks: [],
    };
    expect(
      laborOfWorkedTime([t], { ...RANGE, timezone: 'UTC', dayChangeSeconds: 0, rateMinorPerHour: () => 0 }).size,
    ).toBe(0);
  });
});
