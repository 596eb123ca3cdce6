/** The ai module's functions, called with the signed-in administrator's ID token. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface Counters {
  rows: number;
  calls: number;
  unpricedCalls: number;
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  cacheCreateTokens: number;
  totalTokens: number;
  costUsd: number;
  costNanoUsd: number;
}
export type ModelTotals = Counters & { provider: string; model: string };
export type DayTotals = Counters & {
  day: string;
  byModel: { provider: string; model: string; calls: number; costNanoUsd: number }[];
};
export type FlowTotals = Counters & { flow: string };

export interface AllUsage {
  from: string;
  to: string;
  pricesAsOf: string;
  totals: Counters;
  byCompany: (Counters & { companyId: string; companyName: string | null })[];
  onboarding: Counters;
  byModel: ModelTotals[];
  byDay: DayTotals[];
  byFlow: FlowTotals[];
}

export interface UsageRow {
  rowId: string;
  requestId: string;
  ts: number;
  day: string;
  provider: string;
  model: string;
  flow: string;
  userId: string | null;
  calls: number;
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  cacheCreateTokens: number;
  totalTokens: number;
  costUsd: number;
  costNanoUsd: number;
  priced: boolean;
}

export interface BucketUsage {
  bucket: 'company' | 'onboarding';
  companyId: string | null;
  companyName: string | null;
  from: string;
  to: string;
  totals: Counters;
  byDay: DayTotals[];
  byModel: ModelTotals[];
  byFlow: FlowTotals[];
  rows: UsageRow[];
  nextCursor: string | null;
}

export interface AiConfig {
  provider: string;
  model: string;
  updatedAt?: number;
}

export interface Budget {
  amountUsd: number;
  amountNanoUsd: number;
  period: 'day' | 'month';
  softThresholdPercent: number;
  flowLimitsUsd: Record<string, number>;
  updatedAt: number | null;
}

export interface BudgetInput {
  amountUsd: number;
  period: 'day' | 'month';
  softThresholdPercent: number;
  flowLimitsUsd: Record<string, number>;
}

export type BudgetState = 'none' | 'ok' | 'near' | 'alerting' | 'exceeded';

export interface BudgetStatus {
  bucket: 'company' | 'onboarding';
  companyId: string | null;
  companyName: string | null;
  budget: Budget | null;
  source: 'own' | 'default' | null;
  effective: Budget | null;
  periodKey: string | null;
  periodEnd: number | null;
  spentNanoUsd: number;
  reservedNanoUsd: number;
  percentUsed: number | null;
  projectedNanoUsd: number;
  status: BudgetState;
  flows: { flow: string; limitUsd: number | null; spentNanoUsd: number }[];
  refusedCalls: number;
  softAlertAt: number | null;
  capAlertAt: number | null;
}

export interface BudgetOverview {
  default: Budget | null;
  onboarding: BudgetStatus;
  companies: BudgetStatus[];
}

export type Query = Record<string, string | number | undefined>;

export function createApi(base: string, idToken: () => Promise<string>) {
  async function call<T>(method: string, path: string, query: Query = {}, body?: unknown): Promise<T> {
    const url = new URL(base.replace(/\/$/, '') + path);
    for (const [k, v] of Object.entries(query)) if (v !== undefined) url.searchParams.set(k, String(v));
    let res: Response;
    try {
      res = await fetch(url, {
        method,
        headers: {
          authorization: `Bearer ${await idToken()}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
    } catch {
      throw new ApiError(
        0,
        'NETWORK',
        'The API could not be reached (network error). Check your connection and retry.',
      );
    }
    const answer = (await res.json().catch(() => null)) as {
      success: boolean;
      data?: T;
      error?: string;
      code?: string;
    } | null;
    if (!answer) throw new ApiError(res.status, 'NOT_JSON', `The API answered ${res.status} without a JSON body`);
    if (!answer.success) throw new ApiError(res.status, answer.code ?? 'ERROR', answer.error ?? `Error ${res.status}`);
    return answer.data as T;
  }
  return {
    allUsage: (from: string, to: string) => call<AllUsage>('GET', '/ai-usage/all', { from, to }),
    companyUsage: (companyId: string, query: Query) =>
      call<BucketUsage>('GET', `/companies/${encodeURIComponent(companyId)}/ai-usage`, query),
    onboardingUsage: (query: Query) => call<BucketUsage>('GET', '/ai-usage/onboarding', query),
    companyConfig: (companyId: string) =>
      call<AiConfig | null>('GET', `/companies/${encodeURIComponent(companyId)}/ai-config`),
    setCompanyConfig: (companyId: string, config: AiConfig) =>
      call<AiConfig>('PATCH', `/companies/${encodeURIComponent(companyId)}/ai-config`, {}, config),
    removeCompanyConfig: (companyId: string) =>
      call<AiConfig>('DELETE', `/companies/${encodeURIComponent(companyId)}/ai-config`),
    globalConfig: () => call<AiConfig>('GET', '/ai-config/global'),
    setGlobalConfig: (config: AiConfig) => call<AiConfig>('PATCH', '/ai-config/global', {}, config),
    budgets: () => call<BudgetOverview>('GET', '/ai-budgets'),
    setDefaultBudget: (budget: BudgetInput) => call<Budget>('PUT', '/ai-budgets/default', {}, budget),
    removeDefaultBudget: () => call<null>('DELETE', '/ai-budgets/default'),
    /** A bucket's budget: `/companies/{id}/ai-budget` or `/ai-budgets/onboarding`. */
    bucketBudget: (path: string) => call<BudgetStatus>('GET', path),
    setBucketBudget: (path: string, budget: BudgetInput) => call<BudgetStatus>('PUT', path, {}, budget),
    removeBucketBudget: (path: string) => call<BudgetStatus>('DELETE', path),
  };
}

export type Api = ReturnType<typeof createApi>;
