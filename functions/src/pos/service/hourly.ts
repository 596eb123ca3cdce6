import { logger } from '../../core/logger';
import { scheduledBefore } from '../../modules/integrations';
import { requestSync } from '../../modules/integration-engine';

const PAGE = 200;
const CONCURRENCY = 10;

export interface HourlyResult {
  due: number;
  queued: number;
  /** A run of the connection was already queued or running. */
  skipped: number;
  failed: number;
}

/**
 * The hourly job: every connection due (nextSyncAt <= now, from the `integrationSchedule`
 * registry: one single-field range query, paged by that field) gets one scheduled run on the sync
 * queue, at most CONCURRENCY requests at a time. Asking moves the connection's nextSyncAt an hour on
 * (also when a run was already going, which is then skipped), so a second job run in the same hour
 * finds nothing due: each active integration is enqueued once.
 */
export async function enqueueDueSyncs(now = Date.now()): Promise<HourlyResult> {
  const result: HourlyResult = { due: 0, queued: 0, skipped: 0, failed: 0 };
  const seen = new Set<string>();
  let from: number | undefined;
  for (;;) {
    const page = (await scheduledBefore('nextSyncAt', now, PAGE, from)).filter(
      (c) => !seen.has(`${c.companyId}~${c.connectionId}`),
    );
    if (!page.length) break;
    for (let i = 0; i < page.length; i += CONCURRENCY) {
      await Promise.all(
        page.slice(i, i + CONCURRENCY).map(async (c) => {
          seen.add(`${c.companyId}~${c.connectionId}`);
          result.due++;
          try {
            const run = await requestSync({
              companyId: c.companyId,
              connectionId: c.connectionId,
              uid: null,
              trigger: 'schedule',
            });
            if (run.created) result.queued++;
            else result.skipped++;
          } catch (err) {
            result.failed++;
            logger.warn('scheduled sync not queued', {
              companyId: c.companyId,
              connectionId: c.connectionId,
              error: err,
            });
          }
        }),
      );
    }
    from = page[page.length - 1].nextSyncAt ?? undefined;
  }
  logger.info('hourly POS sync', { ...result });
  return result;
}
