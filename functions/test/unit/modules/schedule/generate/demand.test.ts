import fc from 'fast-check';
import type { Employee } from '../../../../../src/modules/employees';
import type { Role } from '../../../../../src/modules/roles';
import { buildProblem } from '../../../../../src/modules/schedule/generate/problem';
import { generate } from '../../../../../src/modules/schedule/generate/solve';
import { RESTAURANT_RULES } from '../../../../helpers/restaurants';
import {
  TEMPLATE_REASON,
  candidateSeats,
  fitToBudget,
  requiredSeats,
  type DaypartDemand,
  type RoleDemandSetting,
} from '../../../../../src/modules/schedule/generate/demand';

const USD = 100;
const dinner = (over: Partial<DaypartDemand> = {}): DaypartDemand => ({
  date: '2026-12-05',
  daypart: 'dinner',
  start: 960,
  end: 1320,
  salesMinor: 440_000,
  covers: 150,
  reservationCovers: null,
  ...over,
});
const role = (
  over: Partial<RoleDemandSetting['productivity']> = {},
  extra: Partial<RoleDemandSetting> = {},
): RoleDemandSetting => ({
  roleId: 'role-server',
  frontOfHouse: true,
  productivity: { subRoleId: 'floor', basis: 'sales', perLaborHour: 400, minimumPerDaypart: 0, ...over },
  hourlyCostMinor: 1550,
  ...extra,
});

describe('sales to seats', () => {
  it('$4,400 of dinner (6 h) at $400 per labor hour needs 2 seats (4,400 / 2,400 = 1.83, rounded up)', () => {
    expect(requiredSeats(dinner(), role(), USD)).toBe(2);
  });

  it('$4,800 at $400 per labor hour over 6 h is exactly 2 seats, not 3', () => {
    expect(requiredSeats(dinner({ salesMinor: 480_000 }), role(), USD)).toBe(2);
  });

  it('the minimum per daypart wins when demand needs fewer seats', () => {
    expect(requiredSeats(dinner({ salesMinor: 10_000 }), role({ minimumPerDaypart: 3 }), USD)).toBe(3);
  });

  it('a daypart without forecast sales, or one the role does not work, needs no seat, minimum or not', () => {
    expect(requiredSeats(dinner({ salesMinor: 0 }), role({ minimumPerDaypart: 2 }), USD)).toBe(0);
    expect(requiredSeats(dinner(), role({ minimumPerDaypart: 2, dayparts: ['lunch'] }), USD)).toBe(0);
  });

  it('covers: 150 guests at 40 per labor hour over a 5-hour late daypart (22:00-03:00) need 1 seat; 300 booked covers need 2 for front of house only', () => {
    const late = dinner({ daypart: 'late', start: 1320, end: 180, covers: 150 });
    const host = role({ basis: 'covers', perLaborHour: 40 });
    expect(requiredSeats(late, host, USD)).toBe(1);
    expect(requiredSeats({ ...late, reservationCovers: 300 }, host, USD)).toBe(2);
    expect(requiredSeats({ ...late, reservationCovers: 300 }, { ...host, frontOfHouse: false }, USD)).toBe(1);
  });

  it('fixed: only the minimum', () => {
    expect(
      requiredSeats(
        dinner({ salesMinor: 9_000_000 }),
        role({ basis: 'fixed', perLaborHour: undefined, minimumPerDaypart: 1 }),
        USD,
      ),
    ).toBe(1);
  });

  it('every candidate seat says why it exists: minimum first, then productivity, then labor-target extras', () => {
    const seats = candidateSeats([dinner()], [role({ minimumPerDaypart: 1 })], USD, true);
    expect(seats.map((s) => s.because.kind)).toEqual(['minimum', 'productivity', 'laborTarget', 'laborTarget']);
    expect(seats[1].because).toMatchObject({
      daypart: 'dinner',
      forecastSalesMinor: 440_000,
      requiredSeats: 2,
      seatNumber: 2,
      basis: 'sales',
      perLaborHour: 400,
    });
    // 6 hours at $15.50
    expect(seats[0].costMinor).toBe(9300);
  });

  it('fits to a budget: minimum seats always, then the most loaded seats while they bring the cost nearer', () => {
    const days = [dinner(), dinner({ date: '2026-12-06', salesMinor: 200_000 })];
    const candidates = candidateSeats(days, [role({ minimumPerDaypart: 1 })], USD, true);
    // required: 2 on the 5th, 1 on the 6th; each seat costs 9,300
    expect(fitToBudget(candidates, null).seats).toHaveLength(3);
    const tight = fitToBudget(candidates, 2 * 9300);
    expect(tight.seats.map((s) => s.because.kind)).toEqual(['minimum', 'minimum']);
    expect(tight.cut).toHaveLength(1);
    const loose = fitToBudget(candidates, 5 * 9300);
    expect(loose.seats).toHaveLength(5);
    expect(loose.seats.filter((s) => s.because.kind === 'laborTarget')).toHaveLength(2);
  });

  it('lands the planned cost within half a seat of any budget the candidates can reach', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 2_000_000 }), { minLength: 1, maxLength: 14 }),
        fc.integer({ min: 0, max: 400_000 }),
        (sales, budget) => {
          const days = sales.map((s, i) =>
            dinner({ date: `2026-12-${String(i + 1).padStart(2, '0')}`, salesMinor: s }),
          );
          const candidates = candidateSeats(days, [role({ minimumPerDaypart: 1 })], USD, true);
          const { seats } = fitToBudget(candidates, budget);
          const cost = seats.reduce((a, s) => a + s.costMinor, 0);
          const minimum = candidates.filter((c) => c.because.kind === 'minimum').reduce((a, s) => a + s.costMinor, 0);
          const all = candidates.reduce((a, s) => a + s.costMinor, 0);
          const target = Math.min(Math.max(budget, minimum), all);
          expect(Math.abs(cost - target)).toBeLessThanOrEqual(9300 / 2 + (budget < minimum ? minimum - budget : 0));
          // no seat of a daypart is taken before the ones numbered under it
          for (const s of seats)
            if (s.because.seatNumber! > 1)
              expect(seats.some((o) => o.date === s.date && o.because.seatNumber === s.because.seatNumber! - 1)).toBe(
                true,
              );
        },
      ),
    );
  });

  it('fills a seat the demand needs before a seat added for the labor target, in the greedy pass and in the MIP', async () => {
    const seat = (n: number, kind: 'productivity' | 'laborTarget') => ({
      id: `2026-03-02.cook.dinner.line.d${n}`,
      date: '2026-03-02',
      roleId: 'cook',
      subRoleId: 'line',
      start: 960,
      end: 1320,
      slotKey: 'dinner',
      because: { ...TEMPLATE_REASON, kind, daypart: 'dinner', seatNumber: n },
    });
    const problem = buildProblem({
      from: '2026-03-02',
      to: '2026-03-02',
      rules: { ...RESTAURANT_RULES, betweenShifts: 0, maxDayHours: false },
      generationPriority: 'longer-shifts',
      generationFormat: 'standard',
      template: {},
      roles: [
        {
          id: 'cook',
          name: 'Cook',
          priority: 0,
          rate: 15,
          archived: false,
          subRoles: { line: { name: 'Line', priority: 0 } },
        },
      ] as unknown as Role[],
      employees: [
        {
          id: 'e1',
          name: 'E',
          surname: 'One',
          archived: false,
          positions: [{ categoryId: 'cook', subcategoryId: 'line' }],
        },
      ] as unknown as Employee[],
      shifts: [],
      timeOff: [],
      minRestMinutes: () => 0,
      currency: 'USD',
      // the extra seat comes first: a solver that took seats in order would give it
      demandSeats: [seat(2, 'laborTarget'), seat(1, 'productivity')],
    });
    for (const method of ['greedy', 'auto'] as const) {
      const { assignments, report } = await generate(problem, { timeLimitSeconds: 5, method });
      expect(assignments.map((a) => a.seatId)).toEqual(['2026-03-02.cook.dinner.line.d1']);
      // the MIP's own answer, not the greedy pass kept because the MIP's was worse
      if (method === 'auto') expect(report.used).toBe('mip');
    }
  });
});
