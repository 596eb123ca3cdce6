/**
 * The API viewer (Swagger UI, served by the docs module) in headless Chromium, through the one
 * address of the API (Hosting, whose Content-Security-Policy of firebase.json applies) and at the
 * docs function's own URL (the module's policy alone): run by scripts/stack-tests.js against the
 * running local stack. Swagger UI renders the operations near the viewport only, so the test scrolls
 * the page through and collects every operation it showed.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

const ONE_ADDRESS = 'http://127.0.0.1:5002/api';
const FUNCTION_URL = 'http://127.0.0.1:5001/demo-workforce/us-central1/docs';
const ARTIFACTS = path.resolve(__dirname, '../../../.runtime/browser-artifacts');
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

jest.setTimeout(180_000);
let browser: Browser;
let operations: string[];

beforeAll(async () => {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH, args: ['--no-sandbox'] });
  const doc = (await (await fetch(`${ONE_ADDRESS}/openapi.json`)).json()) as {
    paths: Record<string, Record<string, unknown>>;
  };
  operations = Object.entries(doc.paths)
    .flatMap(([p, item]) => METHODS.filter((m) => item[m]).map((m) => `${m.toUpperCase()} ${p}`))
    .sort();
});
afterAll(() => browser?.close());

/** The page's console errors (a blocked script is one) and uncaught exceptions. */
function problemsOf(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  return problems;
}

/** Every operation the viewer shows, the page scrolled from top to bottom. */
async function listedOperations(page: Page): Promise<string[]> {
  const seen = new Set<string>();
  for (let step = 0; step < 5000; step++) {
    const shown = await page
      .locator('.opblock .opblock-summary')
      .evaluateAll((summaries) =>
        summaries.map(
          (s) =>
            `${s.querySelector('.opblock-summary-method')?.textContent} ${s.querySelector('.opblock-summary-path')?.getAttribute('data-path')}`,
        ),
      );
    for (const op of shown) seen.add(op);
    const atBottom = await page.evaluate<boolean>(
      '(() => { const before = window.scrollY; window.scrollBy(0, window.innerHeight * 0.8); return window.scrollY === before; })()',
    );
    if (atBottom) break;
    // the rendering of what scrolled into view
    await page.waitForTimeout(50);
  }
  return [...seen].sort();
}

/** firebase.json's Content-Security-Policy for the viewer, which the Hosting emulator sends in place of the function's. */
const HOSTING_POLICY = (
  JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../firebase.json'), 'utf8')) as {
    hosting: { headers: { source: string; headers: { key: string; value: string }[] }[] };
  }
).hosting.headers
  .find((rule) => rule.source === '/api/ui/**')!
  .headers.find((h) => h.key === 'Content-Security-Policy')!.value;

describe('the API viewer', () => {
  it.each([
    ['through the one address (Hosting)', `${ONE_ADDRESS}/ui/`, 'viewer-one-address', [HOSTING_POLICY]],
    [
      "at the docs function's URL",
      `${FUNCTION_URL}/ui/`,
      'viewer-function-url',
      [expect.stringMatching(/^default-src 'none'; script-src 'self'; /)],
    ],
  ])(
    'lists every operation of the document %s, nothing blocked by its Content-Security-Policy',
    async (_where, url, shot, expectedPolicies) => {
      const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
      const problems = problemsOf(page);
      const answer = await page.goto(url);
      const policies = (await answer!.headersArray())
        .filter((h) => h.name.toLowerCase() === 'content-security-policy')
        .map((h) => h.value);
      // scripts from the viewer's own address only: no inline script, no eval
      expect(policies).toEqual(expectedPolicies);
      for (const policy of policies) expect(policy).not.toMatch(/(script|default)-src[^;]*'unsafe-(inline|eval)'/);
      await page.waitForSelector('.opblock', { timeout: 120_000 });
      await page.screenshot({ path: path.join(ARTIFACTS, `${shot}.png`) });
      expect(await listedOperations(page)).toEqual(operations);
      expect(problems).toEqual([]);
      await page.close();
    },
  );
});
