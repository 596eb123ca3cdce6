/**
 * What a location's report reads of the same people's work at the employer's other locations
 * (I/O), so that their weeks are figured across the employer (employer-week.ts): through the
 * organizations module's ports (the employer, the linked records), attendance's (the approved
 * punches of one record), and the other location's employees, roles, rules and payroll settings
 * through theirs. A company outside any organization costs one read (its absent location document,
 * once per request) and nothing else.
 */
import { isDeepStrictEqual } from 'node:util';
import { toMinorUnits } from '../../core/money';
import { requestMemo } from '../../core/store-ops';
import { workedSpans, type WorkedSpan } from '../attendance';
import { getCompanyRules } from '../companies';
import { employeeFromSnapshot, employeeRef, type Employee } from '../employees';
import { employerOf, linkedRecordsAt, type LinkedRecord } from '../organizations';
import { listRoles } from '../roles';
import { withDefaults, type CalendarInput, type OvertimeRules } from './overtime';
import type { RatedSpan, WorkElsewhere } from './pay';
import { positionOfWork, rateFor } from './rates';
import { linkedShifts } from './report-inputs';
import { readSettings } from './repo';
import { SETTINGS_DEFAULTS } from './schemas';

/** Why a linked record's hours were not added (the row says so, naming the location). */
export type NotAdded = 'workweekDiffers' | 'overtimeRulesDiffer' | 'otherEmployer';

export interface LocationStatus {
  location: string;
  added: boolean;
  reason: NotAdded | null;
}

export interface ElsewhereInputs {
  /** by employee id: their work at the other locations whose hours are added */
  work: Map<string, WorkElsewhere>;
  /** by employee id: every linked location, added or not */
  status: Map<string, LocationStatus[]>;
}

export const NOTHING_ELSEWHERE: ElsewhereInputs = { work: new Map(), status: new Map() };

/** A worked span at its rate (rates.ts): the position of the work, the employee's rate for it at that location. */
export function rateWorkedSpan(
  s: WorkedSpan,
  employee: Employee,
  at: { roleRates: Map<string, number>; shiftPositions: Map<string, string>; currency: string },
): RatedSpan & WorkedSpan {
  const position = positionOfWork(
    s.positionId,
    s.shiftId ? (at.shiftPositions.get(s.shiftId) ?? null) : null,
    employee,
  );
  const rate = rateFor(position, employee, at.roleRates);
  return { ...s, positionId: rate.positionId, rate: toMinorUnits(rate.rate, at.currency), rateSource: rate.source };
}

const sameCalendar = (a: CalendarInput, b: CalendarInput) =>
  a.timezone === b.timezone && a.dayChangeTime === b.dayChangeTime && a.weekStartingDay === b.weekStartingDay;

/** What a report needs of another location: its calendar, its overtime rules, its role rates, its employer (once per request: a report can read two ranges). */
const locationOf = (companyId: string) =>
  requestMemo(`payroll:elsewhere-location:${companyId}`, () => readLocation(companyId));

async function readLocation(companyId: string) {
  const [rules, stored, roles, employer] = await Promise.all([
    getCompanyRules({ companyId }),
    readSettings(companyId),
    listRoles(companyId),
    employerOf(companyId),
  ]);
  const cal: CalendarInput = {
    timezone: rules.profile.timezone,
    dayChangeTime: rules.settings.dayChangeTime,
    weekStartingDay: rules.profile.weekStartingDay,
  };
  const overtime = withDefaults(stored.overtimeRules ?? SETTINGS_DEFAULTS.overtimeRules);
  return { cal, overtime, roleRates: new Map(roles.map((r) => [r.id, r.rate])), employerId: employer?.id ?? null };
}

/** One linked record's approved spans of the dates, rated at its location. */
async function workOf(
  record: LinkedRecord,
  dates: { startDate: string; endDate: string },
  at: { roleRates: Map<string, number>; currency: string },
) {
  const [snap, byEmployee] = await Promise.all([
    employeeRef(record.companyId, record.employeeId).get(),
    workedSpans(record.companyId, dates, { approvedOnly: true, employeeId: record.employeeId }),
  ]);
  const employee = snap.exists ? employeeFromSnapshot(snap) : null;
  const spans = byEmployee.get(record.employeeId) ?? [];
  if (!employee || !spans.length) return [];
  const { positions } = await linkedShifts(record.companyId, [spans], false);
  return spans.map((s) => rateWorkedSpan(s, employee, { ...at, shiftPositions: positions }));
}

/**
 * The work of the location's linked records at the employer's other locations over `dates` (the
 * dates the report reads), rated there. Added only where the other location keeps the same
 * workweek (time zone, day change, first day) and the same overtime rule set: otherwise the
 * status says why not, and the location's report figures that person's weeks on its own minutes.
 */
export async function workElsewhereOf(args: {
  companyId: string;
  dates: { startDate: string; endDate: string };
  cal: CalendarInput;
  rules: OvertimeRules;
  currency: string;
}): Promise<ElsewhereInputs> {
  const employer = await employerOf(args.companyId);
  if (!employer) return NOTHING_ELSEWHERE;
  const links = await linkedRecordsAt(args.companyId);
  if (!links.size) return NOTHING_ELSEWHERE;
  const ids = [...new Set([...links.values()].flatMap((l) => l.map((r) => r.companyId)))];
  const locations = new Map(await Promise.all(ids.map(async (id) => [id, await locationOf(id)] as const)));
  const reasonAt = (companyId: string): NotAdded | null => {
    const at = locations.get(companyId)!;
    if (at.employerId !== employer.id) return 'otherEmployer';
    if (!sameCalendar(at.cal, args.cal)) return 'workweekDiffers';
    if (!isDeepStrictEqual(at.overtime, args.rules)) return 'overtimeRulesDiffer';
    return null;
  };
  const work = new Map<string, WorkElsewhere>();
  const status = new Map<string, LocationStatus[]>();
  await Promise.all(
    [...links].map(async ([employeeId, records]) => {
      const reasons = records.map((r) => reasonAt(r.companyId));
      status.set(
        employeeId,
        records.map((r, i) => ({ location: r.locationName, added: reasons[i] === null, reason: reasons[i] })),
      );
      const added = records.filter((_, i) => reasons[i] === null);
      const others = await Promise.all(
        added.map(async (r) => ({
          locationId: r.companyId,
          locationName: r.locationName,
          spans: await workOf(r, args.dates, {
            roleRates: locations.get(r.companyId)!.roleRates,
            currency: args.currency,
          }),
        })),
      );
      if (others.some((o) => o.spans.length)) work.set(employeeId, { here: args.companyId, others });
    }),
  );
  return { work, status };
}
