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

const daypartForecast = z.object({
  salesMinor: z.number(),
  ...interval,
  covers: z.number(),
  start: z.number().nullable().describe('Minute of the date its first selling hour starts (null: closed)'),
  end: z.number().nullable().describe('Minute its last selling hour ends; smaller than start: the next day'),
});

const wapeSchema = z.object({
  day: z.number().nullable().describe('WAPE of the day totals (0.1 = 10 %)'),
  dayparts: perDaypart(z.number().nullable()),
  allDayparts: z.number().nullable().describe('WAPE over every daypart of every day'),
});

export const backtestSchema = z.object({
  from: z.string(),
  to: z.string(),
  origins: z.number().describe('Weekly forecast origins compared'),
  horizonDays: z.number(),
  days: z.number(),
  methods: z.record(z.string(), wapeSchema),
  baselines: z.object({
    lastWeek: wapeSchema.describe('Same weekday last week'),
    lastFourWeeks: wapeSchema.describe('Mean of the last four same weekdays'),
  }),
  chosen: z.string().describe('The method with the lowest mean of day and daypart WAPE: the one the forecast uses'),
  betterBaseline: z.enum(['lastWeek', 'lastFourWeeks']),
  ratio: z.object({
    day: z.number().nullable().describe("The chosen method's day WAPE over the better baseline's (0.85 = 15 % lower)"),
    allDayparts: z.number().nullable(),
  }),
  interval: z.object({
    day: z.tuple([z.number(), z.number()]).describe('Actual / forecast quantiles 10 % and 90 % of day totals'),
    hour: z.tuple([z.number(), z.number()]),
  }),
});

export const backtestResponse = z.object({
  companyId: z.string(),
  currency: z.string(),
  backtest: backtestSchema,
});

export const forecastResponse = z.object({
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
    country: z.string().nullable().describe("From the company's time zone; null: no holiday calendar"),
    source: z.literal('date-holidays'),
  }),
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
      holiday: z.string().nullable(),
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
        .object({ level: z.number(), trend: z.number(), holiday: z.number(), weather: z.number() })
        .describe("Multipliers applied to the weekday profile (1: none); holiday as the company's history shows it"),
      dayparts: perDaypart(daypartForecast),
      hours: z
        .array(
          z.object({
            start: z.string().describe('Start of the hour, ISO 8601 with the offset'),
            businessHour: z.number().describe('Wall-clock hour from the business date midnight (25 = 01:00 next day)'),
            salesMinor: z.number(),
            ...interval,
            covers: z.number(),
          }),
        )
        .describe('Every real hour of the business day: 23 or 25 on DST change days'),
    }),
  ),
});
export type ForecastResponse = z.infer<typeof forecastResponse>;
