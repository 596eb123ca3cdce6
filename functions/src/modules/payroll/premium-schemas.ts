import { z } from 'zod';
import { visibleTo } from '../../http/visibility';

/** The premium lines of the payroll report: what the schedule recorded and the pay rules of the place owe (report.ts). */

const pay = visibleTo(
  z.int().nullable().describe('Integer minor units; null when withheld from the caller (`hidden`)'),
  'pay',
);

export const PREMIUM_KINDS = [
  'scheduleChange',
  'rest',
  'mealPeriod',
  'splitShift',
  'reportingTime',
  'spreadOfHours',
  'restBreak',
  'callIn',
] as const;

export const premiumLineSchema = z
  .object({
    kind: z
      .enum(PREMIUM_KINDS)
      .describe(
        "scheduleChange and rest: fair-workweek premiums the schedule recorded; mealPeriod: the California meal-period premium; splitShift, reportingTime, spreadOfHours, restBreak and callIn: the pay rules of the company's location for law (California split shifts and reporting time, New York spread of hours and call-in pay, state rest breaks; GET /compliance/rules lists them with their sources)",
      ),
    date: z.string().describe('Business date the premium is owed for (it is paid in the period holding it)'),
    shiftId: z.string().nullable(),
    reason: z.string(),
    hours: z.number().nullable().describe('Hours of the regular rate it is worth, when it is priced that way'),
    amount: pay,
  })
  .meta({ id: 'PremiumLine' });
export type PremiumLine = z.infer<typeof premiumLineSchema>;
