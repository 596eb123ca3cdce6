import { AppError } from '../../core/errors';
import { requireCompany } from '../../core/firestore';
import { connectorFor } from '../connectors';
import { ACTIVE_STATES, catalogueEntry, listConnections } from '../../modules/integrations';
import { engineErrors, requestSync, type SyncRun, type SyncStream } from '../../modules/integration-engine';
import { syncErrors } from './errors';

/** The POS sources this service syncs: catalogue entries whose connector reads data streams. */
export const isSyncedVendor = (slug: string) =>
  catalogueEntry(slug)?.category === 'pos' && Boolean(connectorFor(slug)?.streams);

/**
 * POST /sync/{vendor}/{companyId}: one run per active connection of the vendor (a company can
 * connect several locations), or of the one named. A connection already syncing is listed in
 * `inProgress`; when every one is, the answer is 409 SYNC_IN_PROGRESS naming the runs.
 */
export async function syncVendor(p: {
  vendor: string;
  companyId: string;
  uid: string | null;
  connectionId?: string;
  streams?: SyncStream[];
  window?: { from: string; to: string };
}): Promise<{ runs: SyncRun[]; inProgress: { connectionId: string; runId: string }[] }> {
  if (!isSyncedVendor(p.vendor))
    throw syncErrors.POS_VENDOR_NOT_FOUND(`${p.vendor} is not a POS source this service syncs`);
  await requireCompany(p.companyId);
  const connections = (await listConnections(p.companyId)).filter(
    (c) => c.slug === p.vendor && ACTIVE_STATES.includes(c.state) && (!p.connectionId || c.id === p.connectionId),
  );
  if (!connections.length) {
    throw syncErrors.POS_NOT_CONNECTED(
      p.connectionId
        ? `The company has no active ${p.vendor} connection ${p.connectionId}`
        : `The company has no active ${p.vendor} connection`,
    );
  }
  const runs: SyncRun[] = [];
  const inProgress: { connectionId: string; runId: string }[] = [];
  const refusals: AppError[] = [];
  for (const connection of connections) {
    try {
      runs.push(
        await requestSync({
          companyId: p.companyId,
          connectionId: connection.id,
          uid: p.uid,
          trigger: 'manual',
          streams: p.streams,
          window: p.window,
        }),
      );
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      if (err.code === 'SYNC_IN_PROGRESS')
        inProgress.push({ connectionId: connection.id, runId: String(err.details?.[0]?.runId) });
      else refusals.push(err);
    }
  }
  if (!runs.length && inProgress.length) {
    throw engineErrors.SYNC_IN_PROGRESS(
      `A sync of ${inProgress.map((r) => r.connectionId).join(', ')} is already queued or running`,
      inProgress.map((r) => ({ message: `run ${r.runId}`, ...r })),
    );
  }
  if (!runs.length && refusals.length) throw refusals[0];
  return { runs, inProgress };
}
