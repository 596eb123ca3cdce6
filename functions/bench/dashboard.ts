/**
 * The administrators' dashboard: time from navigation to a drawn 365-day overview over
 * the demo data, and the bytes the page downloads, in headless Chromium against the local stack
 * (the running one, or one started here). Beside it, the 30-day overview as a reference. No
 * Chromium: the benchmark says so and skips.
 */
import { chromium, type Browser, type Page } from 'playwright-core';
import * as fs from 'node:fs';
import * as path from 'node:path';

const { ensureStack, findChromium, DASHBOARD_URL } = require('../scripts/ensure-stack.js') as {
  ensureStack: () => Promise<{ stop: () => Promise<void> }>;
  findChromium: () => string | null;
  DASHBOARD_URL: string;
};
const DEMO = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../emulator-data/demo.json'), 'utf8'));
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

async function signIn(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 1000 } });
  const page = await context.newPage();
  await page.goto(DASHBOARD_URL);
  await page.fill('input[name=email]', DEMO.admins[0].email);
  await page.fill('input[name=password]', DEMO.password);
  await page.click('button[type=submit]');
  await page.waitForSelector('#chart[data-drawn]');
  await page.close();
  return context;
}

/** One cold navigation (no HTTP cache) to the overview of `days`: ms until the chart is drawn, bytes by origin. */
async function measure(page: Page, days: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const bytes = { page: 0, api: 0 };
  const urls = new Map<string, string>();
  cdp.on('Network.responseReceived', (e) => urls.set(e.requestId, e.response.url));
  cdp.on('Network.loadingFinished', (e) => {
    const url = urls.get(e.requestId) ?? '';
    if (url.startsWith(DASHBOARD_URL)) bytes.page += e.encodedDataLength;
    else if (url.includes('/ai/')) bytes.api += e.encodedDataLength;
  });
  const started = performance.now();
  await page.goto(`${DASHBOARD_URL}#/?days=${days}`);
  await page.waitForSelector(`[data-preset="${days}"].active`);
  await page.waitForSelector('#chart[data-drawn]');
  const ms = performance.now() - started;
  await cdp.detach();
  return { ms, ...bytes };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  const executablePath = findChromium();
  if (!executablePath) {
    console.log('dashboard benchmark SKIPPED: no Chromium found (apt-get install chromium, or set CHROMIUM_PATH)');
    return;
  }
  const stack = await ensureStack();
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox'] });
  try {
    const context = await signIn(browser);
    const results: Record<number, { ms: number; page: number; api: number }[]> = { 30: [], 365: [] };
    for (let i = 0; i < RUNS; i++) {
      for (const days of [30, 365]) {
        const page = await context.newPage();
        results[days].push(await measure(page, days));
        await page.close();
      }
    }
    const row = (days: number) => {
      const r = results[days];
      return {
        days,
        msMedian: Math.round(median(r.map((x) => x.ms))),
        msMax: Math.round(Math.max(...r.map((x) => x.ms))),
        pageKiB: +(median(r.map((x) => x.page)) / 1024).toFixed(1),
        apiKiB: +(median(r.map((x) => x.api)) / 1024).toFixed(1),
      };
    };
    const [month, year] = [row(30), row(365)];
    console.log(`dashboard: navigation to a drawn overview, ${RUNS} cold loads each (HTTP cache off), signed in`);
    console.table([month, year]);
    console.log(
      `365-day overview: ${year.msMedian} ms median, ${year.pageKiB} KiB of page (HTML, script, styles) + ${year.apiKiB} KiB of API answer; ratio to the 30-day overview: ${(year.msMedian / month.msMedian).toFixed(2)}x time, ${(year.apiKiB / Math.max(month.apiKiB, 0.1)).toFixed(2)}x API bytes`,
    );
  } finally {
    await browser.close();
    await stack.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
