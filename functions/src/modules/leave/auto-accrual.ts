import { z } from 'zod';
import { db } from '../../core/firebase';
import { enqueueTask } from '../../core/tasks';
import type { Announcements } from '../kit';
import { runAccruals } from './accruals';
import { ACCRUAL_QUEUE } from './queues';
import { policiesCollection } from './repo';

/**
 * Accrual without a manager's call: punches approved (attendance) and a pay period closed (payroll)
 * announce it (kit.ts `announce`), and a daily job goes over every company with a leave policy. Each
 * hands a task to the accrual queue; the task runs the accrual run of POST /leave-accruals through
 * the company's business today, which reconciles against the ledger (ledger-rules.ts): a retried
 * delivery, a second task or the job after a task writes nothing more. Task ids are derived from
 * what caused them, so a cause enqueued twice (a retried request, the job run twice in a day) is one
 * task; a task lost (enqueue failed) is caught up by the next day's job.
 */
const payloadSchema = z.object({
  companyId: z.string().min(1),
  employeeId: z.string().min(1).nullable(),
  cause: z.string(),
});
export type AccrualTask = z.infer<typeof payloadSchema>;

/** Cloud Tasks ids: letters, digits, hyphens and underscores. */
const idOf = (...parts: (string | number)[]) => parts.map((p) => String(p).replace(/[^A-Za-z0-9_-]/g, '-')).join('_');

async function enqueue(task: AccrualTask, id: string): Promise<boolean> {
  return enqueueTask(ACCRUAL_QUEUE, { ...task }, { id: idOf('accrual', id) });
}

/** Punches approved: one task per employee, named by the approval (its time), so a later approval is a task of its own. */
export async function onApprovedHoursChanged(a: Announcements['approvedHoursChanged']): Promise<void> {
  const at = Date.now();
  await Promise.all(
    [...new Set(a.employeeIds)].map((employeeId) =>
      enqueue({ companyId: a.companyId, employeeId, cause: 'approvedHoursChanged' }, idOf(a.companyId, employeeId, at)),
    ),
  );
}

/** A pay period closed: one task for the company, named by the period and its close (a reopened and closed again period is a new one). */
export async function onPayPeriodClosed(a: Announcements['payPeriodClosed']): Promise<void> {
  await enqueue(
    { companyId: a.companyId, employeeId: null, cause: `payPeriodClosed ${a.startDate}` },
    idOf(a.companyId, 'close', a.startDate, a.closedAt),
  );
}

/** The daily job: a task per company holding a leave policy, named by the UTC day (a second run that day enqueues nothing). */
export async function enqueueDailyAccruals(now = Date.now()): Promise<{ companies: number; enqueued: number }> {
  const all = await db().collection('companies').select().get();
  const companies: string[] = [];
  for (const c of all.docs) if (!(await policiesCollection(c.id).select().limit(1).get()).empty) companies.push(c.id);
  const day = new Date(now).toISOString().slice(0, 10);
  let enqueued = 0;
  for (const companyId of companies)
    if (await enqueue({ companyId, employeeId: null, cause: `daily ${day}` }, idOf(companyId, 'daily', day)))
      enqueued++;
  return { companies: companies.length, enqueued };
}

/** One task: the accrual run through the company's business today (every employee, or the one named). */
export async function runAccrualTask(payload: unknown) {
  const { companyId, employeeId } = payloadSchema.parse(payload);
  const { through, written } = await runAccruals({ companyId, ...(employeeId ? { employeeId } : {}) });
  return { through, written: written.length };
}
