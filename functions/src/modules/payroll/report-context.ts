import type { DateRange } from '../../core/calendar';
import type { WorkedSpan } from '../attendance';
import type { Employee } from '../employees';
import type { LeaveUse } from '../leave';
import type { TipAdjustment } from '../sales';
import type { Premium } from '../schedule';
import type { CalendarInput, OvertimeRules } from './overtime';
import type { PlacePremiumInput } from './place-premiums';
import type { LeaveBalanceLine, LeaveReturnedLine } from './leave-pay';
import type { LateInputs, MakeUpWeekInput } from './report-inputs';
import type { ElsewhereInputs } from './report-elsewhere';
import type { EmployeePay, MealWaiver, PayElement } from './schemas';
import type { PoolEntryLine } from './tip-pay';

/** What the report (report.ts) reads for one employee, and for the whole company. */

export interface EmployeeInputs {
  employee: Employee;
  spans: WorkedSpan[];
  tips: number;
  /** The part of `tips` the employee already holds in cash (entered on checks, declared on punches). */
  cashTips: number;
  /** The tip adjustments paid in the period (already in `tips` and `cashTips`). */
  tipAdjustments: TipAdjustment[];
  /** Their entries of the locked tip-pool periods starting in the period (tip-pay.ts). */
  poolEntries: PoolEntryLine[];
  /** Their pay elements of kind tipCreditMakeUp paid for the workweeks ending in the period. */
  makeUpElements: PayElement[];
  premiums: Premium[];
  payElements: PayElement[];
  mealWaivers: MealWaiver[];
  leave: LeaveUse[];
  leaveBalances: LeaveBalanceLine[];
}

export interface ReportContext {
  range: DateRange;
  cal: CalendarInput;
  rules: OvertimeRules;
  mealPremiums: boolean;
  currency: string;
  roleRates: Map<string, number>;
  roleNames: Map<string, string>;
  shiftPositions: Map<string, string>;
  /** The pay rules by place in force on a date (null: the company has no location for law). */
  placeRulesOn: PlacePremiumInput['rulesOn'] | null;
  restBreaksRecorded: boolean;
  scheduledMinutes: Map<string, number>;
  prior: PriorPeriod | null;
  late: LateInputs;
  /** paid time off of closed periods cancelled since, by employee (leave-returns.ts) */
  leaveReturns: Map<string, LeaveReturnedLine[]>;
  /** The workweeks ending in the period where a tip credit is allowed (report-inputs.ts). */
  makeUpWeeks: MakeUpWeekInput[];
  /** The same people's work at the employer's other locations (report-elsewhere.ts). */
  elsewhere: ElsewhereInputs;
  /** At a location with linked records: the closed period before, its punches and the work elsewhere over its dates. */
  closedAcross: { period: PriorPeriod; spans: Map<string, WorkedSpan[]>; elsewhere: ElsewhereInputs } | null;
}

/** The closed period before this one (a workweek straddling the edge, the hours elsewhere): its frozen rows. */
export interface PriorPeriod {
  startDate: string;
  endDate: string;
  /** the frozen report's rows, by employee id */
  rows: Map<
    string,
    Pick<EmployeePay, 'salaried' | 'workedMinutes'> & {
      weeks?: EmployeePay['weeks'];
      premiums?: EmployeePay['premiums'];
    }
  >;
}
