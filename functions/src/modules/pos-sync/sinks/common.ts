import { AppError } from '../../../core/errors';
import { logger } from '../../../core/logger';
import { getCompanyRules, type CompanyRules } from '../../companies';
import * as repo from '../repo';

/** The connection a page comes from. `slug` is the catalogue slug ('square', 'square_api_key', 'toast' ...). */
export interface SinkTarget {
  companyId: string;
  connectionId: string;
  slug: string;
  /** The sync run writing the pages (named by the audit of what a page reverses); absent outside a run. */
  runId?: string;
}

/**
 * What a page did, record by record (the five add up to the records of the page): `held` are
 * records of a POS employee that is not linked to an employee (yet), kept to be attributed when it
 * is linked (punches are held instead of written; sales are imported without an employee and held
 * for attribution); `failed` are records refused (e.g. a punch in a payroll-locked range), logged.
 */
export interface SinkCounts {
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
  held: number;
}

/** What a page did, and the POS employees (document ids) whose records it held: the caller checks whether they were linked meanwhile (write.ts). */
export interface Recorded {
  counts: SinkCounts;
  heldFor: string[];
}

const rulesByTarget = new WeakMap<SinkTarget, Promise<CompanyRules>>();

/**
 * The company's rules (its timezone and day change, for each record's business date), read once
 * per target: the engine hands every page of a run the same target, so once per run.
 */
export function rulesOf(t: SinkTarget): Promise<CompanyRules> {
  let rules = rulesByTarget.get(t);
  if (!rules) {
    rules = getCompanyRules({ companyId: t.companyId });
    rulesByTarget.set(t, rules);
    rules.catch(() => rulesByTarget.delete(t));
  }
  return rules;
}

/** A record refused by the module it was written to (a 4xx): counted and logged. Anything else stops the page, which the engine retries. */
export function refusal(err: unknown): AppError | null {
  return err instanceof AppError && err.status < 500 && err.code !== 'CONCURRENT_MODIFICATION' ? err : null;
}

/** A record a page refused or held, for the run's issues (integration-engine GET /runs/{runId}/issues). */
export interface PageIssue {
  stream: string;
  vendorId: string;
  kind: 'refused' | 'held';
  code: string;
  reason: string;
}

const issuesByTarget = new WeakMap<SinkTarget, PageIssue[]>();

/** Notes a record refused or held on the target (the engine hands every page of a run the same target, and takes them: takeIssues). */
export function noteIssue(t: SinkTarget, issue: PageIssue): void {
  const list = issuesByTarget.get(t) ?? [];
  list.push(issue);
  issuesByTarget.set(t, list);
}

/** The issues noted on the target since the last call (and forgets them). */
export function takeIssues(t: SinkTarget): PageIssue[] {
  const list = issuesByTarget.get(t) ?? [];
  issuesByTarget.delete(t);
  return list;
}

export function logFailure(t: SinkTarget, stream: string, vendorId: string, code: string, message: string) {
  noteIssue(t, { stream, vendorId, kind: 'refused', code, reason: message });
  logger.warn('pos-sync record refused', {
    companyId: t.companyId,
    connectionId: t.connectionId,
    slug: t.slug,
    stream,
    vendorId,
    code,
    reason: message,
  });
}

/** The employee each POS employee (by document id) is linked to, null when unlinked or unknown. */
export async function employeeIdsOf(
  companyId: string,
  posEmployeeIds: readonly string[],
): Promise<Map<string, string | null>> {
  const ids = [...new Set(posEmployeeIds)];
  const rows = await repo.readPosEmployees(companyId, ids);
  return new Map(ids.map((id, i) => [id, rows[i]?.employeeId ?? null]));
}

/** Runs `work` on every item, at most `limit` at once; the first error is thrown once all have settled. */
export async function inPool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const errors: unknown[] = [];
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++];
      await work(item).catch((err) => void errors.push(err));
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (errors.length) throw errors[0];
}
