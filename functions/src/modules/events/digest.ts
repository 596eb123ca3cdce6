import { z } from 'zod';
import { auth } from '../../core/firebase';
import { sendMail } from '../../core/mail';
import { digestRef } from './repo';

/** Cloud Tasks ids take letters, digits, hyphens and underscores. */
export const digestTaskId = (companyId: string, uid: string, window: number) =>
  `digest-${companyId}-${uid}-${window}`.replace(/[^A-Za-z0-9_-]/g, '_');

const payloadSchema = z.object({ companyId: z.string().min(1), uid: z.string().min(1), window: z.number().int() });

interface DigestItem {
  type: string;
  occurredAt: string;
  title: string;
  body: string;
}

/** The text of a digest: every event of the window, oldest first. */
export function digestText(items: DigestItem[]): { subject: string; text: string } {
  const sorted = [...items].sort((a, b) => a.occurredAt.localeCompare(b.occurredAt));
  const subject = sorted.length === 1 ? sorted[0].title : `${sorted.length} updates from your team`;
  const lines = sorted.map((i) => `- ${i.title}: ${i.body}`);
  return { subject, text: `${lines.join('\n')}\n\nOpen the app to see them in your inbox.\n` };
}

/**
 * Sends one member's digest of a window (the digest task). Sent once: the digest records when it
 * was sent, and a repeated task finds it sent. (A crash between the send and that record sends it
 * again on the task's retry: email cannot be deduplicated by the reader, so the window is short.)
 */
export async function sendDigest(payload: unknown): Promise<{ sent: boolean; events: number }> {
  const { companyId, uid, window } = payloadSchema.parse(payload);
  const ref = digestRef(companyId, uid, window);
  const snap = await ref.get();
  const stored = snap.data();
  if (!stored || stored.sentAt) return { sent: false, events: 0 };
  const items = Object.values((stored.items ?? {}) as Record<string, DigestItem>);
  const to = await emailOf(uid);
  if (!items.length || !to) {
    await ref.update({ sentAt: Date.now(), skipped: to ? 'empty' : 'no email address' });
    return { sent: false, events: items.length };
  }
  await sendMail({ to, ...digestText(items) });
  await ref.update({ sentAt: Date.now() });
  return { sent: true, events: items.length };
}

async function emailOf(uid: string): Promise<string | null> {
  try {
    return (await auth().getUser(uid)).email ?? null;
  } catch {
    return null;
  }
}
