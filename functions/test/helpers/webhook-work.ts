import { db } from '../../src/core/firebase';
import { processWebhookEvent, WEBHOOK_EVENTS, type WebhookRun } from '../../src/pos/service/webhooks';

/**
 * The webhook queue's work, done here: the receiver records an event and hands it to Cloud Tasks,
 * whose emulator delivers to a sink in the test tier. Runs the task of every recorded event of
 * `vendor` not worked yet (as Cloud Tasks would), and returns the runs they asked for.
 */
export async function workWebhooks(vendor: string): Promise<WebhookRun[]> {
  const pending = await db()
    .collection(WEBHOOK_EVENTS)
    .where('vendor', '==', vendor)
    .where('pending', '==', true)
    .get();
  const runs: WebhookRun[] = [];
  for (const d of pending.docs) runs.push(...(await processWebhookEvent({ eventKey: d.id })));
  return runs;
}
