import { getCompanyRules } from '../../companies';
import { listEmployees } from '../../employees';
import { listRoles } from '../../roles';
import { minRestMinutes } from '../fair-workweek';
import { listShiftsInRange, plainReader } from '../repo';
import { linkedRecordsOfEach } from '../../organizations';
import { readShiftsElsewhereOf } from '../elsewhere';
import { scheduleRulesOf } from '../rules';
import { listTimeOff } from '../time-off';
import { SHIFT_MODES } from '../schemas';
import { conflictWindow } from '../shift-checks';
import type { GenerationInputs } from './problem';

/** Currency of the cost figures: rates are stored in major units without one; two decimals is every demo's and most companies'. */
const COST_CURRENCY = 'USD';

export interface GatherRequest {
  companyId: string;
  from: string;
  to: string;
  roleIds?: string[];
  employeeIds?: string[];
  /** Shifts to leave out (the proposal's own drafts, when a commit is retried). */
  ignoreShift?: (id: string) => boolean;
}

/**
 * Everything a generation depends on, read from the company: rules and settings, template,
 * roles, employees, and every shift (all modes) and approved day-off of the window that the
 * checks of a shift write read around the range (its company weeks and the days beside them), so
 * that an overnight seat meets the next day's day-off as PUT /shifts would; and the live shifts of
 * the linked employees at the employer's other locations (one read more for a company outside any
 * organization).
 */
export async function gatherInputs(req: GatherRequest): Promise<GenerationInputs> {
  const company = await getCompanyRules({ companyId: req.companyId });
  const rules = scheduleRulesOf(company);
  const around = conflictWindow(req.from, req.to);
  const [roles, employees, shifts, timeOff] = await Promise.all([
    listRoles(req.companyId),
    listEmployees(req.companyId, false),
    listShiftsInRange({ companyId: req.companyId, ...around, modes: SHIFT_MODES }),
    listTimeOff({ companyId: req.companyId, ...around, employeeIds: req.employeeIds }),
  ]);
  // the same person's live shifts at the employer's other locations: unavailability here
  const considered = employees.filter((e) => !req.employeeIds || req.employeeIds.includes(e.id)).map((e) => e.id);
  const linked = await linkedRecordsOfEach(req.companyId, considered);
  const away = await readShiftsElsewhereOf(plainReader, linked, req.from, req.to);
  const shiftsElsewhere = Object.fromEntries(
    [...away].map(([id, list]) => [id, list.map(({ startMs, endMs }) => ({ startMs, endMs }))]),
  );
  // The fair-workweek rest is applied to every pair of generated shifts, not only to shifts of
  // consecutive days as the laws (and PUT /shifts) do: stricter, so that no proposal ever needs the
  // employee's consent to a short rest, at the cost of split shifts of one day in those jurisdictions.
  const rest = Math.max(rules.betweenShifts, minRestMinutes(rules.jurisdiction ?? 'none'));
  const template = company.profile.daysStructure;
  return {
    from: req.from,
    to: req.to,
    rules,
    generationPriority: company.settings.generationPriority,
    generationFormat: company.profile.generationFormat,
    template: template && typeof template === 'object' ? (template as Record<string, unknown>) : {},
    roles,
    employees,
    shifts: shifts.filter((s) => !req.ignoreShift?.(s.id)),
    timeOff,
    shiftsElsewhere,
    minRestMinutes: () => rest,
    currency: COST_CURRENCY,
    roleIds: req.roleIds,
    employeeIds: req.employeeIds,
  };
}
