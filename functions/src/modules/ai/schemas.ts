import { z } from 'zod';
import { isoDate, documentId } from '../../http/fields';
import { pageCursor } from '../../http/cursor';
import { PROVIDERS } from '../../ai/prices';

export const MAX_RANGE_DAYS = 366;
export const DEFAULT_ROW_LIMIT = 200;
export const MAX_ROW_LIMIT = 5000;
export const DEFAULT_RANGE_DAYS = 30;

export const companyIdParam = z.object({ id: documentId.describe('Company id') });

/** Where a page of usage rows ended: the last row's sort key (zero-padded ts, then row id). */
export const usageRowsCursor = pageCursor('ai-usage-rows', z.string().regex(/^\d{15}:.+$/));

export const bucketUsageQuery = rangeQueryBase().extend({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_ROW_LIMIT)
    .default(DEFAULT_ROW_LIMIT)
    .describe(
      `Rows per page (1 to ${MAX_ROW_LIMIT}, default ${DEFAULT_ROW_LIMIT}); the totals always cover the whole range`,
    ),
  cursor: usageRowsCursor.query.describe(
    '`nextCursor` of the previous page, to read the next rows of the same range; any other value is 400 INVALID_CURSOR',
  ),
});

export const rangeQuery = rangeQueryBase();

function rangeQueryBase() {
  return z.object({
    from: isoDate
      .optional()
      .describe(`First day (UTC, inclusive). Default: ${DEFAULT_RANGE_DAYS - 1} days before \`to\``),
    to: isoDate
      .optional()
      .describe(
        `Last day (UTC, inclusive). Default: today (UTC). At most ${MAX_RANGE_DAYS} days from \`from\`; from after to is 400 INVALID_DATE_RANGE`,
      ),
  });
}

export const countersSchema = z
  .object({
    rows: z.int().describe('Usage rows (one per request x provider x model x flow x day)'),
    calls: z.int().describe('Model calls'),
    unpricedCalls: z.int().describe('Calls to models missing from the price table (recorded with cost 0)'),
    inputTokens: z.int().describe('Uncached input tokens'),
    outputTokens: z.int().describe('Output tokens (reasoning included)'),
    cacheReadTokens: z.int().describe('Input tokens read from the prompt cache'),
    cacheCreateTokens: z.int().describe('Input tokens written to the prompt cache'),
    totalTokens: z.int().describe('inputTokens + outputTokens + cacheReadTokens + cacheCreateTokens'),
    costUsd: z.number().describe('Cost in US dollars (each token count at its per-million rate); costNanoUsd / 1e9'),
    costNanoUsd: z.int().describe('Exact cost in billionths of a US dollar'),
  })
  .meta({ id: 'AiUsageCounters' });

export const usageRowSchema = z
  .object({
    rowId: z.string(),
    requestId: z.string().describe('The HTTP request that made the calls'),
    ts: z.int().describe('Unix time in milliseconds of the (first) call'),
    day: isoDate.describe('ISO (UTC) day of the call'),
    provider: z.enum(PROVIDERS),
    model: z.string().describe('Model id as reported by the provider (dated snapshots included)'),
    flow: z.string().describe('Pipeline stage tag, e.g. chat, data, onboarding'),
    userId: z.string().nullable(),
    calls: z.int().describe('Model calls of the request summed in this row'),
    inputTokens: z.int(),
    outputTokens: z.int(),
    cacheReadTokens: z.int(),
    cacheCreateTokens: z.int(),
    totalTokens: z.int(),
    costUsd: z.number(),
    costNanoUsd: z.int(),
    priced: z
      .boolean()
      .describe('False when the model is missing from the price table: costUsd 0 means unknown, not free'),
  })
  .meta({ id: 'AiUsageRow' });

const modelTotals = countersSchema.extend({ provider: z.enum(PROVIDERS), model: z.string() });
const flowTotals = countersSchema.extend({ flow: z.string() });
const dayModelCost = z.object({
  provider: z.enum(PROVIDERS),
  model: z.string(),
  calls: z.int(),
  costUsd: z.number(),
  costNanoUsd: z.int(),
});
const dayTotals = countersSchema.extend({
  day: isoDate,
  byModel: z
    .array(dayModelCost)
    .describe('The day per provider and model (calls and cost), by cost descending: a cost-over-time chart by model'),
});

export const bucketUsageSchema = z
  .object({
    bucket: z.enum(['company', 'onboarding']),
    companyId: z.string().nullable(),
    companyName: z.string().nullable().describe("The company's name (null for the onboarding bucket)"),
    from: isoDate,
    to: isoDate,
    totals: countersSchema,
    byDay: z.array(dayTotals).describe('Days of the range with usage, ascending'),
    byModel: z.array(modelTotals).describe('Per provider and model, by cost descending'),
    byFlow: z.array(flowTotals).describe('Per flow, by cost descending'),
    rows: z
      .array(usageRowSchema)
      .describe('A page of the usage rows of the range (one per request, provider, model and flow), most recent first'),
    nextCursor: z
      .string()
      .nullable()
      .describe('Pass as `cursor` (with the same from/to) for the next page; null on the last page'),
  })
  .meta({ id: 'AiBucketUsage' });

export const allUsageSchema = z
  .object({
    from: isoDate,
    to: isoDate,
    pricesAsOf: isoDate.describe('Date of the price table the costs were computed with'),
    totals: countersSchema.describe('All companies and the onboarding bucket'),
    byCompany: z
      .array(
        countersSchema.extend({
          companyId: z.string(),
          companyName: z.string().nullable().describe('null when the company has no name (or no longer exists)'),
        }),
      )
      .describe('Companies with usage in the range, by cost descending'),
    onboarding: countersSchema.describe('The onboarding bucket (calls made before a company existed)'),
    byModel: z.array(modelTotals).describe('Per provider and model, by cost descending'),
    byDay: z.array(dayTotals).describe('Days of the range with usage, ascending'),
    byFlow: z.array(flowTotals).describe('Per flow, by cost descending'),
  })
  .meta({ id: 'AiUsageOverview' });

export const aiConfigBody = z.strictObject({
  provider: z
    .string()
    .min(1)
    .describe(`One of: ${PROVIDERS.join(', ')} (otherwise 422 UNKNOWN_PROVIDER)`),
  model: z
    .string()
    .min(1)
    .describe(
      'A model the provider offers: a family id of the price table or a dated snapshot of one (otherwise 422 UNKNOWN_MODEL)',
    ),
});

export const aiConfigSchema = z
  .object({
    provider: z.enum(PROVIDERS),
    model: z.string(),
    updatedAt: z.int().describe('Epoch milliseconds of the last write (set by the server)'),
  })
  .meta({ id: 'AiConfig' });

export const globalConfigSchema = z
  .object({
    provider: z.enum(PROVIDERS),
    model: z.string(),
    updatedAt: z
      .int()
      .nullable()
      .describe('Epoch milliseconds of the last write; null while the built-in default applies'),
    source: z
      .enum(['global', 'builtin'])
      .describe('global: written by PATCH /ai-config/global; builtin: none written yet'),
  })
  .meta({ id: 'AiGlobalConfig' });
