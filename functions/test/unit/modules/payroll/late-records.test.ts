import fc from 'fast-check';
import { addDays, instant, weekOf } from '../../../../src/core/calendar';
import {
  lateRecordLines,
  settledOf,
  type LateRecordLine,
  type PricedLateRecord,
  type PunchSpan,
} from '../../../../src/modules/payroll/late-records';
import { priorPeriodAdjustment } from '../../../../src/modules/payroll/adjustments';
import { DEFAULT_RULES, type CalendarInput, type OvertimeRules } from '../../../../src/modules/payroll/overtime';
import { periodPay, type WeekPay } from '../../../../src/modules/payroll/pay';

/**
 * Late POS records (payroll/late-records.ts) priced against the week as paid. The property
 * simulates what the stores do: pay periods close one after the other (the punches of a closed
 * range are frozen as paid; a change the vendor makes there afterwards is kept as a late record,
 * its last version only), and each period's report is its own minutes plus the late-record lines of
 * the records closed before it, given the lines the closed reports already paid. Over any run, no
 * worked minute is lost or paid twice: the reports' minutes add up to the vendor's final punches.
 */
const TZ = 'UTC';
const cal: CalendarInput = { timezone: TZ, dayChangeTime: 0, weekStartingDay: 1 };
const money = (m: number) => `${(m / 100).toFixed(2)} USD`;

interface Punch {
  employeeId: string;
  businessDate: string;
  startMinute: number;
  minutes: number;
  rate: number;
}

const spanOf = (id: string, p: Punch): PunchSpan => ({
  punchId: id,
  businessDate: p.businessDate,
  positionId: null,
  startMs: instant(p.businessDate, p.startMinute, TZ),
  endMs: instant(p.businessDate, p.startMinute + p.minutes, TZ),
  unpaidBreaks: [],
  rate: p.rate,
  rateSource: 'employee',
});

const record = (id: string, final: Punch | null, over: Partial<PricedLateRecord> = {}): PricedLateRecord => ({
  recordId: id,
  vendor: 'square',
  externalId: `tc-${id}`,
  runId: 'run-1',
  version: 'v1',
  change: final ? 'changed' : 'deleted',
  lock: { startDate: '2026-03-02', endDate: '2026-03-15' },
  final: final ? { employeeId: final.employeeId, span: spanOf(id, final) } : null,
  ...over,
});

const linesOf = (
  baseline: PunchSpan[],
  records: PricedLateRecord[],
  settled: LateRecordLine[] = [],
  rules: OvertimeRules = DEFAULT_RULES.flsa,
) =>
  lateRecordLines({
    employeeId: 'e1',
    baseline,
    records,
    settled: settledOf(settled),
    until: '2026-12-31',
    cal,
    rules,
    salaried: false,
    money,
  });

const day = (date: string, hours: number, rate = 2000): Punch => ({
  employeeId: 'e1',
  businessDate: date,
  startMinute: 8 * 60,
  minutes: hours * 60,
  rate,
});

describe('lateRecordLines', () => {
  // Mon 03-09 .. Fri 03-13: 5 x 8 h at $20 = 40 h, paid $800
  const week = [0, 1, 2, 3, 4].map((d) => spanOf(`p${d}`, day(addDays('2026-03-09', d), 8)));

  it('an edited clock-out adds its minutes, priced with the overtime they make: +2 h at $30', () => {
    const lines = linesOf(week, [record('p4', day('2026-03-13', 10))]);
    expect(lines).toEqual([
      expect.objectContaining({
        kind: 'lateRecord',
        recordId: 'p4',
        externalId: 'tc-p4',
        runId: 'run-1',
        weekStart: '2026-03-09',
        weekEnd: '2026-03-15',
        minutes: 120,
        amount: 60_00,
      }),
    ]);
    expect(lines[0].reason).toContain('square changed a punch (record tc-p4, sync run run-1)');
    expect(lines[0].reason).toContain('adjustment +2.00 h, +60.00 USD');
  });

  it('a deletion is a negative line; a new punch a positive one, at overtime when the week is over 40 h', () => {
    expect(linesOf(week, [record('p0', null)])).toEqual([expect.objectContaining({ minutes: -480, amount: -160_00 })]);
    const added = linesOf(week, [record('new', day('2026-03-14', 4), { change: 'created' })]);
    expect(added).toEqual([expect.objectContaining({ minutes: 240, amount: 120_00, change: 'created' })]);
  });

  it('several records of one week add up to the week with all of them minus the week as paid', () => {
    const lines = linesOf(week, [record('p4', day('2026-03-13', 10)), record('p0', null)]);
    // 40 h -> 40 h (8 h gone, 2 h added on Friday, 34 h): first +2 h overtime, then -8 h
    expect(lines.reduce((s, l) => s + l.minutes, 0)).toBe(-360);
    expect(lines.reduce((s, l) => s + l.amount, 0)).toBe(-120_00);
  });

  it('nothing again once a closed report paid the version; the difference only when it changes again', () => {
    const first = linesOf(week, [record('p4', day('2026-03-13', 10))]);
    expect(linesOf(week, [record('p4', day('2026-03-13', 10))], first)).toEqual([]);
    const again = linesOf(week, [record('p4', day('2026-03-13', 9), { version: 'v2' })], first);
    expect(again).toEqual([expect.objectContaining({ minutes: -60, amount: -30_00, version: 'v2' })]);
    expect(again[0].reason).toContain('less 2.00 h and 60.00 USD an earlier report already paid for it');
  });

  it('a record moved to another week is taken out of one week and paid in the other', () => {
    const lines = linesOf(week, [record('p0', day('2026-03-16', 8))]);
    expect(lines.map((l) => [l.weekStart, l.minutes, l.amount])).toEqual([
      ['2026-03-09', -480, -160_00],
      ['2026-03-16', 480, 160_00],
    ]);
  });
});

// --- the property: no minute lost, none paid twice -------------------------------------------

interface Op {
  /** index into the punches (existing or new ones) */
  target: number;
  kind: 'create' | 'change' | 'delete';
  punch: Punch;
}

interface Case {
  periodDays: 7 | 14;
  firstDay: string;
  rules: OvertimeRules;
  punches: Punch[];
  /** ops before each close (index = number of periods closed) */
  ops: Op[][];
}

const PERIODS = 4;

const punchArb = (firstDay: string, days: number): fc.Arbitrary<Punch> =>
  fc.record({
    employeeId: fc.constantFrom('e1', 'e2'),
    businessDate: fc.integer({ min: 0, max: days - 1 }).map((d) => addDays(firstDay, d)),
    startMinute: fc.integer({ min: 5 * 60, max: 12 * 60 }),
    minutes: fc.integer({ min: 1, max: 11 * 60 }),
    rate: fc.constantFrom(1200, 2000),
  });

const caseArb: fc.Arbitrary<Case> = fc
  .record({
    periodDays: fc.constantFrom<7 | 14>(7, 14),
    // a Thursday: periods and Monday workweeks straddle each other
    firstDay: fc.constantFrom('2026-03-05', '2026-03-02'),
    rules: fc.constantFrom<OvertimeRules>(DEFAULT_RULES.flsa, DEFAULT_RULES.california, DEFAULT_RULES.none),
  })
  .chain((base) => {
    // punches on days whose workweek ends inside the run: a later week is paid after it
    const end = addDays(base.firstDay, base.periodDays * PERIODS - 1);
    const lastSunday = weekOf(end, cal).end > end ? addDays(weekOf(end, cal).start, -1) : end;
    const days = Math.round((Date.parse(lastSunday) - Date.parse(base.firstDay)) / 86_400_000) + 1;
    return fc.record({
      periodDays: fc.constant(base.periodDays),
      firstDay: fc.constant(base.firstDay),
      rules: fc.constant(base.rules),
      punches: fc.array(punchArb(base.firstDay, days), { maxLength: 14 }),
      ops: fc.array(
        fc.array(
          fc.record({
            target: fc.integer({ min: 0, max: 20 }),
            kind: fc.constantFrom<Op['kind']>('create', 'change', 'delete'),
            punch: punchArb(base.firstDay, days),
          }),
          { maxLength: 5 },
        ),
        { minLength: PERIODS, maxLength: PERIODS },
      ),
    });
  });

/** Rate per employee: the rates of one employee's punches are the employee's, so pricing is by employee. */
const withRate = (p: Punch): Punch => ({ ...p, rate: p.employeeId === 'e1' ? 2000 : 1200 });

/**
 * `mixedRates`: each punch at its own rate (the regular rate of a week is then their average), and
 * the straddling week's prior-period true-up (adjustments.ts) paid as the report pays it.
 */
function simulate(c: Case, { mixedRates = false } = {}) {
  const rated = (p: Punch) => (mixedRates ? p : withRate(p));
  const ranges = Array.from({ length: PERIODS }, (_, k) => ({
    start: addDays(c.firstDay, k * c.periodDays),
    end: addDays(c.firstDay, (k + 1) * c.periodDays - 1),
  }));
  // the punches as stored (frozen once their range closed) and the late records' last versions
  const stored = new Map<string, Punch>(c.punches.map((p, i) => [`p${i}`, rated(p)]));
  const late = new Map<
    string,
    { final: Punch | null; version: number; lockEnd: string; paidEmployee: string | null }
  >();
  let version = 0;
  const reports: {
    employeeId: string;
    minutes: number;
    pay: number;
    weeks: WeekPay[];
    prior: number;
    lines: LateRecordLine[];
  }[][] = [];
  const locked = (date: string, closed: number) => closed > 0 && date <= ranges[closed - 1].end;
  const spans = (employeeId: string) =>
    [...stored].filter(([, p]) => p.employeeId === employeeId).map(([id, p]) => spanOf(id, p));

  for (let k = 0; k < PERIODS; k++) {
    for (const op of c.ops[k]) {
      const id = op.kind === 'create' ? `n${op.target}` : `p${op.target}`;
      const current = late.has(id) ? late.get(id)!.final : (stored.get(id) ?? null);
      if (op.kind !== 'create' && !current && !late.has(id)) continue;
      const final = op.kind === 'delete' ? null : rated(op.punch);
      const asStored = stored.get(id);
      const dates = [asStored?.businessDate, late.get(id)?.final?.businessDate, final?.businessDate].filter(
        (d): d is string => !!d,
      );
      if (late.has(id) || dates.some((d) => locked(d, k))) {
        const lockEnd = late.get(id)?.lockEnd ?? ranges[k - 1].end;
        late.set(id, { final, version: ++version, lockEnd, paidEmployee: asStored?.employeeId ?? null });
      } else if (final) stored.set(id, final);
      else stored.delete(id);
    }
    // close period k: its report, frozen
    const range = ranges[k];
    const rows = ['e1', 'e2'].map((employeeId) => {
      const own = periodPay(spans(employeeId), { startDate: range.start, endDate: range.end }, cal, c.rules);
      const settled = reports.flatMap((r) => r.find((x) => x.employeeId === employeeId)!.lines);
      const records: PricedLateRecord[] = [...late]
        .filter(([, r]) => r.lockEnd < range.start)
        .map(([id, r]) =>
          record(id, r.final, { version: `v${r.version}`, lock: { startDate: c.firstDay, endDate: r.lockEnd } }),
        );
      const touching = records.filter(
        (r) =>
          late.get(r.recordId)!.paidEmployee === employeeId ||
          r.final?.employeeId === employeeId ||
          settled.some((l) => l.recordId === r.recordId),
      );
      const lines = lateRecordLines({
        employeeId,
        baseline: spans(employeeId),
        records: touching,
        settled: settledOf(settled),
        until: range.end,
        cal,
        rules: c.rules,
        salaried: false,
        money,
      });
      // the straddling week's true-up, as report.ts adjustmentsOf pays it
      let prior = 0;
      const week = weekOf(range.start, cal);
      if (k > 0 && week.start < range.start) {
        const closed = { startDate: ranges[k - 1].start, endDate: ranges[k - 1].end };
        const frozen = reports[k - 1].find((x) => x.employeeId === employeeId)!;
        const closedDays = {
          startDate: week.start < closed.startDate ? closed.startDate : week.start,
          endDate: closed.endDate,
        };
        const owed = periodPay(spans(employeeId), closedDays, cal, c.rules).weeks.find(
          (w) => w.weekStart === week.start,
        );
        const paid = frozen.weeks.find((w) => w.weekStart === week.start);
        prior = priorPeriodAdjustment({ week, closed, owed, paid, money })?.amount ?? 0;
      }
      return {
        employeeId,
        minutes: own.hours.workedMinutes,
        pay: own.regularPay + own.overtimePay + own.doubleTimePay,
        weeks: own.weeks,
        prior,
        lines,
      };
    });
    reports.push(rows);
  }
  const finalPunches = new Map(stored);
  for (const [id, r] of late) {
    if (r.final) finalPunches.set(id, r.final);
    else finalPunches.delete(id);
  }
  return { reports, finalPunches, ranges };
}

// the properties price hundreds of generated periods each: about 5 s alone, 16 s on a loaded 2-core machine
describe('late records: conservation of worked minutes across closes', () => {
  jest.setTimeout(120_000);

  it('the reports (frozen minutes + late-record lines) add up to the minutes of the final vendor punches', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const { reports, finalPunches, ranges } = simulate(c);
        const paid = reports.flat().reduce((s, r) => s + r.minutes + r.lines.reduce((x, l) => x + l.minutes, 0), 0);
        const all = { startDate: ranges[0].start, endDate: ranges[PERIODS - 1].end };
        let truth = 0;
        for (const employeeId of ['e1', 'e2']) {
          const spans = [...finalPunches]
            .filter(([, p]) => p.employeeId === employeeId)
            .map(([id, p]) => spanOf(id, p));
          truth += periodPay(spans, all, cal, c.rules).hours.workedMinutes;
        }
        expect(paid).toBe(truth);
      }),
      { numRuns: 400 },
    );
  });

  it('and their pay adds up to the final punches priced week by week (each week at its own overtime), to the cent per week', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const { reports, finalPunches, ranges } = simulate(c);
        const paid = reports.flat().reduce((s, r) => s + r.pay + r.lines.reduce((x, l) => x + l.amount, 0), 0);
        let truth = 0;
        let weeks = 0;
        for (const employeeId of ['e1', 'e2']) {
          const spans = [...finalPunches]
            .filter(([, p]) => p.employeeId === employeeId)
            .map(([id, p]) => spanOf(id, p));
          const all = periodPay(spans, { startDate: ranges[0].start, endDate: ranges[PERIODS - 1].end }, cal, c.rules);
          truth += all.regularPay + all.overtimePay + all.doubleTimePay;
          weeks += all.weeks.length;
        }
        // each period rounds its side of a straddling week on its own
        expect(Math.abs(paid - truth)).toBeLessThanOrEqual(weeks * 2);
      }),
      { numRuns: 300 },
    );
  });

  it('with several rates per employee, frozen pay + straddle true-ups + late lines pay each final week at its own regular rate', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const { reports, finalPunches, ranges } = simulate(c, { mixedRates: true });
        const paid = reports
          .flat()
          .reduce((s, r) => s + r.pay + r.prior + r.lines.reduce((x, l) => x + l.amount, 0), 0);
        let truth = 0;
        let weeks = 0;
        for (const employeeId of ['e1', 'e2']) {
          const spans = [...finalPunches]
            .filter(([, p]) => p.employeeId === employeeId)
            .map(([id, p]) => spanOf(id, p));
          const all = periodPay(spans, { startDate: ranges[0].start, endDate: ranges[PERIODS - 1].end }, cal, c.rules);
          truth += all.regularPay + all.overtimePay + all.doubleTimePay;
          weeks += all.weeks.length;
        }
        expect(Math.abs(paid - truth)).toBeLessThanOrEqual(weeks * 2);
      }),
      { numRuns: 300 },
    );
  });

  it('a record received twice is one line, and a record changed twice after the close is its net change once', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const { reports } = simulate(c);
        // every (record, week) is paid by at most one line per report
        for (const rows of reports)
          for (const row of rows) {
            const keys = row.lines.map((l) => `${l.recordId}~${l.weekStart}`);
            expect(new Set(keys).size).toBe(keys.length);
          }
      }),
      { numRuns: 200 },
    );
  });
});
