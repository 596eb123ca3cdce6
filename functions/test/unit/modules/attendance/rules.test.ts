import {
  autoApproves,
  breakMinutes,
  checkGeofence,
  haversineMeters,
  lateMinutesOf,
  leftEarlyMinutesOf,
  nearestByStart,
  overtimeProjection,
  punchExceptions,
  timelineProblems,
  workedMinutesOf,
  type PunchFacts,
} from '../../../../src/modules/attendance/rules';
import { SETTINGS_DEFAULTS, type Break } from '../../../../src/modules/attendance/schemas';

const MIN = 60_000;
const T0 = 1_741_000_000_000;
const m = (minutes: number) => T0 + minutes * MIN;

describe('distance and geofence', () => {
  it('measures the haversine distance in meters', () => {
    expect(haversineMeters({ lat: 0, lng: 0 }, { lat: 0, lng: 0 })).toBe(0);
    // one degree of latitude is about 111.2 km
    expect(haversineMeters({ lat: 0, lng: 0 }, { lat: 1, lng: 0 })).toBeCloseTo(111_195, -2);
    // Madrid Puerta del Sol to Plaza Mayor, about 330 m
    expect(haversineMeters({ lat: 40.4169, lng: -3.7035 }, { lat: 40.4155, lng: -3.7074 })).toBeGreaterThan(300);
    expect(haversineMeters({ lat: 40.4169, lng: -3.7035 }, { lat: 40.4155, lng: -3.7074 })).toBeLessThan(380);
  });

  it('accepts a fix whose accuracy circle reaches the geofence, with the allowance capped at 100 m', () => {
    const site = { lat: 40, lng: -3 };
    const at200m = { lat: 40 + 200 / 111_195, lng: -3 };
    expect(checkGeofence({ ...at200m, accuracy: 10 }, [site], 150).inside).toBe(false);
    expect(checkGeofence({ ...at200m, accuracy: 60 }, [site], 150).inside).toBe(true);
    const at300m = { lat: 40 + 300 / 111_195, lng: -3 };
    expect(checkGeofence({ ...at300m, accuracy: 5000 }, [site], 150).inside).toBe(false);
    expect(checkGeofence({ ...at300m, accuracy: 5 }, [site, { lat: at300m.lat, lng: -3 }], 150)).toEqual({
      inside: true,
      distanceMeters: 0,
    });
    expect(checkGeofence({ ...at300m, accuracy: 5 }, [], 150)).toEqual({ inside: true, distanceMeters: null });
  });
});

describe('lateness, breaks and worked minutes', () => {
  it('counts whole minutes late and left early, never negative', () => {
    expect(lateMinutesOf(m(7) + 59_000, m(0))).toBe(7);
    expect(lateMinutesOf(m(-5), m(0))).toBe(0);
    expect(leftEarlyMinutesOf(m(60), m(90))).toBe(30);
    expect(leftEarlyMinutesOf(m(95), m(90))).toBe(0);
  });

  it('splits paid and unpaid break minutes and takes unpaid ones out of worked time', () => {
    const breaks: Break[] = [
      { type: 'rest', startAt: m(60), endAt: m(70), paid: true },
      { type: 'meal', startAt: m(180), endAt: m(210), paid: false },
      { type: 'rest', startAt: m(300), endAt: null, paid: true },
    ];
    expect(breakMinutes(breaks)).toEqual({ paid: 10, unpaid: 30 });
    expect(breakMinutes(breaks, m(315))).toEqual({ paid: 25, unpaid: 30 });
    expect(workedMinutesOf({ clockInAt: m(0), clockOutAt: m(480), breaks })).toBe(450);
    expect(workedMinutesOf({ clockInAt: m(0), clockOutAt: null, breaks })).toBeNull();
  });
});

describe('exceptions and auto-approval', () => {
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

  it('flags late and left_early beyond the grace, a missing meal break past the threshold, auto clock-outs and punches without a shift', () => {
    expect(punchExceptions(base, SETTINGS_DEFAULTS)).toEqual([]);
    expect(punchExceptions({ ...base, lateMinutes: 5 }, SETTINGS_DEFAULTS)).toEqual([]);
    expect(punchExceptions({ ...base, lateMinutes: 6, leftEarlyMinutes: 20 }, SETTINGS_DEFAULTS)).toEqual([
      'late',
      'left_early',
    ]);
    expect(
      punchExceptions(
        { ...base, breaks: [{ type: 'rest', startAt: m(100), endAt: m(110), paid: true }] },
        SETTINGS_DEFAULTS,
      ),
    ).toEqual(['missed_break']);
    expect(punchExceptions({ ...base, clockOutAt: m(360), breaks: [] }, SETTINGS_DEFAULTS)).toEqual([]);
    expect(punchExceptions({ ...base, clockOutAt: m(361), breaks: [] }, SETTINGS_DEFAULTS)).toEqual(['missed_break']);
    expect(punchExceptions({ ...base, autoClockedOut: true, shift: null }, SETTINGS_DEFAULTS)).toEqual([
      'auto_clocked_out',
      'unscheduled',
    ]);
  });

  it('auto-approves only a clean punch within the variance of its shift', () => {
    expect(autoApproves(base, SETTINGS_DEFAULTS)).toBe(true);
    expect(autoApproves({ ...base, clockOutAt: m(491) }, SETTINGS_DEFAULTS)).toBe(false);
    expect(autoApproves({ ...base, clockOutAt: m(490) }, SETTINGS_DEFAULTS)).toBe(true);
    expect(autoApproves({ ...base, lateMinutes: 8 }, SETTINGS_DEFAULTS)).toBe(false);
    expect(autoApproves({ ...base, shift: null }, SETTINGS_DEFAULTS)).toBe(false);
    expect(autoApproves({ ...base, clockOutAt: null }, SETTINGS_DEFAULTS)).toBe(false);
  });

  it('picks the shift with the nearest start', () => {
    expect(
      nearestByStart(
        [
          { id: 'a', startMs: m(0) },
          { id: 'b', startMs: m(300) },
        ],
        m(200),
      )?.id,
    ).toBe('b');
    expect(
      nearestByStart(
        [
          { id: 'a', startMs: m(0) },
          { id: 'b', startMs: m(300) },
        ],
        m(150),
      )?.id,
    ).toBe('a');
    expect(nearestByStart([], m(0))).toBeNull();
  });
});

describe('timelines', () => {
  it('accepts a punch and lists every problem of a broken one', () => {
    const now = m(10_000);
    expect(
      timelineProblems({ clockInAt: m(0), clockOutAt: m(60), breaks: [{ startAt: m(10), endAt: m(20) }] }, now),
    ).toEqual([]);
    expect(timelineProblems({ clockInAt: m(60), clockOutAt: m(0), breaks: [] }, now)).toContain(
      'clockOutAt must be after clockInAt',
    );
    expect(timelineProblems({ clockInAt: m(0), clockOutAt: m(25 * 60), breaks: [] }, now)).toContain(
      'a punch lasts at most 24 hours',
    );
    expect(timelineProblems({ clockInAt: m(0), clockOutAt: m(20_000), breaks: [] }, now)).toContain(
      'clockOutAt is in the future',
    );
    expect(
      timelineProblems(
        {
          clockInAt: m(0),
          clockOutAt: m(60),
          breaks: [
            { startAt: m(10), endAt: m(30) },
            { startAt: m(20), endAt: m(40) },
          ],
        },
        now,
      ),
    ).toContain('breaks 1 and 2 overlap');
    expect(
      timelineProblems({ clockInAt: m(0), clockOutAt: m(60), breaks: [{ startAt: m(50), endAt: m(70) }] }, now),
    ).toContain('break 1 is outside the punch');
  });
});

describe('the workweek overtime projection', () => {
  const day = (date: string, worked: number, scheduled: number, punched = worked > 0) => ({
    date,
    worked,
    scheduled,
    punched,
  });

  it('adds worked minutes to the scheduled minutes still to come and names the day 40 hours are passed', () => {
    const week = [
      day('2025-03-03', 600, 480),
      day('2025-03-04', 600, 480),
      day('2025-03-05', 0, 480),
      day('2025-03-06', 0, 600),
      day('2025-03-07', 0, 600),
    ];
    expect(overtimeProjection(week, '2025-03-05')).toEqual({
      worked: 1200,
      remainingScheduled: 1680,
      projected: 2880,
      crossesOn: '2025-03-07',
    });
    // a past day without a punch counts nothing
    expect(overtimeProjection(week, '2025-03-06')).toEqual({
      worked: 1200,
      remainingScheduled: 1200,
      projected: 2400,
      crossesOn: null,
    });
  });
});
