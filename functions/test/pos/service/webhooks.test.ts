import { randomUUID } from 'node:crypto';
import { api } from '../../helpers/api';
import { createCompany, type TestCompany } from '../../helpers/fixtures';
import { seedConnection, startVendors } from '../../helpers/integrations';
import { captureLogs } from '../../helpers/logs';
import { bearer } from '../../helpers/users';
import { config } from '../../../src/core/config';
import { db } from '../../../src/core/firebase';
import { SIMULATED, SIMULATED_OAUTH_ACCOUNTS, type RunningVendorSimulator } from '../../../dev/vendors/server';
import {
  signedWebhook,
  squareDeletedEvent,
  squareEvent,
  toastEvent,
  type SignedWebhook,
  type SquareEventPayload,
  type ToastEventPayload,
} from '../../../dev/vendors/webhooks';
import {
  processWebhookEvent,
  receiveWebhook,
  WEBHOOK_COUNTS,
  WEBHOOK_EVENTS,
  type WebhookRun,
} from '../../../src/pos/service/webhooks';

const MINUTE = 60_000;
const KEYS = { square: 'sim-square-signature-key-3f9a1c7e5b2d', toast: 'sim-toast-webhook-secret-8e2b6d4a0c19' };
/**
 * Accounts of this file only: a webhook reaches every connection of its account, in any company, so
 * events naming the simulator's shared accounts would queue runs in other test files' companies.
 */
const TAG = randomUUID().replace(/-/g, '').slice(0, 10).toUpperCase();
const MERCHANT = `MWH${TAG}`;
const LOCATION = `LWH${TAG}`;
const RESTAURANT = randomUUID();

let sim: RunningVendorSimulator;
const logs = captureLogs();
/** Every signature the tests sent, to make sure none is logged. */
const signatures: string[] = [];
let previousKeys: string | undefined;
/** A square_api_key connection (the location), a square OAuth connection (the merchant), a toast connection (the restaurant). */
let location: TestCompany;
let merchant: TestCompany;
let restaurant: TestCompany;

const engine = () => api('integrationEngine');
const urlOf = (vendor: string) => `${config.vendors.webhookBaseUrl()}/webhooks/${vendor}`;

beforeAll(async () => {
  sim = await startVendors();
  logs.start();
  previousKeys = process.env.POS_WEBHOOK_KEYS;
  process.env.POS_WEBHOOK_KEYS = JSON.stringify(KEYS);
  [location, merchant, restaurant] = await Promise.all([
    seedConnection('square_api_key', LOCATION, MERCHANT),
    seedConnection('square', MERCHANT),
    seedConnection('toast', RESTAURANT),
  ]);
});

afterAll(async () => {
  if (previousKeys === undefined) delete process.env.POS_WEBHOOK_KEYS;
  else process.env.POS_WEBHOOK_KEYS = previousKeys;
  logs.stop();
  await sim.close();
});

const runsOf = async (co: TestCompany) =>
  (await db().collection('companies').doc(co.companyId).collection('syncRuns').get()).docs.map(
    (d) => ({ id: d.id, ...d.data() }) as Record<string, unknown> & { id: string },
  );
const eventRecord = async (vendor: string, eventId: string) =>
  db().collection(WEBHOOK_EVENTS).doc(`${vendor}~${eventId}`).get();

function timecardEvent(p: { eventId?: string; createdAt?: number } = {}): SquareEventPayload {
  return squareEvent({
    type: 'labor.timecard.updated',
    merchantId: MERCHANT,
    dataType: 'timecard',
    eventId: p.eventId,
    createdAt: p.createdAt,
    entity: {
      id: `TC${randomUUID().slice(0, 8)}`,
      location_id: LOCATION,
      team_member_id: 'TMsim01',
      start_at: new Date().toISOString(),
      status: 'OPEN',
      version: 2,
    },
  });
}

function orderUpdated(p: { restaurantGuid?: string; timestamp?: number; guid?: string } = {}): ToastEventPayload {
  const restaurantGuid = p.restaurantGuid ?? RESTAURANT;
  return toastEvent({
    eventType: 'order_updated',
    restaurantGuid,
    timestamp: p.timestamp,
    guid: p.guid,
    details: { order: { guid: randomUUID(), entityType: 'Order', businessDate: 20260301, voided: false } },
  });
}

function square(event: SquareEventPayload, opts: { key?: string; url?: string } = {}): SignedWebhook {
  const signed = signedWebhook('square', event, { key: opts.key ?? KEYS.square, url: opts.url ?? urlOf('square') });
  signatures.push(signed.headers['x-square-hmacsha256-signature']);
  return signed;
}
function toast(event: ToastEventPayload, opts: { key?: string; attempt?: number } = {}): SignedWebhook {
  const signed = signedWebhook('toast', event, {
    key: opts.key ?? KEYS.toast,
    url: urlOf('toast'),
    attempt: opts.attempt,
  });
  signatures.push(signed.headers['Toast-Signature']);
  return signed;
}
/** A delivery answered, then the work of the events it queued done (as the webhook queue's task would). */
const deliver = async (vendor: string, signed: SignedWebhook, now?: number) => {
  const answer = await receiveWebhook({ vendor, rawBody: signed.body, headers: signed.headers, now });
  const runs: WebhookRun[] = [];
  for (const task of answer.queued) runs.push(...(await processWebhookEvent(task)));
  return { ...answer, queued: answer.queued.length, runs };
};

/** The runs of these companies only (other test files connect the same simulated accounts). */
const mine = <R extends { companyId: string }>(runs: R[], ...companies: TestCompany[]): R[] =>
  runs.filter((r) => companies.some((c) => c.companyId === r.companyId));

describe('connecting Square with an access token', () => {
  it('records the merchant of the location, which merchant-only webhooks (team members) are matched on', async () => {
    const co = await createCompany();
    const res = await engine()
      .post('/connections')
      .query({ companyId: co.companyId })
      .set(bearer(co.owner))
      .send({ slug: 'square_api_key', credentials: SIMULATED.square_api_key });
    expect(res.status).toBe(201);
    const schedule = await db()
      .collection('integrationSchedule')
      .doc(`${co.companyId}~square_api_key~${SIMULATED.square_api_key.locationId}`)
      .get();
    expect(schedule.get('merchantId')).toBe(SIMULATED_OAUTH_ACCOUNTS.square.merchantId);
  });
});

describe('signed webhooks queue a sync of the connections of the account they name', () => {
  let firstDelivery: SignedWebhook;
  let locationRunId: string;

  it('queues a punches sync for the location connection and the merchant connection on a Square timecard event', async () => {
    const event = timecardEvent();
    firstDelivery = square(event);
    const result = await deliver('square', firstDelivery);
    expect(result).toMatchObject({ accepted: true, duplicate: false });
    const runs = mine(result.runs, location, merchant);
    expect(runs).toEqual(
      expect.arrayContaining([
        { companyId: location.companyId, connectionId: `square_api_key~${LOCATION}`, runId: expect.any(String) },
        { companyId: merchant.companyId, connectionId: `square~${MERCHANT}`, runId: expect.any(String) },
      ]),
    );
    expect(runs).toHaveLength(2);
    for (const co of [location, merchant]) {
      const stored = await runsOf(co);
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({
        trigger: 'webhook',
        requestedBy: null,
        status: 'queued',
        streams: ['punches'],
        followUp: false,
      });
      expect(runs.find((r) => r.companyId === co.companyId)!.runId).toBe(stored[0].id);
    }
    locationRunId = runs.find((r) => r.companyId === location.companyId)!.runId;
    const record = await eventRecord('square', event.event_id);
    expect(record.data()).toMatchObject({ vendor: 'square', eventId: event.event_id, type: 'labor.timecard.updated' });
    expect(record.get('expireAt').toMillis()).toBeGreaterThan(Date.parse(event.created_at) + 20 * MINUTE);
  });

  it('acknowledges a replay of the same event id as a duplicate and queues nothing more', async () => {
    const before = [await runsOf(location), await runsOf(merchant)];
    const again = await deliver('square', firstDelivery);
    expect(again).toEqual({ accepted: true, duplicate: true, stale: false, queued: 0, runs: [] });
    expect([await runsOf(location), await runsOf(merchant)]).toEqual(before);
  });

  it('reaches every location connection of the merchant on a team member event that names only the merchant, and marks a running sync for a follow-up', async () => {
    const fresh = await seedConnection('square_api_key', LOCATION, MERCHANT);
    const event = squareEvent({
      type: 'team_member.updated',
      merchantId: MERCHANT,
      dataType: 'team_member',
      entity: {
        id: 'TMsim02',
        status: 'ACTIVE',
        given_name: 'Ada',
        family_name: 'Lovelace',
        assigned_locations: { assignment_type: 'ALL_CURRENT_AND_FUTURE_LOCATIONS' },
      },
    });
    const result = await deliver('square', square(event));
    const runs = mine(result.runs, fresh, location, merchant);
    expect(runs).toHaveLength(3);
    const [freshRun] = await runsOf(fresh);
    expect(freshRun).toMatchObject({ trigger: 'webhook', streams: ['roster'], status: 'queued' });
    expect(runs).toContainEqual({
      companyId: fresh.companyId,
      connectionId: `square_api_key~${LOCATION}`,
      runId: freshRun.id,
    });
    // the location's connection already has a queued run: it is answered and marked, no second run
    expect(runs).toContainEqual({
      companyId: location.companyId,
      connectionId: `square_api_key~${LOCATION}`,
      runId: locationRunId,
    });
    const locationRuns = await runsOf(location);
    expect(locationRuns).toHaveLength(1);
    expect(locationRuns[0]).toMatchObject({ id: locationRunId, followUp: true });
  });

  it('queues a sales and tips sync for the restaurant connection on a Toast order_updated message', async () => {
    const event = orderUpdated();
    const result = await deliver('toast', toast(event));
    const runs = mine(result.runs, restaurant);
    expect(runs).toEqual([
      { companyId: restaurant.companyId, connectionId: `toast~${RESTAURANT}`, runId: expect.any(String) },
    ]);
    const stored = await runsOf(restaurant);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      id: runs[0].runId,
      trigger: 'webhook',
      streams: ['sales', 'tips'],
      status: 'queued',
    });
    expect((await eventRecord('toast', event.guid)).exists).toBe(true);
  });

  it('lets exactly one of two concurrent deliveries of one event through', async () => {
    const signed = toast(orderUpdated());
    const results = await Promise.all([deliver('toast', signed), deliver('toast', signed)]);
    expect(results.map((r) => r.duplicate).sort()).toEqual([false, true]);
    expect(await runsOf(restaurant)).toHaveLength(1);
  });

  it("accepts Toast's retry of a delivery 15 minutes after the event (within the 20-minute tolerance)", async () => {
    const now = Date.now();
    const result = await deliver('toast', toast(orderUpdated({ timestamp: now - 16 * MINUTE }), { attempt: 3 }), now);
    expect(result.duplicate).toBe(false);
    expect(mine(result.runs, restaurant)).toHaveLength(1);
  });
});

describe('what is acknowledged without a sync', () => {
  it('answers an event of an account nobody connected as accepted, with no runs', async () => {
    const toastResult = await deliver('toast', toast(orderUpdated({ restaurantGuid: randomUUID() })));
    expect(toastResult).toEqual({ accepted: true, duplicate: false, stale: false, queued: 1, runs: [] });
    const event = squareEvent({
      type: 'payment.updated',
      merchantId: 'MUNKNOWNMERCHANT1',
      dataType: 'payment',
      entity: { id: 'PAYsim1', location_id: 'LUNKNOWNLOCATION1' },
    });
    expect(await deliver('square', square(event))).toEqual({
      accepted: true,
      duplicate: false,
      stale: false,
      queued: 1,
      runs: [],
    });
  });

  it('answers an event type we do not sync as accepted, with no runs and nothing recorded', async () => {
    const before = await runsOf(location);
    const event = squareEvent({
      type: 'customer.created',
      merchantId: MERCHANT,
      dataType: 'customer',
      entity: { id: 'CUSTsim1' },
    });
    expect(await deliver('square', square(event))).toEqual({
      accepted: true,
      duplicate: false,
      stale: false,
      queued: 0,
      runs: [],
    });
    expect((await eventRecord('square', event.event_id)).exists).toBe(false);
    const partner = toastEvent({ eventType: 'partner_added', eventCategory: 'partners', details: { partner: 'sim' } });
    expect(await deliver('toast', toast(partner))).toEqual({
      accepted: true,
      duplicate: false,
      stale: false,
      queued: 0,
      runs: [],
    });
    expect(await runsOf(location)).toEqual(before);
  });
});

describe('refused deliveries write nothing', () => {
  let before: unknown[];
  beforeAll(async () => {
    before = await Promise.all([location, merchant, restaurant].map(runsOf));
  });
  afterEach(async () => {
    expect(await Promise.all([location, merchant, restaurant].map(runsOf))).toEqual(before);
  });

  const tampered = (signed: SignedWebhook, change: (s: SignedWebhook) => SignedWebhook) =>
    change({ body: Buffer.from(signed.body), headers: { ...signed.headers } });

  it.each<[string, () => { vendor: string; signed: SignedWebhook; eventId: string }]>([
    [
      'a made-up Square signature',
      () => {
        const e = timecardEvent();
        return {
          vendor: 'square',
          eventId: e.event_id,
          signed: tampered(square(e), (s) => ({
            ...s,
            headers: { ...s.headers, 'x-square-hmacsha256-signature': Buffer.alloc(32, 7).toString('base64') },
          })),
        };
      },
    ],
    [
      'a Square signature made with another key',
      () => {
        const e = timecardEvent();
        return { vendor: 'square', eventId: e.event_id, signed: square(e, { key: 'not-our-square-signature-key' }) };
      },
    ],
    [
      'a Square body altered after signing',
      () => {
        const e = timecardEvent();
        const signed = square(e);
        return {
          vendor: 'square',
          eventId: e.event_id,
          signed: { ...signed, body: Buffer.from(signed.body.toString().replace(LOCATION, 'LOTHERLOCATION01')) },
        };
      },
    ],
    [
      'no Square signature header',
      () => {
        const e = timecardEvent();
        const { 'x-square-hmacsha256-signature': _, ...headers } = square(e).headers;
        return { vendor: 'square', eventId: e.event_id, signed: { body: square(e).body, headers } };
      },
    ],
    [
      'a Square delivery signed for another notification URL',
      () => {
        const e = timecardEvent();
        return { vendor: 'square_api_key', eventId: e.event_id, signed: square(e, { url: urlOf('square') }) };
      },
    ],
    [
      'a Toast signature made with another secret',
      () => {
        const e = orderUpdated();
        return { vendor: 'toast', eventId: e.guid, signed: toast(e, { key: 'not-our-toast-webhook-secret' }) };
      },
    ],
    [
      'a Toast message whose timestamp was moved after signing',
      () => {
        const e = orderUpdated();
        const signed = toast(e);
        const moved = new Date(Date.parse(e.timestamp) + 1000).toISOString();
        return {
          vendor: 'toast',
          eventId: e.guid,
          signed: { ...signed, body: Buffer.from(signed.body.toString().replace(e.timestamp, moved)) },
        };
      },
    ],
    [
      'no Toast signature header',
      () => {
        const e = orderUpdated();
        const { 'Toast-Signature': _, ...headers } = toast(e).headers;
        return { vendor: 'toast', eventId: e.guid, signed: { body: toast(e).body, headers } };
      },
    ],
  ])('refuses %s: 401 WEBHOOK_SIGNATURE_INVALID', async (_name, make) => {
    const { vendor, signed, eventId } = make();
    await expect(deliver(vendor, signed)).rejects.toMatchObject({ code: 'WEBHOOK_SIGNATURE_INVALID', status: 401 });
    expect((await eventRecord(vendor === 'toast' ? 'toast' : 'square', eventId)).exists).toBe(false);
  });

  it('acknowledges an event older than 20 minutes, or dated in the future, without applying it: counted, no run, nothing recorded', async () => {
    const now = Date.now();
    const staleCount = async (vendor: string) =>
      ((await db().collection(WEBHOOK_COUNTS).doc(vendor).get()).data()?.stale as number | undefined) ?? 0;
    const before = [await staleCount('square'), await staleCount('toast')];
    const runs = (await runsOf(location)).length + (await runsOf(restaurant)).length;
    const old = timecardEvent({ createdAt: now - 21 * MINUTE });
    const future = orderUpdated({ timestamp: now + 5 * MINUTE });
    const answers = [await deliver('square', square(old), now), await deliver('toast', toast(future), now)];
    expect(answers).toEqual([
      { accepted: true, duplicate: false, stale: true, queued: 0, runs: [] },
      { accepted: true, duplicate: false, stale: true, queued: 0, runs: [] },
    ]);
    expect([await staleCount('square'), await staleCount('toast')]).toEqual([before[0] + 1, before[1] + 1]);
    expect((await runsOf(location)).length + (await runsOf(restaurant)).length).toBe(runs);
    expect((await eventRecord('square', old.event_id)).exists).toBe(false);
    expect((await eventRecord('toast', future.guid)).exists).toBe(false);
  });

  it('refuses a signed body that is not the documented payload (400 WEBHOOK_MALFORMED)', async () => {
    const { event_id: _, ...noId } = timecardEvent();
    await expect(deliver('square', square(noId as SquareEventPayload))).rejects.toMatchObject({
      code: 'WEBHOOK_MALFORMED',
      status: 400,
    });
    const contradicted = toast(orderUpdated());
    contradicted.headers['Toast-Restaurant-External-ID'] = randomUUID();
    await expect(deliver('toast', contradicted)).rejects.toMatchObject({ code: 'WEBHOOK_MALFORMED', status: 400 });
  });

  it('answers 404 for a vendor that sends no webhooks here, and 503 while our key is not configured', async () => {
    await expect(deliver('spoton', square(timecardEvent()))).rejects.toMatchObject({
      code: 'POS_VENDOR_NOT_FOUND',
      status: 404,
    });
    const keys = process.env.POS_WEBHOOK_KEYS;
    process.env.POS_WEBHOOK_KEYS = JSON.stringify({ square: KEYS.square });
    try {
      await expect(deliver('toast', toast(orderUpdated()))).rejects.toMatchObject({
        code: 'WEBHOOK_NOT_CONFIGURED',
        status: 503,
      });
    } finally {
      process.env.POS_WEBHOOK_KEYS = keys;
    }
  });
});

describe('record, answer, then work', () => {
  it('answers once the event is recorded and queued: no run exists until the queue task does the work, once', async () => {
    // a location connection of its own, with no open run (a run already open would only be marked for a follow-up)
    const ownLocation = `LWQ${TAG}`;
    const own = await seedConnection('square_api_key', ownLocation, `MWQ${TAG}`);
    const before = (await runsOf(own)).length;
    const signed = square(
      squareEvent({
        type: 'labor.timecard.updated',
        merchantId: `MWQ${TAG}`,
        dataType: 'timecard',
        entity: {
          id: `TCWQ${TAG}`,
          location_id: ownLocation,
          team_member_id: 'TMsim01',
          start_at: new Date().toISOString(),
        },
      }),
    );
    const event = JSON.parse(signed.body.toString('utf8')) as SquareEventPayload;
    const answer = await receiveWebhook({ vendor: 'square', rawBody: signed.body, headers: signed.headers });
    expect(answer).toEqual({
      accepted: true,
      duplicate: false,
      stale: false,
      queued: [{ eventKey: `square~${event.event_id}` }],
    });
    // the answer did no lookup and asked for no sync: the event is recorded, pending, for the task
    expect(await runsOf(own)).toHaveLength(before);
    expect((await eventRecord('square', event.event_id)).data()).toMatchObject({
      pending: true,
      streams: ['punches'],
      deletions: [],
    });
    const runs = await processWebhookEvent(answer.queued[0]);
    expect(mine(runs, own)).toHaveLength(1);
    expect(await runsOf(own)).toHaveLength(before + 1);
    // Cloud Tasks may deliver a task twice: the second finds the work done and asks for nothing more
    expect(await processWebhookEvent(answer.queued[0])).toEqual(runs);
    expect(await runsOf(own)).toHaveLength(before + 1);
    expect((await eventRecord('square', event.event_id)).data()).toMatchObject({ pending: false });
  });

  it("records Square's labor.timecard.deleted (its data only the id) as a deletion for every connection of the merchant, before their punches sync", async () => {
    const deleted = squareDeletedEvent({
      type: 'labor.timecard.deleted',
      merchantId: MERCHANT,
      dataType: 'timecard',
      id: `TCDEL${TAG}`,
    });
    const result = await deliver('square', square(deleted));
    expect(mine(result.runs, location, merchant)).toHaveLength(2);
    for (const co of [location, merchant]) {
      const pending = await db().collection('companies').doc(co.companyId).collection('posDeletions').get();
      expect(pending.docs.map((d) => d.data())).toContainEqual(
        expect.objectContaining({
          stream: 'punches',
          vendorId: `TCDEL${TAG}`,
          deletedAt: Date.parse(deleted.created_at),
          eventKey: `square~${deleted.event_id}`,
        }),
      );
      const [run] = (await runsOf(co)).filter((r) => result.runs.some((x) => x.runId === r.id));
      expect(run).toMatchObject({ trigger: 'webhook' });
    }
  });

  it('refuses a deletion event that names no id (400 WEBHOOK_MALFORMED), writing nothing', async () => {
    const deleted = squareDeletedEvent({
      type: 'labor.timecard.deleted',
      merchantId: MERCHANT,
      dataType: 'timecard',
      id: '',
    });
    await expect(deliver('square', square(deleted))).rejects.toMatchObject({ code: 'WEBHOOK_MALFORMED', status: 400 });
    expect((await eventRecord('square', deleted.event_id)).exists).toBe(false);
  });
});

describe('logs', () => {
  it('records each refusal with its reason, each stale event acknowledged, and never a key or a signature', () => {
    const refusals = logs.lines.filter((l) => l.includes('webhook refused'));
    expect(refusals.some((l) => l.includes('"reason":"forged"'))).toBe(true);
    expect(logs.lines.some((l) => l.includes('webhook stale: acknowledged'))).toBe(true);
    const text = logs.lines.join('\n');
    for (const secret of [...Object.values(KEYS), ...signatures]) expect(text).not.toContain(secret);
  });
});
