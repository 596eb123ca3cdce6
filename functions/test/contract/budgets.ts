/**
 * What each operation of the API description may cost in Firestore operations, as a function of
 * what it returns: at most `base + perItem × n` document reads, and as many writes (deletes
 * included), where n is the length of the longest list in the answer's `data` (see `returnedItems`).
 *
 * An operation without an entry has DEFAULT_BUDGET. The ten operations a restaurant calls most
 * (clock in and out, my shifts, the schedule week, notifications, the employees list, roles, the
 * sales day, timesheets, the requests list, conversations) have budgets of their own, tight enough
 * that a read added to their path fails test/contract/costs.test.ts. Pure data: the unit tier reads it
 * (test/unit/scripts/operation-costs.test.ts) to check the committed table docs/OPERATION_COSTS.md.
 */
export interface Linear {
  base: number;
  perItem: number;
}

export interface Budget {
  reads: Linear;
  writes: Linear;
  /** Why it costs what it costs, for the table. */
  why: string;
}

const at = (base: number, perItem = 0): Linear => ({ base, perItem });

/**
 * Any other operation: its membership, the company's rules and view, the documents it works on.
 * Reads are generous: an operation's figures are in the table, and the budget test catches a path
 * that starts reading per item of another collection.
 */
export const DEFAULT_BUDGET: Budget = {
  reads: at(40, 3),
  writes: at(40, 3),
  why: 'default',
};

/** The ten most frequent operations, and any other whose cost is worth pinning. */
export const BUDGETS: Record<string, Budget> = {
  // clock in/out: membership, the company's rules (2), the employee, the open punch, the day's shifts,
  // the pay period; writes: the punch, the employee's clock state, the outbox event and its pending marker
  'POST /clock/in': { reads: at(12), writes: at(6), why: 'frequent: clock in' },
  'POST /clock/out': { reads: at(12), writes: at(6), why: 'frequent: clock out' },
  // my shifts across companies: memberships (a query), per company its rules (2) and view (3 config docs)
  // and its shifts (a query returning n)
  'GET /shifts/user-shifts': { reads: at(8, 1), writes: at(0), why: 'frequent: my shifts' },
  // the schedule week: membership, rules, view, the shifts of the range (n)
  'GET /shifts': { reads: at(8, 1), writes: at(0), why: 'frequent: the schedule week' },
  'GET /notifications': { reads: at(4, 1), writes: at(0), why: 'frequent: notifications' },
  'GET /employees': { reads: at(6, 1), writes: at(0), why: 'frequent: the employees list' },
  'GET /roles': { reads: at(3, 1), writes: at(0), why: 'frequent: roles' },
  'GET /sales': { reads: at(10, 1), writes: at(0), why: 'frequent: the sales day' },
  'GET /timesheets': { reads: at(14, 2), writes: at(0), why: 'frequent: timesheets' },
  'GET /requests': { reads: at(6, 1), writes: at(0), why: 'frequent: the requests list' },
  'GET /conversations': { reads: at(3, 1), writes: at(0), why: 'frequent: conversations' },
};

export const FREQUENT = Object.entries(BUDGETS)
  .filter(([, b]) => b.why.startsWith('frequent'))
  .map(([key]) => key);

export const budgetOf = (key: string): Budget => BUDGETS[key] ?? DEFAULT_BUDGET;

export const allowed = (l: Linear, n: number) => l.base + l.perItem * n;

/** The length of the longest list in an answer's data (the data itself, its fields, their fields); 0 without one. */
export function returnedItems(data: unknown, depth = 0): number {
  if (Array.isArray(data)) return data.length;
  if (typeof data !== 'object' || data === null || depth >= 2) return 0;
  return Math.max(0, ...Object.values(data).map((v) => returnedItems(v, depth + 1)));
}

/** One measured call: an operation as one caller, with what it answered and cost. */
export interface Measured {
  key: string;
  caller: string;
  status: number;
  returned: number;
  reads: number;
  writes: number;
  deletes: number;
}

/** Why a measured call is over its operation's budget; null when within it. */
export function overBudget(m: Measured): string | null {
  const budget = budgetOf(m.key);
  const reads = allowed(budget.reads, m.returned);
  const writes = allowed(budget.writes, m.returned);
  const over: string[] = [];
  if (m.reads > reads) over.push(`${m.reads} reads, budget ${reads}`);
  if (m.writes + m.deletes > writes) over.push(`${m.writes + m.deletes} writes and deletes, budget ${writes}`);
  return over.length ? `${m.key} as ${m.caller} (returning ${m.returned}): ${over.join('; ')}` : null;
}
