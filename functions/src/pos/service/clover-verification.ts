import { randomBytes } from 'node:crypto';
import { db } from '../../core/firebase';
import { logger } from '../../core/logger';
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

export interface VerificationWindow {
  windowId: string;
  vendor: 'clover';
  openedBy: string;
  openedAt: number;
  closesAt: number;
  verificationCode: string | null;
  receivedAt: number | null;
}

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
  return snap.data() as VerificationWindow;
}

/** Keeps Clover's verification code in the open window that has none yet; refused (nothing written) otherwise. */
export async function receiveVerificationCode(verificationCode: string, now: number): Promise<void> {
  await db().runTransaction(async (tx) => {
    const pointer = (await tx.get(pointerRef())).data() as { windowId?: string; closesAt?: number } | undefined;
    const open = pointer?.windowId && (pointer.closesAt ?? 0) > now ? windowRef(pointer.windowId) : null;
    const window = open ? ((await tx.get(open)).data() as VerificationWindow | undefined) : undefined;
    if (!open || !window || window.verificationCode !== null)
      throw syncErrors.VERIFICATION_WINDOW_CLOSED(
        'No Clover verification window is open for a code: an operator opens one before sending the code',
      );
    tx.update(open, { verificationCode, receivedAt: now });
  });
  logger.warn('clover webhook URL verification received: read it from the open verification window');
}
