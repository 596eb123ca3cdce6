/**
 * Every key `runExclusive` serializes on, in one place. A key is its kind and its parts joined by
 * `/`: Firestore ids cannot hold `/`, so parts never run into each other, and two kinds never share
 * a key (a POS connection whose id is `sales` no longer meets the company's sales ledger).
 */
const key = (kind: string, ...parts: string[]) => [kind, ...parts].join('/');

export const lockKeys = {
  /** An employee's punches: one open punch at a time, edits and approvals in turn. */
  attendance: (companyId: string, employeeId: string) => key('attendance', companyId, employeeId),
  /** An employee's live and draft shifts: no double booking, rest and weekly limits checked against a stable schedule. */
  schedule: (companyId: string, employeeId: string) => key('schedule', companyId, employeeId),
  /** One shift request's state. */
  request: (companyId: string, requestId: string) => key('request', companyId, requestId),
  /** The creation of requests about one shift (no two pending requests for it). */
  requestsOfShift: (companyId: string, shiftId: string) => key('requestShift', companyId, shiftId),
  /** The day-off and availabilities requests of one employee (no two overlapping pending ones). */
  dayOffRequests: (companyId: string, employeeId: string) => key('requestDayOff', companyId, employeeId),
  /** One job application's stage. */
  application: (companyId: string, applicationId: string) => key('application', companyId, applicationId),
  /** One pay period's close and reopen. */
  payPeriod: (companyId: string, startDate: string) => key('payroll', companyId, startDate),
  /** One recipient's read receipt of a post. */
  postReceipt: (companyId: string, postId: string, employeeId: string) =>
    key('postReceipt', companyId, postId, employeeId),
  /**
   * A company's messaging log: every change of its conversations in turn (message numbers, receipts,
   * members), each taking the next number of the company's stream (its event id).
   */
  messagingLog: (companyId: string) => key('messagingLog', companyId),
  /** A POS connection's roster and links (roster pages, link, unlink, create). */
  posRoster: (companyId: string, connectionId: string) => key('posRoster', companyId, connectionId),
  /** A company's invoices and the sales days aggregated from them (imports from every source). */
  salesInvoices: (companyId: string) => key('sales', companyId),
  /** A company's POS sales ledger and tips per day. */
  /** One CSV import's state. */
  csvImport: (companyId: string, importId: string) => key('csvImport', companyId, importId),
  /** One integration connection: its state, credentials and runs. */
  connection: (companyId: string, connectionId: string) => key('integration', companyId, connectionId),
  /** One OAuth authorization in flight (its state is consumed once). */
  oauthState: (nonce: string) => key('oauthState', nonce),
  /** An AI usage bucket's budget ledger (company:{id} or onboarding): check-and-reserve in turn. */
  aiBudget: (bucket: string) => key('aiBudget', bucket),
  /** One abuse-limit counter (core/rate-limit.ts), by the hash of its key. */
  rateLimit: (counterId: string) => key('rateLimit', counterId),
  /** One onboarding session's message count. */
  onboardingSession: (sessionId: string) => key('onboardingSession', sessionId),
  /** A company's tip pools: their definitions in turn (no tip in two pools). */
  tipPools: (companyId: string) => key('tipPools', companyId),
  /** One tip pool's distribution of one period (distribute, lock, adjust in turn). */
  tipDistribution: (companyId: string, poolId: string, periodStart: string) =>
    key('tipDistribution', companyId, poolId, periodStart),
  /** An employee's leave ledger: accrual runs, adjustments and time off in turn. */
  leave: (companyId: string, employeeId: string) => key('leave', companyId, employeeId),
  /** A company's reservation-partner pushes. */
  reservations: (companyId: string) => key('reservations', companyId),
} as const;

/** Firestore commits at most 500 writes. */
export const MAX_COMMIT_WRITES = 500;
/** What `runExclusive` adds to a commit for each key it holds: the key's head document. */
export const LOCK_WRITES_PER_KEY = 1;
/** The writes left for the work of an exclusive section that holds `keys` keys. */
export const writesLeft = (keys: number): number => MAX_COMMIT_WRITES - LOCK_WRITES_PER_KEY * keys;
