import { ApiError, type Budget, type BudgetInput, type BudgetOverview, type BudgetStatus } from './api';
import { empty, h, loading, show } from './dom';
import { formatBudgetUsd, formatTime, money } from './format';
import { failure, table, type Context } from './views';

/** The budget views: a bucket's budget with its spend, projection and editor; the budgets page; the overview's watch list. */

const STATUS_TEXT: Record<BudgetStatus['status'], string> = {
  none: 'No budget',
  ok: 'Within budget',
  near: 'Projected past the soft threshold',
  alerting: 'Past the soft threshold',
  exceeded: 'Budget used up: calls refused',
};

const describeBudget = (b: Budget) =>
  `${formatBudgetUsd(b.amountNanoUsd)} per ${b.period}, warning at ${b.softThresholdPercent}%` +
  Object.entries(b.flowLimitsUsd)
    .map(([flow, usd]) => `; ${flow} at most ${formatBudgetUsd(Math.round(usd * 1e9))}`)
    .join('');

/** "chat=20, data=5" <-> {chat: 20, data: 5}. */
const flowsText = (flows: Record<string, number>) =>
  Object.entries(flows)
    .map(([f, v]) => `${f}=${v}`)
    .join(', ');
function parseFlows(text: string): Record<string, number> {
  const flows: Record<string, number> = {};
  for (const part of text.split(',').map((p) => p.trim())) {
    if (!part) continue;
    const [flow, value] = part.split('=').map((p) => p.trim());
    flows[flow] = Number(value);
  }
  return flows;
}

/** Spent against the budget, as a bar with the soft threshold marked. */
function meter(status: BudgetStatus): HTMLElement {
  const budget = status.effective!;
  const used = Math.min(100, status.percentUsed ?? 0);
  const projected = Math.min(100, (status.projectedNanoUsd / budget.amountNanoUsd) * 100);
  return h(
    'div',
    { class: `meter ${status.status}`, role: 'img', 'aria-label': `${status.percentUsed ?? 0}% of the budget used` },
    h('div', { class: 'projected', style: `width:${projected}%` }),
    h('div', { class: 'used', style: `width:${used}%` }),
    h('div', { class: 'soft', style: `left:${budget.softThresholdPercent}%` }),
  );
}

function budgetFigures(status: BudgetStatus): HTMLElement {
  if (!status.effective) {
    return h('p', { 'data-testid': 'budget-current' }, 'No budget applies: AI calls are not limited.');
  }
  const source = status.source === 'own' ? 'its own budget' : 'the default budget';
  return h(
    'div',
    {},
    h(
      'p',
      { 'data-testid': 'budget-current' },
      `${describeBudget(status.effective)} (${source}).`,
      status.effective.updatedAt ? ` Set ${formatTime(status.effective.updatedAt)}.` : '',
    ),
    meter(status),
    h(
      'dl',
      { class: 'budget-figures' },
      h('dt', {}, 'Spent this period'),
      h(
        'dd',
        { 'data-testid': 'budget-spent', 'data-value': status.spentNanoUsd },
        money(status.spentNanoUsd),
        ` (${status.percentUsed}%)`,
      ),
      h('dt', {}, 'Projected at the period end'),
      h(
        'dd',
        { 'data-testid': 'budget-projected', 'data-value': status.projectedNanoUsd },
        money(status.projectedNanoUsd),
      ),
      h('dt', {}, 'Status'),
      h('dd', { 'data-testid': 'budget-status', 'data-status': status.status }, STATUS_TEXT[status.status]),
      h('dt', {}, 'Resets'),
      h('dd', {}, status.periodEnd ? formatTime(status.periodEnd) : '–'),
      h('dt', {}, 'Refused calls'),
      h('dd', {}, String(status.refusedCalls)),
    ),
    status.flows.length
      ? table(
          [
            { label: 'Flow', cell: (f) => f.flow },
            { label: 'Spent', num: true, cell: (f) => money(f.spentNanoUsd) },
            {
              label: 'Limit',
              num: true,
              cell: (f) => (f.limitUsd === null ? '–' : formatBudgetUsd(Math.round(f.limitUsd * 1e9))),
            },
          ],
          status.flows,
        )
      : null,
  );
}

/** The form of a budget: amount, period, soft threshold, flow limits; answers the API's validation messages. */
function budgetForm(
  current: Budget | null,
  act: (work: () => Promise<unknown>, done: string) => void,
  save: (input: BudgetInput) => Promise<unknown>,
  remove: (() => Promise<unknown>) | null,
): HTMLElement {
  const amount = h('input', {
    name: 'amountUsd',
    type: 'number',
    step: 'any',
    min: '0',
    'aria-label': 'Amount (USD)',
    value: current?.amountUsd ?? '',
    placeholder: 'USD',
  });
  const period = h(
    'select',
    { name: 'period', 'aria-label': 'Period' },
    ...(['month', 'day'] as const).map((p) => h('option', { value: p, selected: current?.period === p }, `per ${p}`)),
  );
  const soft = h('input', {
    name: 'softThresholdPercent',
    type: 'number',
    'aria-label': 'Soft threshold (%)',
    value: current?.softThresholdPercent ?? 80,
  });
  const flows = h('input', {
    name: 'flowLimitsUsd',
    'aria-label': 'Flow limits',
    value: flowsText(current?.flowLimitsUsd ?? {}),
    placeholder: 'e.g. chat=20, data=5',
  });
  return h(
    'form',
    {
      class: 'range',
      'data-testid': 'budget-form',
      onsubmit: (e: Event) => {
        e.preventDefault();
        act(
          () =>
            save({
              amountUsd: Number(amount.value),
              period: period.value as BudgetInput['period'],
              softThresholdPercent: Number(soft.value),
              flowLimitsUsd: parseFlows(flows.value),
            }),
          'Saved.',
        );
      },
    },
    h('label', {}, 'USD ', amount),
    period,
    h('label', {}, 'warn at % ', soft),
    h('label', {}, 'flow caps ', flows),
    h('button', { type: 'submit' }, 'Save budget'),
    remove && current
      ? h(
          'button',
          { type: 'button', 'data-testid': 'budget-remove', onclick: () => act(remove, 'Removed.') },
          'Remove',
        )
      : null,
  );
}

/** A section that loads, renders and edits something, with its message line. */
function editableSection(
  ctx: Context,
  testid: string,
  title: string,
  render: (act: (work: () => Promise<unknown>, done: string) => void) => Promise<Node[]>,
): HTMLElement {
  const section = h('section', { 'data-testid': testid }, h('h2', {}, title), loading('budget'));
  const message = h('p', { 'data-testid': `${testid}-message` });
  const act = (work: () => Promise<unknown>, done: string) => {
    message.className = 'state';
    message.textContent = 'Saving…';
    work()
      .then(async () => {
        await draw();
        message.className = 'state';
        message.textContent = done;
      })
      .catch((error) => {
        message.className = 'error';
        message.textContent = error instanceof Error ? error.message : String(error);
        if (error instanceof ApiError && (error.status === 401 || error.status === 403)) ctx.onAuthProblem(error);
      });
  };
  const draw = async () => {
    try {
      section.replaceChildren(h('h2', {}, title), ...(await render(act)), message);
    } catch (error) {
      section.replaceChildren(
        h('h2', {}, title),
        failure(ctx, error, () => void draw()),
      );
    }
  };
  void draw();
  return section;
}

/** A company's or the onboarding bucket's budget: figures and editor (path: its API path). */
export function budgetPanel(ctx: Context, path: string): HTMLElement {
  return editableSection(ctx, 'budget', 'AI budget', async (act) => {
    const status = await ctx.api.bucketBudget(path);
    return [
      budgetFigures(status),
      budgetForm(
        status.budget,
        act,
        (input) => ctx.api.setBucketBudget(path, input),
        () => ctx.api.removeBucketBudget(path),
      ),
    ];
  });
}

const companyLink = (s: BudgetStatus) =>
  h(
    'a',
    { href: `#/company/${encodeURIComponent(s.companyId!)}`, 'data-budget-company': s.companyId! },
    s.companyName ?? s.companyId!,
  );

function budgetTable(rows: BudgetStatus[]): HTMLElement {
  return table<BudgetStatus>(
    [
      { label: 'Company', cell: companyLink },
      {
        label: 'Budget',
        cell: (s) => (s.effective ? `${formatBudgetUsd(s.effective.amountNanoUsd)} / ${s.effective.period}` : '–'),
      },
      { label: 'Spent', num: true, cell: (s) => money(s.spentNanoUsd) },
      { label: 'Used', num: true, cell: (s) => `${s.percentUsed ?? 0}%` },
      { label: 'Projected', num: true, cell: (s) => money(s.projectedNanoUsd) },
      {
        label: 'Status',
        cell: (s) => h('span', { class: `badge ${s.status}`, 'data-status': s.status }, STATUS_TEXT[s.status]),
      },
    ],
    rows,
  );
}

const watched = (overview: BudgetOverview) =>
  overview.companies.filter((c) => c.status !== 'ok' && c.status !== 'none');

/** The overview's list of companies near or over their budget (loaded on its own: a failure here leaves the rest). */
export function budgetWatch(ctx: Context): HTMLElement {
  const section = h(
    'section',
    { 'data-testid': 'budget-watch' },
    h('h2', {}, 'Budgets near or over'),
    loading('budgets'),
  );
  const draw = async () => {
    try {
      const rows = watched(await ctx.api.budgets());
      section.replaceChildren(
        h('h2', {}, 'Budgets near or over'),
        rows.length ? budgetTable(rows) : empty('No company is near its budget.'),
      );
    } catch (error) {
      section.replaceChildren(
        h('h2', {}, 'Budgets near or over'),
        failure(ctx, error, () => void draw()),
      );
    }
  };
  void draw();
  return section;
}

/** #/budgets: the default budget (editable) and every company with a budget or spend this period. */
export function budgetsPage(ctx: Context): void {
  const list = h('section', { 'data-testid': 'budget-list' }, h('h2', {}, 'Companies'), loading('budgets'));
  const defaults = editableSection(ctx, 'default-budget', 'Default budget', async (act) => {
    const overview = await ctx.api.budgets();
    list.replaceChildren(h('h2', {}, 'Companies'), budgetTable(overview.companies));
    return [
      h(
        'p',
        { 'data-testid': 'budget-current' },
        overview.default
          ? `${describeBudget(overview.default)}: every company without its own budget, and the onboarding bucket when it has none.`
          : 'No default budget: companies without their own are not limited.',
      ),
      budgetForm(
        overview.default,
        act,
        (input) => ctx.api.setDefaultBudget(input),
        () => ctx.api.removeDefaultBudget(),
      ),
    ];
  });
  show(h('h1', {}, 'AI budgets'), defaults, list);
}
