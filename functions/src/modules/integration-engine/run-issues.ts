import { createHash } from 'node:crypto';
import { z } from 'zod';
import { db } from '../../core/firebase';
import { MAX_COMMIT_WRITES } from '../../core/locks';
import { storedCollection } from '../../core/stored';
import { engineErrors } from './errors';
import { runRef } from './repo';
import { RUN_ISSUE_KINDS, type RunIssue, type RunIssuesPage } from './schemas';

/**
 * The records a sync run refused or held, one document each under companies/{cid}/syncRunIssues,
 * id `{runId}~{stream}~{vendorId}` (a vendor id that cannot be part of an id is hashed): the same
 * record refused twice in a run (a retried page, a rerun delivery) is one issue, its latest reason.
 */
const SAFE_ID = /^[A-Za-z0-9._:-]{1,200}$/;
const idPart = (vendorId: string) =>
  SAFE_ID.test(vendorId) ? vendorId : `h-${createHash('sha256').update(vendorId).digest('hex').slice(0, 32)}`;
export const issueDocId = (runId: string, stream: string, vendorId: string) => `${runId}~${stream}~${idPart(vendorId)}`;

const storedIssue = z.object({
  id: z.string(),
  runId: z.string(),
  connectionId: z.string(),
  stream: z.string(),
  vendorId: z.string(),
  kind: z.enum(RUN_ISSUE_KINDS),
  code: z.string(),
  reason: z.string(),
  at: z.number(),
});

const {
  collection: issuesCollection,
  ref: issueRef,
  fromDoc: issueFromDoc,
} = storedCollection('syncRunIssues', storedIssue);

/** Records what a run's pages refused or held (idempotent per run, stream and vendor record). */
export async function recordRunIssues(
  companyId: string,
  run: { id: string; connectionId: string },
  issues: readonly Omit<RunIssue, 'at'>[],
): Promise<void> {
  const now = Date.now();
  for (let i = 0; i < issues.length; i += MAX_COMMIT_WRITES) {
    const batch = db().batch();
    for (const issue of issues.slice(i, i + MAX_COMMIT_WRITES)) {
      const id = issueDocId(run.id, issue.stream, issue.vendorId);
      batch.set(issueRef(companyId, id), {
        runId: run.id,
        connectionId: run.connectionId,
        ...issue,
        at: now,
        sortKey: id,
      });
    }
    await batch.commit();
  }
}

/**
 * How a manager resolves each kind of issue, in words. A code not listed is a record the product
 * refused as the vendor sent it: the reason says what is wrong with it, and the vendor's record is
 * to be fixed there (the next sync reads it again).
 */
export const RESOLUTIONS: Readonly<Record<string, string>> = {
  POS_EMPLOYEE_NOT_LINKED:
    'Link the POS employee to an employee (pos-sync POST /pos-employees/{id}/link): what was held for them is written then',
  PERIOD_LOCKED:
    'The business date lies in a range payroll has closed; unlock the range (attendance) and sync again to apply it',
  ADJUSTED_IN_OPEN_PERIOD:
    'Nothing to do: the closed pay period stays as paid; the late record is paid as a prior-period adjustment line (kind lateRecord, naming the vendor record and this run) in the payroll report of the first period after the close, and in its exports. Check that line before closing that period',
  PRIOR_PERIOD_ADJUSTMENT:
    'Nothing to reopen: the closed pay period is kept as paid and the change is paid as a prior-period adjustment in the next open pay period (payroll report and exports)',
  ALREADY_CLOCKED_IN: 'The employee has another open punch: close it (attendance) and sync again',
  INVALID_PUNCH_TIMES: 'The POS punch ends before it starts: fix it in the POS; the next sync reads it again',
  INVALID_ITEM: 'The POS sale is not as its vendor documents it: fix it in the POS; the next sync reads it again',
};
const OTHERWISE = 'Fix the record in the POS (the reason says what is wrong); the next sync reads it again';
export const resolutionOf = (code: string) => RESOLUTIONS[code] ?? OTHERWISE;

/** GET /runs/{runId}/issues: a run's refused and held records, in id order, `limit` per page. */
export async function listRunIssues(p: {
  companyId: string;
  runId: string;
  limit: number;
  cursor?: string;
}): Promise<RunIssuesPage> {
  const run = await runRef(p.companyId, p.runId).get();
  if (!run.exists) throw engineErrors.RUN_NOT_FOUND(`No sync run ${p.runId}`);
  // the ids start with the run's: a range on one field, no composite index
  const from = `${p.runId}~`;
  const snap = await issuesCollection(p.companyId)
    .where('sortKey', '>', p.cursor && p.cursor > from ? p.cursor : from)
    .where('sortKey', '<', `${p.runId}\u007f`)
    .orderBy('sortKey')
    .limit(p.limit + 1)
    .get();
  const docs = snap.docs.slice(0, p.limit).map(issueFromDoc);
  const issues = docs.map(({ id: _id, runId: _run, connectionId: _c, ...i }) => ({
    ...i,
    resolve: resolutionOf(i.code),
  }));
  return { issues, nextCursor: snap.docs.length > p.limit ? docs[docs.length - 1].id : null };
}
