import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { datesInRange } from '../../src/core/calendar';

/**
 * A local server speaking Open-Meteo's wire protocol for daily weather: GET /v1/forecast and
 * GET /v1/archive with latitude, longitude, daily (comma-separated variables), timezone,
 * start_date and end_date; answers `{latitude, longitude, timezone, daily_units, daily: {time,
 * <variable>: [...]}}`, or 400 `{error: true, reason}` for a missing or wrong parameter, as the
 * service does (https://open-meteo.com/en/docs).
 */
export interface OpenMeteoServer {
  url: string;
  requests: { path: string; query: URLSearchParams }[];
  close: () => Promise<void>;
}

const VARIABLES: Record<string, { unit: string }> = {
  precipitation_sum: { unit: 'mm' },
  temperature_2m_max: { unit: '°C' },
};

export async function openMeteoServer(
  precipitation: (date: string, api: 'forecast' | 'archive') => number,
): Promise<OpenMeteoServer> {
  const requests: OpenMeteoServer['requests'] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const api = url.pathname === '/v1/forecast' ? 'forecast' : url.pathname === '/v1/archive' ? 'archive' : null;
    const q = url.searchParams;
    requests.push({ path: url.pathname, query: q });
    const fail = (reason: string, status = 400) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: true, reason }));
    };
    if (!api) return fail('Not found', 404);
    const [lat, lng] = [Number(q.get('latitude')), Number(q.get('longitude'))];
    if (!q.has('latitude') || !(lat >= -90 && lat <= 90)) return fail("Parameter 'latitude' is required");
    if (!q.has('longitude') || !(lng >= -180 && lng <= 180)) return fail("Parameter 'longitude' is required");
    const start = q.get('start_date') ?? '';
    const end = q.get('end_date') ?? '';
    if (!/^\d{4}-\d{2}-\d{2}$/.test(start) || !/^\d{4}-\d{2}-\d{2}$/.test(end) || end < start)
      return fail("Parameter 'start_date' and 'end_date' must be dates, in order");
    const daily = (q.get('daily') ?? '').split(',').filter(Boolean);
    const unknown = daily.find((v) => !VARIABLES[v]);
    if (unknown) return fail(`Cannot initialize WeatherVariable from invalid String value ${unknown}`);
    const time = datesInRange(start, end);
    const body = {
      latitude: lat,
      longitude: lng,
      timezone: q.get('timezone') ?? 'GMT',
      daily_units: Object.fromEntries([['time', 'iso8601'], ...daily.map((v) => [v, VARIABLES[v].unit])]),
      daily: Object.fromEntries([
        ['time', time],
        ...daily.map((v) => [v, time.map((d) => (v === 'precipitation_sum' ? precipitation(d, api) : 21.5))]),
      ]),
    };
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
