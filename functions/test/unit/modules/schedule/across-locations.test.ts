import { instant } from '../../../../src/core/calendar';
import {
  acrossLocationFindings,
  acrossLocationRestPremiums,
  type ShiftElsewhere,
} from '../../../../src/modules/schedule/across-locations';
import type { ScheduleRules, Timed } from '../../../../src/modules/schedule/rules';
import type { Shift } from '../../../../src/modules/schedule/schemas';

/**
 * The rest premium across an employer's locations: the candidate's location's pack, figured on the
 * second of the two shifts, only between consecutive business dates (a clopening), as at one location.
 */
const TZ = 'America/New_York';
const at = (date: string, hour: number) => instant(date, hour * 60, TZ);
const rules = (jurisdiction: string) =>
  ({ jurisdiction, betweenShifts: 0, conflictsDetectionEnabled: true }) as unknown as ScheduleRules;
const candidate = (date: string, from: number, to: number, mode = 'published'): Timed<Shift> => ({
  shift: { id: 'b1', date, employeeId: 'e-b', start: from * 60, end: to * 60, mode } as unknown as Shift,
  startMs: at(date, from),
  endMs: at(date, to),
  minutes: (to - from) * 60,
  worked: (to - from) * 60,
});
const atA = (date: string, from: number, to: number): ShiftElsewhere => ({
  locationName: 'Harbor North',
  date,
  start: from * 60,
  end: to * 60,
  startMs: at(date, from),
  endMs: at(date, to),
});

describe('the rest premium across locations', () => {
  it('NYC: a close at A at 23:00 and an open at B at 09:00 (10 h of 11) owes $100 at B, naming A', () => {
    const owed = acrossLocationRestPremiums(candidate('2027-03-03', 9, 14), [atA('2027-03-02', 15, 23)], rules('nyc'));
    expect(owed).toEqual([expect.objectContaining({ rule: 'rest', amountMinor: 100_00, payHours: null })]);
    expect(owed[0].reason).toBe(
      "600 minutes of rest between shifts; New York City (fast food) requires 660 (next to the person's shift at Harbor North)",
    );
  });

  it('Seattle: 1.5x for the hours within the 10 of rest, on the second shift (here the one at A)', () => {
    // B closes at 23:00, A opens at 07:00: 8 h of rest, 2 h within the 10, A's shift is the second
    const owed = acrossLocationRestPremiums(
      candidate('2027-03-02', 15, 23),
      [atA('2027-03-03', 7, 15)],
      rules('seattle'),
    );
    expect(owed).toEqual([expect.objectContaining({ rule: 'rest', amountMinor: null, payHours: 1 })]);
  });

  it('owes nothing with enough rest, between shifts of the same date or two dates apart, on a draft, or without a pack', () => {
    const close = [atA('2027-03-02', 15, 23)];
    expect(acrossLocationRestPremiums(candidate('2027-03-03', 10, 14), close, rules('nyc'))).toEqual([]);
    expect(
      acrossLocationRestPremiums(candidate('2027-03-02', 6, 12), [atA('2027-03-02', 14, 18)], rules('nyc')),
    ).toEqual([]);
    expect(acrossLocationRestPremiums(candidate('2027-03-04', 0, 4), close, rules('nyc'))).toEqual([]);
    expect(acrossLocationRestPremiums(candidate('2027-03-03', 9, 14, 'draft'), close, rules('nyc'))).toEqual([]);
    expect(acrossLocationRestPremiums(candidate('2027-03-03', 9, 14), close, rules('none'))).toEqual([]);
  });

  it('asks for no clopening consent between two shifts of one date (only the company rest applies)', () => {
    const found = acrossLocationFindings(
      candidate('2027-03-02', 6, 12),
      [atA('2027-03-02', 14, 18)],
      rules('nyc'),
      false,
    );
    expect(found.map((f) => f.rule)).toEqual([]);
  });
});
