import type uPlot from 'uplot';
import {
  ApiError,
  type Api,
  type AiConfig,
  type BucketUsage,
  type Counters,
  type FlowTotals,
  type ModelTotals,
  type UsageRow,
} from './api';
import { budgetPanel, budgetWatch } from './budgets';
import { costChart } from './chart';
import { empty, h, loading, show, startView } from './dom';
import { formatExactUsd, formatInt, formatPercent, formatTime, money } from './format';
import { PRESETS, customProblem, daysOf, presetRange, type Range } from './range';

export interface Context {
  api: Api;
  range: Range;
  setRange: (range: Range) => void;
  /** An expired session or a lost admin claim: back to the sign-in or refusal page. */
  onAuthProblem: (error: ApiError) => void;
}

const PROVIDERS = ['anthropic', 'openai'];
const PAGE_SIZE = 50;
let charts: uPlot[] = [];

function clearCharts() {
  for (const chart of charts) chart.destroy();
  charts = [];
}

export function failure(ctx: Context, error: unknown, retry: () => void): HTMLElement {
  if (error instanceof ApiError && (error.status === 401 || error.status === 403)) ctx.onAuthProblem(error);
  const message = error instanceof Error ? error.message : String(error);
  return h(
    'div',
    { 'data-state': 'error' },
    h('p', { class: 'error' }, message),
    h('button', { onclick: retry }, 'Retry'),
  );
}

function rangePicker(ctx: Context): HTMLElement {
  const from = h('input', { type: 'date', value: ctx.range.from, 'aria-label': 'From' });
  const to = h('input', { type: 'date', value: ctx.range.to, 'aria-label': 'To' });
  const problem = h('span', { class: 'error' });
  return h(
    'div',
    { class: 'range' },
    ...PRESETS.map((days) =>
      h(
        'button',
        {
          class: ctx.range.preset === days ? 'active' : undefined,
          'data-preset': days,
          onclick: () => ctx.setRange(presetRange(days)),
        },
        `${days} days`,
      ),
    ),
    from,
    to,
    h(
      'button',
      {
        onclick: () => {
          const wrong = customProblem(from.value, to.value);
          if (wrong) return void (problem.textContent = wrong);
          ctx.setRange({ from: from.value, to: to.value, preset: null });
        },
      },
      'Apply',
    ),
    problem,
    h('span', { class: 'state' }, `${ctx.range.from} to ${ctx.range.to} (UTC days)`),
  );
}

function cards(totals: Counters, extra: [string, number][] = []): HTMLElement {
  // data-value: the exact figure behind the formatted one (the browser tests compare it with the API)
  const card = (label: string, value: number, text: string | Node, cls?: string) =>
    h(
      'div',
      { class: 'card' },
      h('div', { class: 'label' }, label),
      h('div', { class: `value ${cls ?? ''}`, 'data-figure': label, 'data-value': value }, text),
    );
  return h(
    'div',
    { class: 'cards' },
    card('Total cost', totals.costNanoUsd, money(totals.costNanoUsd)),
    card('Calls', totals.calls, formatInt(totals.calls)),
    card('Tokens', totals.totalTokens, formatInt(totals.totalTokens)),
    card(
      'Unpriced calls',
      totals.unpricedCalls,
      formatInt(totals.unpricedCalls),
      totals.unpricedCalls > 0 ? 'warn' : undefined,
    ),
    ...extra.map(([label, value]) => card(label, value, formatInt(value))),
  );
}

function chartSection(ctx: Context, byDay: BucketUsage['byDay']): HTMLElement {
  const target = h('div', { id: 'chart', 'data-testid': 'cost-chart' });
  queueMicrotask(() => {
    const chart = costChart(target, daysOf(ctx.range), byDay);
    if (chart) charts.push(chart);
    else target.replaceChildren(empty('No usage in this range.'));
    target.setAttribute('data-drawn', 'true');
  });
  return h('section', {}, h('h2', {}, 'Cost per day by provider and model'), target);
}

export function table<T>(
  columns: { label: string; num?: boolean; cell: (row: T) => string | Node }[],
  rows: T[],
  rowClass?: (row: T) => string | undefined,
): HTMLElement {
  if (rows.length === 0) return empty('Nothing in this range.');
  return h(
    'table',
    {},
    h('thead', {}, h('tr', {}, ...columns.map((c) => h('th', { class: c.num ? 'num' : undefined }, c.label)))),
    h(
      'tbody',
      {},
      ...rows.map((row) =>
        h(
          'tr',
          { class: rowClass?.(row) },
          ...columns.map((c) => h('td', { class: c.num ? 'num' : undefined }, c.cell(row))),
        ),
      ),
    ),
  );
}

const share = (part: number, whole: number) => (whole > 0 ? formatPercent(part / whole) : '–');

function flowTable(byFlow: FlowTotals[], total: number) {
  return table<FlowTotals>(
    [
      { label: 'Flow', cell: (f) => f.flow },
      { label: 'Calls', num: true, cell: (f) => formatInt(f.calls) },
      { label: 'Cost', num: true, cell: (f) => money(f.costNanoUsd) },
      { label: 'Share', num: true, cell: (f) => share(f.costNanoUsd, total) },
    ],
    byFlow,
  );
}

function modelTable(byModel: ModelTotals[], total: number) {
  return table<ModelTotals>(
    [
      { label: 'Provider', cell: (m) => m.provider },
      {
        label: 'Model',
        cell: (m) =>
          m.unpricedCalls > 0
            ? h('span', { title: 'Missing from the price table: cost recorded as 0' }, `${m.model} (unpriced)`)
            : m.model,
      },
      { label: 'Calls', num: true, cell: (m) => formatInt(m.calls) },
      { label: 'Tokens', num: true, cell: (m) => formatInt(m.totalTokens) },
      { label: 'Cost', num: true, cell: (m) => money(m.costNanoUsd) },
      { label: 'Share', num: true, cell: (m) => share(m.costNanoUsd, total) },
    ],
    byModel,
    (m) => (m.unpricedCalls > 0 ? 'unpriced' : undefined),
  );
}

export async function overview(ctx: Context): Promise<void> {
  clearCharts();
  const show = startView();
  show(h('h1', {}, 'Overview'), rangePicker(ctx), loading('usage'));
  let data;
  try {
    data = await ctx.api.allUsage(ctx.range.from, ctx.range.to);
  } catch (error) {
    return show(
      h('h1', {}, 'Overview'),
      rangePicker(ctx),
      failure(ctx, error, () => overview(ctx)),
    );
  }
  const total = data.totals.costNanoUsd;
  const unpriced = data.byModel.filter((m) => m.unpricedCalls > 0);
  show(
    h('h1', {}, 'Overview'),
    rangePicker(ctx),
    cards(data.totals, [['Companies', data.byCompany.length]]),
    budgetWatch(ctx),
    unpriced.length
      ? h(
          'p',
          { class: 'warn', 'data-testid': 'unpriced' },
          `Unpriced models (missing from the price table of ${data.pricesAsOf}, cost recorded as 0): ${unpriced.map((m) => `${m.provider}/${m.model}`).join(', ')}`,
        )
      : null,
    chartSection(ctx, data.byDay),
    h(
      'div',
      { class: 'row' },
      h(
        'section',
        {},
        h('h2', {}, 'Top companies by spend'),
        table<AllCompany>(
          [
            {
              label: 'Company',
              cell: (c) =>
                h(
                  'a',
                  { href: `#/company/${encodeURIComponent(c.companyId)}`, 'data-company': c.companyId },
                  c.companyName ?? c.companyId,
                ),
            },
            { label: 'Calls', num: true, cell: (c) => formatInt(c.calls) },
            { label: 'Cost', num: true, cell: (c) => money(c.costNanoUsd) },
            { label: 'Share', num: true, cell: (c) => share(c.costNanoUsd, total) },
          ],
          data.byCompany.slice(0, 20),
        ),
      ),
      h('section', {}, h('h2', {}, 'Cost by flow'), flowTable(data.byFlow, total)),
    ),
    h('section', {}, h('h2', {}, 'By provider and model'), modelTable(data.byModel, total)),
    h(
      'section',
      {},
      h('h2', {}, 'Onboarding bucket'),
      h(
        'p',
        {},
        `Calls made before a company existed: ${formatInt(data.onboarding.calls)} calls, `,
        money(data.onboarding.costNanoUsd),
        '. ',
        h('a', { href: '#/onboarding' }, 'Open'),
      ),
    ),
  );
}
type AllCompany = Counters & { companyId: string; companyName: string | null };

const ROW_COLUMNS: { key: keyof UsageRow; label: string; num?: boolean; cell: (r: UsageRow) => string }[] = [
  { key: 'ts', label: 'Time', cell: (r) => formatTime(r.ts) },
  { key: 'flow', label: 'Flow', cell: (r) => r.flow },
  { key: 'model', label: 'Model', cell: (r) => `${r.provider}/${r.model}${r.priced ? '' : ' (unpriced)'}` },
  { key: 'userId', label: 'User', cell: (r) => r.userId ?? '–' },
  { key: 'calls', label: 'Calls', num: true, cell: (r) => formatInt(r.calls) },
  { key: 'inputTokens', label: 'Input', num: true, cell: (r) => formatInt(r.inputTokens) },
  { key: 'outputTokens', label: 'Output', num: true, cell: (r) => formatInt(r.outputTokens) },
  { key: 'cacheReadTokens', label: 'Cache read', num: true, cell: (r) => formatInt(r.cacheReadTokens) },
  { key: 'cacheCreateTokens', label: 'Cache write', num: true, cell: (r) => formatInt(r.cacheCreateTokens) },
  // one row is a request's calls of one model, the unit a price applies to: exact, like a unit price
  { key: 'costNanoUsd', label: 'Cost', num: true, cell: (r) => formatExactUsd(r.costNanoUsd) },
];

/** The usage rows of a bucket: newest first, pages of PAGE_SIZE by cursor, the page sortable by any column. */
function rowsTable(load: (cursor?: string) => Promise<BucketUsage>, first: BucketUsage, ctx: Context): HTMLElement {
  const holder = h('section', { 'data-testid': 'rows' });
  const cursors: (string | undefined)[] = [undefined];
  let sort: { key: keyof UsageRow; desc: boolean } | null = null;
  const render = (page: BucketUsage, index: number) => {
    const rows = [...page.rows];
    if (sort) {
      const { key, desc } = sort;
      rows.sort((a, b) => {
        const x = a[key] ?? '';
        const y = b[key] ?? '';
        return (x < y ? -1 : x > y ? 1 : 0) * (desc ? -1 : 1);
      });
    }
    const header = ROW_COLUMNS.map((c) =>
      h(
        'th',
        { class: c.num ? 'num' : undefined },
        h(
          'button',
          {
            'data-sort': c.key,
            onclick: () => {
              sort = { key: c.key, desc: sort?.key === c.key ? !sort.desc : true };
              render(page, index);
            },
          },
          c.label + (sort?.key === c.key ? (sort.desc ? ' ▼' : ' ▲') : ''),
        ),
      ),
    );
    const go = async (to: number) => {
      holder.replaceChildren(loading('rows'));
      try {
        render(await load(cursors[to]), to);
      } catch (error) {
        holder.replaceChildren(failure(ctx, error, () => go(to)));
      }
    };
    if (page.nextCursor && cursors.length === index + 1) cursors.push(page.nextCursor);
    holder.replaceChildren(
      h('h2', {}, 'Usage rows'),
      rows.length === 0
        ? empty('No usage rows in this range.')
        : h(
            'table',
            {},
            h('thead', {}, h('tr', {}, ...header)),
            h(
              'tbody',
              {},
              ...rows.map((r) =>
                h(
                  'tr',
                  { class: r.priced ? undefined : 'unpriced', 'data-row': r.rowId },
                  ...ROW_COLUMNS.map((c) => h('td', { class: c.num ? 'num' : undefined }, c.cell(r))),
                ),
              ),
            ),
          ),
      h(
        'div',
        { class: 'pager' },
        h('button', { disabled: index === 0, 'data-page': 'newer', onclick: () => go(index - 1) }, 'Newer'),
        h('span', { 'data-testid': 'page' }, `Page ${index + 1}`),
        h('button', { disabled: !page.nextCursor, 'data-page': 'older', onclick: () => go(index + 1) }, 'Older'),
      ),
    );
  };
  render(first, 0);
  return holder;
}

const CSV_COLUMNS: (keyof UsageRow)[] = [
  'ts',
  'day',
  'requestId',
  'rowId',
  'provider',
  'model',
  'priced',
  'flow',
  'userId',
  'calls',
  'inputTokens',
  'outputTokens',
  'cacheReadTokens',
  'cacheCreateTokens',
  'totalTokens',
  'costNanoUsd',
  'costUsd',
];

export function usageCsv(rows: UsageRow[]): string {
  const cell = (v: unknown) => {
    const s = v === null || v === undefined ? '' : String(v);
    return /[",\n\r]/.test(s) || /^[=+\-@]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return (
    [CSV_COLUMNS.join(','), ...rows.map((r) => CSV_COLUMNS.map((c) => cell(r[c])).join(','))].join('\r\n') + '\r\n'
  );
}

function csvButton(loadAll: () => Promise<UsageRow[]>, filename: string, ctx: Context): HTMLElement {
  const status = h('span', { class: 'state' });
  return h(
    'p',
    {},
    h(
      'button',
      {
        'data-testid': 'csv',
        onclick: async () => {
          status.textContent = 'Preparing…';
          try {
            const rows = await loadAll();
            const link = h('a', {
              href: URL.createObjectURL(new Blob([usageCsv(rows)], { type: 'text/csv' })),
              download: filename,
            });
            link.click();
            status.textContent = `${formatInt(rows.length)} rows downloaded.`;
          } catch (error) {
            status.replaceChildren(failure(ctx, error, () => undefined));
          }
        },
      },
      'Download CSV of the range',
    ),
    ' ',
    status,
  );
}

async function bucketView(
  ctx: Context,
  title: string | ((data: BucketUsage) => string),
  fetchPage: (query: Record<string, string | number | undefined>) => Promise<BucketUsage>,
  extra: Node[] = [],
  csvName = 'usage',
): Promise<void> {
  clearCharts();
  const heading = (data?: BucketUsage) =>
    h('h1', {}, typeof title === 'string' ? title : data ? title(data) : 'Company');
  const show = startView();
  show(heading(), rangePicker(ctx), loading('usage'), ...extra);
  const load = (cursor?: string) => fetchPage({ from: ctx.range.from, to: ctx.range.to, limit: PAGE_SIZE, cursor });
  let data: BucketUsage;
  try {
    data = await load();
  } catch (error) {
    return show(
      heading(),
      rangePicker(ctx),
      failure(ctx, error, () => bucketView(ctx, title, fetchPage, extra, csvName)),
      ...extra,
    );
  }
  const loadAll = async () => {
    const all: UsageRow[] = [];
    let cursor: string | undefined;
    do {
      const page = await fetchPage({ from: ctx.range.from, to: ctx.range.to, limit: 5000, cursor });
      all.push(...page.rows);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    return all;
  };
  const total = data.totals.costNanoUsd;
  show(
    heading(data),
    rangePicker(ctx),
    cards(data.totals),
    chartSection(ctx, data.byDay),
    h(
      'div',
      { class: 'row' },
      h('section', {}, h('h2', {}, 'Cost by flow'), flowTable(data.byFlow, total)),
      h('section', {}, h('h2', {}, 'By provider and model'), modelTable(data.byModel, total)),
    ),
    csvButton(loadAll, `${csvName}-${ctx.range.from}-${ctx.range.to}.csv`, ctx),
    rowsTable(load, data, ctx),
    ...extra,
  );
}

function configEditor(
  ctx: Context,
  options: {
    title: string;
    read: () => Promise<AiConfig | null>;
    save: (c: AiConfig) => Promise<AiConfig>;
    remove?: () => Promise<unknown>;
    fallback?: () => Promise<AiConfig>;
  },
): HTMLElement {
  const section = h('section', { 'data-testid': 'config' }, h('h2', {}, options.title), loading('configuration'));
  const render = async () => {
    let current: AiConfig | null;
    let fallback: AiConfig | null = null;
    try {
      [current, fallback] = await Promise.all([options.read(), options.fallback?.() ?? Promise.resolve(null)]);
    } catch (error) {
      return section.replaceChildren(h('h2', {}, options.title), failure(ctx, error, render));
    }
    const provider = h(
      'select',
      { name: 'provider', 'aria-label': 'Provider' },
      ...PROVIDERS.map((p) => h('option', { value: p, selected: current?.provider === p }, p)),
    );
    const model = h('input', {
      name: 'model',
      'aria-label': 'Model',
      value: current?.model ?? '',
      placeholder: 'e.g. claude-sonnet-4-5',
    });
    const message = h('p', { 'data-testid': 'config-message' });
    const act = async (work: () => Promise<unknown>, done: string) => {
      message.className = 'state';
      message.textContent = 'Saving…';
      try {
        await work();
        await render();
        section.querySelector('[data-testid=config-message]')!.textContent = done;
      } catch (error) {
        message.className = 'error';
        message.textContent = error instanceof Error ? error.message : String(error);
        if (error instanceof ApiError && (error.status === 401 || error.status === 403)) ctx.onAuthProblem(error);
      }
    };
    section.replaceChildren(
      h('h2', {}, options.title),
      h(
        'p',
        { 'data-testid': 'config-current' },
        current
          ? `${current.provider} / ${current.model}${current.updatedAt ? ` (set ${formatTime(current.updatedAt)})` : ''}`
          : `No override: the global default applies${fallback ? ` (${fallback.provider} / ${fallback.model})` : ''}.`,
      ),
      h(
        'form',
        {
          class: 'range',
          onsubmit: (e: Event) => {
            e.preventDefault();
            void act(() => options.save({ provider: provider.value, model: model.value.trim() }), 'Saved.');
          },
        },
        provider,
        model,
        h('button', { type: 'submit' }, 'Save'),
        options.remove && current
          ? h(
              'button',
              { type: 'button', 'data-testid': 'config-remove', onclick: () => act(options.remove!, 'Removed.') },
              'Remove override',
            )
          : null,
      ),
      message,
    );
  };
  void render();
  return section;
}

export function company(ctx: Context, companyId: string): Promise<void> {
  const editor = configEditor(ctx, {
    title: 'AI configuration (per-company override)',
    read: () => ctx.api.companyConfig(companyId),
    save: (c) => ctx.api.setCompanyConfig(companyId, c),
    remove: () => ctx.api.removeCompanyConfig(companyId),
    fallback: () => ctx.api.globalConfig(),
  });
  return bucketView(
    ctx,
    (data) => (data.companyName ? `${data.companyName} (${companyId})` : `Company ${companyId}`),
    (q) => ctx.api.companyUsage(companyId, q),
    [budgetPanel(ctx, `/companies/${encodeURIComponent(companyId)}/ai-budget`), editor],
    `ai-usage-${companyId}`,
  );
}

export const onboarding = (ctx: Context) =>
  bucketView(
    ctx,
    'Onboarding bucket',
    (q) => ctx.api.onboardingUsage(q),
    [budgetPanel(ctx, '/ai-budgets/onboarding')],
    'ai-usage-onboarding',
  );

export function globalDefault(ctx: Context): void {
  clearCharts();
  show(
    h('h1', {}, 'Global default'),
    h('p', {}, 'The provider and model of every company without an override (and of the onboarding).'),
    configEditor(ctx, {
      title: 'Global default configuration',
      read: () => ctx.api.globalConfig(),
      save: (c) => ctx.api.setGlobalConfig(c),
    }),
  );
}
