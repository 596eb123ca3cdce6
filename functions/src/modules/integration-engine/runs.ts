import { randomBytes } from 'node:crypto';
import { requireDateRange } from '../../core/calendar';
import { runExclusive } from '../../core/exclusive';
import { requireCompany } from '../../core/firestore';
import { logger } from '../../core/logger';
import { enqueueTask } from '../../core/tasks';
import { connectorFor } from '../../connectors';
import { catalogueEntry, readConnection } from '../integrations';
import { connectionLock, requireActive } from './connections';
import { engineErrors } from './errors';
import { SYNC_QUEUE } from './module';
import * as repo from './repo';
import { MAX_BACKFILL_DAYS, runTask, SYNC_STREAMS, type SyncRun, type SyncStream } from './schemas';


/**
 * Records a sync run (`queued`) and hands it to the sync queue. While the connection already has
 * a queued or running run, that run is answered (created: false) instead of a second one. The
 * task id is the run id, so a repeated enqueue of the same run is refused by Cloud Tasks.
 */
export async function requestSync(p: {
  companyId: string;
  connectionId: string;
  uid: string | null;
  trigger: SyncRun['trigger'];
  streams?: SyncStream[];
  window?: { from: string; to: string };
}): Promise<SyncRun> {
  await requireCompany(p.companyId);
  if (p.window) requireDateRange(p.window.from, p.window.to, MAX_BACKFILL_DAYS);
  // runs change under their connection's lock, so a run never races its connection's disconnect
  const { run, created } = await runExclusive(connectionLock(p.companyId, p.connectionId), async (tx) => {
    const connection = requireActive(await readConnection(p.companyId, p.connectionId, tx), p.connectionId);
    const entry = catalogueEntry(connection.slug);
    if (!entry || !entry.syncModes.includes('poll') || !connectorFor(entry.slug)) {
      throw engineErrors.SYNC_NOT_SUPPORTED(`${entry?.name ?? connection.slug} is not synced by the engine (${entry?.authKind ?? 'unknown'} integration)`);
    }
    const open = await repo.openRunOf(p.companyId, p.connectionId, tx);
    if (open) return { result: { run: open, created: false } };
    const offered = SYNC_STREAMS.filter((s) => entry.capabilities.includes(s));
    const createdAt = Date.now();
    const run: SyncRun = {
      id: repo.newRunId(createdAt, randomBytes(4).toString('hex')),
      connectionId: p.connectionId, slug: connection.slug, trigger: p.trigger, requestedBy: p.uid, status: 'queued',
      streams: p.streams ? offered.filter((s) => p.streams!.includes(s)) : offered,
      window: p.window ?? null, counts: {}, createdAt, startedAt: null, finishedAt: null, durationMs: null, error: null, deliveries: 0,
    };
    return { result: { run, created: true }, write: (w) => repo.writeRun(w, p.companyId, run) };
  });
  if (created) await dispatch(p.companyId, run);
  return { ...run, created };
}

async function dispatch(companyId: string, run: SyncRun): Promise<void> {
  try {
    await enqueueTask(SYNC_QUEUE, { companyId, runId: run.id }, { id: `run-${run.id}` });
  } catch (err) {
    logger.error('sync run could not be enqueued', { companyId, runId: run.id, error: err });
    await finish(companyId, run, 'failed', { code: 'QUEUE_UNAVAILABLE', message: 'The run could not be handed to the task queue' });
    throw engineErrors.SYNC_QUEUE_UNAVAILABLE('The sync could not be queued; it was recorded as failed. Try again.');
  }
}

/** Changes a run under its connection's lock (a run's connection never changes, so it is read first to name the lock). */
function changeRun<T>(companyId: string, known: SyncRun, change: (run: SyncRun | null) => { result: T; next?: SyncRun }): Promise<T> {
  return runExclusive(connectionLock(companyId, known.connectionId), async (tx) => {
    const { result, next } = change(repo.runFromSnapshot(await tx.get(repo.runRef(companyId, known.id))));
    return { result, write: next ? (w) => repo.writeRun(w, companyId, next) : undefined };
  });
}

async function finish(companyId: string, known: SyncRun, status: 'failed' | 'cancelled', error: SyncRun['error']): Promise<SyncRun | null> {
  return changeRun(companyId, known, (run) => {
    if (!run || run.status !== 'queued') return { result: run };
    const done: SyncRun = { ...run, status, finishedAt: Date.now(), durationMs: null, error };
    return { result: done, next: done };
  });
}

export async function getRun({ companyId, runId }: { companyId: string; runId: string }): Promise<SyncRun> {
  const run = repo.runFromSnapshot(await repo.runRef(companyId, runId).get());
  if (!run) throw engineErrors.RUN_NOT_FOUND(`The company has no sync run ${runId}`);
  return run;
}

export async function cancelRun({ companyId, runId, uid }: { companyId: string; runId: string; uid: string }): Promise<SyncRun> {
  const run = await getRun({ companyId, runId });
  if (run.status === 'cancelled') return run;
  if (run.status !== 'queued') throw engineErrors.RUN_NOT_CANCELLABLE(`The run is ${run.status}; only a queued run can be cancelled`);
  const done = await finish(companyId, run, 'cancelled', { code: 'CANCELLED', message: `Cancelled by ${uid}` });
  if (done?.status !== 'cancelled') throw engineErrors.RUN_NOT_CANCELLABLE(`The run is ${done?.status}; only a queued run can be cancelled`);
  return done;
}

/** Newest first; the cursor is the last run id of the previous page. */
export async function listRuns({ companyId, connectionId, limit, cursor }: { companyId: string; connectionId?: string; limit: number; cursor?: string }) {
  await requireCompany(companyId);
  const runs = await repo.listRuns(companyId, { connectionId, after: cursor, limit: limit + 1 });
  const page = runs.slice(0, limit);
  return { runs: page, nextCursor: runs.length > limit ? page[page.length - 1].id : null };
}

/**
 * The sync queue's task handler: records the delivery of a run. Running it (queued → running →
 * succeeded | failed) is the POS sync engine's part, which is not built yet: until it is, a
 * delivered run stays `queued`. A payload that can never be valid is logged and dropped (a retry
 * would not help); a repeated delivery of a finished or cancelled run changes nothing.
 */
export async function deliverRun(payload: unknown): Promise<void> {
  const parsed = runTask.safeParse(payload);
  if (!parsed.success) {
    logger.error('sync task with an invalid payload dropped', { issues: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) });
    return;
  }
  const { companyId, runId } = parsed.data;
  const known = repo.runFromSnapshot(await repo.runRef(companyId, runId).get());
  if (!known) {
    logger.warn('sync task for an unknown run dropped', { companyId, runId });
    return;
  }
  await changeRun(companyId, known, (run) => ({
    result: undefined,
    next: run?.status === 'queued' ? { ...run, deliveries: run.deliveries + 1 } : undefined,
  }));
}
