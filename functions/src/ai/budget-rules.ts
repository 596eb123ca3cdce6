import { PRICE_TABLE, toNano, type NanoRates } from './prices';

/**
 * The rules of AI budgets, without I/O (src/ai/budgets.ts does the reads and writes).
 *
 * A budget caps a bucket's spend (a company, or the onboarding bucket) per UTC period (day or
 * month) in integer nano-dollars, the unit the usage store sums costs in. A call is admitted only
 * when its reserved estimate fits what is left: spent + reserved + estimate <= amount (and the same
 * for its flow's limit, when one is set). The estimate is an upper bound of the call's cost (see
 * `estimateNano`), so the settled spend never passes the amount while estimates hold.
 */
export const PERIODS = ['day', 'month'] as const;
export type BudgetPeriod = (typeof PERIODS)[number];

export interface Budget {
  amountNano: number;
  period: BudgetPeriod;
  /** Percent of the amount at which the owners and administrators are warned. */
  softThresholdPercent: number;
  /** Optional limits per flow family (the part of a flow before its first dot: chat, onboarding, data). */
  flowLimitsNano: Record<string, number>;
}

export interface LedgerState {
  spentNano: number;
  reservedNano: number;
  flowSpentNano: Record<string, number>;
  flowReservedNano: Record<string, number>;
}

export interface Period {
  /** `day:2026-11-26` or `month:2026-11`: a ledger's period. */
  key: string;
  start: number;
  end: number;
}

/** The UTC period containing `now` (the usage store's days are UTC days too). */
export function periodOf(period: BudgetPeriod, now: number): Period {
  const d = new Date(now);
  if (period === 'day') {
    const start = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
    return { key: `day:${new Date(start).toISOString().slice(0, 10)}`, start, end: start + 86_400_000 };
  }
  const start = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
  const end = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
  return { key: `month:${new Date(start).toISOString().slice(0, 7)}`, start, end };
}

/** `chat.plan` -> `chat`: per-flow limits apply to a flow and its stages. */
export const flowFamily = (flow: string): string => flow.split('.')[0];

/**
 * The rates a call to a model missing from the price table is reserved and settled at: the highest
 * rate of each kind in the table, so an unknown model is never counted as free nor cheaper than any
 * known one. (Its usage row keeps cost 0 and `priced: false`, the usage store's rule.)
 */
export const FALLBACK_RATES: NanoRates = {
  input: Math.max(...PRICE_TABLE.map((p) => toNano(p.rates.input))),
  output: Math.max(...PRICE_TABLE.map((p) => toNano(p.rates.output))),
  cacheRead: Math.max(...PRICE_TABLE.map((p) => toNano(p.rates.cacheRead))),
  cacheCreate: Math.max(...PRICE_TABLE.map((p) => toNano(p.rates.cacheCreate))),
};

/**
 * Tokens a provider may add to a prompt beyond its text: Anthropic's tool-use system prompt is
 * 346 tokens at most (https://platform.claude.com/docs/en/agents-and-tools/tool-use/overview,
 * "Pricing"), and both providers add a few tokens of framing per message.
 */
export const PROMPT_OVERHEAD_TOKENS = 512;
export const MESSAGE_OVERHEAD_TOKENS = 8;

/**
 * The most a call can cost: every token of a byte-pair encoding covers at least one byte of the
 * prompt, so the prompt's UTF-8 bytes plus the framing bound its input tokens; each is priced at
 * the dearest input rate (a cache write costs more than plain input); the output is bounded by the
 * call's maxTokens.
 */
export function estimateNano(
  call: { promptBytes: number; messages: number; maxTokens: number },
  rates: NanoRates,
): number {
  const inputTokens = call.promptBytes + PROMPT_OVERHEAD_TOKENS + MESSAGE_OVERHEAD_TOKENS * call.messages;
  return inputTokens * Math.max(rates.input, rates.cacheCreate) + call.maxTokens * rates.output;
}

export type Admission =
  { admit: true } | { admit: false; limit: 'budget' | 'flow'; limitNano: number; committedNano: number };

/** Whether a call reserving `estimate` fits the budget (and its flow's limit), given what is already spent and reserved. */
export function admit(budget: Budget, ledger: LedgerState, flow: string, estimate: number): Admission {
  const committed = ledger.spentNano + ledger.reservedNano;
  if (committed + estimate > budget.amountNano) {
    return { admit: false, limit: 'budget', limitNano: budget.amountNano, committedNano: committed };
  }
  const family = flowFamily(flow);
  const flowLimit = budget.flowLimitsNano[family];
  if (flowLimit !== undefined) {
    const flowCommitted = (ledger.flowSpentNano[family] ?? 0) + (ledger.flowReservedNano[family] ?? 0);
    if (flowCommitted + estimate > flowLimit) {
      return { admit: false, limit: 'flow', limitNano: flowLimit, committedNano: flowCommitted };
    }
  }
  return { admit: true };
}

/** Adds an admitted reservation to a ledger state (what the next call in the same commit sees). */
export function withReservation(ledger: LedgerState, flow: string, estimate: number): LedgerState {
  const family = flowFamily(flow);
  return {
    ...ledger,
    reservedNano: ledger.reservedNano + estimate,
    flowReservedNano: { ...ledger.flowReservedNano, [family]: (ledger.flowReservedNano[family] ?? 0) + estimate },
  };
}

export const softThresholdNano = (budget: Budget): number =>
  Math.floor((budget.amountNano * budget.softThresholdPercent) / 100);

export type Alert = 'soft' | 'cap';

/** The alerts a settled spend calls for (each is sent once per period: the caller remembers the sent ones). */
export function alertsDue(budget: Budget, spentNano: number, refusedByBudget: boolean): Alert[] {
  const due: Alert[] = [];
  if (spentNano >= softThresholdNano(budget)) due.push('soft');
  if (refusedByBudget || spentNano >= budget.amountNano) due.push('cap');
  return due;
}

/** Spend at the period's end if the recent rate (recentNano over recentMs) goes on. */
export function projectNano(p: {
  spentNano: number;
  recentNano: number;
  recentMs: number;
  remainingMs: number;
}): number {
  if (p.recentMs <= 0 || p.remainingMs <= 0) return p.spentNano;
  return p.spentNano + Math.round((p.recentNano * p.remainingMs) / p.recentMs);
}

export type BudgetStatus = 'ok' | 'near' | 'alerting' | 'exceeded';

/**
 * exceeded: the settled spend reached the amount; alerting: it passed the soft threshold; near: on
 * course (projection) to pass the soft threshold before the period ends; ok otherwise.
 */
export function statusOf(budget: Budget, spentNano: number, projectedNano: number): BudgetStatus {
  if (spentNano >= budget.amountNano) return 'exceeded';
  const soft = softThresholdNano(budget);
  if (spentNano >= soft) return 'alerting';
  return projectedNano >= soft ? 'near' : 'ok';
}
