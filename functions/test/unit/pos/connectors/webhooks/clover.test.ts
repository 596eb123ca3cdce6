import { cloverWebhook } from '../../../../../src/pos/connectors/webhooks/clover';

/**
 * Clover's webhook messages as events: a DELETE of an order rides on its event as a deletion of
 * that sale (a read cannot find a deleted order again); other changes only name their streams.
 */

const KEY = 'clover-auth-code-for-the-test';
const now = Date.UTC(2026, 11, 2, 12);
const verify = (merchants: Record<string, { objectId: string; type: string; ts: number }[]>) =>
  cloverWebhook.verify(
    Buffer.from(JSON.stringify({ appId: 'APP1', merchants })),
    { 'x-clover-auth': KEY },
    {
      signatureKey: KEY,
      notificationUrl: '',
      now,
    },
  );

describe('clover webhook deletions', () => {
  it('carries a deleted order as a deletion of its sale, with the time Clover gives', () => {
    const [event] = verify({
      MERCHANT0001: [
        { objectId: 'O:ORDER00000001', type: 'DELETE', ts: now - 1000 },
        { objectId: 'O:ORDER00000002', type: 'UPDATE', ts: now - 500 },
        { objectId: 'P:PAYMENT000001', type: 'DELETE', ts: now - 200 },
      ],
    });
    expect(event.deletions).toEqual([{ stream: 'sales', vendorId: 'ORDER00000001', deletedAt: now - 1000 }]);
    expect(event.streams).toEqual(['sales', 'tips']);
  });

  it('carries no deletions for a message without an order deleted', () => {
    const [event] = verify({ MERCHANT0001: [{ objectId: 'E:EMPLOYEE0001', type: 'DELETE', ts: now - 1000 }] });
    expect(event.deletions).toBeUndefined();
    expect(event.streams).toEqual(['roster']);
  });
});
