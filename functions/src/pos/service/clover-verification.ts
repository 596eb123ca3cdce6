import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { db } from '../../core/firebase';
import { logger } from '../../core/logger';
import { storedDecoder } from '../../core/stored';
import { syncErrors } from './errors';

/**
 * Clover verifies the app's webhook URL once, before it has given us the auth code its messages
 * carry, by POSTing `{verificationCode}` with no signature: anyone can send that body. So a code is
 * kept only inside a setup window an operator (the `admin` claim) opened for it: the first code in
 * the window fills it, later ones are refused, and outside a window nothing is written. The
 * webhook URL belongs to our Clover app, not to one merchant, so no company owner opens it.
 *
 * Root collection `posWebhookVerifications`: `clover` points at the window open last
 * (`windowId`, `closesAt`); `clover~{windowId}` holds a window and, once received, its code.
 */
export const WEBHOOK_VERIFICATIONS = 'posWebhookVerifications';
export const VERIFICATION_WINDOW_MS = 15 * 60_000;

const storedWindow = z.object({
  windowId: z.string(),
  vendor: z.literal('clover'),
  openedBy: z.string(),
  openedAt: z.number(),
  closesAt: z.number(),
  verificationCode: z.string().nullable(),
  receivedAt: z.number().nullable(),
});
export type VerificationWindow = z.output<typeof storedWindow>;
const windowOf = storedDecoder(WEBHOOK_VERIFICATIONS, storedWindow);
/** The pointer at the window open last. */
const pointerOf = storedDecoder(WEBHOOK_VERIFICATIONS, storedWindow.pick({ windowId: true, closesAt: true }));

const pointerRef = () => db().collection(WEBHOOK_VERIFICATIONS).doc('clover');
const windowRef = (windowId: string) => db().collection(WEBHOOK_VERIFICATIONS).doc(`clover~${windowId}`);

export async function openVerificationWindow({ uid, now = Date.now() }: { uid: string; now?: number }) {
  const window: VerificationWindow = {
    windowId: randomBytes(12).toString('hex'),
    vendor: 'clover',
    openedBy: uid,
    openedAt: now,
    closesAt: now + VERIFICATION_WINDOW_MS,
    verificationCode: null,
    receivedAt: null,
  };
  const batch = db().batch();
  batch.set(windowRef(window.windowId), window);
  batch.set(pointerRef(), { windowId: window.windowId, closesAt: window.closesAt });
  await batch.commit();
  logger.info('clover webhook verification window opened', { uid, windowId: window.windowId });
  return window;
}

export async function readVerificationWindow(windowId: string): Promise<VerificationWindow> {
  const snap = await windowRef(windowId).get();
  if (!snap.exists) throw syncErrors.VERIFICATION_WINDOW_NOT_FOUND(`No Clover verification window ${windowId}`);
  return windowOf(snap);
}

/** Keeps Clover's verification code in the open window that has none yet; refused (nothing written) otherwise. */
export async function receiveVerificationCode(verificationCode: string, now: number): Promise<void> {
  await db().runTransaction(async (tx) => {
    const pointerSnap = await tx.get(pointerRef());
    const pointer = pointerSnap.exists ? pointerOf(pointerSnap) : null;
    const open = pointer && pointer.closesAt > now ? windowRef(pointer.windowId) : null;
    const windowSnap = open ? await tx.get(open) : null;
    const window = windowSnap?.exists ? windowOf(windowSnap) : null;
    if (!open || !window || window.verificationCode !== null)
      throw syncErrors.VERIFICATION_WINDOW_CLOSED(
        'No Clover verification window is open for a code: an operator opens one before sending the code',
      );
    tx.update(open, { verificationCode, receivedAt: now });
  });
  logger.warn('clover webhook URL verification received: read it from the open verification window');
}
