import fc from 'fast-check';
import {
  addDays,
  bucketKey,
  businessDateOf,
  businessDayBounds,
  businessDayStart,
  businessSlot,
  businessSlotByLuxon,
  businessSlotOfMinute,
  businessToday,
  dateOfDayNumber,
  datesInRange,
  dayNumber,
  daysBetween,
  hhmm,
  HOURS_PER_DAY_SLOTS,
  instant,
  nextPayPeriod,
  payPeriodOf,
  periodBounds,
  previousPayPeriod,
  shiftInterval,
  weekdayIndex,
  weekdayName,
  weekdayOf,
  weekOf,
  weekStart,
  type CompanyCalendar,
} from '../../../src/core/calendar';

const HOUR = 3_600_000;
const utc = (iso: string) => Date.parse(`${iso}Z`);
const cal = (timezone: string, dayChangeTime = 0, weekStartingDay = 1, payrollStartingDay = 1): CompanyCalendar => ({
  timezone,
  dayChangeTime,
  weekStartingDay,
  payrollStartingDay,
});

const NY = 'America/New_York'; // 2026: EST -> EDT on 03-08 at 02:00, EDT -> EST on 11-01 at 02:00
const LONDON = 'Europe/London'; // 2026: GMT -> BST on 03-29 at 01:00, BST -> GMT on 10-25 at 02:00
const MADRID = 'Europe/Madrid'; // 2026: CET -> CEST on 03-29 at 02:00, CEST -> CET on 10-25 at 03:00

describe('dates as day numbers', () => {
  it('counts days from 1970-01-01 in both directions', () => {
    expect(dayNumber('1970-01-01')).toBe(0);
    expect(dayNumber('1970-01-02')).toBe(1);
    expect(dayNumber('1969-12-31')).toBe(-1);
    expect(dayNumber('2000-01-01')).toBe(10_957);
    expect(dateOfDayNumber(0)).toBe('1970-01-01');
    expect(dateOfDayNumber(-1)).toBe('1969-12-31');
    expect(dateOfDayNumber(10_957)).toBe('2000-01-01');
  });

  it('follows the Gregorian leap-year rules (2000 and 2028 leap, 1900 and 2100 not)', () => {
    expect(daysBetween('2000-02-28', '2000-03-01')).toBe(2);
    expect(daysBetween('2028-02-28', '2028-03-01')).toBe(2);
    expect(daysBetween('1900-02-28', '1900-03-01')).toBe(1);
    expect(daysBetween('2100-02-28', '2100-03-01')).toBe(1);
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-02-28', 1)).toBe('2027-03-01');
  });

  it('agrees with the UTC calendar of Date for every day of the century turns (1895-1905, 1995-2005, 2095-2105), and every 13th day from 1600 to 2400', () => {
    // every day around the century leap-year rules (1900 no, 2000 yes, 2100 no); a stride prime to 7
    // and to the 146,097 days of the Gregorian cycle reaches every weekday and month from 1600 to 2400
    const day = (year: number) => Date.UTC(year, 0, 1) / 86_400_000;
    const days: number[] = [];
    for (const turn of [1900, 2000, 2100]) for (let d = day(turn - 5); d < day(turn + 6); d++) days.push(d);
    for (let d = day(1600); d <= Date.UTC(2400, 11, 31) / 86_400_000; d += 13) days.push(d);
    let mismatches = 0;
    for (const d of days) {
      const iso = new Date(d * 86_400_000).toISOString().slice(0, 10);
      if (dateOfDayNumber(d) !== iso || dayNumber(iso) !== d) mismatches++;
    }
    expect(mismatches).toBe(0);
  });

  it('keeps four-digit years before 0100 (where Date.UTC would read 50 as 1950)', () => {
    expect(dateOfDayNumber(dayNumber('0050-03-01'))).toBe('0050-03-01');
    expect(addDays('0099-12-31', 1)).toBe('0100-01-01');
  });

  it('adds and subtracts days across month and year ends', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
    expect(addDays('2026-03-10', 0)).toBe('2026-03-10');
    expect(addDays('2026-01-31', 30)).toBe('2026-03-02');
    expect(addDays('2026-03-10', -365)).toBe('2025-03-10');
  });

  it('measures whole days between dates, negative when the second is earlier', () => {
    expect(daysBetween('2026-03-01', '2026-03-08')).toBe(7);
    expect(daysBetween('2026-03-08', '2026-03-01')).toBe(-7);
    expect(daysBetween('2026-03-10', '2026-03-10')).toBe(0);
    expect(daysBetween('2026-01-01', '2027-01-01')).toBe(365);
    // DST does not exist for dates: the spring-forward date is one whole day long
    expect(daysBetween('2026-03-08', '2026-03-09')).toBe(1);
  });

  it('lists every date of a range inclusive, and nothing for a reversed range', () => {
    expect(datesInRange('2024-02-27', '2024-03-01')).toEqual(['2024-02-27', '2024-02-28', '2024-02-29', '2024-03-01']);
    expect(datesInRange('2026-12-31', '2027-01-01')).toEqual(['2026-12-31', '2027-01-01']);
    expect(datesInRange('2026-03-10', '2026-03-10')).toEqual(['2026-03-10']);
    expect(datesInRange('2026-03-11', '2026-03-10')).toEqual([]);
    expect(datesInRange('2026-01-01', '2026-12-31')).toHaveLength(365);
  });

  it('refuses a day number that is not a number', () => {
    expect(() => dateOfDayNumber(Number.NaN)).toThrow(RangeError);
  });
});

describe('weekdays and weeks', () => {
  it('knows the weekday of known dates, 0 = Sunday', () => {
    expect(weekdayOf('2026-03-01')).toBe(0);
    expect(weekdayOf('1970-01-01')).toBe(4);
    expect(weekdayOf('1969-12-31')).toBe(3);
    expect(weekdayOf('2027-01-01')).toBe(5);
    expect(weekdayOf('2028-02-29')).toBe(2);
    expect(weekdayIndex('2026-03-07')).toBe(6);
    expect(weekdayName('2026-03-01')).toBe('Sunday');
    expect(weekdayName('2026-12-28')).toBe('Monday');
  });

  // 2026-12-31 is a Thursday and 2027-01-01 a Friday.
  const weeksAroundNewYear: Array<[number, string, string, string, string]> = [
    // weekStartingDay, week of 2026-12-31, week of 2027-01-01
    [0, '2026-12-27', '2027-01-02', '2026-12-27', '2027-01-02'],
    [1, '2026-12-28', '2027-01-03', '2026-12-28', '2027-01-03'],
    [2, '2026-12-29', '2027-01-04', '2026-12-29', '2027-01-04'],
    [3, '2026-12-30', '2027-01-05', '2026-12-30', '2027-01-05'],
    [4, '2026-12-31', '2027-01-06', '2026-12-31', '2027-01-06'],
    [5, '2026-12-25', '2026-12-31', '2027-01-01', '2027-01-07'],
    [6, '2026-12-26', '2027-01-01', '2026-12-26', '2027-01-01'],
  ];

  it.each(weeksAroundNewYear)(
    'puts the last and first days of 2026/2027 in the right week when weeks start on weekday %i',
    (day, s1, e1, s2, e2) => {
      const c = cal('UTC', 0, day);
      expect(weekOf('2026-12-31', c)).toEqual({ start: s1, end: e1 });
      expect(weekOf('2027-01-01', c)).toEqual({ start: s2, end: e2 });
      expect(weekStart('2027-01-01', day)).toBe(s2);
      expect(bucketKey('2027-01-01', 'weekly', day)).toBe(s2);
    },
  );

  it('gives every date of 2026-12-28..2027-01-03 the same Monday week', () => {
    for (const date of datesInRange('2026-12-28', '2027-01-03')) {
      expect(weekOf(date, cal('UTC', 0, 1))).toEqual({ start: '2026-12-28', end: '2027-01-03' });
    }
  });

  it('keys a weekly bucket by its first day for every weekStartingDay', () => {
    for (let start = 0; start <= 6; start++) {
      for (const date of datesInRange('2026-03-01', '2026-03-14')) {
        const key = bucketKey(date, 'weekly', start);
        expect(weekdayOf(key)).toBe(start);
        expect(key <= date).toBe(true);
        expect(datesInRange(key, date).length).toBeLessThanOrEqual(7);
      }
    }
  });

  it('keys daily buckets by the date and monthly buckets by the first of the month', () => {
    expect(bucketKey('2026-03-10', 'daily', 1)).toBe('2026-03-10');
    expect(bucketKey('2026-02-28', 'monthly', 1)).toBe('2026-02-01');
    expect(bucketKey('2028-02-29', 'monthly', 0)).toBe('2028-02-01');
  });
});

describe('wall-clock instants', () => {
  it('maps a minute of a date to its instant in the company zone', () => {
    expect(instant('2026-03-10', 9 * 60, NY)).toBe(utc('2026-03-10T13:00'));
    expect(instant('2026-07-10', 9 * 60, NY)).toBe(utc('2026-07-10T13:00'));
    expect(instant('2026-03-10', 0, LONDON)).toBe(utc('2026-03-10T00:00'));
    // minutes past 1439 fall on the next date
    expect(instant('2026-12-31', 1440 + 60, LONDON)).toBe(utc('2027-01-01T01:00'));
  });

  it('moves a minute in the New York spring-forward gap forward by the hour (02:30 -> 03:30 EDT)', () => {
    expect(instant('2026-03-08', 119, NY)).toBe(utc('2026-03-08T06:59')); // 01:59 EST
    expect(instant('2026-03-08', 150, NY)).toBe(utc('2026-03-08T07:30')); // 02:30 does not exist
    expect(instant('2026-03-08', 180, NY)).toBe(utc('2026-03-08T07:00')); // 03:00 EDT
  });

  it('moves a minute in the London spring-forward gap forward by the hour (01:30 -> 02:30 BST)', () => {
    expect(instant('2026-03-29', 90, LONDON)).toBe(utc('2026-03-29T01:30'));
    expect(instant('2026-03-29', 120, LONDON)).toBe(utc('2026-03-29T01:00'));
  });

  it('resolves a repeated fall-back minute to the later, standard-time occurrence, as luxon does', () => {
    expect(instant('2026-11-01', 90, NY)).toBe(utc('2026-11-01T06:30')); // 01:30 EST, not 01:30 EDT (05:30Z)
    expect(instant('2026-10-25', 90, LONDON)).toBe(utc('2026-10-25T01:30')); // 01:30 GMT, not 01:30 BST (00:30Z)
  });

  it('gives a night shift its real length across DST changes', () => {
    const night = (date: string) => shiftInterval({ date, start: 22 * 60, end: 6 * 60 }, NY, 480);
    expect(night('2026-03-07')).toEqual({ startMs: utc('2026-03-08T03:00'), endMs: utc('2026-03-08T10:00') });
    expect(night('2026-03-07').endMs - night('2026-03-07').startMs).toBe(7 * HOUR);
    expect(night('2026-10-31').endMs - night('2026-10-31').startMs).toBe(9 * HOUR);
    expect(night('2026-03-10').endMs - night('2026-03-10').startMs).toBe(8 * HOUR);
  });

  it('gives an open-ended shift the default duration and a same-day shift its end', () => {
    expect(shiftInterval({ date: '2026-03-10', start: 600, end: null }, NY, 90)).toEqual({
      startMs: utc('2026-03-10T14:00'),
      endMs: utc('2026-03-10T15:30'),
    });
    expect(shiftInterval({ date: '2026-03-10', start: 600, end: 720 }, LONDON, 90)).toEqual({
      startMs: utc('2026-03-10T10:00'),
      endMs: utc('2026-03-10T12:00'),
    });
  });

  it('formats minutes of the day as HH:mm, wrapping past midnight', () => {
    expect(hhmm(0)).toBe('00:00');
    expect(hhmm(545)).toBe('09:05');
    expect(hhmm(1439)).toBe('23:59');
    expect(hhmm(1530)).toBe('01:30');
    expect(hhmm(null)).toBe('open end');
  });
});

describe('the business day rule', () => {
  it('uses the company-local date, not the UTC date', () => {
    // 23:30 UTC on the 28th is 00:30 on the 29th in Madrid, and 19:30 on the 28th in New York.
    const ms = utc('2026-03-28T23:30');
    expect(businessDateOf(ms, cal(MADRID))).toBe('2026-03-29');
    expect(businessDateOf(ms, cal(NY))).toBe('2026-03-28');
  });

  it('with dayChangeTime 04:00, puts 02:30 local in the previous date and exactly 04:00 in the same date', () => {
    const c = cal(MADRID, 14400); // 2026-03-11 is CET, UTC+1
    expect(businessDateOf(utc('2026-03-11T01:30'), c)).toBe('2026-03-10'); // 02:30 local
    expect(businessDateOf(utc('2026-03-11T02:59:59'), c)).toBe('2026-03-10'); // 03:59:59 local
    expect(businessDateOf(utc('2026-03-11T03:00'), c)).toBe('2026-03-11'); // 04:00 local
    expect(businessDateOf(utc('2026-03-11T22:59:59'), c)).toBe('2026-03-11'); // 23:59:59 local
    expect(businessDayStart('2026-03-11', c)).toBe(utc('2026-03-11T03:00'));
  });

  it('with dayChangeTime 86400, puts every instant in the previous date and starts a day at the next midnight', () => {
    const c = cal(NY, 86400);
    expect(businessDateOf(utc('2026-03-10T04:00'), c)).toBe('2026-03-09'); // 00:00 EDT on the 10th
    expect(businessDateOf(utc('2026-03-10T17:00'), c)).toBe('2026-03-09'); // 13:00 local
    expect(businessDateOf(utc('2026-03-11T03:59:59'), c)).toBe('2026-03-09'); // 23:59:59 local
    expect(businessDayStart('2026-03-09', c)).toBe(utc('2026-03-10T04:00'));
    // business date 2026-03-07 runs from local midnight of the 8th (EST) to local midnight of the 9th (EDT)
    expect(businessDayBounds('2026-03-07', c)).toEqual({
      startMs: utc('2026-03-08T05:00'),
      endMs: utc('2026-03-09T04:00'),
    });
  });

  it('with dayChangeTime 0, starts a business day at local midnight', () => {
    expect(businessDayStart('2026-07-01', cal(NY))).toBe(utc('2026-07-01T04:00'));
    expect(businessDayStart('2026-01-01', cal(LONDON))).toBe(utc('2026-01-01T00:00'));
    expect(businessDateOf(utc('2026-07-01T03:59:59.999'), cal(NY))).toBe('2026-06-30');
    expect(businessDateOf(utc('2026-07-01T04:00'), cal(NY))).toBe('2026-07-01');
  });

  it('makes the New York spring-forward day 23 hours and the fall-back day 25 hours long', () => {
    expect(businessDayBounds('2026-03-08', cal(NY))).toEqual({
      startMs: utc('2026-03-08T05:00'),
      endMs: utc('2026-03-09T04:00'),
    });
    expect(businessDayBounds('2026-11-01', cal(NY))).toEqual({
      startMs: utc('2026-11-01T04:00'),
      endMs: utc('2026-11-02T05:00'),
    });
    const length = (d: string) => businessDayBounds(d, cal(NY)).endMs - businessDayBounds(d, cal(NY)).startMs;
    expect([length('2026-03-07'), length('2026-03-08'), length('2026-03-09')]).toEqual([
      24 * HOUR,
      23 * HOUR,
      24 * HOUR,
    ]);
    expect([length('2026-10-31'), length('2026-11-01'), length('2026-11-02')]).toEqual([
      24 * HOUR,
      25 * HOUR,
      24 * HOUR,
    ]);
  });

  it('makes the London spring-forward day 23 hours and the fall-back day 25 hours long', () => {
    expect(businessDayBounds('2026-03-29', cal(LONDON))).toEqual({
      startMs: utc('2026-03-29T00:00'),
      endMs: utc('2026-03-29T23:00'),
    });
    expect(businessDayBounds('2026-10-25', cal(LONDON))).toEqual({
      startMs: utc('2026-10-24T23:00'),
      endMs: utc('2026-10-26T00:00'),
    });
  });

  it('with dayChangeTime 04:00, the short and long business days are the ones whose night holds the change', () => {
    const c = cal(NY, 14400);
    // 2026-03-07 runs from 04:00 EST on the 7th to 04:00 EDT on the 8th
    expect(businessDayBounds('2026-03-07', c)).toEqual({
      startMs: utc('2026-03-07T09:00'),
      endMs: utc('2026-03-08T08:00'),
    });
    expect(businessDayBounds('2026-03-08', c).endMs - businessDayBounds('2026-03-08', c).startMs).toBe(24 * HOUR);
    expect(businessDayBounds('2026-10-31', c)).toEqual({
      startMs: utc('2026-10-31T08:00'),
      endMs: utc('2026-11-01T09:00'),
    });
  });

  it('dates instants around the New York changes by their wall clock', () => {
    expect(businessDateOf(utc('2026-03-08T04:59:59'), cal(NY))).toBe('2026-03-07'); // 23:59:59 EST
    expect(businessDateOf(utc('2026-03-08T06:59:59'), cal(NY))).toBe('2026-03-08'); // 01:59:59 EST
    expect(businessDateOf(utc('2026-03-08T07:00'), cal(NY))).toBe('2026-03-08'); // 03:00 EDT
    expect(businessDateOf(utc('2026-11-01T03:59:59'), cal(NY))).toBe('2026-10-31'); // 23:59:59 EDT
    expect(businessDateOf(utc('2026-11-01T05:30'), cal(NY))).toBe('2026-11-01'); // first 01:30 (EDT)
    expect(businessDateOf(utc('2026-11-01T06:30'), cal(NY))).toBe('2026-11-01'); // second 01:30 (EST)
  });

  it('with dayChangeTime 04:00, compares wall clocks, not durations, on both New York change nights', () => {
    const c = cal(NY, 14400);
    // spring: 03:59:59 EDT is before the change of day, 04:00 EDT is after it
    expect(businessDateOf(utc('2026-03-08T07:59:59'), c)).toBe('2026-03-07');
    expect(businessDateOf(utc('2026-03-08T08:00'), c)).toBe('2026-03-08');
    expect(businessToday(NY, 14400, utc('2026-03-08T08:00'))).toBe('2026-03-08');
    // fall: 03:30 EST (after the repeated hour) still belongs to the previous date, 04:00 EST does not
    expect(businessDateOf(utc('2026-11-01T08:30'), c)).toBe('2026-10-31');
    expect(businessDateOf(utc('2026-11-01T09:00'), c)).toBe('2026-11-01');
    expect(businessToday(NY, 14400, utc('2026-11-01T08:30'))).toBe('2026-10-31');
  });

  it('dates instants around the London changes by their wall clock', () => {
    expect(businessDateOf(utc('2026-03-28T23:59:59'), cal(LONDON))).toBe('2026-03-28');
    expect(businessDateOf(utc('2026-03-29T00:59:59'), cal(LONDON))).toBe('2026-03-29'); // 00:59:59 GMT
    expect(businessDateOf(utc('2026-03-29T01:00'), cal(LONDON))).toBe('2026-03-29'); // 02:00 BST
    expect(businessDateOf(utc('2026-10-24T22:59:59'), cal(LONDON))).toBe('2026-10-24'); // 23:59:59 BST
    expect(businessDateOf(utc('2026-10-24T23:00'), cal(LONDON))).toBe('2026-10-25'); // 00:00 BST
    const c = cal(LONDON, 3600); // the day changes at 01:00
    expect(businessDateOf(utc('2026-10-25T00:30'), c)).toBe('2026-10-25'); // first 01:30 (BST)
    expect(businessDateOf(utc('2026-10-24T23:30'), c)).toBe('2026-10-24'); // 00:30 BST
  });

  it('tells the business date today from the clock it is given', () => {
    expect(businessToday(MADRID, 14400, utc('2026-03-11T01:30'))).toBe('2026-03-10');
    expect(businessToday(MADRID, 0, utc('2026-03-11T01:30'))).toBe('2026-03-11');
    expect(businessToday('UTC', 0)).toBe(new Date().toISOString().slice(0, 10));
  });

  it('refuses an unknown time zone instead of returning a non-date', () => {
    expect(() => businessDateOf(0, cal('Nowhere/Atlantis'))).toThrow(RangeError);
    expect(() => businessDayStart('2026-03-10', cal('Nowhere/Atlantis'))).toThrow(RangeError);
  });

  it.each([NY, LONDON, 'Australia/Sydney'])(
    'round-trips every date of 2026 through its start instant in %s',
    (zone) => {
      for (const dayChangeTime of [0, 3600, 7200, 9000, 14400, 86400]) {
        const c = cal(zone, dayChangeTime);
        for (const date of datesInRange('2026-01-01', '2026-12-31')) {
          const start = businessDayStart(date, c);
          if (businessDateOf(start, c) !== date)
            throw new Error(`${zone} ${dayChangeTime} ${date}: ${businessDateOf(start, c)}`);
        }
      }
    },
  );

  it.each([NY, LONDON, 'Australia/Sydney'])(
    'ends each business day of 2026 one millisecond before the next one starts in %s',
    (zone) => {
      // (dayChangeTime values outside every DST gap and repeated hour of these zones)
      for (const dayChangeTime of [0, 14400, 86400]) {
        const c = cal(zone, dayChangeTime);
        for (const date of datesInRange('2026-01-01', '2026-12-31')) {
          const { startMs, endMs } = businessDayBounds(date, c);
          if (businessDateOf(endMs - 1, c) !== date || businessDateOf(startMs - 1, c) !== addDays(date, -1)) {
            throw new Error(`${zone} ${dayChangeTime} ${date}`);
          }
          if (endMs - startMs < 23 * HOUR || endMs - startMs > 25 * HOUR)
            throw new Error(`${zone} ${dayChangeTime} ${date} lasts ${endMs - startMs}`);
        }
      }
    },
  );
});

describe('the fast path of business slots', () => {
  // zones with DST changes on the hour, on the half hour (Lord Howe), a 45-minute offset, none, and past ones
  const ZONES = [NY, LONDON, MADRID, 'Australia/Lord_Howe', 'Asia/Kathmandu', 'Asia/Kolkata', 'UTC', 'Pacific/Apia'];
  const instants = fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2199, 11, 31) });

  it('answers what luxon answers at the instant itself, for any instant, zone and day change', () => {
    fc.assert(
      fc.property(instants, fc.constantFrom(...ZONES), fc.integer({ min: 0, max: 86400 }), (ms, zone, dayChange) => {
        expect(businessSlot(ms, zone, dayChange)).toEqual(businessSlotByLuxon(ms, zone, dayChange));
      }),
      { numRuns: 3000 },
    );
  });

  it('answers what luxon answers on every minute around the DST changes', () => {
    const changes = [
      [NY, '2026-03-08T06:00'],
      [NY, '2026-11-01T05:00'],
      ['Australia/Lord_Howe', '2026-04-04T14:00'],
      ['Australia/Lord_Howe', '2026-10-03T15:00'],
    ] as const;
    for (const [zone, around] of changes)
      for (let m = -120; m <= 120; m++) {
        const ms = utc(around) + m * 60_000 + 59_000;
        expect(businessSlot(ms, zone, 14400)).toEqual(businessSlotByLuxon(ms, zone, 14400));
      }
  });

  it('refuses an unknown zone as luxon does', () => {
    expect(() => businessSlot(utc('2026-01-01T00:00'), 'Mars/Olympus', 0)).toThrow(RangeError);
  });
});

describe('business slots and hours', () => {
  const at = (iso: string, zone: string) =>
    instant(iso.slice(0, 10), Number(iso.slice(11, 13)) * 60 + Number(iso.slice(14, 16)), zone);

  it('has 48 business hours a day', () => {
    expect(HOURS_PER_DAY_SLOTS).toBe(48);
  });

  it('puts a sale at 01:30 in the previous business day, hour 25, when the day changes at 04:00', () => {
    expect(businessSlot(at('2026-03-11T01:30', MADRID), MADRID, 14400)).toEqual({
      businessDate: '2026-03-10',
      businessHour: 25,
      localTime: '2026-03-11T01:30:00',
    });
  });

  it('starts the new business day exactly at dayChangeTime', () => {
    expect(businessSlot(utc('2026-03-11T03:00'), MADRID, 14400)).toMatchObject({
      businessDate: '2026-03-11',
      businessHour: 4,
    });
    expect(businessSlot(utc('2026-03-11T02:59:59'), MADRID, 14400)).toMatchObject({
      businessDate: '2026-03-10',
      businessHour: 27,
    });
  });

  it('uses the company-local date and hour, not the UTC ones', () => {
    const ms = utc('2026-03-28T23:30');
    expect(businessSlot(ms, MADRID, 0)).toMatchObject({ businessDate: '2026-03-29', businessHour: 0 });
    expect(businessSlot(ms, NY, 0)).toMatchObject({ businessDate: '2026-03-28', businessHour: 19 });
  });

  it('keeps wall-clock hours across the spring-forward night (no 02:00 hour in Madrid on 2026-03-29)', () => {
    const before = businessSlot(utc('2026-03-29T00:59'), MADRID, 0);
    const after = businessSlot(utc('2026-03-29T01:00'), MADRID, 0);
    expect([before.businessHour, after.businessHour]).toEqual([1, 3]);
  });

  it('puts both 02:30s of the fall-back night in hour 2 of the same business day', () => {
    const first = businessSlot(utc('2026-10-25T00:30'), MADRID, 0);
    const second = businessSlot(utc('2026-10-25T01:30'), MADRID, 0);
    expect(first).toEqual(second);
    expect(first).toMatchObject({ businessDate: '2026-10-25', businessHour: 2 });
  });

  it('with dayChangeTime across the fall-back night, 03:30 after the change still belongs to the previous day', () => {
    expect(businessSlot(utc('2026-11-01T08:30'), NY, 14400)).toMatchObject({
      businessDate: '2026-10-31',
      businessHour: 27,
    });
  });

  it('with dayChangeTime 86400, puts every hour in the previous business day, hours 24..47', () => {
    expect(businessSlot(utc('2026-03-10T17:00'), NY, 86400)).toMatchObject({
      businessDate: '2026-03-09',
      businessHour: 37,
    });
    expect(businessSlotOfMinute('2026-03-10', 600, 86400)).toEqual({ businessDate: '2026-03-09', businessHour: 34 });
  });

  it('agrees with businessDateOf on the business date', () => {
    for (const ms of [
      utc('2026-03-08T07:59:59'),
      utc('2026-03-08T08:00'),
      utc('2026-11-01T08:30'),
      utc('2026-11-01T09:00'),
    ]) {
      expect(businessSlot(ms, NY, 14400).businessDate).toBe(businessDateOf(ms, cal(NY, 14400)));
    }
  });

  it('places minutes of a shift date in business slots, past midnight on the next date', () => {
    expect(businessSlotOfMinute('2026-03-10', 9 * 60 + 30, 0)).toEqual({ businessDate: '2026-03-10', businessHour: 9 });
    expect(businessSlotOfMinute('2026-03-10', 26 * 60, 0)).toEqual({ businessDate: '2026-03-11', businessHour: 2 });
    expect(businessSlotOfMinute('2026-03-10', 26 * 60, 14400)).toEqual({
      businessDate: '2026-03-10',
      businessHour: 26,
    });
    expect(businessSlotOfMinute('2026-03-10', 28 * 60, 14400)).toEqual({ businessDate: '2026-03-11', businessHour: 4 });
    expect(businessSlotOfMinute('2026-03-10', 3 * 60 + 59, 14400)).toEqual({
      businessDate: '2026-03-09',
      businessHour: 27,
    });
    expect(businessSlotOfMinute('2026-12-31', 25 * 60, 0)).toEqual({ businessDate: '2027-01-01', businessHour: 1 });
  });
});

describe('pay periods', () => {
  const monday = cal('UTC', 0, 0, 1);

  it('makes a weekly period the 7 days starting on payrollStartingDay, across the year change', () => {
    expect(payPeriodOf('2027-01-01', monday, 'weekly')).toEqual({ start: '2026-12-28', end: '2027-01-03' });
    expect(payPeriodOf('2026-12-28', monday, 'weekly')).toEqual({ start: '2026-12-28', end: '2027-01-03' });
    expect(payPeriodOf('2027-01-03', monday, 'weekly')).toEqual({ start: '2026-12-28', end: '2027-01-03' });
    expect(payPeriodOf('2027-01-01', cal('UTC', 0, 1, 5), 'weekly')).toEqual({
      start: '2027-01-01',
      end: '2027-01-07',
    });
    expect(payPeriodOf('2027-01-01', cal('UTC', 0, 1, 6), 'weekly')).toEqual({
      start: '2026-12-26',
      end: '2027-01-01',
    });
  });

  it('does not mix up the company week and the payroll week', () => {
    const c = cal('UTC', 0, 0, 3); // weeks start on Sunday, pay weeks on Wednesday
    expect(weekOf('2027-01-01', c)).toEqual({ start: '2026-12-27', end: '2027-01-02' });
    expect(payPeriodOf('2027-01-01', c, 'weekly')).toEqual({ start: '2026-12-30', end: '2027-01-05' });
  });

  it('aligns biweekly periods by default to the first payrollStartingDay on or after 1970-01-01', () => {
    // Thursday: 1970-01-01 itself starts a period
    const thursday = cal('UTC', 0, 1, 4);
    expect(payPeriodOf('1970-01-14', thursday, 'biweekly')).toEqual({ start: '1970-01-01', end: '1970-01-14' });
    expect(payPeriodOf('1970-01-15', thursday, 'biweekly')).toEqual({ start: '1970-01-15', end: '1970-01-28' });
    // Sunday: 1970-01-04; dates before the anchor fall in earlier periods
    const sunday = cal('UTC', 0, 1, 0);
    expect(payPeriodOf('1970-01-04', sunday, 'biweekly')).toEqual({ start: '1970-01-04', end: '1970-01-17' });
    expect(payPeriodOf('1970-01-03', sunday, 'biweekly')).toEqual({ start: '1969-12-21', end: '1970-01-03' });
    // Monday: 1970-01-05, 20804 days (1486 periods) before 2026-12-21
    expect(payPeriodOf('2027-01-01', monday, 'biweekly')).toEqual({ start: '2026-12-21', end: '2027-01-03' });
  });

  it('aligns biweekly periods to a given anchor, with a period spanning the year change', () => {
    // 2026-01-12 is a Monday; 2026-12-28 is 350 = 25 * 14 days later
    expect(payPeriodOf('2027-01-01', monday, 'biweekly', '2026-01-12')).toEqual({
      start: '2026-12-28',
      end: '2027-01-10',
    });
    expect(payPeriodOf('2026-12-27', monday, 'biweekly', '2026-01-12')).toEqual({
      start: '2026-12-14',
      end: '2026-12-27',
    });
    expect(payPeriodOf('2026-01-11', monday, 'biweekly', '2026-01-12')).toEqual({
      start: '2025-12-29',
      end: '2026-01-11',
    });
    expect(payPeriodOf('2026-01-12', monday, 'biweekly', '2026-01-12')).toEqual({
      start: '2026-01-12',
      end: '2026-01-25',
    });
  });

  it('moves an anchor that is not on payrollStartingDay forward to the next one', () => {
    // 2026-01-08 is a Thursday: the periods start on Monday 2026-01-12
    expect(payPeriodOf('2027-01-01', monday, 'biweekly', '2026-01-08')).toEqual({
      start: '2026-12-28',
      end: '2027-01-10',
    });
  });

  it('splits months at the 15th for semimonthly periods, including February of the leap year 2028', () => {
    expect(payPeriodOf('2028-02-01', monday, 'semimonthly')).toEqual({ start: '2028-02-01', end: '2028-02-15' });
    expect(payPeriodOf('2028-02-15', monday, 'semimonthly')).toEqual({ start: '2028-02-01', end: '2028-02-15' });
    expect(payPeriodOf('2028-02-16', monday, 'semimonthly')).toEqual({ start: '2028-02-16', end: '2028-02-29' });
    expect(payPeriodOf('2028-02-29', monday, 'semimonthly')).toEqual({ start: '2028-02-16', end: '2028-02-29' });
    expect(payPeriodOf('2027-02-20', monday, 'semimonthly')).toEqual({ start: '2027-02-16', end: '2027-02-28' });
    expect(payPeriodOf('2026-12-31', monday, 'semimonthly')).toEqual({ start: '2026-12-16', end: '2026-12-31' });
    expect(payPeriodOf('2026-04-30', monday, 'semimonthly')).toEqual({ start: '2026-04-16', end: '2026-04-30' });
  });

  it('makes a monthly period the calendar month', () => {
    expect(payPeriodOf('2028-02-10', monday, 'monthly')).toEqual({ start: '2028-02-01', end: '2028-02-29' });
    expect(payPeriodOf('2100-02-10', monday, 'monthly')).toEqual({ start: '2100-02-01', end: '2100-02-28' });
    expect(payPeriodOf('2026-12-31', monday, 'monthly')).toEqual({ start: '2026-12-01', end: '2026-12-31' });
    expect(payPeriodOf('2026-06-01', monday, 'monthly')).toEqual({ start: '2026-06-01', end: '2026-06-30' });
  });

  it('steps to the next and previous period of each frequency', () => {
    expect(nextPayPeriod({ start: '2026-12-28', end: '2027-01-03' }, monday, 'weekly')).toEqual({
      start: '2027-01-04',
      end: '2027-01-10',
    });
    expect(previousPayPeriod({ start: '2026-12-28', end: '2027-01-03' }, monday, 'weekly')).toEqual({
      start: '2026-12-21',
      end: '2026-12-27',
    });
    expect(nextPayPeriod({ start: '2026-12-28', end: '2027-01-10' }, monday, 'biweekly', '2026-01-12')).toEqual({
      start: '2027-01-11',
      end: '2027-01-24',
    });
    expect(previousPayPeriod({ start: '2026-12-28', end: '2027-01-10' }, monday, 'biweekly', '2026-01-12')).toEqual({
      start: '2026-12-14',
      end: '2026-12-27',
    });
    expect(nextPayPeriod({ start: '2028-02-16', end: '2028-02-29' }, monday, 'semimonthly')).toEqual({
      start: '2028-03-01',
      end: '2028-03-15',
    });
    expect(previousPayPeriod({ start: '2028-01-01', end: '2028-01-15' }, monday, 'semimonthly')).toEqual({
      start: '2027-12-16',
      end: '2027-12-31',
    });
    expect(nextPayPeriod({ start: '2026-12-01', end: '2026-12-31' }, monday, 'monthly')).toEqual({
      start: '2027-01-01',
      end: '2027-01-31',
    });
    expect(previousPayPeriod({ start: '2028-03-01', end: '2028-03-31' }, monday, 'monthly')).toEqual({
      start: '2028-02-01',
      end: '2028-02-29',
    });
  });

  it('tiles a year with consecutive periods of every frequency, no gap and no overlap', () => {
    for (const frequency of ['weekly', 'biweekly', 'semimonthly', 'monthly'] as const) {
      let period = payPeriodOf('2026-01-01', monday, frequency);
      while (period.end < '2027-12-31') {
        const next = nextPayPeriod(period, monday, frequency);
        expect(daysBetween(period.end, next.start)).toBe(1);
        expect(previousPayPeriod(next, monday, frequency)).toEqual(period);
        period = next;
      }
    }
  });

  it('turns a period into the instants from the start of its first business day to the start of the day after its last', () => {
    expect(periodBounds({ start: '2026-03-01', end: '2026-03-31' }, cal(NY))).toEqual({
      startMs: utc('2026-03-01T05:00'),
      endMs: utc('2026-04-01T04:00'),
    });
    // October in London with the day changing at 04:00: 04:00 BST on the 1st to 04:00 GMT on November 1st
    const october = periodBounds(payPeriodOf('2026-10-15', cal(LONDON, 14400), 'monthly'), cal(LONDON, 14400));
    expect(october).toEqual({ startMs: utc('2026-10-01T03:00'), endMs: utc('2026-11-01T04:00') });
    expect(october.endMs - october.startMs).toBe(31 * 24 * HOUR + HOUR);
    expect(periodBounds({ start: '2026-03-08', end: '2026-03-08' }, cal(NY))).toEqual(
      businessDayBounds('2026-03-08', cal(NY)),
    );
  });
});

describe('requireDateRange', () => {
  const { requireDateRange } = require('../../../src/core/calendar') as typeof import('../../../src/core/calendar');

  it('answers the number of days of a range within the limit, both ends included', () => {
    expect(requireDateRange('2026-11-01', '2026-11-01', 1)).toBe(1);
    expect(requireDateRange('2026-02-27', '2026-03-01', 3)).toBe(3);
  });

  it('refuses a reversed range and one longer than the limit with INVALID_DATE_RANGE', () => {
    expect(() => requireDateRange('2026-11-02', '2026-11-01', 10)).toThrow(
      expect.objectContaining({ code: 'INVALID_DATE_RANGE', status: 400 }),
    );
    expect(() => requireDateRange('2026-01-01', '2026-01-04', 3)).toThrow(/holds 4 days; at most 3/);
  });
});
