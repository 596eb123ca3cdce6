import { z } from 'zod';
import { companyIdQuery, isoDate } from '../../http/fields';

/** One value per daypart (an object with the four keys, not a record: the API description lists them). */
const perDaypart = <T extends z.ZodType>(value: T) =>
  z.object({ breakfast: value, lunch: value, dinner: value, late: value });

export const MAX_FORECAST_WEEKS = 6;

export const forecastQuery = companyIdQuery.extend({
  startDate: isoDate
    .optional()
    .describe("First business date to forecast (default: the company's business day tomorrow); not before today"),
  weeks: z.coerce.number().int().min(1).max(MAX_FORECAST_WEEKS).default(1).describe('Weeks to forecast (1-6)'),
});
export type ForecastQuery = z.output<typeof forecastQuery>;

const interval = {
  low: z.number().describe('Lower end of the 80 % prediction interval'),
  high: z.number().describe('Upper end of the 80 % prediction interval'),
};

const CLOSURE_REASONS = ['declared', 'weekday', 'holiday', 'lastYear'] as const;
const closedField = z
  .enum(CLOSURE_REASONS)
  .nullable()
  .describe(
    'Why the day is forecast closed (zero sales): declared (a closure the company declared), weekday (closed the last 4 times), holiday (closed on this holiday last time, or on every holiday), lastYear (closed on the same date and the same weekday a year back); null: open',
  );

// ---- declared days (closures and special days) ----

export const SPECIAL_DAY_KINDS = ['closed', 'special'] as const;

export const specialDayBody = z
  .strictObject({
    kind: z
      .enum(SPECIAL_DAY_KINDS)
      .describe(
        'closed: forecast at zero (renovation, a private closure); special: a day of its own (a private event, a local festival)',
      ),
    name: z
      .string()
      .trim()
      .min(1)
      .max(80)
      .describe('What the day is; a special day learns its effect from past days of the same name, like a holiday'),
    factor: z
      .number()
      .gt(0)
      .max(10)
      .nullable()
      .optional()
      .describe(
        "A special day's expected multiplier of an ordinary day (1.5 = half again); absent or null: learnt from the history",
      ),
  })
  .refine((b) => b.kind === 'special' || b.factor === undefined || b.factor === null, {
    message: 'a closed day takes no factor',
    path: ['factor'],
  });
export type SpecialDayBody = z.output<typeof specialDayBody>;

export const specialDaySchema = z
  .object({
    date: isoDate.describe('Business date'),
    kind: z.enum(SPECIAL_DAY_KINDS),
    name: z.string(),
    factor: z.number().nullable(),
  })
  .meta({ id: 'ForecastSpecialDay' });
export type SpecialDay = z.output<typeof specialDaySchema>;

export const specialDayParam = z.object({ date: isoDate.describe('Business date') });

export const specialDaysQuery = companyIdQuery.extend({
  from: isoDate.optional().describe('First date (default: every declared day)'),
  to: isoDate.optional(),
});
export type SpecialDaysQuery = z.output<typeof specialDaysQuery>;

export const specialDaysResponse = z.object({ companyId: z.string(), specialDays: z.array(specialDaySchema) });
export const specialDayDeleted = z.object({ date: z.string(), deleted: z.literal(true) });

const daypartForecast = z
  .object({
    salesMinor: z.number(),
    ...interval,
    covers: z.number(),
    start: z.number().nullable().describe('Minute of the date its first selling hour starts (null: closed)'),
    end: z.number().nullable().describe('Minute its last selling hour ends; smaller than start: the next day'),
  })
  .meta({ id: 'DaypartForecast' });

const wapeSchema = z.object({
  day: z.number().nullable().describe('WAPE of the day totals (0.1 = 10 %)'),
  dayparts: perDaypart(z.number().nullable()),
  allDayparts: z.number().nullable().describe('WAPE over every daypart of every day'),
});

const levels = <T extends z.ZodType>(value: T) => z.object({ day: value, daypart: value, hour: value });
const pair = z.tuple([z.number(), z.number()]);

const daypartBounds = z
  .object({ lunch: z.number(), dinner: z.number(), late: z.number() })
  .describe(
    "Minutes of the business date at which lunch, dinner and the late part start (breakfast: from the day change); the company's own (setting dayparts, else its schedule template)",
  );

export const backtestSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    origins: z.number().describe('Weekly forecast origins compared'),
    horizonDays: z.number(),
    days: z.number().describe('Days compared, closed days (no sales in the span) included at zero'),
    dayparts: daypartBounds,
    methods: z.record(z.string(), wapeSchema),
    baselines: z.object({
      lastWeek: wapeSchema.describe('Same weekday last week'),
      lastFourWeeks: wapeSchema.describe('Mean of the last four same weekdays'),
    }),
    references: z.object({
      holtWinters: wapeSchema.describe(
        'Holt-Winters exponential smoothing of the day totals with a weekly season (a reference, not a candidate)',
      ),
    }),
    chosen: z.string().describe('The method with the lowest mean of day and daypart WAPE: the one the forecast uses'),
    betterBaseline: z.enum(['lastWeek', 'lastFourWeeks']),
    ratio: z.object({
      day: z
        .number()
        .nullable()
        .describe("The chosen method's day WAPE over the better baseline's (0.85 = 15 % lower)"),
      allDayparts: z.number().nullable(),
    }),
    ratioToHoltWinters: z
      .object({ day: z.number().nullable(), allDayparts: z.number().nullable() })
      .describe("The chosen method's WAPE over the Holt-Winters reference's"),
    interval: levels(pair).describe(
      "The chosen method's 80 % interval multipliers per level: quantiles 10 % and 90 % of actual / forecast over its latest 26 origins",
    ),
    coverage: levels(z.number().nullable()).describe(
      'Out of sample: the share of days, dayparts and hours inside the 80 % interval the origins before them gave (null: under 9 origins)',
    ),
    predictions: z
      .array(
        z.object({
          origin: z.string(),
          date: z.string(),
          salesMinor: z.number(),
          low: z.number(),
          high: z.number(),
          actualMinor: z.number(),
          closed: closedField,
          dayparts: perDaypart(z.object({ salesMinor: z.number(), actualMinor: z.number() })),
        }),
      )
      .describe(
        "The chosen method's forecasts from the latest 4 origins, to audit: each day, its dayparts and what happened",
      ),
  })
  .meta({ id: 'ForecastBacktest' });

export const backtestResponse = z.object({
  companyId: z.string(),
  currency: z.string(),
  backtest: backtestSchema,
});

export const forecastResponse = z
  .object({
    companyId: z.string(),
    currency: z.string().describe('Currency of every *Minor figure (integer minor units)'),
    timezone: z.string(),
    origin: z.string().describe('Last business date of the history the forecast rests on'),
    historyDays: z.number(),
    method: z.object({
      name: z.string(),
      description: z.string(),
      chosenBy: z.enum(['backtest', 'default']).describe('default: too little history to backtest (under 9 weeks)'),
      backtestDayWape: z.number().nullable(),
    }),
    holidays: z.object({
      country: z
        .string()
        .nullable()
        .describe("The company's country (its time zone's when it has none); null: no holiday calendar"),
      region: z.string().nullable().describe("The company's region whose holidays count too; null: none"),
      source: z.literal('date-holidays'),
    }),
    dayparts: daypartBounds,
    weather: z
      .object({
        enabled: z.boolean().describe('The setting weatherApiEnabled'),
        used: z.boolean().describe('A weather forecast moved at least one day'),
        source: z.literal('open-meteo'),
        note: z.string().nullable().describe('Why the weather was not used, when enabled'),
        rainyDayFactor: z
          .number()
          .nullable()
          .describe(
            "Multiplier of a rainy day (5 mm or more) against the weekday profile, learnt from the history's weather",
          ),
        dryDayFactor: z.number().nullable(),
        rainyHistoryDays: z.number().describe('Rainy days of the history it was learnt from (under 3: no effect)'),
      })
      .describe('Weather, only with the setting weatherApiEnabled and a profile location'),
    days: z.array(
      z.object({
        date: z.string(),
        weekday: z.string(),
        holiday: z
          .string()
          .nullable()
          .describe('The public holiday or observance, or the name of a declared special day'),
        closed: closedField,
        special: specialDaySchema
          .omit({ date: true })
          .nullable()
          .describe('The closure or special day the company declared on the date (PUT /forecast/special-days/{date})'),
        weather: z
          .object({ precipitationMm: z.number().nullable(), temperatureMaxC: z.number().nullable() })
          .nullable()
          .describe(
            'The weather forecast of the day (null: not used, or beyond the 16 days the weather forecast covers)',
          ),
        salesMinor: z.number(),
        ...interval,
        covers: z.number(),
        factors: z
          .object({
            level: z.number(),
            trend: z.number(),
            season: z
              .number()
              .describe('Yearly season from the last weeks to the date, as the same weeks a year or two back moved'),
            holiday: z.number(),
            weather: z.number(),
          })
          .describe("Multipliers applied to the weekday profile (1: none); holiday as the company's history shows it"),
        dayparts: perDaypart(daypartForecast),
        hours: z
          .array(
            z.object({
              start: z.string().describe('Start of the hour, ISO 8601 with the offset'),
              businessHour: z
                .number()
                .describe('Wall-clock hour from the business date midnight (25 = 01:00 next day)'),
              salesMinor: z.number(),
              ...interval,
              covers: z.number(),
            }),
          )
          .describe('Every real hour of the business day: 23 or 25 on DST change days'),
      }),
    ),
  })
  .meta({ id: 'Forecast' });
export type ForecastResponse = z.infer<typeof forecastResponse>;
