import { randomBytes } from 'node:crypto';
import type { Transaction } from 'firebase-admin/firestore';
import { requireDateRange } from '../../core/calendar';
import { runExclusive } from '../../core/exclusive';
import { requireCompany } from '../../core/firestore';
import { logger } from '../../core/logger';
import { enqueueTask } from '../../core/tasks';
import { connectorFor } from '../../pos/connectors';
import { dispatchEvents, stageEvent, type StagedEvent } from '../events';
import { catalogueEntry, readConnection, writeConnection, type Connection } from '../integrations';
import { requireActive } from './connections';
import { engineErrors, RunTakenOver } from './errors';
import { SYNC_QUEUE } from './queues';
import * as repo from './repo';
import {
  ALERT_AFTER_FAILURES,
  MAX_BACKFILL_DAYS,
  runsCursor,
  SYNC_STREAMS,
  type SyncRun,
  type SyncStream,
} from './schemas';
import { lockKeys } from '../../core/locks';

const MINUTE = 60_000;
/** How long a queued run may wait for its task (Cloud Tasks' retries included) before it counts as abandoned. */
export const QUEUED_LEASE_MS = 30 * MINUTE;
/** How long a running run holds the connection without progress (renewed after every page). */
export const runningLeaseMs = () => Number(process.env.POS_SYNC_LEASE_MS ?? 5 * MINUTE);
export const SYNC_INTERVAL_MS = 60 * MINUTE;

const isOpen = (run: SyncRun) => run.status === 'queued' || run.status === 'running';
const isLive = (run: SyncRun, now: number) => isOpen(run) && (run.leaseExpiresAt ?? Infinity) > now;

const abandoned = (run: SyncRun, now: number): SyncRun => ({
  ...run,
  status: 'failed',
  finishedAt: now,
  durationMs: run.startedAt ? now - run.startedAt : null,
  leaseExpiresAt: null,
  error: {
    code: 'LEASE_EXPIRED',
    message: `The run made no progress before its lease expired (${run.status}); a new run replaces it`,
  },
});

/**
 * Records a sync run (`queued`) and hands it to the sync queue; the task id is the run id, so a
 * repeated enqueue of the same run is refused by Cloud Tasks. One run per connection at a time:
 * while one is queued or running (its lease not expired), a manual request is 409
 * SYNC_IN_PROGRESS naming it, the hourly job skips the connection, and a webhook marks the running
 * run for one follow-up run. A run whose lease expired is recorded as failed and replaced. A
 * backfill over the same window as the connection's last (failed) run resumes its finished chunks.
 */
export async function requestSync(p: {
  companyId: string;
  connectionId: string;
  uid: string | null;
  trigger: SyncRun['trigger'];
  streams?: SyncStream[];
  window?: { from: string; to: string };
  /** A CSV import run (trigger 'import'): the import whose file it reads. */
  importId?: string;
}): Promise<SyncRun> {
  await requireCompany(p.companyId);
  if (p.window) requireDateRange(p.window.from, p.window.to, MAX_BACKFILL_DAYS);
  // runs change under their connection's lock, so a run never races its connection's disconnect
  const { run, created } = await runExclusive(lockKeys.connection(p.companyId, p.connectionId), async (tx) => {
    const connection = requireActive(await readConnection(p.companyId, p.connectionId, tx), p.connectionId);
    const entry = catalogueEntry(connection.slug);
    const runnable = p.importId
      ? entry?.syncModes.includes('import')
      : entry?.syncModes.includes('poll') && connectorFor(entry.slug)?.streams;
    if (!entry || !runnable) {
      throw engineErrors.SYNC_NOT_SUPPORTED(
        `${entry?.name ?? connection.slug} is not synced by the engine (${entry?.authKind ?? 'unknown'} integration)`,
      );
    }
    const now = Date.now();
    const open = await repo.openRunOf(p.companyId, p.connectionId, tx);
    const resumable = p.window ? await repo.failedBackfillOf(p.companyId, p.connectionId, p.window, tx) : null;
    const scheduled =
      p.trigger === 'schedule' ? { ...connection, nextSyncAt: now + SYNC_INTERVAL_MS, updatedAt: now } : null;
    if (open && isLive(open, now)) {
      if (p.trigger === 'manual' || p.trigger === 'import') {
        throw engineErrors.SYNC_IN_PROGRESS(
          `A sync of ${p.connectionId} is already ${open.status} (run ${open.id}); try again when it has finished`,
          [{ message: `run ${open.id} is ${open.status}`, runId: open.id, status: open.status }],
        );
      }
      const marked = p.trigger === 'webhook' && !open.followUp ? { ...open, followUp: true } : null;
      return {
        result: { run: marked ?? open, created: false },
        write: (w) => {
          if (marked) repo.writeRun(w, p.companyId, marked);
          if (scheduled) writeConnection(w, p.companyId, scheduled);
        },
      };
    }
    const offered = SYNC_STREAMS.filter((s) => entry.capabilities.includes(s));
    const run: SyncRun = {
      id: repo.newRunId(now, randomBytes(4).toString('hex')),
      connectionId: p.connectionId,
      slug: connection.slug,
      trigger: p.trigger,
      requestedBy: p.uid,
      status: 'queued',
      streams: p.streams ? offered.filter((s) => p.streams!.includes(s)) : offered,
      window: p.window ?? null,
      counts: {},
      progress: resumable?.progress ?? {},
      createdAt: now,
      startedAt: null,
      finishedAt: null,
      durationMs: null,
      error: null,
      deliveries: 0,
      leaseExpiresAt: now + QUEUED_LEASE_MS,
      followUp: false,
      resumedFrom: resumable?.id ?? null,
      importId: p.importId ?? null,
    };
    return {
      result: { run, created: true },
      write: (w) => {
        if (open) repo.writeRun(w, p.companyId, abandoned(open, now));
        repo.writeRun(w, p.companyId, run);
        if (scheduled) writeConnection(w, p.companyId, scheduled);
      },
    };
  });
  if (created) await dispatch(p.companyId, run);
  return { ...run, created };
}

async function dispatch(companyId: string, run: SyncRun): Promise<void> {
  try {
    await enqueueTask(SYNC_QUEUE, { companyId, runId: run.id }, { id: `run-${run.id}` });
  } catch (err) {
    logger.error('sync run could not be enqueued', { companyId, runId: run.id, error: err });
    await changeRun(companyId, run, (current) => {
      if (current?.status !== 'queued') return { result: undefined };
      return {
        result: undefined,
        next: {
          ...current,
          status: 'failed',
          finishedAt: Date.now(),
          leaseExpiresAt: null,
          error: { code: 'QUEUE_UNAVAILABLE', message: 'The run could not be handed to the task queue' },
        },
      };
    });
    throw engineErrors.SYNC_QUEUE_UNAVAILABLE('The sync could not be queued; it was recorded as failed. Try again.');
  }
}

/** Changes a run under its connection's lock (a run's connection never changes, so it is read first to name the lock). */
function changeRun<T>(
  companyId: string,
  known: SyncRun,
  change: (
    run: SyncRun | null,
    connection: Connection | null,
    tx: Transaction,
  ) =>
    | { result: T; next?: SyncRun; alsoWrite?: (w: Transaction) => void }
    | Promise<{ result: T; next?: SyncRun; alsoWrite?: (w: Transaction) => void }>,
): Promise<T> {
  return runExclusive(lockKeys.connection(companyId, known.connectionId), async (tx) => {
    const [snap, connection] = await Promise.all([
      tx.get(repo.runRef(companyId, known.id)),
      readConnection(companyId, known.connectionId, tx),
    ]);
    const { result, next, alsoWrite } = await change(repo.runFromSnapshot(snap), connection, tx);
    return {
      result,
      write:
        next || alsoWrite
          ? (w) => {
              if (next) repo.writeRun(w, companyId, next);
              alsoWrite?.(w);
            }
          : undefined,
    };
  });
}

export async function getRun({ companyId, runId }: { companyId: string; runId: string }): Promise<SyncRun> {
  const run = repo.runFromSnapshot(await repo.runRef(companyId, runId).get());
  if (!run) throw engineErrors.RUN_NOT_FOUND(`The company has no sync run ${runId}`);
  return run;
}

export async function cancelRun({
  companyId,
  runId,
  uid,
}: {
  companyId: string;
  runId: string;
  uid: string;
}): Promise<SyncRun> {
  const run = await getRun({ companyId, runId });
  if (run.status === 'cancelled') return run;
  const done = await changeRun(companyId, run, (current) => {
    if (current?.status !== 'queued') return { result: current };
    const cancelled: SyncRun = {
      ...current,
      status: 'cancelled',
      finishedAt: Date.now(),
      leaseExpiresAt: null,
      error: { code: 'CANCELLED', message: `Cancelled by ${uid}` },
    };
    return { result: cancelled, next: cancelled };
  });
  if (done?.status !== 'cancelled')
    throw engineErrors.RUN_NOT_CANCELLABLE(`The run is ${done?.status}; only a queued run can be cancelled`);
  return done;
}

/** Newest first; the cursor is the last run id of the previous page. */
export async function listRuns({
  companyId,
  connectionId,
  limit,
  cursor,
}: {
  companyId: string;
  connectionId?: string;
  limit: number;
  cursor?: string;
}) {
  await requireCompany(companyId);
  const runs = await repo.listRuns(companyId, { connectionId, after: cursor, limit: limit + 1 });
  const page = runs.slice(0, limit);
  return { runs: page, nextCursor: runs.length > limit ? runsCursor.encode(page[page.length - 1].id) : null };
}

// --- the POS sync engine's side: claim, progress, finish -----------------------------------------

/** What a delivery of a run's task finds. */
export type Claim =
  /** Run it: this delivery holds the lease; `attempt` fences its writes against a later delivery's. */
  | { kind: 'run'; run: SyncRun; connection: Connection; attempt: number }
  /** Nothing to do: the run is finished, cancelled, unknown, or its connection is gone. */
  | { kind: 'drop'; reason: string }
  /** Another delivery is running it with a live lease: retry later (a crashed one's lease expires). */
  | { kind: 'busy'; retryAfterMs: number };

/**
 * A delivery of a run's task takes the run: a queued run starts; a running run whose lease expired
 * (its instance died mid-run) resumes from its recorded progress; a live running run is busy.
 */
export async function claimRun(companyId: string, runId: string): Promise<Claim> {
  const known = repo.runFromSnapshot(await repo.runRef(companyId, runId).get());
  if (!known) return { kind: 'drop', reason: 'unknown run' };
  return changeRun<Claim>(companyId, known, (run, connection) => {
    const now = Date.now();
    if (!run || !isOpen(run)) return { result: { kind: 'drop', reason: `run is ${run?.status ?? 'gone'}` } };
    if (run.status === 'running' && isLive(run, now))
      return { result: { kind: 'busy', retryAfterMs: run.leaseExpiresAt! - now } };
    if (!connection || connection.state === 'disconnected' || connection.state === 'reauth_required') {
      const failed: SyncRun = {
        ...run,
        status: 'failed',
        finishedAt: now,
        leaseExpiresAt: null,
        error: { code: 'CONNECTION_NOT_ACTIVE', message: `The connection is ${connection?.state ?? 'gone'}` },
      };
      return { result: { kind: 'drop', reason: 'connection not active' }, next: failed };
    }
    const attempt = run.deliveries + 1;
    const started: SyncRun = {
      ...run,
      status: 'running',
      startedAt: run.startedAt ?? now,
      deliveries: attempt,
      leaseExpiresAt: now + runningLeaseMs(),
    };
    const syncing: Connection = { ...connection, state: 'syncing', lastSyncAt: now, updatedAt: now };
    return {
      result: { kind: 'run', run: started, connection: syncing, attempt },
      next: started,
      alsoWrite: (w) => writeConnection(w, companyId, syncing),
    };
  });
}

/** Records a running run's counts and progress and renews its lease; fenced by the claim's attempt. */
export async function saveProgress(companyId: string, run: SyncRun, attempt: number): Promise<SyncRun> {
  return changeRun(companyId, run, (current) => {
    if (current?.status !== 'running' || current.deliveries !== attempt)
      throw new RunTakenOver(`run ${run.id} was taken over or finished`);
    const next: SyncRun = {
      ...current,
      counts: run.counts,
      progress: run.progress,
      leaseExpiresAt: Date.now() + runningLeaseMs(),
    };
    return { result: next, next };
  });
}

export type RunOutcome =
  | { status: 'succeeded' }
  /** `reauth`: the vendor refused the credentials: the connection waits for the owner (no retries, not scheduled). */
  | { status: 'failed'; code: string; message: string; reauth?: boolean };

/**
 * Finishes a run and books it on its connection in one commit: a success clears the connection's
 * error, failure count and alert; a failure sets `error` (or `reauth_required`), counts it, and at
 * the third consecutive failure writes the company's alert and emits `pos_sync_failed`. A run
 * marked for a follow-up (a webhook arrived while it ran) queues one more incremental run. A failed
 * CSV import run is not booked on its connection (its file was refused, not the connection).
 */
export async function finishRun(
  companyId: string,
  run: SyncRun,
  attempt: number,
  outcome: RunOutcome,
): Promise<SyncRun> {
  type Booked = { done: SyncRun; alert: repo.SyncAlert | null; event?: StagedEvent | null };
  const { done, alert, event } = await changeRun<Booked>(companyId, run, async (current, connection, tx) => {
    if (current?.status !== 'running' || current.deliveries !== attempt)
      throw new RunTakenOver(`run ${run.id} was taken over or finished`);
    const now = Date.now();
    const error = outcome.status === 'failed' ? { code: outcome.code, message: outcome.message } : null;
    const finished: SyncRun = {
      ...current,
      counts: run.counts,
      progress: run.progress,
      status: outcome.status,
      error,
      finishedAt: now,
      durationMs: now - (current.startedAt ?? now),
      leaseExpiresAt: null,
    };
    if (!connection || connection.state === 'disconnected')
      return { result: { done: finished, alert: null }, next: finished };
    if (run.importId && outcome.status === 'failed') {
      // a CSV file refused for its rows says nothing of the connection's health: it is as before the run
      const idle: Connection = { ...connection, state: connection.lastError ? 'error' : 'connected', updatedAt: now };
      return {
        result: { done: finished, alert: null },
        next: finished,
        alsoWrite: (w) => writeConnection(w, companyId, idle),
      };
    }
    const alertRef = repo.alertRef(companyId, connection.id);
    if (outcome.status === 'succeeded') {
      const healthy: Connection = {
        ...connection,
        state: 'connected',
        lastSuccessAt: now,
        lastError: null,
        consecutiveFailures: 0,
        updatedAt: now,
      };
      return {
        result: { done: finished, alert: null },
        next: finished,
        alsoWrite: (w) => {
          writeConnection(w, companyId, healthy);
          w.delete(alertRef);
        },
      };
    }
    const failures = connection.consecutiveFailures + 1;
    const failing: Connection = {
      ...connection,
      state: outcome.reauth ? 'reauth_required' : 'error',
      lastError: { ...error!, at: now },
      consecutiveFailures: failures,
      nextSyncAt: outcome.reauth ? null : connection.nextSyncAt,
      updatedAt: now,
    };
    const previous = repo.alertFromSnapshot(await tx.get(alertRef));
    const alert: repo.SyncAlert | null =
      failures >= ALERT_AFTER_FAILURES || outcome.reauth
        ? {
            connectionId: connection.id,
            slug: connection.slug,
            consecutiveFailures: failures,
            state: failing.state,
            error: error!,
            runId: run.id,
            since: previous?.since ?? now,
            updatedAt: now,
          }
        : null;
    // the third failure in a row is news for the owners, once per streak
    const event =
      failures === ALERT_AFTER_FAILURES
        ? stageEvent({
            companyId,
            type: 'integration.sync_failed',
            actor: { uid: null, job: 'integration-sync' },
            subjects: { connectionIds: [connection.id], runIds: [run.id] },
            data: { integrationId: connection.id, provider: connection.slug, consecutiveFailures: failures },
          })
        : null;
    return {
      result: { done: finished, alert, event },
      next: finished,
      alsoWrite: (w) => {
        writeConnection(w, companyId, failing);
        if (alert) w.set(alertRef, alert);
        event?.write(w);
      },
    };
  });
  await dispatchEvents([event]);
  if (alert) {
    logger.error('pos_sync_failed', {
      event: 'pos_sync_failed',
      companyId,
      connectionId: run.connectionId,
      slug: run.slug,
      runId: run.id,
      consecutiveFailures: alert.consecutiveFailures,
      code: alert.error.code,
      reason: alert.error.message,
    });
  }
  if (done.followUp && done.status === 'succeeded') {
    await requestSync({ companyId, connectionId: run.connectionId, uid: null, trigger: 'webhook' }).catch(
      (err: unknown) =>
        logger.warn('follow-up sync not queued', { companyId, connectionId: run.connectionId, error: err }),
    );
  }
  return done;
}

export async function listAlerts({ companyId }: { companyId: string }) {
  await requireCompany(companyId);
  return { alerts: await repo.listAlerts(companyId) };
}
