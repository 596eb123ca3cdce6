/**
 * The administrators' AI-spend dashboard in headless Chromium (playwright-core) against the running
 * local stack and its demo data: run by scripts/stack-tests.js (the last step of `npm test`).
 * Screenshots of every view go to .runtime/browser-artifacts/.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

const DASHBOARD = 'http://127.0.0.1:5002/';
const API = 'http://127.0.0.1:5001/demo-workforce/us-central1/ai';
const AUTH = 'http://127.0.0.1:9099';
const DEMO = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../emulator-data/demo.json'), 'utf8'));
const ADMIN = DEMO.admins[0].email as string;
const OWNER = DEMO.companies[0].users.find((u: { role: string }) => u.role === 'owner').email as string;
const ARTIFACTS = path.resolve(__dirname, '../../../.runtime/browser-artifacts');

jest.setTimeout(90_000);
let browser: Browser;

beforeAll(async () => {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH, args: ['--no-sandbox'] });
});
afterAll(() => browser?.close());

async function tokenOf(email: string): Promise<string> {
  const res = await fetch(`${AUTH}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=any`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO.password, returnSecureToken: true }),
  });
  return ((await res.json()) as { idToken: string }).idToken;
}

async function api<T>(pathAndQuery: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${API}${pathAndQuery}`, {
    ...init,
    headers: { authorization: `Bearer ${await tokenOf(ADMIN)}`, 'content-type': 'application/json', ...init.headers },
  });
  return ((await res.json()) as { data: T }).data;
}

async function signedIn(email: string, before: (page: Page) => void = () => {}): Promise<Page> {
  const page = await browser.newPage({
    viewport: { width: 1280, height: 1000 },
    locale: 'en-US',
    acceptDownloads: true,
  });
  before(page);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  (page as Page & { errors: string[] }).errors = errors;
  await page.goto(DASHBOARD);
  await page.fill('input[name=email]', email);
  await page.fill('input[name=password]', DEMO.password);
  await page.click('button[type=submit]');
  return page;
}

interface Budget {
  amountUsd: number;
  period: string;
  softThresholdPercent: number;
  flowLimitsUsd: object;
}
/** A budget as answered, as the body that sets it again. */
const budgetBody = ({ amountUsd, period, softThresholdPercent, flowLimitsUsd }: Budget) =>
  JSON.stringify({ amountUsd, period, softThresholdPercent, flowLimitsUsd });

/** Waits for a selector; on a timeout the error says what the page showed instead (its heading and text). */
async function visible(page: Page, selector: string): Promise<void> {
  try {
    await page.waitForSelector(selector, { timeout: 45_000 });
  } catch (error) {
    const shown = await page.innerText('main').catch(() => '(no main)');
    throw new Error(`${selector} did not appear; the page showed:\n${shown.slice(0, 2000)}\n${String(error)}`);
  }
}

const figure = async (page: Page, label: string) =>
  Number(await page.getAttribute(`[data-figure="${label}"]`, 'data-value'));
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });

describe('the AI-spend dashboard', () => {
  it('shows an administrator the totals of the last 30 days, equal to GET /ai-usage/all, with the chart drawn', async () => {
    const page = await signedIn(ADMIN);
    await visible(page, '#chart[data-drawn]');
    const all = await api<{
      totals: { costNanoUsd: number; calls: number; totalTokens: number; unpricedCalls: number };
      byCompany: { companyId: string; companyName: string; costNanoUsd: number }[];
    }>('/ai-usage/all');
    expect(all.totals.calls).toBeGreaterThan(0);
    expect(await figure(page, 'Total cost')).toBe(all.totals.costNanoUsd);
    expect(await figure(page, 'Calls')).toBe(all.totals.calls);
    expect(await figure(page, 'Tokens')).toBe(all.totals.totalTokens);
    expect(await figure(page, 'Unpriced calls')).toBe(all.totals.unpricedCalls);
    expect(await figure(page, 'Companies')).toBe(all.byCompany.length);
    // formatted in the viewer's locale, in dollars and cents; the exact figure on hover
    const usd = (digits: number) =>
      new Intl.NumberFormat('en-US', {
        style: 'currency',
        currency: 'USD',
        minimumFractionDigits: 2,
        maximumFractionDigits: digits,
      });
    const exact = `${Math.floor(all.totals.costNanoUsd / 1e9)}.${String(all.totals.costNanoUsd % 1e9).padStart(9, '0')}`;
    expect(await page.textContent('[data-figure="Total cost"]')).toBe(usd(2).format(exact as unknown as number));
    expect(await page.getAttribute('[data-figure="Total cost"] .money', 'title')).toBe(
      `${usd(9).format(exact as unknown as number)} exactly`,
    );
    // no dollar figure on the page (cards, tables, chart axis and legend, budgets) has more than cents
    await visible(page, '[data-testid=budget-watch] table');
    await page.hover('#chart .u-over');
    const text = await page.innerText('main');
    const dollars = text.match(/\$[\d,]+(\.\d+)?/g) ?? [];
    expect(dollars.length).toBeGreaterThan(10);
    expect(dollars.filter((d) => /\.\d{3,}$/.test(d))).toEqual([]);
    // and every one of the page's money figures carries its exact figure, which it rounds to the cent
    const figures = await page
      .locator('.money')
      .evaluateAll((spans) =>
        spans.map((s) => [s.getAttribute('data-nano-usd'), s.textContent, s.getAttribute('title')]),
      );
    expect(figures.length).toBeGreaterThan(5);
    for (const [nano, shown, title] of figures) {
      const n = Number(nano);
      const decimal = `${Math.floor(n / 1e9)}.${String(n % 1e9).padStart(9, '0')}`;
      expect([shown, title]).toEqual([
        usd(2).format(decimal as unknown as number),
        `${usd(9).format(decimal as unknown as number)} exactly`,
      ]);
    }
    expect(await page.locator('#chart canvas').count()).toBe(1);
    // the top companies, by spend
    const links = await page
      .locator('a[data-company]')
      .evaluateAll((as) => as.map((a) => [a.getAttribute('data-company'), a.textContent]));
    expect(links).toEqual(all.byCompany.map((c) => [c.companyId, c.companyName]));
    await shot(page, 'overview');
    expect((page as Page & { errors: string[] }).errors).toEqual([]);
    await page.close();
  });

  it('draws a 365-day range, chosen by its button or in the address', async () => {
    const page = await signedIn(ADMIN);
    await visible(page, '#chart[data-drawn]');
    await page.click('[data-preset="365"]');
    await visible(page, '[data-preset="365"].active');
    await visible(page, '#chart[data-drawn]');
    await page.goto(`${DASHBOARD}#/?days=90`);
    await visible(page, '[data-preset="90"].active');
    await visible(page, '#chart[data-drawn]');
    await page.click('[data-preset="365"]');
    await visible(page, '[data-preset="365"].active');
    await visible(page, '#chart[data-drawn]');
    expect(new URL(page.url()).hash).toBe('#/?days=365');
    const all = await api<{ from: string; totals: { costNanoUsd: number } }>(
      `/ai-usage/all?from=${await page.inputValue('input[aria-label=From]')}&to=${await page.inputValue('input[aria-label=To]')}`,
    );
    expect(await figure(page, 'Total cost')).toBe(all.totals.costNanoUsd);
    await page.close();
  });

  it('opens a company: its figures, its rows page by page (sortable), the CSV of the range, and its AI configuration set and removed', async () => {
    const page = await signedIn(ADMIN);
    await visible(page, '#chart[data-drawn]');
    await page.click('a[data-company="harbor-vine"]');
    await visible(page, '[data-testid=rows] table');
    expect(await page.textContent('h1')).toBe('Harbor & Vine (harbor-vine)');
    const usage = await api<{
      totals: { costNanoUsd: number; rows: number };
      rows: { rowId: string }[];
      nextCursor: string | null;
    }>('/companies/harbor-vine/ai-usage?limit=50');
    expect(await figure(page, 'Total cost')).toBe(usage.totals.costNanoUsd);
    const firstPage = await page
      .locator('[data-row]')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-row')));
    expect(firstPage).toEqual(usage.rows.map((r) => r.rowId));
    await shot(page, 'company');

    // the next page, then back
    expect(usage.nextCursor).not.toBeNull();
    await page.click('[data-page=older]');
    await visible(page, '[data-testid=page]:has-text("Page 2")');
    const secondPage = await page
      .locator('[data-row]')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-row')));
    const next = await api<{ rows: { rowId: string }[] }>(
      `/companies/harbor-vine/ai-usage?limit=50&cursor=${encodeURIComponent(usage.nextCursor!)}`,
    );
    expect(secondPage).toEqual(next.rows.map((r) => r.rowId));
    await page.click('[data-page=newer]');
    await visible(page, '[data-testid=page]:has-text("Page 1")');

    // sorted by cost, descending
    await page.click('[data-sort=costNanoUsd]');
    const costs = await page.locator('[data-row] td:last-child').allTextContents();
    const values = costs.map((c) => Number(c.replace(/[$,]/g, '')));
    expect(values).toEqual([...values].sort((a, b) => b - a));

    // the CSV of the whole range
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=csv]')]);
    const csv = fs
      .readFileSync((await download.path())!, 'utf8')
      .trim()
      .split('\r\n');
    expect(csv[0]).toMatch(/^ts,day,requestId,rowId,provider,model/);
    expect(csv).toHaveLength(usage.totals.rows + 1);

    // the override: set (with the API's validation), shown, removed
    await page.selectOption('select[name=provider]', 'anthropic');
    await page.fill('input[name=model]', 'no-such-model');
    await page.click('[data-testid=config] button[type=submit]');
    await visible(page, '[data-testid=config-message].error');
    expect(await page.textContent('[data-testid=config-message]')).toContain('no-such-model');
    expect(await api('/companies/harbor-vine/ai-config')).toBeNull();

    await page.fill('input[name=model]', 'claude-haiku-4-5');
    await page.click('[data-testid=config] button[type=submit]');
    await visible(page, '[data-testid=config-current]:has-text("anthropic / claude-haiku-4-5")');
    expect(await api('/companies/harbor-vine/ai-config')).toMatchObject({
      provider: 'anthropic',
      model: 'claude-haiku-4-5',
    });
    await shot(page, 'company-override');
    await page.click('[data-testid=config-remove]');
    await visible(page, '[data-testid=config-current]:has-text("No override")');
    expect(await api('/companies/harbor-vine/ai-config')).toBeNull();
    await page.close();
  });

  it('shows the onboarding bucket and the global default', async () => {
    const page = await signedIn(ADMIN);
    await visible(page, '#chart[data-drawn]');
    await page.click('nav a[href="#/onboarding"]');
    await visible(page, 'h1:has-text("Onboarding bucket")');
    await visible(page, '[data-figure="Total cost"]');
    const onboarding = await api<{ totals: { calls: number } }>('/ai-usage/onboarding');
    expect(await figure(page, 'Calls')).toBe(onboarding.totals.calls);
    await shot(page, 'onboarding');
    await page.click('nav a[href="#/config"]');
    await visible(page, '[data-testid=config-current]');
    const global = await api<{ provider: string; model: string }>('/ai-config/global');
    expect(await page.textContent('[data-testid=config-current]')).toContain(`${global.provider} / ${global.model}`);
    await shot(page, 'global-default');
    await page.close();
  });

  it('lists the companies near or over their budget on the overview, as GET /ai-budgets has them', async () => {
    const page = await signedIn(ADMIN);
    await visible(page, '[data-testid=budget-watch] table');
    const budgets = await api<{ companies: { companyId: string; status: string }[] }>('/ai-budgets');
    const watched = budgets.companies.filter((c) => !['ok', 'none'].includes(c.status));
    expect(watched).toContainEqual(expect.objectContaining({ companyId: 'harbor-vine', status: 'near' }));
    const listed = await page
      .locator('[data-testid=budget-watch] tbody tr')
      .evaluateAll((rows) =>
        rows.map((r) => [
          r.querySelector('a')!.getAttribute('data-budget-company'),
          r.querySelector('[data-status]')!.getAttribute('data-status'),
        ]),
      );
    expect(listed).toEqual(watched.map((c) => [c.companyId, c.status]));
    expect((page as Page & { errors: string[] }).errors).toEqual([]);
    await page.close();
  });

  it("shows a company's budget, spend and projection as the API has them, and edits it (the API's validation in the page)", async () => {
    type Status = {
      spentNanoUsd: number;
      projectedNanoUsd: number;
      status: string;
      budget: Budget | null;
    };
    const before = await api<Status>('/companies/harbor-vine/ai-budget');
    expect(before.budget).not.toBeNull();
    const page = await signedIn(ADMIN);
    await visible(page, '#chart[data-drawn]');
    await page.goto(`${DASHBOARD}#/company/harbor-vine`);
    await visible(page, '[data-testid=rows] table');
    await visible(page, '[data-testid=budget-spent]');
    expect(Number(await page.getAttribute('[data-testid=budget-spent]', 'data-value'))).toBe(before.spentNanoUsd);
    // the projection is computed at each read and only falls while no call is made (less of the
    // period left, a longer recent window): the page's lies between the API's before and after it
    const projected = Number(await page.getAttribute('[data-testid=budget-projected]', 'data-value'));
    const after = await api<Status>('/companies/harbor-vine/ai-budget');
    expect(projected).toBeLessThanOrEqual(before.projectedNanoUsd);
    expect(projected).toBeGreaterThanOrEqual(after.projectedNanoUsd);
    expect(await page.getAttribute('[data-testid=budget-status]', 'data-status')).toBe(before.status);
    await page.locator('[data-testid=budget]').screenshot({ path: path.join(ARTIFACTS, 'company-budget.png') });
    try {
      // refused by the API: the message is shown and nothing changes
      await page.fill('[data-testid=budget] input[name=amountUsd]', '0');
      await page.click('[data-testid=budget] button[type=submit]');
      await visible(page, '[data-testid=budget-message].error');
      expect(await page.textContent('[data-testid=budget-message]')).toContain('amountUsd');
      expect((await api<Status>('/companies/harbor-vine/ai-budget')).budget).toEqual(before.budget);

      await page.fill('[data-testid=budget] input[name=amountUsd]', '1000');
      await page.selectOption('[data-testid=budget] select[name=period]', 'day');
      await page.fill('[data-testid=budget] input[name=flowLimitsUsd]', 'chat=50');
      await page.click('[data-testid=budget] button[type=submit]');
      await visible(page, '[data-testid=budget-message]:has-text("Saved.")');
      expect(await page.textContent('[data-testid=budget-current]')).toContain('per day');
      expect((await api<Status>('/companies/harbor-vine/ai-budget')).budget).toMatchObject({
        amountUsd: 1000,
        period: 'day',
        flowLimitsUsd: { chat: 50 },
      });
    } finally {
      await api('/companies/harbor-vine/ai-budget', { method: 'PUT', body: budgetBody(before.budget!) });
    }
    await page.close();
  });

  it('edits the default budget on the budgets page, which lists every company with a budget', async () => {
    const before = await api<{ default: Budget | null; companies: { companyId: string }[] }>('/ai-budgets');
    const page = await signedIn(ADMIN);
    await visible(page, '#chart[data-drawn]');
    await page.click('nav a[href="#/budgets"]');
    await visible(page, '[data-testid=budget-list] table');
    const listed = await page
      .locator('[data-testid=budget-list] a[data-budget-company]')
      .evaluateAll((as) => as.map((a) => a.getAttribute('data-budget-company')));
    expect(listed).toEqual(before.companies.map((c) => c.companyId));
    await shot(page, 'budgets');
    try {
      await page.fill('[data-testid=default-budget] input[name=amountUsd]', '750');
      await page.click('[data-testid=default-budget] button[type=submit]');
      await visible(page, '[data-testid=default-budget-message]:has-text("Saved.")');
      expect((await api<{ default: { amountUsd: number } }>('/ai-budgets')).default.amountUsd).toBe(750);
    } finally {
      await api('/ai-budgets/default', { method: 'PUT', body: budgetBody(before.default!) });
    }
    await page.close();
  });

  it('keeps the view the administrator moved to when the one they left answers late', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const page = await signedIn(ADMIN, (p) => {
      void p.route(`${API}/ai-usage/all**`, async (route) => {
        await held;
        await route.continue();
      });
    });
    await visible(page, '[data-state=loading]');
    await page.goto(`${DASHBOARD}#/company/harbor-vine`);
    await visible(page, '[data-testid=rows] table');
    release();
    await page.waitForResponse((r) => r.url().includes('/ai-usage/all'));
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 200)));
    expect(await page.textContent('h1')).toBe('Harbor & Vine (harbor-vine)');
    expect(await page.locator('[data-testid=rows] table').count()).toBe(1);
    await page.close();
  });

  it('shows a network failure visibly, with a retry that recovers', async () => {
    const page = await signedIn(ADMIN);
    await visible(page, '#chart[data-drawn]');
    await page.route(`${API}/**`, (route) => route.abort('connectionrefused'));
    await page.click('[data-preset="7"]');
    await visible(page, '[data-state=error]');
    expect(await page.textContent('[data-state=error]')).toContain('network error');
    await page.unroute(`${API}/**`);
    await page.click('[data-state=error] button');
    await visible(page, '#chart[data-drawn]');
    await page.close();
  });

  it('returns to the sign-in page, saying why, when the API answers that the session expired', async () => {
    const page = await signedIn(ADMIN);
    await visible(page, '#chart[data-drawn]');
    await page.route(`${API}/**`, (route) =>
      route.fulfill({
        status: 401,
        contentType: 'application/json',
        headers: { 'access-control-allow-origin': '*' },
        body: JSON.stringify({
          success: false,
          error: 'The ID token is invalid or expired',
          code: 'AUTH_INVALID_TOKEN',
        }),
      }),
    );
    await page.click('[data-preset="7"]');
    await visible(page, '[data-testid=signin-message].error');
    expect(await page.textContent('[data-testid=signin-message]')).toBe('Your session expired: sign in again.');
    expect(await page.isVisible('input[name=password]')).toBe(true);
    await page.close();
  });

  it('refuses a signed-in member without the admin claim, requesting no usage', async () => {
    const requests: string[] = [];
    const page = await signedIn(OWNER, (p) => p.on('request', (r) => requests.push(r.url())));
    await visible(page, '[data-testid=refused]');
    expect(await page.textContent('main')).toContain('Administrators only');
    expect(requests.filter((u) => u.startsWith(API))).toEqual([]);
    await shot(page, 'refused');
    await page.close();
  });

  it('refuses a wrong password with a clear message', async () => {
    const page = await browser.newPage();
    await page.goto(DASHBOARD);
    await page.fill('input[name=email]', ADMIN);
    await page.fill('input[name=password]', 'not-the-password');
    await page.click('button[type=submit]');
    await visible(page, '[data-testid=signin-message].error');
    expect(await page.textContent('[data-testid=signin-message]')).toBe('Wrong email or password.');
    await page.close();
  });
});
