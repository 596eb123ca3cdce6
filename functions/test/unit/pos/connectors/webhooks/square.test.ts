import { squareSignature, squareWebhook } from '../../../../../src/pos/connectors/webhooks/square';
import { WebhookRefused } from '../../../../../src/pos/connectors/webhooks/types';

/**
 * Square's labor.timecard.deleted as an event: "The event data contains only the id of the deleted
 * timecard and the deleted field set to true" (developer.squareup.com/docs/labor-api/webhooks,
 * checked 2026-12-02), so the event carries the deletion (no read finds the timecard again).
 */

const KEY = 'square-signature-key-for-the-test';
const URL = 'https://example.test/webhooks/square';
const now = Date.UTC(2026, 11, 2, 12);
const verify = (body: unknown) => {
  const raw = Buffer.from(JSON.stringify(body));
  return squareWebhook.verify(
    raw,
    { 'x-square-hmacsha256-signature': squareSignature(raw, URL, KEY).toString('base64') },
    { signatureKey: KEY, notificationUrl: URL, now },
  );
};
const event = (type: string, data: Record<string, unknown>) => ({
  merchant_id: 'MERCHANT01',
  type,
  event_id: `ev-${type}`,
  created_at: new Date(now - 2000).toISOString(),
  data,
});

describe('square webhook deletions', () => {
  it('carries labor.timecard.deleted (data: type, id, deleted) as a deletion of that punch, at the event time, for the merchant', () => {
    const [e] = verify(event('labor.timecard.deleted', { type: 'timecard', id: 'TC0001', deleted: true }));
    expect(e).toMatchObject({
      accountId: 'MERCHANT01',
      merchantId: 'MERCHANT01',
      locationIds: [],
      streams: ['punches'],
      deletions: [{ stream: 'punches', vendorId: 'TC0001', deletedAt: now - 2000 }],
    });
  });

  it('carries the deprecated labor.shift.deleted the same way, and no deletion on an update', () => {
    const [shift] = verify(event('labor.shift.deleted', { type: 'shift', id: 'SH0001', deleted: true }));
    expect(shift.deletions).toEqual([{ stream: 'punches', vendorId: 'SH0001', deletedAt: now - 2000 }]);
    const [updated] = verify(
      event('labor.timecard.updated', { type: 'timecard', id: 'TC0002', object: { timecard: { id: 'TC0002' } } }),
    );
    expect(updated.deletions).toBeUndefined();
  });

  it('refuses a deletion that names no id as malformed', () => {
    expect(() => verify(event('labor.timecard.deleted', { type: 'timecard', deleted: true }))).toThrow(WebhookRefused);
  });
});
