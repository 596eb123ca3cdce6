import { createHash } from 'node:crypto';
import { coreErrors } from '../../core/errors';
import { addDays, businessToday, datesInRange, weekdayName } from '../../core/calendar';
import { bookedCovers } from '../reservations';
import { companyDayparts, getCompanyRules } from '../companies';
import { readSalesDays, salesAndCovers, salesCurrency } from '../sales';
import { backtest, DEFAULT_INTERVAL, type BacktestResult } from './backtest';
import { BUSINESS_HOURS, DAYPARTS, daypartMap, type Daypart, type DaypartBounds } from './dayparts';
import { forecastErrors } from './errors';
import { countryOfTimeZone, holidayCalendar, type HolidayCalendar } from './holidays';
import { realHours } from './hours';
import { forecaster, METHODS, methodNamed, type Calendar, type DeclaredDay, type History } from './model';
import { readSpecialDays } from './repo';
import type { ForecastQuery, ForecastResponse, SpecialDay } from './schemas';
import { pastWeather, weatherForecast, type DailyWeather } from './weather';
import { rainEffect, weatherFactor, type RainEffect } from './weather-effect';

/** History read: the last year of business days. */
const HISTORY_DAYS = 365;
const MIN_HISTORY_DAYS = 14;
/**
 * Origins the backtest runs over, for the forecast's choice and for GET /forecast/backtest alike
 * (one rule: the method the backtest reports as chosen is the one the forecast uses): the latest
 * 52 weeks.
 */
const BACKTEST_ORIGINS = 52;
/** How far ahead declared days are read (the forecast looks at most 6 weeks ahead of tomorrow). */
const DECLARED_AHEAD_DAYS = 60;
/** Sales currency before any import fixed one. */
const DEFAULT_CURRENCY = 'USD';

/** The forecast's calendar: the holidays of the company's country and region, and the days it declared. */
export function forecastCalendar(holidays: HolidayCalendar, declared: SpecialDay[]): HolidayCalendar & Calendar {
  const byDate = new Map<string, DeclaredDay>(
    declared.map((d) => [d.date, { kind: d.kind, name: d.name, factor: d.factor }]),
  );
  return { ...holidays, declaredOf: (date) => byDate.get(date) ?? null };
}

async function loadContext(companyId: string) {
  const rules = await getCompanyRules({ companyId });
  const { profile, settings } = rules;
  const cal = { timezone: profile.timezone ?? 'UTC', dayChangeTime: settings.dayChangeTime ?? 0 };
  const today = businessToday(cal.timezone, cal.dayChangeTime);
  const origin = addDays(today, -1);
  const [read, currency, declared] = await Promise.all([
    readSalesDays(companyId, addDays(today, -HISTORY_DAYS), origin),
    salesCurrency(companyId),
    readSpecialDays(companyId, addDays(today, -HISTORY_DAYS), addDays(today, DECLARED_AHEAD_DAYS)),
  ]);
  const history: History = new Map([...read.days].map(([date, v]) => [date, salesAndCovers(v)]));
  const region = typeof profile.region === 'string' ? profile.region : null;
  const holidays = forecastCalendar(
    holidayCalendar(profile.country ?? countryOfTimeZone(cal.timezone), region),
    declared,
  );
  const { source: _source, ...bounds } = companyDayparts(rules);
  const weather = { enabled: settings.weatherApiEnabled === true, location: profile.location ?? null };
  return {
    cal,
    today,
    origin,
    history,
    holidays,
    declared: new Map(declared.map((d) => [d.date, d])),
    dayparts: bounds as DaypartBounds,
    weather,
    currency: currency ?? read.currency ?? DEFAULT_CURRENCY,
  };
}

type Context = Awaited<ReturnType<typeof loadContext>>;

function requireHistory(ctx: Context) {
  if (ctx.history.size < MIN_HISTORY_DAYS)
    throw forecastErrors.FORECAST_NO_HISTORY(
      `${ctx.history.size} business day(s) of sales in the last year; the forecast needs at least ${MIN_HISTORY_DAYS}`,
    );
}

/** Backtests this instance has run, by a digest of what they read; the least recently used goes first. */
const BACKTESTS_KEPT = 50;
const backtests = new Map<string, BacktestResult | null>();

/**
 * The backtest of the context's history (about 0.7 s for a year), run once per distinct history on
 * this instance: the key is a digest of every day's hourly sales and covers and of the holiday
 * country, so a forecast asked again over the same sales reuses it, and any change to any day
 * (a sync, an import) gives a new key. Never stale, only skipped when it would answer the same.
 */
export function backtestOf(
  history: History,
  holidays: HolidayCalendar & Calendar,
  maxOrigins?: number,
  dayparts?: DaypartBounds,
  declared: Iterable<SpecialDay> = [],
) {
  const digest = createHash('sha256').update(
    `${holidays.country ?? '-'}|${holidays.region ?? '-'}|${maxOrigins ?? 'all'}|${JSON.stringify(dayparts ?? null)}|${JSON.stringify([...declared])}`,
  );
  for (const date of [...history.keys()].sort()) {
    const { sales, covers } = history.get(date)!;
    digest.update(date);
    digest.update(new Uint8Array(sales.buffer, sales.byteOffset, sales.byteLength));
    digest.update(new Uint8Array(covers.buffer, covers.byteOffset, covers.byteLength));
  }
  const key = digest.digest('hex');
  let result = backtests.get(key);
  if (result === undefined) {
    result = backtest(history, holidays, { ...(maxOrigins ? { maxOrigins } : {}), ...(dayparts ? { dayparts } : {}) });
    if (backtests.size >= BACKTESTS_KEPT) backtests.delete(backtests.keys().next().value!);
  } else backtests.delete(key);
  backtests.set(key, result);
  return structuredClone(result);
}

/** The context's backtest: the one the forecast chooses by and GET /forecast/backtest answers. */
const backtestOfContext = (ctx: Context) =>
  backtestOf(ctx.history, ctx.holidays, BACKTEST_ORIGINS, ctx.dayparts, [...ctx.declared.values()]);

const sum = (v: ArrayLike<number>) => {
  let s = 0;
  for (let i = 0; i < v.length; i++) s += v[i];
  return s;
};

/** The selling window of a daypart (minutes of the date), from the hours the forecast sells in; null when closed. */
function windowOf(sales: Float64Array, daypart: Daypart, map: Daypart[]): { start: number | null; end: number | null } {
  let first = -1;
  let last = -1;
  for (let h = 0; h < BUSINESS_HOURS; h++) {
    if (map[h] !== daypart || Math.round(sales[h]) <= 0) continue;
    if (first < 0) first = h;
    last = h;
  }
  if (first < 0 || first >= 24) return { start: null, end: null };
  return { start: first * 60, end: ((last + 1) * 60) % 1440 };
}

interface WeatherUse {
  enabled: boolean;
  used: boolean;
  note: string | null;
  effect: RainEffect | null;
  ahead: Map<string, DailyWeather>;
}

/**
 * The weather the forecast may use: only with the setting weatherApiEnabled and a profile location.
 * The history's weather teaches the rain effect, the forecast's gives the days ahead; if the
 * weather service fails, the forecast goes on without weather and says so.
 */
async function loadWeather(ctx: Context, from: string, to: string): Promise<WeatherUse> {
  const off = { used: false, effect: null, ahead: new Map<string, DailyWeather>() };
  if (!ctx.weather.enabled) return { ...off, enabled: false, note: null };
  const at = ctx.weather.location;
  if (!at) return { ...off, enabled: true, note: 'The company profile has no location: no weather' };
  const place = { lat: at.lat, lng: at.lng, timezone: ctx.cal.timezone };
  const first = [...ctx.history.keys()].sort()[0];
  try {
    const [past, ahead] = await Promise.all([
      pastWeather({ ...place, startDate: first, endDate: ctx.origin }),
      weatherForecast({ ...place, startDate: from, endDate: to }, ctx.today),
    ]);
    const effect = rainEffect(ctx.history, ctx.holidays, past, ctx.origin);
    return {
      enabled: true,
      used: ahead.size > 0,
      note: ahead.size ? null : 'No weather forecast this far ahead',
      effect,
      ahead,
    };
  } catch {
    return { ...off, enabled: true, note: 'The weather service did not answer: forecast without weather' };
  }
}

export interface ForecastRun {
  weather: WeatherUse;
  ctx: Context;
  method: ForecastResponse['method'];
  interval: BacktestResult['interval'];
  days: { date: string; weather: DailyWeather | null; forecast: ReturnType<ReturnType<typeof forecaster>> }[];
}

/** The forecast of a range of business dates, with the method its history's backtest chose. */
export async function runForecast(companyId: string, from: string, to: string): Promise<ForecastRun> {
  const ctx = await loadContext(companyId);
  requireHistory(ctx);
  const bt = backtestOfContext(ctx);
  const spec = bt ? methodNamed(bt.chosen) : METHODS[0];
  const forecast = forecaster(ctx.history, ctx.holidays, spec, ctx.origin);
  const weather = await loadWeather(ctx, from, to);
  const days = datesInRange(from, to).map((date) => {
    const w = weather.ahead.get(date);
    return {
      date,
      weather: w ?? null,
      forecast: forecast(date, weather.effect ? weatherFactor(weather.effect, w) : 1),
    };
  });
  return {
    weather,
    ctx,
    method: {
      name: spec.name,
      description: spec.description,
      chosenBy: bt ? 'backtest' : 'default',
      backtestDayWape: bt?.methods[spec.name].day ?? null,
    },
    interval: bt?.interval ?? { day: DEFAULT_INTERVAL, daypart: DEFAULT_INTERVAL, hour: DEFAULT_INTERVAL },
    days,
  };
}

export async function getForecast({ query }: { query: ForecastQuery }): Promise<ForecastResponse> {
  const rules = await getCompanyRules({ companyId: query.companyId });
  const tz = rules.profile.timezone ?? 'UTC';
  const today = businessToday(tz, rules.settings.dayChangeTime ?? 0);
  const from = query.startDate ?? addDays(today, 1);
  if (from < today)
    throw coreErrors.INVALID_DATE_RANGE(
      `startDate ${from} is before the business day today (${today}): the forecast looks ahead`,
    );
  const run = await runForecast(query.companyId, from, addDays(from, query.weeks * 7 - 1));
  const { ctx, interval } = run;
  const round = Math.round;
  const map = daypartMap(ctx.dayparts);
  return {
    companyId: query.companyId,
    currency: ctx.currency,
    timezone: ctx.cal.timezone,
    origin: ctx.origin,
    historyDays: ctx.history.size,
    method: run.method,
    holidays: { country: ctx.holidays.country, region: ctx.holidays.region, source: 'date-holidays' },
    dayparts: ctx.dayparts,
    weather: {
      enabled: run.weather.enabled,
      used: run.weather.used,
      source: 'open-meteo',
      note: run.weather.note,
      rainyDayFactor: run.weather.effect?.rainy ?? null,
      dryDayFactor: run.weather.effect?.dry ?? null,
      rainyHistoryDays: run.weather.effect?.rainyDays ?? 0,
    },
    days: run.days.map(({ date, weather, forecast: f }) => {
      const total = sum(f.sales);
      const dayparts = Object.fromEntries(
        DAYPARTS.map((p) => {
          let [s, c] = [0, 0];
          for (let h = 0; h < BUSINESS_HOURS; h++) if (map[h] === p) [s, c] = [s + f.sales[h], c + f.covers[h]];
          return [
            p,
            {
              salesMinor: round(s),
              low: round(s * interval.daypart[0]),
              high: round(s * interval.daypart[1]),
              covers: round(c),
              ...windowOf(f.sales, p, map),
            },
          ];
        }),
      ) as ForecastResponse['days'][number]['dayparts'];
      return {
        date,
        weekday: weekdayName(date),
        holiday: f.holiday,
        closed: f.closed,
        special: ((d) => (d ? { kind: d.kind, name: d.name, factor: d.factor } : null))(ctx.declared.get(date)),
        weather,
        salesMinor: round(total),
        low: round(total * interval.day[0]),
        high: round(total * interval.day[1]),
        covers: round(sum(f.covers)),
        factors: f.factors,
        dayparts,
        hours: realHours(date, ctx.cal).map((h) => ({
          start: h.start,
          businessHour: h.businessHour,
          salesMinor: round(f.sales[h.businessHour]),
          low: round(f.sales[h.businessHour] * interval.hour[0]),
          high: round(f.sales[h.businessHour] * interval.hour[1]),
          covers: round(f.covers[h.businessHour]),
        })),
      };
    }),
  };
}

export async function getBacktest({ companyId }: { companyId: string }) {
  const ctx = await loadContext(companyId);
  requireHistory(ctx);
  const result = backtestOfContext(ctx);
  if (!result)
    throw forecastErrors.FORECAST_NO_HISTORY(
      `${ctx.history.size} business day(s) of sales: a backtest needs 9 weeks (8 of warm-up and one to compare)`,
    );
  return { companyId, currency: ctx.currency, backtest: result };
}

/**
 * Per date and daypart, the forecast demand with its selling window: what schedule generation
 * staffs. Where the company has reservation data for the range, each daypart also carries the
 * covers booked with the reservation partner (null where it has none: no partner, or nothing booked).
 */
export async function forecastDemand({ companyId, from, to }: { companyId: string; from: string; to: string }) {
  const [run, booked] = await Promise.all([
    runForecast(companyId, from, to),
    bookedCovers({ companyId, startDate: from, endDate: to }),
  ]);
  const bookedByDate = new Map(booked.days.map((d) => [d.date, d.byHour]));
  const hasBookings = booked.totalCovers > 0;
  const map = daypartMap(run.ctx.dayparts);
  const dayparts = run.days.flatMap(({ date, forecast: f }) =>
    DAYPARTS.flatMap((p) => {
      const w = windowOf(f.sales, p, map);
      if (w.start === null || w.end === null) return [];
      let [salesMinor, covers, reserved] = [0, 0, 0];
      const byHour = bookedByDate.get(date) ?? [];
      for (let h = 0; h < BUSINESS_HOURS; h++) {
        if (map[h] !== p) continue;
        [salesMinor, covers, reserved] = [salesMinor + f.sales[h], covers + f.covers[h], reserved + (byHour[h] ?? 0)];
      }
      return [
        {
          date,
          daypart: p,
          start: w.start,
          end: w.end,
          salesMinor: Math.round(salesMinor),
          covers: Math.round(covers),
          reservationCovers: hasBookings ? reserved : null,
        },
      ];
    }),
  );
  const projectedSalesMinor = Math.round(run.days.reduce((s, d) => s + sum(d.forecast.sales), 0));
  return { dayparts, projectedSalesMinor, method: run.method.name, currency: run.ctx.currency };
}
