import { z } from 'zod';
import { PAY_FREQUENCIES } from '../../core/calendar';
import { companyIdQuery, isoDate } from '../../http/fields';
import { overtimeRulesSchema } from './overtime';
import { recordOf, visibleTo } from '../../http/visibility';

export const payFrequencySchema = z.enum(PAY_FREQUENCIES).describe('How often employees are paid');

export const SETTINGS_DEFAULTS = {
  payFrequency: 'biweekly',
  anchorDate: '2026-01-05',
  overtimeRules: { kind: 'flsa' },
  companyCode: null,
} as const;

export const settingsSchema = z.object({
  payFrequency: payFrequencySchema,
  anchorDate: isoDate.describe(
    "A first day of a pay period: biweekly periods count two weeks from it (weekly and biweekly periods start on the profile's payrollStartingDay)",
  ),
  overtimeRules: overtimeRulesSchema,
  companyCode: z
    .string()
    .max(32)
    .nullable()
    .describe('The company code (ADP Co Code, Paychex client id) the exports carry'),
});
export type PayrollSettings = z.output<typeof settingsSchema>;

export const settingsPatch = z.strictObject({
  payFrequency: payFrequencySchema.optional(),
  anchorDate: isoDate.optional(),
  overtimeRules: overtimeRulesSchema.optional(),
  companyCode: z
    .string()
    .min(1)
    .max(32)
    .regex(/^[A-Za-z0-9_-]+$/)
    .nullable()
    .optional(),
});

export const periodSchema = z.object({
  startDate: z.string(),
  endDate: z.string(),
  status: z.enum(['open', 'closed']),
  current: z.boolean(),
  closedAt: z.number().nullable(),
  closedBy: z.string().nullable(),
});
export type Period = z.infer<typeof periodSchema>;

export const periodsQuery = companyIdQuery.extend({
  count: z.coerce
    .number()
    .int()
    .min(1)
    .max(26)
    .default(6)
    .describe('How many periods, newest first, ending with the current one'),
});
export const periodParam = z.object({ startDate: isoDate.describe('First day of the pay period') });
export const reopenBody = z.strictObject({ reason: z.string().trim().min(3).max(500) });

const minutes = z.int().min(0);
const money = z.int().nullable().describe('Integer minor units; null when withheld from the caller (`hidden`)');
const pay = visibleTo(money, 'pay');
const tips = visibleTo(money, 'tips');

export const employeePaySchema = recordOf(
  z.object({
    employeeId: z.string(),
    name: z.string(),
    employeeNumber: z.string().nullable(),
    salaried: z.boolean(),
    workedMinutes: minutes,
    regularMinutes: minutes,
    overtimeMinutes: minutes,
    doubleTimeMinutes: minutes,
    regularRate: pay.describe('Per hour, minor units'),
    overtimeRate: pay,
    doubleTimeRate: pay,
    regularPay: pay,
    overtimePay: pay,
    doubleTimePay: pay,
    tips,
    // the total holds the tips: it is withheld with either
    totalPay: visibleTo(pay, 'tips').describe(
      'Regular + overtime + double time + tips (salaried employees: tips only; their salary is paid outside the hours)',
    ),
    days: z.array(
      z.object({
        date: z.string(),
        workedMinutes: minutes,
        regularMinutes: minutes,
        overtimeMinutes: minutes,
        doubleTimeMinutes: minutes,
        seventhDay: z.boolean(),
      }),
    ),
  }),
  'employeeId',
);
export type EmployeePay = z.infer<typeof employeePaySchema>;

export const reportSchema = z.object({
  companyId: z.string(),
  period: periodSchema,
  currency: z.string(),
  overtimeRules: z.string().describe('The rule set applied: flsa, california or none'),
  pendingPunches: z.int().describe('Punches of the period not approved yet: not paid until approved'),
  hidden: z
    .array(z.string())
    .describe(
      'What is withheld from the caller (x-visibility tags: pay by hideFinancialInfoFromManagers, tips by hideTipsFromManagers)',
    ),
  employees: z.array(employeePaySchema),
  totals: z.object({
    workedMinutes: minutes,
    regularMinutes: minutes,
    overtimeMinutes: minutes,
    doubleTimeMinutes: minutes,
    pay,
    tips,
  }),
});
export type PayrollReport = z.infer<typeof reportSchema>;

export const exportQuery = companyIdQuery.extend({
  layout: z.enum(['generic', 'adp', 'paychex', 'gusto']).default('generic'),
});
export const exportResponse = z.object({
  filename: z.string(),
  contentType: z.string(),
  body: z.string().describe('The CSV file'),
});
