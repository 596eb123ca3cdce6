import { randomUUID } from 'node:crypto';
import { api } from '../../helpers/api';
import type { TestCompany } from '../../helpers/fixtures';
import { seedConnection } from '../../helpers/integrations';
import { captureLogs } from '../../helpers/logs';
import { db } from '../../../src/core/firebase';
import { cloverEvent, deliveryOutcome, signedWebhook, type CloverEventPayload } from '../../../dev/vendors/webhooks';
import { WEBHOOK_EVENTS } from '../../../src/pos/service/webhooks';
import { workWebhooks } from '../../helpers/webhook-work';
import { WEBHOOK_VERIFICATIONS } from '../../../src/pos/service/clover-verification';
import { bearer, createUser } from '../../helpers/users';

/**
 * Clover's webhooks through POST /webhooks/clover of the POS sync service: the app's auth code in
 * X-Clover-Auth, messages naming several merchants, the one-time URL verification.
 */

const AUTH_CODE = `sim-clover-auth-${randomUUID()}`;
/** Merchants of this file only (a webhook reaches every connection of its account, in any company). */
const TAG = randomUUID().replace(/-/g, '').slice(0, 10).toUpperCase();
const CONNECTED = `MC${TAG}`;
const NOBODY = `MN${TAG}`;
const logs = captureLogs();
let previousKeys: string | undefined;
let merchant: TestCompany;

beforeAll(async () => {
  logs.start();
  previousKeys = process.env.POS_WEBHOOK_KEYS;
  process.env.POS_WEBHOOK_KEYS = JSON.stringify({ clover: AUTH_CODE });
  merchant = await seedConnection('clover', CONNECTED);
});

afterAll(() => {
  if (previousKeys === undefined) delete process.env.POS_WEBHOOK_KEYS;
  else process.env.POS_WEBHOOK_KEYS = previousKeys;
  logs.stop();
});

const post = (body: Buffer | string, headers: Record<string, string>) =>
  api('posSyncService')
    .post('/webhooks/clover')
    .set({ 'content-type': 'application/json', ...headers })
    .send(typeof body === 'string' ? body : body.toString('utf8'));
const deliver = (event: CloverEventPayload, key = AUTH_CODE) => {
  const signed = signedWebhook('clover', event, { key, url: '' });
  return post(signed.body, signed.headers);
};
const runsOf = async (co: TestCompany) =>
  (await db().collection('companies').doc(co.companyId).collection('syncRuns').get()).docs.map((d) => d.data());
const recordedEvents = async () =>
  (await db().collection(WEBHOOK_EVENTS).where('vendor', '==', 'clover').get()).docs
    .map((d) => d.data())
    .filter((d) => [CONNECTED, NOBODY].includes(d.accountId));

describe('POST /webhooks/clover', () => {
  it('queues one sync of the streams a message names for each connected merchant in it, and acknowledges its redelivery as a duplicate', async () => {
    const event = cloverEvent({
      [CONNECTED]: [
        { objectId: `O:${TAG}1`, type: 'CREATE' },
        { objectId: `P:${TAG}2` },
        { objectId: `E:${TAG}3` },
        { objectId: `I:${TAG}4` },
      ],
      [NOBODY]: [{ objectId: `O:${TAG}5` }],
    });
    const first = await deliver(event);
    expect(first.status).toBe(200);
    // one event per merchant named, each recorded and queued; the task finds no connection of NOBODY
    expect(first.body.data).toEqual({ accepted: true, duplicate: false, stale: false, queued: 2 });
    await workWebhooks('clover');
    const runs = await runsOf(merchant);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({
      trigger: 'webhook',
      connectionId: `clover~${CONNECTED}`,
      streams: ['roster', 'sales', 'tips'],
    });
    expect((await recordedEvents()).map((e) => e.accountId).sort()).toEqual([CONNECTED, NOBODY]);

    const again = await deliver(event);
    expect(again.body.data).toEqual({ accepted: true, duplicate: true, stale: false, queued: 0 });
    expect(await runsOf(merchant)).toHaveLength(1);
  });

  it('acknowledges a message of changes we do not sync (inventory, customers) with no run and no record', async () => {
    const before = (await recordedEvents()).length;
    const res = await deliver(cloverEvent({ [CONNECTED]: [{ objectId: `I:${TAG}9` }, { objectId: `C:${TAG}8` }] }));
    expect(res.body.data).toEqual({ accepted: true, duplicate: false, stale: false, queued: 0 });
    expect(await recordedEvents()).toHaveLength(before);
  });

  it('refuses a missing or wrong X-Clover-Auth (401) and a body not as documented (400 WEBHOOK_MALFORMED), and acknowledges a stale or future message (200 stale, a delivery for Clover), writing nothing', async () => {
    const runs = (await runsOf(merchant)).length;
    const events = (await recordedEvents()).length;
    const fresh = cloverEvent({ [CONNECTED]: [{ objectId: `O:${TAG}F` }] });
    const missing = await post(JSON.stringify(fresh), {});
    const wrong = await deliver(fresh, `${AUTH_CODE}x`);
    const stale = await deliver(
      cloverEvent({ [CONNECTED]: [{ objectId: `O:${TAG}S`, ts: Date.now() - 21 * 60_000 }] }),
    );
    const future = await deliver(
      cloverEvent({ [CONNECTED]: [{ objectId: `O:${TAG}T`, ts: Date.now() + 5 * 60_000 }] }),
    );
    const noPrefix = await deliver(cloverEvent({ [CONNECTED]: [{ objectId: `${TAG}X` }] }));
    const noMerchants = await deliver({ appId: 'SIMCLOVERAPP7Q4K2', merchants: {} } as CloverEventPayload);
    const notJson = await post('{"appId":', { 'x-clover-auth': AUTH_CODE });
    expect([missing, wrong].map((r) => [r.status, r.body.code])).toEqual([
      [401, 'WEBHOOK_SIGNATURE_INVALID'],
      [401, 'WEBHOOK_SIGNATURE_INVALID'],
    ]);
    expect([stale, future].map((r) => [deliveryOutcome('clover', r.status), r.body.data])).toEqual([
      ['delivered', { accepted: true, duplicate: false, stale: true, queued: 0 }],
      ['delivered', { accepted: true, duplicate: false, stale: true, queued: 0 }],
    ]);
    expect([noPrefix, noMerchants, notJson].map((r) => [r.status, r.body.code])).toEqual([
      [400, 'WEBHOOK_MALFORMED'],
      [400, 'WEBHOOK_MALFORMED'],
      [400, 'WEBHOOK_MALFORMED'],
    ]);
    expect(await runsOf(merchant)).toHaveLength(runs);
    expect(await recordedEvents()).toHaveLength(events);
    // no answer echoes the auth code (the wrong one sent contains the real one)
    expect(
      JSON.stringify([missing, wrong, stale, future, noPrefix, noMerchants, notJson].map((r) => [r.headers, r.body])),
    ).not.toContain(AUTH_CODE);
  });

  it("keeps Clover's URL verification code only in a window an operator opened, and never lets an anonymous POST overwrite it", async () => {
    const operator = await createUser({ admin: true });
    const owner = await createUser();
    const windows = api('posSyncService');
    // the window is one for the whole app: close one another test file (the contract sweep) may have left open
    await db().collection(WEBHOOK_VERIFICATIONS).doc('clover').set({ windowId: 'closed', closesAt: 0 });
    const early = await post(JSON.stringify({ verificationCode: 'before-any-window' }), {});
    expect([early.status, early.body.code]).toEqual([409, 'VERIFICATION_WINDOW_CLOSED']);
    expect((await windows.post('/webhooks/clover/verification-windows').set(bearer(owner)).send()).status).toBe(403);
    const opened = await windows.post('/webhooks/clover/verification-windows').set(bearer(operator)).send();
    expect(opened.status).toBe(201);
    const { windowId } = opened.body.data;
    expect(opened.body.data).toMatchObject({ openedBy: operator.uid, verificationCode: null });

    const code = randomUUID();
    const res = await post(JSON.stringify({ verificationCode: code }), {});
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ accepted: true, duplicate: false, stale: false, queued: 0 });
    const forged = await post(JSON.stringify({ verificationCode: 'attacker-code' }), {});
    expect([forged.status, forged.body.code]).toEqual([409, 'VERIFICATION_WINDOW_CLOSED']);

    const read = await windows.get(`/webhooks/clover/verification-windows/${windowId}`).set(bearer(operator));
    expect(read.body.data).toMatchObject({ windowId, verificationCode: code, receivedAt: expect.any(Number) });
    expect(logs.lines.join('\n')).not.toContain(code);
  });

  it('never logs the auth code', () => {
    expect(logs.lines.some((l) => l.includes('webhook refused'))).toBe(true);
    expect(logs.lines.join('\n')).not.toContain(AUTH_CODE);
  });
});
