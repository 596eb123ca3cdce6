import { db } from '../../core/firebase';
import { logger } from '../../core/logger';
import { enqueueTask } from '../../core/tasks';
import { FAN_OUT_QUEUE } from './queues';
import { PENDING, pendingFromDoc, pendingRef } from './repo';

/** An event pending longer than this was not dispatched after its commit (a crash between the two) or its fan-out gave up. */
export const SWEEP_AFTER_MS = 5 * 60_000;
const SWEEP_LIMIT = 500;

/**
 * The outbox sweep (a scheduled job): hands every event still pending after SWEEP_AFTER_MS to the
 * fan-out queue again. Its task id carries the sweep count: Cloud Tasks keeps a used task id for
 * hours, so the id of the first dispatch cannot be reused. The fan-out is idempotent, so an event
 * a slow first task is still fanning out loses nothing by a second one.
 */
export async function sweepOutbox(now: number = Date.now()): Promise<{ redispatched: number }> {
  const snap = await db()
    .collection(PENDING)
    .where('occurredAtMs', '<', now - SWEEP_AFTER_MS)
    .orderBy('occurredAtMs')
    .limit(SWEEP_LIMIT)
    .get();
  let redispatched = 0;
  for (const d of snap.docs) {
    const { companyId, sweeps } = pendingFromDoc(d);
    await pendingRef(d.id).update({ sweeps: sweeps + 1 });
    await enqueueTask(FAN_OUT_QUEUE, { companyId, eventId: d.id }, { id: `${d.id}-s${sweeps + 1}` });
    redispatched++;
  }
  if (redispatched) logger.warn('outbox sweep redispatched events', { redispatched });
  return { redispatched };
}
