import { z } from 'zod';
import { addDays } from '../../core/calendar';
import { config } from '../../core/config';

/**
 * The weather adapter: daily precipitation and maximum temperature from Open-Meteo, its forecast
 * API for the days ahead (https://open-meteo.com/en/docs: `daily=precipitation_sum,temperature_2m_max`,
 * `timezone`, `start_date`/`end_date`; up to 16 days ahead) and its historical weather API for the
 * history (https://open-meteo.com/en/docs/historical-weather-api, the same parameters and answer).
 * Both answer `{daily: {time: [...], precipitation_sum: [...], temperature_2m_max: [...]}}`, one
 * entry per local date, a value null where it is unknown.
 */
export interface DailyWeather {
  precipitationMm: number | null;
  temperatureMaxC: number | null;
}

/** Days ahead the forecast API answers (today included). */
export const FORECAST_DAYS = 16;

const dailyAnswer = z.object({
  daily: z.object({
    time: z.array(z.string()),
    precipitation_sum: z.array(z.number().nullable()),
    temperature_2m_max: z.array(z.number().nullable()),
  }),
});

export interface WeatherRequest {
  lat: number;
  lng: number;
  timezone: string;
  startDate: string;
  endDate: string;
}

async function daily(base: string, path: string, r: WeatherRequest): Promise<Map<string, DailyWeather>> {
  const params = new URLSearchParams({
    latitude: String(r.lat),
    longitude: String(r.lng),
    daily: 'precipitation_sum,temperature_2m_max',
    timezone: r.timezone,
    start_date: r.startDate,
    end_date: r.endDate,
  });
  const res = await fetch(`${base}/v1/${path}?${params}`, { signal: AbortSignal.timeout(config.weather.timeoutMs()) });
  if (!res.ok) throw new Error(`Open-Meteo ${path} answered ${res.status}`);
  const { daily: d } = dailyAnswer.parse(await res.json());
  return new Map(
    d.time.map((date, i) => [
      date,
      { precipitationMm: d.precipitation_sum[i] ?? null, temperatureMaxC: d.temperature_2m_max[i] ?? null },
    ]),
  );
}

/** The weather of past dates (the history). */
export const pastWeather = (r: WeatherRequest) => daily(config.weather.archiveUrl(), 'archive', r);

/** The weather forecast of the dates of [startDate, endDate] within the API's horizon from `today`; empty when none is. */
export async function weatherForecast(r: WeatherRequest, today: string): Promise<Map<string, DailyWeather>> {
  const last = addDays(today, FORECAST_DAYS - 1);
  const startDate = r.startDate < today ? today : r.startDate;
  const endDate = r.endDate > last ? last : r.endDate;
  if (startDate > endDate) return new Map();
  return daily(config.weather.forecastUrl(), 'forecast', { ...r, startDate, endDate });
}
