/**
 * What each operation of the API description may cost in Firestore operations, as a function of
 * what it returns: at most `base + perItem × n` document reads, and as many writes (deletes
 * included), where n is the length of the longest list in the answer's `data` (see `returnedItems`).
 *
 * An operation without an entry has DEFAULT_BUDGET. The ten operations a restaurant calls most
 * (clock in and out, my shifts, the schedule week, notifications, the employees list, roles, the
 * sales day, timesheets, the requests list, conversations) have budgets of their own. Pure data: the unit tier reads it
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
  /**
   * Its reads scale with the whole project's documents, not with its answer: in the sweep's
   * database every other test file's companies are there too, so its figure is recorded (measured
   * alone for the table) but not held to the budget there.
   */
  projectWide?: true;
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

/**
 * The ten most frequent operations, each at what it costs now (a read added to its path fails the
 * sweep), and the operations the default does not cover. "the view": the company's three config
 * documents, read only when what the caller's role may see of the answer depends on a policy.
 */
export const BUDGETS: Record<string, Budget> = {
  // membership, the geolocation policy (the config), the clock lock, the company, its settings, the
  // attendance settings, the open punch and the employee in one read, the locked days, the document
  // policy, the day's shifts; writes: the punch, the open punch, the event and its pending marker
  'POST /clock/in': { reads: at(13), writes: at(4), why: 'frequent: clock in' },
  // as clock in, with the punch for the employee record; writes and the open punch's delete
  'POST /clock/out': { reads: at(11), writes: at(6), why: 'frequent: clock out' },
  // the caller's memberships (a query), per company its rules (2) and view (3), its shifts (n)
  'GET /shifts/user-shifts': { reads: at(6, 1), writes: at(0), why: 'frequent: my shifts' },
  // membership, the shifts of the range (n, at least one), the view (an employee: shift ends)
  'GET /shifts': { reads: at(5, 1), writes: at(0), why: 'frequent: the schedule week' },
  // membership, the inbox page (n, at least one), the unread count, the view (a manager: pay)
  'GET /notifications': { reads: at(6, 1), writes: at(0), why: 'frequent: notifications' },
  // membership, the employees (n), the view the service redacts with
  'GET /employees': { reads: at(4, 1), writes: at(0), why: 'frequent: the employees list' },
  // membership, the roles (n), the view (a manager: pay)
  'GET /roles': { reads: at(4, 1), writes: at(0), why: 'frequent: roles' },
  // membership, the rules (2), the sales state, a day record per bucket (n)
  'GET /sales': { reads: at(3, 1), writes: at(0), why: 'frequent: the sales day' },
  // membership, the rules (2), the payroll settings, the punches and shifts of the range (several per row)
  'GET /timesheets': { reads: at(6, 5), writes: at(0), why: 'frequent: timesheets' },
  // membership, the requests (n) of the lists the caller sees, the view
  'GET /requests': { reads: at(5, 1), writes: at(0), why: 'frequent: the requests list' },
  // membership, the conversations (n)
  'GET /conversations': { reads: at(2, 1), writes: at(0), why: 'frequent: conversations' },
  // team messaging (docs/MESSAGING.md). Send: membership, the policies (config), the conversation,
  // the company's messaging lock and log head, the sender's receipt and rate-limit counter (both in
  // the company's turn); writes: the message, the conversation, the receipt, the log entry, the head,
  // the lock and the counter
  'POST /messaging/conversations/{conversationId}/messages': {
    reads: at(10),
    writes: at(7),
    why: 'messaging: send a message',
  },
  // a message's file. Upload: membership, the policies, the conversation, the sender's waiting
  // upload of the same bytes (a query), the rate-limit counter and its lock; writes: the counter,
  // the lock, the file's record, the daily job's entry (the bytes go to Cloud Storage)
  'POST /messaging/conversations/{conversationId}/attachments': {
    reads: at(8),
    writes: at(4),
    why: 'messaging: upload a file to send',
  },
  // membership, the conversation, the file's record, its message (the bytes from Cloud Storage)
  'GET /messaging/conversations/{conversationId}/attachments/{attachmentId}/content': {
    reads: at(4),
    writes: at(0),
    why: "messaging: a message's file",
  },
  // membership, the company's roles (automatic groups: one read each), the caller's employee
  // record, the caller's conversations (a query), the groups (staff), the automatic conversations
  // and the caller's receipts (one each per conversation)
  'GET /messaging/conversations': { reads: at(12, 2), writes: at(0), why: 'messaging: my conversations' },
  // membership, the conversation, its messages (n)
  'GET /messaging/conversations/{conversationId}/messages': {
    reads: at(3, 1),
    writes: at(0),
    why: 'messaging: a page of messages',
  },
  // membership, the lock, the log head, the conversation, the receipt; writes: the receipt, the log
  // entry, the head, the conversation, the lock
  'POST /messaging/conversations/{conversationId}/read': {
    reads: at(6),
    writes: at(5),
    why: 'messaging: a read receipt',
  },
  // membership, the company's log head, the caller's membership (read afresh) and employee record,
  // the company's roles (the fixture's 5 to 6), the log after the position (one query, a page)
  'GET /messaging/stream': {
    reads: at(13, 1),
    writes: at(0),
    why: 'messaging: the live stream (wait=0: what was missed)',
  },
  // membership, the company's memberships and employees (n each), the policies; at a location of an
  // organization its location document and the organization's owners and administrators (a query)
  'GET /messaging/directory': {
    reads: at(7, 2),
    writes: at(0),
    why: "the company's members and its organization's owners and administrators",
  },
  // the sales history the model learns from (docs/FORECAST.md), not what it answers
  'GET /forecast': { reads: at(77, 1), writes: at(0), why: 'reads its sales history and its declared days' },
  // three queries over every bucket of the project (the budgets, the current periods' ledgers, a week of
  // the usage index) and the names of the companies among them
  'GET /ai-budgets': {
    reads: at(3, 1),
    writes: at(0),
    why: "project-wide: every bucket's budget, ledgers and recent days",
    projectWide: true,
  },
  // membership, the company's profile and settings; the packs are data in the code
  // organizations (docs/ORGANIZATIONS.md): the caller's organization role and the organization, its
  // locations, members and link records (queries), the locations' names (one read each)
  'GET /organizations/{orgId}': { reads: at(5, 3), writes: at(0), why: 'an organization and its locations' },
  // the caller's organization role; per record its location, its link document and the employee record
  'POST /organizations/{orgId}/employee-links': {
    reads: at(2, 3),
    writes: at(0, 1),
    why: 'links one person’s records, a write per record',
  },
  // per location: its view and rules, its sales days and labour (shifts, punches, rates), premiums and
  // AI day ledgers over the range (the sweep's range is a month)
  'GET /organizations/{orgId}/rollup': {
    reads: at(10, 150),
    writes: at(0),
    why: 'the figures of every location, per location',
  },
  'GET /compliance/rules': { reads: at(3), writes: at(0), why: 'the rule packs of the company' },
  'GET /forecast/backtest': { reads: at(82), writes: at(0), why: 'reads its sales history and its declared days' },
  // the default's reads, and the leave of the period: the day-off usage, the give-backs of closed
  // periods (leaveReturned lines), and the wage statement's balances (the policies, the employees,
  // the company's ledger entries); the tips through payroll: the tip-pool ledger (distributions and
  // entries of the period, 2 queries) and each workweek's tips after the pools (2 per week)
  // ... and the employer of the location (the organizations location document, absent outside any
  // organization), for weekly overtime over the employer's locations
  'GET /payroll/periods/{startDate}/report': {
    reads: at(63, 3),
    writes: at(0),
    why: "a period's hours and pay, with its leave, the wage statement's leave balances, the tips through payroll and the employer's other locations",
  },
  // the report of the week (as the period's report reads it) and the week's tips after the pools (2 queries)
  'GET /tip-credit/make-up': {
    reads: at(66, 3),
    writes: at(0),
    why: "a workweek's tip-credit make-up, figured from the week's payroll report",
  },
  // the default's reads and the period's report (its employer included), then the closing writes
  'POST /payroll/periods/{startDate}/close': {
    reads: at(43, 3),
    writes: DEFAULT_BUDGET.writes,
    why: "closes a period from its report, the employer's other locations included",
  },
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
  if (budget.projectWide) return null;
  const reads = allowed(budget.reads, m.returned);
  const writes = allowed(budget.writes, m.returned);
  const over: string[] = [];
  if (m.reads > reads) over.push(`${m.reads} reads, budget ${reads}`);
  if (m.writes + m.deletes > writes) over.push(`${m.writes + m.deletes} writes and deletes, budget ${writes}`);
  return over.length ? `${m.key} as ${m.caller} (returning ${m.returned}): ${over.join('; ')}` : null;
}
