import fc from 'fast-check';
import { addDays } from '../../../../src/core/calendar';
import { balanceOf, planAccruals, type WorkedPunch } from '../../../../src/modules/leave/ledger-rules';
import { policyBody, type LeaveEntry, type LeavePolicy } from '../../../../src/modules/leave/schemas';

const H = 60;
const policy = (over: Record<string, unknown> = {}): LeavePolicy => ({
  ...policyBody.parse({
    name: 'p',
    kind: 'pto',
    accrual: { method: 'perHoursWorked', hoursWorkedPerHour: 30 },
    ...over,
  }),
  id: 'p',
  companyId: 'c',
  updatedAt: 0,
  updatedBy: 'u',
});

/** Runs the planner and appends what it plans to the ledger, as the accrual run does. */
function run(
  ledger: LeaveEntry[],
  p: LeavePolicy,
  through: string,
  punches: WorkedPunch[],
  hireDate: string | null = null,
) {
  const planned = planAccruals({
    policy: p,
    employeeId: 'e',
    hireDate,
    through,
    punches,
    entries: ledger,
    payrollStartingDay: 1,
  });
  planned.forEach((e, i) =>
    ledger.push({ ...e, id: `${ledger.length + i}`, companyId: 'c', createdAt: ledger.length + i }),
  );
  return planned;
}

describe('planAccruals', () => {
  it('closes an ended year: forfeits over the carryover cap and carries the rest into the next year', () => {
    const p = policy({ carryoverCapMinutes: 40 * H });
    const ledger: LeaveEntry[] = [];
    // 1800 h worked in 2025 = 60 h of leave
    const punches = Array.from({ length: 180 }, (_, i) => ({
      punchId: `p${i}`,
      businessDate: addDays('2025-01-01', i),
      minutes: 10 * H,
    }));
    run(ledger, p, '2025-12-31', punches);
    expect(balanceOf(ledger)).toBe(60 * H);
    const closing = run(ledger, p, '2026-01-02', punches);
    expect(closing.map((e) => [e.kind, e.minutes, e.year])).toEqual([
      ['forfeiture', -20 * H, '2025-01-01'],
      ['carryoverOut', -40 * H, '2025-01-01'],
      ['carryoverIn', 40 * H, '2026-01-01'],
    ]);
    expect(balanceOf(ledger)).toBe(40 * H);
    expect(run(ledger, p, '2026-01-02', punches)).toEqual([]);
    // a 2025 punch deleted after the close: the 2025 accrual is corrected and the close reconciled
    const fewer = punches.slice(0, 150); // 1500 h = 50 h
    const after = run(ledger, p, '2026-01-03', fewer);
    expect(after.map((e) => [e.kind, e.minutes])).toEqual([
      ['accrual', -10 * H],
      ['forfeiture', 10 * H],
    ]);
    expect(balanceOf(ledger)).toBe(40 * H);
  });

  it('front-loads a grant once a year and starts a hire-date year on the anniversary', () => {
    const p = policy({
      accrual: { method: 'frontLoaded', minutesPerYear: 40 * H },
      yearStart: { kind: 'hireDate' },
      carryoverCapMinutes: 0,
    });
    const ledger: LeaveEntry[] = [];
    expect(run(ledger, p, '2026-05-01', [], '2025-09-15').map((e) => [e.kind, e.minutes, e.year])).toEqual([
      ['grant', 40 * H, '2025-09-15'],
    ]);
    expect(run(ledger, p, '2026-09-15', [], '2025-09-15').map((e) => [e.kind, e.minutes, e.year])).toEqual([
      ['forfeiture', -40 * H, '2025-09-15'],
      ['grant', 40 * H, '2026-09-15'],
    ]);
  });
});

const punchArb = fc.record({ day: fc.integer({ min: 0, max: 330 }), minutes: fc.integer({ min: 1, max: 12 * H }) });
const op = fc.oneof(
  fc.record({ op: fc.constant('add' as const), p: punchArb }),
  fc.record({ op: fc.constant('edit' as const), at: fc.nat(), minutes: fc.integer({ min: 1, max: 12 * H }) }),
  fc.record({ op: fc.constant('delete' as const), at: fc.nat() }),
);

describe('property: editing or deleting punches after accrual leaves the balance equal to the accrual of the remaining hours', () => {
  it('for any sequence of punch changes, each followed by an accrual run', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 30 }), fc.integer({ min: 20, max: 40 }), (ops, rate) => {
        const p = policy({ accrual: { method: 'perHoursWorked', hoursWorkedPerHour: rate } });
        const punches: WorkedPunch[] = [];
        const ledger: LeaveEntry[] = [];
        let n = 0;
        for (const o of ops) {
          if (o.op === 'add')
            punches.push({ punchId: `p${n++}`, businessDate: addDays('2026-01-01', o.p.day), minutes: o.p.minutes });
          else if (o.op === 'edit' && punches.length) punches[o.at % punches.length].minutes = o.minutes;
          else if (o.op === 'delete' && punches.length) punches.splice(o.at % punches.length, 1);
          run(ledger, p, '2026-11-30', punches);
          const remaining = punches.reduce((s, x) => s + x.minutes, 0);
          expect(balanceOf(ledger)).toBe(Math.floor(remaining / rate));
        }
        expect(run(ledger, p, '2026-11-30', punches)).toEqual([]);
      }),
    );
  });
});
