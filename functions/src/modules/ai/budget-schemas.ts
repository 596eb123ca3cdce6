import { z } from 'zod';
import { PERIODS } from '../../ai/budget-rules';

const MAX_BUDGET_USD = 1_000_000;
const usd = z.number().positive().max(MAX_BUDGET_USD);

export const flowName = z
  .string()
  .regex(/^[a-z][a-z0-9-]{0,39}$/)
  .describe('A flow family: the part of a usage flow before its first dot (chat, onboarding, data)');

export const budgetBody = z.strictObject({
  amountUsd: usd.describe(
    `The hard cap in US dollars (the price table's unit) per period, up to ${MAX_BUDGET_USD}; kept to the billionth`,
  ),
  period: z.enum(PERIODS).describe('The UTC period the amount covers: day, or calendar month; spend resets with it'),
  softThresholdPercent: z
    .int()
    .min(1)
    .max(100)
    .default(80)
    .describe('Percent of the amount at which the owners and the administrators are warned by email (default 80)'),
  flowLimitsUsd: z
    .record(flowName, usd)
    .default({})
    .describe('Optional caps per flow family within the same period, e.g. {"chat": 20}'),
});
export type BudgetBody = z.infer<typeof budgetBody>;

export const budgetSchema = z
  .object({
    amountUsd: z.number(),
    amountNanoUsd: z.int(),
    period: z.enum(PERIODS),
    softThresholdPercent: z.int(),
    flowLimitsUsd: z.record(z.string(), z.number()),
    updatedAt: z.int().nullable().describe('Epoch milliseconds of the last write'),
  })
  .meta({ id: 'AiBudget' });

export const budgetStatusSchema = z
  .object({
    bucket: z.enum(['company', 'onboarding']),
    companyId: z.string().nullable(),
    companyName: z.string().nullable(),
    budget: budgetSchema.nullable().describe("The bucket's own budget; null when it has none"),
    source: z
      .enum(['own', 'default'])
      .nullable()
      .describe('Which budget applies: its own, the default, or none (null: calls are not limited)'),
    effective: budgetSchema.nullable().describe('The budget that applies (own, else default)'),
    periodKey: z
      .string()
      .nullable()
      .describe('The current period of the effective budget: day:YYYY-MM-DD or month:YYYY-MM'),
    periodStart: z.int().nullable(),
    periodEnd: z.int().nullable().describe('Epoch ms the period ends and the spend resets'),
    spentUsd: z.number().describe('Settled spend of the period (a model without a price counts at the fallback rates)'),
    spentNanoUsd: z.int(),
    reservedNanoUsd: z.int().describe('Estimates held by calls in flight'),
    percentUsed: z.number().nullable().describe('spent / amount x 100; null without a budget'),
    projectedUsd: z.number().describe("Spend at the period's end if the rate of the last 7 days goes on"),
    projectedNanoUsd: z.int(),
    status: z
      .enum(['none', 'ok', 'near', 'alerting', 'exceeded'])
      .describe(
        'exceeded: the cap is reached (calls refused); alerting: past the soft threshold; near: projected to pass it; none: no budget',
      ),
    flows: z
      .array(
        z.object({
          flow: z.string(),
          limitUsd: z.number().nullable(),
          spentUsd: z.number(),
          spentNanoUsd: z.int(),
        }),
      )
      .describe('Spend of the period per flow family, with its limit'),
    refusedCalls: z.int().describe('Calls refused by the budget this period'),
    softAlertAt: z.int().nullable().describe('When the soft-threshold alert was sent this period'),
    capAlertAt: z.int().nullable().describe('When the cap alert was sent this period'),
  })
  .meta({ id: 'AiBudgetStatus' });

export const budgetOverviewSchema = z
  .object({
    default: budgetSchema
      .nullable()
      .describe('The budget of every company (and the onboarding bucket) without its own'),
    onboarding: budgetStatusSchema,
    companies: z
      .array(budgetStatusSchema)
      .describe(
        'Companies with a budget of their own or spend this period under the default, by percent used descending',
      ),
  })
  .meta({ id: 'AiBudgetOverview' });
