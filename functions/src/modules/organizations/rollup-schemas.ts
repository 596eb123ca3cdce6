import { z } from 'zod';
import { isoDate, queryBoolean } from '../../http/fields';
import { organizationParams } from './schemas';

/** The longest range a rollup covers: a quarter, so that 20 locations stay one fast answer. */
export const MAX_ROLLUP_DAYS = 93;

export const rollupParams = organizationParams;

export const rollupQuery = z.strictObject({
  startDate: isoDate.describe('First business date (each location’s own calendar)'),
  endDate: isoDate.describe(
    `Last business date, inclusive; at most ${MAX_ROLLUP_DAYS} days from startDate (else 400 INVALID_DATE_RANGE)`,
  ),
  forecast: queryBoolean
    .default(false)
    .describe(
      'Add each location’s sales forecast of the range (it reads the location’s sales history: ask for it when you show it)',
    ),
});
export type RollupQuery = z.output<typeof rollupQuery>;

const minor = z.number().int().describe('Integer minor units of the figure’s currency');
const percent = z
  .number()
  .nullable()
  .describe('Labor cost / sales, 4 decimals (0.2875 = 28.75 %); null without sales or where labor is withheld');

export const rollupFiguresSchema = z.object({
  totalSales: minor.describe('Net sales (tips excluded, refunds left out)'),
  customerCount: z.number().int(),
  tips: minor.describe('Tips of the sales'),
  laborCost: minor
    .nullable()
    .describe(
      'Labor cost of the published shifts (as GET /sales counts it); null where the location withholds labour cost',
    ),
  laborPercent: percent,
  actualLaborCost: minor
    .nullable()
    .describe('Labor cost of the approved punches (as GET /sales counts it); null where withheld'),
  actualLaborPercent: percent,
  premiums: z
    .object({
      count: z.number().int(),
      amountMinor: minor.describe('Sum of the premiums that carry an amount (predictive scheduling)'),
    })
    .describe('Predictive-scheduling premiums recorded for shifts of the range (GET /shifts/premiums)'),
  forecastSales: minor.nullable().describe('With forecast=true: forecast net sales of the range; else null'),
});

const aiSpendSchema = z
  .object({
    calls: z.number().int(),
    totalTokens: z.number().int(),
    costNanoUsd: z.number().int().describe('Cost in billionths of a US dollar (AI spend is in USD everywhere)'),
  })
  .describe('AI usage of the location over the UTC days startDate..endDate');

export const rollupLocationSchema = z.object({
  companyId: z.string(),
  name: z.string(),
  employerId: z.string(),
  currency: z.string().nullable().describe('The location’s sales currency (null before its first sale)'),
  figures: rollupFiguresSchema,
  aiUsage: aiSpendSchema,
  forecastUnavailable: z
    .string()
    .nullable()
    .describe('With forecast=true, why the location has no forecast (e.g. FORECAST_NO_HISTORY); else null'),
  hidden: z.array(z.literal('laborCost')).describe('What the location withholds (its hasAccessToLaborCost off)'),
});
export type RollupLocation = z.output<typeof rollupLocationSchema>;

export const rollupTotalSchema = z.object({
  currency: z.string().nullable(),
  locations: z.number().int().describe('Locations counted in this total'),
  figures: rollupFiguresSchema.describe(
    'Sums over the locations of the currency; a labour figure is null when a location of it withholds labour cost (a partial sum would mislead), and its percent is computed from the sums',
  ),
});

export const rollupResponse = z
  .object({
    organizationId: z.string(),
    startDate: z.string(),
    endDate: z.string(),
    locations: z.array(rollupLocationSchema),
    totals: z
      .array(rollupTotalSchema)
      .describe('One total per sales currency (money of two currencies is never added)'),
    aiUsage: aiSpendSchema.describe('AI usage of every location together'),
  })
  .meta({ id: 'OrganizationRollup' });
export type RollupResponse = z.output<typeof rollupResponse>;
