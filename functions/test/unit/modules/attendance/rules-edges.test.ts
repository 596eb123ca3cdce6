/** The edges of the attendance rules: exact limits, ties, and each problem of a punch timeline with its exact wording. */
import {
  autoApproves,
  breakMinutes,
  checkGeofence,
  haversineMeters,
  nearestByStart,
  overtimeProjection,
  punchExceptions,
  timelineProblems,
  workedMinutesOf,
  type PunchFacts,
} from '../../../../src/modules/attendance/rules';
import { SETTINGS_DEFAULTS } from '../../../../src/modules/attendance/schemas';

const MIN = 60_000;
const T0 = 1_741_000_000_000;
const m = (minutes: number) => T0 + minutes * MIN;

describe('geofence', () => {
  it('accepts a fix exactly at the radius plus its accuracy', () => {
    const site = { lat: 40.0, lng: -73.0 };
    const point = { lat: 40.001, lng: -73.0, accuracy: 11 };
    const distance = haversineMeters(point, site);
    expect(checkGeofence(point, [site], distance - 11)).toEqual({ inside: true, distanceMeters: 111 });
    expect(checkGeofence(point, [site], distance - 11.001).inside).toBe(false);
  });
});

describe('breaks and worked time', () => {
  it('counts no time for a break that ends when it starts', () => {
    expect(breakMinutes([{ type: 'rest', startAt: m(10), endAt: m(10), paid: true }])).toEqual({ paid: 0, unpaid: 0 });
    expect(breakMinutes([{ type: 'meal', startAt: m(10), endAt: null, paid: false }], m(25))).toEqual({
      paid: 0,
      unpaid: 15,
    });
    expect(breakMinutes([{ type: 'meal', startAt: m(10), endAt: null, paid: false }])).toEqual({ paid: 0, unpaid: 0 });
  });

  it('counts nothing for a break recorded as ending before it starts', () => {
    expect(
      breakMinutes([
        { type: 'meal', startAt: m(30), endAt: m(10), paid: false },
        { type: 'rest', startAt: m(40), endAt: m(50), paid: true },
      ]),
    ).toEqual({ paid: 10, unpaid: 0 });
  });

  it('does not take a running unpaid break out of worked time', () => {
    expect(
      workedMinutesOf({
        clockInAt: m(0),
        clockOutAt: m(120),
        breaks: [{ type: 'meal', startAt: m(60), endAt: null, paid: false }],
      }),
    ).toBe(120);
  });
});

describe('exceptions', () => {
  const shift = {
    shiftId: 's',
    date: '2025-03-03',
    scheduledStartAt: m(0),
    scheduledEndAt: m(480),
    scheduledMinutes: 450,
  };
  const base: PunchFacts = {
    clockInAt: m(0),
    clockOutAt: m(480),
    breaks: [{ type: 'meal', startAt: m(240), endAt: m(270), paid: false }],
    shift,
    lateMinutes: 0,
    leftEarlyMinutes: 0,
    autoClockedOut: false,
  };

  it('allows leaving early by exactly the grace, and flags no early leave on an open punch', () => {
    expect(
      punchExceptions({ ...base, leftEarlyMinutes: SETTINGS_DEFAULTS.lateGraceMinutes }, SETTINGS_DEFAULTS),
    ).toEqual([]);
    expect(
      punchExceptions({ ...base, leftEarlyMinutes: SETTINGS_DEFAULTS.lateGraceMinutes + 1 }, SETTINGS_DEFAULTS),
    ).toEqual(['left_early']);
    expect(punchExceptions({ ...base, clockOutAt: null, leftEarlyMinutes: 60 }, SETTINGS_DEFAULTS)).toEqual([]);
  });

  it('wants a finished meal break: a running one does not count', () => {
    const running = { ...base, breaks: [{ type: 'meal' as const, startAt: m(240), endAt: null, paid: false }] };
    expect(punchExceptions(running, SETTINGS_DEFAULTS)).toEqual(['missed_break']);
    expect(autoApproves({ ...base, shift: { ...shift, scheduledMinutes: 460 } }, SETTINGS_DEFAULTS)).toBe(true);
    expect(autoApproves({ ...base, shift: { ...shift, scheduledMinutes: 461 } }, SETTINGS_DEFAULTS)).toBe(false);
  });
});

describe('the nearest shift', () => {
  it('prefers the earlier start on a tie, in whatever order the shifts come', () => {
    const a = { id: 'a', startMs: m(0) };
    const b = { id: 'b', startMs: m(200) };
    expect(nearestByStart([a, b], m(100))?.id).toBe('a');
    expect(nearestByStart([b, a], m(100))?.id).toBe('a');
    expect(nearestByStart([b, a], m(101))?.id).toBe('b');
    expect(nearestByStart([a, b], m(99))?.id).toBe('a');
    // before both: the nearest is the first, even though it is not the earliest listed
    expect(nearestByStart([b, a], m(-50))?.id).toBe('a');
    expect(nearestByStart([a, b], m(500))?.id).toBe('b');
  });

  it('keeps the first listed of two shifts starting at the same instant, so a clock-in links to one stable shift', () => {
    const first = { id: 'first', startMs: m(60) };
    const second = { id: 'second', startMs: m(60) };
    expect(nearestByStart([first, second], m(55))?.id).toBe('first');
    expect(nearestByStart([second, first], m(65))?.id).toBe('second');
  });
});

describe('timelines', () => {
  const now = m(10_000);
  const problems = (p: Parameters<typeof timelineProblems>[0]) => timelineProblems(p, now);

  it('allows a minute of clock skew, no more', () => {
    expect(problems({ clockInAt: now + MIN, clockOutAt: null, breaks: [] })).toEqual([]);
    expect(problems({ clockInAt: now + MIN + 1, clockOutAt: null, breaks: [] })).toEqual([
      'clockInAt is in the future',
    ]);
    expect(problems({ clockInAt: m(0), clockOutAt: now + MIN, breaks: [] })).toEqual([
      'a punch lasts at most 24 hours',
    ]);
    expect(problems({ clockInAt: now - 60 * MIN, clockOutAt: now + MIN, breaks: [] })).toEqual([]);
    expect(problems({ clockInAt: now - 60 * MIN, clockOutAt: now + MIN + 1, breaks: [] })).toEqual([
      'clockOutAt is in the future',
    ]);
  });

  it('refuses an empty punch and allows exactly 24 hours', () => {
    expect(problems({ clockInAt: m(0), clockOutAt: m(0), breaks: [] })).toEqual(['clockOutAt must be after clockInAt']);
    expect(problems({ clockInAt: m(0), clockOutAt: m(24 * 60), breaks: [] })).toEqual([]);
    expect(problems({ clockInAt: m(0), clockOutAt: m(24 * 60) + 1, breaks: [] })).toEqual([
      'a punch lasts at most 24 hours',
    ]);
  });

  it('numbers breaks in time order, whatever order they are given in', () => {
    const p = {
      clockInAt: m(0),
      clockOutAt: m(300),
      breaks: [
        { startAt: m(200), endAt: m(190) },
        { startAt: m(100), endAt: m(110) },
      ],
    };
    expect(problems(p)).toEqual(['break 2 must end after it starts']);
  });

  it('names each problem of the breaks', () => {
    const punch = { clockInAt: m(0), clockOutAt: m(300) };
    expect(problems({ ...punch, breaks: [{ startAt: m(50), endAt: m(50) }] })).toEqual([
      'break 1 must end after it starts',
    ]);
    expect(problems({ ...punch, breaks: [{ startAt: m(0), endAt: m(300) }] })).toEqual([]);
    expect(problems({ ...punch, breaks: [{ startAt: m(-1), endAt: m(10) }] })).toEqual([
      'break 1 is outside the punch',
    ]);
    expect(problems({ ...punch, breaks: [{ startAt: m(290), endAt: m(301) }] })).toEqual([
      'break 1 is outside the punch',
    ]);
    expect(problems({ ...punch, breaks: [{ startAt: m(290), endAt: null }] })).toEqual([
      'break 1 is outside the punch',
    ]);
    expect(
      problems({
        clockInAt: m(0),
        clockOutAt: null,
        breaks: [
          { startAt: m(10), endAt: m(20) },
          { startAt: m(30), endAt: null },
        ],
      }),
    ).toEqual([]);
    expect(
      problems({
        clockInAt: m(0),
        clockOutAt: null,
        breaks: [
          { startAt: m(10), endAt: null },
          { startAt: m(30), endAt: m(40) },
        ],
      }),
    ).toEqual(['only the last break may still be running', 'breaks 1 and 2 overlap']);
    expect(
      problems({
        ...punch,
        breaks: [
          { startAt: m(10), endAt: m(20) },
          { startAt: m(20), endAt: m(30) },
        ],
      }),
    ).toEqual([]);
    expect(
      problems({
        ...punch,
        breaks: [
          { startAt: m(10), endAt: m(21) },
          { startAt: m(20), endAt: m(30) },
          { startAt: m(40), endAt: m(50) },
        ],
      }),
    ).toEqual(['breaks 1 and 2 overlap']);
  });
});

describe('the workweek projection', () => {
  it('reads days in date order, counts a punched day by its work, and names the first day past 40 hours only', () => {
    const days = [
      { date: '2025-03-07', worked: 0, scheduled: 600, punched: false },
      { date: '2025-03-03', worked: 900, scheduled: 480, punched: true },
      { date: '2025-03-04', worked: 900, scheduled: 480, punched: true },
      { date: '2025-03-05', worked: 0, scheduled: 480, punched: true },
      { date: '2025-03-06', worked: 600, scheduled: 0, punched: true },
    ];
    // 900 + 900 + 0 + 600 = 2400 (exactly 40 h, not past) then Friday's 600 scheduled passes it
    expect(overtimeProjection(days, '2025-03-05')).toEqual({
      worked: 2400,
      remainingScheduled: 600,
      projected: 3000,
      crossesOn: '2025-03-07',
    });
    // the first day past 40 hours stays the answer when later days add more
    const longer = [
      ...days,
      { date: '2025-03-08', worked: 0, scheduled: 300, punched: false },
      { date: '2025-03-09', worked: 0, scheduled: 300, punched: false },
    ];
    expect(overtimeProjection(longer, '2025-03-05').crossesOn).toBe('2025-03-07');
    expect(overtimeProjection(days, '2025-03-08')).toEqual({
      worked: 2400,
      remainingScheduled: 0,
      projected: 2400,
      crossesOn: null,
    });
  });
});
