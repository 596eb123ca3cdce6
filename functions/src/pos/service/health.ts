import { REGION } from '../../core/config';
import { adminApp, db } from '../../core/firebase';
import { SYNC_QUEUE } from '../../modules/integration-engine';
import { syncErrors } from './errors';

const TIMEOUT_MS = 3_000;

export const VERSION: string =
  process.env.K_REVISION ?? (require('../../../package.json') as { version: string }).version;

async function timed(check: () => Promise<void>): Promise<{ ok: boolean; ms: number; error?: string }> {
  const start = Date.now();
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error(`no answer in ${TIMEOUT_MS} ms`)), TIMEOUT_MS).unref(),
      ),
    ]);
    return { ok: true, ms: Date.now() - start };
  } catch (err) {
    return { ok: false, ms: Date.now() - start, error: (err as Error).message };
  }
}

/** The sync queue exists: the Cloud Tasks emulator's statistics locally, the Cloud Tasks API deployed. */
async function queueReachable(): Promise<void> {
  const emulator = process.env.CLOUD_TASKS_EMULATOR_HOST;
  if (emulator) {
    const res = await fetch(`http://${emulator}/queueStats`);
    if (!res.ok) throw new Error(`task queue emulator answered ${res.status}`);
    const stats = (await res.json()) as Record<string, unknown>;
    if (!Object.keys(stats).some((k) => k.includes(SYNC_QUEUE))) throw new Error(`queue ${SYNC_QUEUE} is not declared`);
    return;
  }
  const token = await adminApp().options.credential!.getAccessToken();
  const project = adminApp().options.projectId ?? process.env.GCLOUD_PROJECT;
  const res = await fetch(
    `https://cloudtasks.googleapis.com/v2/projects/${project}/locations/${REGION}/queues/${SYNC_QUEUE}`,
    {
      headers: { authorization: `Bearer ${token.access_token}` },
    },
  );
  if (!res.ok) throw new Error(`Cloud Tasks answered ${res.status}`);
}

/** Readiness: Firestore answers a read, the sync queue exists; 503 SERVICE_NOT_READY naming what does not. */
export async function health() {
  const [firestore, queue] = await Promise.all([
    timed(async () => void (await db().collection('integrationSchedule').limit(1).get())),
    timed(queueReachable),
  ]);
  const checks = { firestore, queue };
  const failing = Object.entries(checks).filter(([, c]) => !c.ok);
  if (failing.length) {
    throw syncErrors.SERVICE_NOT_READY(
      `Not ready: ${failing.map(([name]) => name).join(', ')}`,
      failing.map(([name, c]) => ({ path: name, message: c.error ?? 'failed' })),
    );
  }
  return { status: 'ok' as const, version: VERSION, checks };
}
