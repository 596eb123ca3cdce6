import { REGION } from './config';
import { adminApp } from './firebase';
import { lazyFile } from './lazy';

const firebaseAdminFunctionsPackage = lazyFile<typeof import('firebase-admin/functions')>(() =>
  require('firebase-admin/functions'),
);

/**
 * Hands work to a Cloud Tasks queue of one of our task functions (an `onTaskDispatched` function,
 * declared in a module's `queues`). firebase-admin speaks to Cloud Tasks deployed and to the
 * Cloud Tasks emulator locally (CLOUD_TASKS_EMULATOR_HOST). The task id makes the enqueue
 * idempotent: a second enqueue of the same id is refused by Cloud Tasks and answered `false` here.
 */
export async function enqueueTask(
  queue: string,
  payload: Record<string, unknown>,
  options: { id: string; delaySeconds?: number },
): Promise<boolean> {
  const { getFunctions } = firebaseAdminFunctionsPackage();
  try {
    await getFunctions(adminApp())
      .taskQueue(`locations/${REGION}/functions/${queue}`)
      .enqueue(payload, { id: options.id, scheduleDelaySeconds: options.delaySeconds });
    return true;
  } catch (err) {
    if ((err as { code?: string }).code === 'functions/task-already-exists') return false;
    throw err;
  }
}
