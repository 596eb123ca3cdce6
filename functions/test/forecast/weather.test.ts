import { addDays, businessToday, dayNumber } from '../../src/core/calendar';
import { api } from '../helpers/api';
import { openMeteoServer, type OpenMeteoServer } from '../helpers/open-meteo';
import { bearer } from '../helpers/users';
import { harborVine } from './helpers';

// a backtest of a year (52 origins, 11 methods and a Holt-Winters reference) takes seconds on a loaded machine
jest.setTimeout(120_000);

/** Every sixth day of the history rained (12 mm) and sold 60 % of an ordinary day. */
const rainedOn = (date: string) => dayNumber(date) % 6 === 0;

describe('forecast with the weather (Open-Meteo protocol, local server)', () => {
  let server: OpenMeteoServer;
  let rainyAhead: string;
  const saved = { ...process.env };

  beforeAll(async () => {
    server = await openMeteoServer((date, which) =>
      which === 'archive' ? (rainedOn(date) ? 12 : 0) : date === rainyAhead ? 15 : 0.2,
    );
    process.env.OPEN_METEO_FORECAST_URL = server.url;
    process.env.OPEN_METEO_ARCHIVE_URL = server.url;
  });
  afterAll(async () => {
    process.env = saved;
    await server.close();
  });

  it('learns how rain moved the history and lowers a rainy day ahead, only with weatherApiEnabled', async () => {
    const { company, manager } = await harborVine({
      sales: true,
      settings: { weatherApiEnabled: true },
      scale: (d) => (rainedOn(d) ? 0.6 : 1),
    });
    const today = businessToday(company.timezone, company.dayChangeTime);
    rainyAhead = addDays(today, 3);
    server.requests.length = 0;
    const res = await api('forecast')
      .get('/forecast')
      .query({ companyId: company.companyId, weeks: 3 })
      .set(bearer(manager));
    expect(res.status).toBe(200);
    const f = res.body.data;
    expect(f.weather).toMatchObject({ enabled: true, used: true, source: 'open-meteo', note: null });
    expect(f.weather.rainyHistoryDays).toBeGreaterThan(40);
    expect(f.weather.rainyDayFactor).toBeLessThan(0.75);
    expect(f.weather.dryDayFactor).toBeGreaterThan(1);
    // one call each: the history's weather and the days ahead (within the 16 the forecast API covers)
    expect(server.requests.map((r) => r.path).sort()).toEqual(['/v1/archive', '/v1/forecast']);
    const ahead = server.requests.find((r) => r.path === '/v1/forecast')!.query;
    expect(ahead.get('timezone')).toBe('America/New_York');
    expect(ahead.get('end_date')).toBe(addDays(today, 15));
    const rainy = f.days.find((d: { date: string }) => d.date === rainyAhead);
    const weekLater = f.days.find((d: { date: string }) => d.date === addDays(rainyAhead, 7));
    expect(rainy.weather).toEqual({ precipitationMm: 15, temperatureMaxC: 21.5 });
    expect(rainy.factors.weather).toBe(f.weather.rainyDayFactor);
    expect(weekLater.factors.weather).toBe(f.weather.dryDayFactor);
    expect(rainy.salesMinor).toBeLessThan(weekLater.salesMinor * 0.8);
    // beyond the weather forecast's horizon: no weather
    expect(f.days[f.days.length - 1].weather).toBeNull();
    expect(f.days[f.days.length - 1].factors.weather).toBe(1);
  });

  it('never calls the weather service without weatherApiEnabled', async () => {
    const { company, manager } = await harborVine({ sales: true });
    server.requests.length = 0;
    const res = await api('forecast').get('/forecast').query({ companyId: company.companyId }).set(bearer(manager));
    expect(res.status).toBe(200);
    expect(res.body.data.weather).toMatchObject({ enabled: false, used: false });
    expect(res.body.data.days.every((d: { factors: { weather: number } }) => d.factors.weather === 1)).toBe(true);
    expect(server.requests).toEqual([]);
  });

  it('forecasts without the weather when the weather service does not answer', async () => {
    const { company, manager } = await harborVine({ sales: true, settings: { weatherApiEnabled: true } });
    process.env.OPEN_METEO_FORECAST_URL = 'http://127.0.0.1:9';
    process.env.OPEN_METEO_ARCHIVE_URL = 'http://127.0.0.1:9';
    try {
      const res = await api('forecast').get('/forecast').query({ companyId: company.companyId }).set(bearer(manager));
      expect(res.status).toBe(200);
      expect(res.body.data.weather).toMatchObject({ enabled: true, used: false });
      expect(res.body.data.weather.note).toMatch(/did not answer/);
      expect(res.body.data.days[0].salesMinor).toBeGreaterThan(0);
    } finally {
      process.env.OPEN_METEO_FORECAST_URL = server.url;
      process.env.OPEN_METEO_ARCHIVE_URL = server.url;
    }
  });
});
