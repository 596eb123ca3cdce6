import type { z } from 'zod';
import {
  SYNC_STREAMS,
  connectBody,
  connectionIdParam,
  oauthCallbackQuery,
  runIdParam,
  runTask,
  runsCursor,
  runsQuery,
  syncBody,
} from '../../../../src/modules/integration-engine/schemas';
import {
  COUNTED_STATUSES,
  RESERVATION_STATUSES,
  coversQuery,
  partnerParams,
  partnerPushBody,
  reservationItem,
} from '../../../../src/modules/reservations/schemas';
import { accepts, refuses } from '../../../helpers/accepts';

const issues = (schema: z.ZodType, input: unknown) =>
  schema.safeParse(input).error?.issues.map((i) => ({ path: i.path, message: i.message })) ?? [];

const companyId = 'harbor-vine';
/** The catalogue of docs/INTEGRATIONS.md. */
const SLUGS = [
  'square',
  'square_api_key',
  'toast',
  'clover',
  'lightspeed',
  'revel',
  'spoton',
  'csv',
  'gusto',
  'adp',
  'paychex',
  'opentable',
  'resy',
  'sevenrooms',
];
const RESERVATION_PARTNERS = ['opentable', 'resy', 'sevenrooms'];
const T = 1_767_225_600_000;
const booking = { id: 'r-1', status: 'booked', partySize: 4, startsAt: '2026-12-04T20:30:00-05:00' };

describe('connecting', () => {
  it.each(SLUGS)('connects the catalogue entry %s', (slug) => {
    expect(accepts(connectBody, { slug })).toEqual({ slug });
  });

  it('carries credentials as text fields', () => {
    const credentials = { clientId: 'id', clientSecret: 'secret', restaurantGuid: 'guid' };
    expect(accepts(connectBody, { slug: 'toast', credentials })).toEqual({ slug: 'toast', credentials });
  });

  it.each([
    [{}],
    [{ slug: 'shopify' }],
    [{ slug: 'Toast' }],
    [{ slug: '' }],
    [{ slug: 'toast', credentials: { apiKey: 42 } }],
    [{ slug: 'toast', credentials: 'key' }],
    [{ slug: 'csv', account: 'x' }],
  ])('refuses %j', (body) => {
    expect(refuses(connectBody, body)).toBe(true);
  });
});

describe('connection and run ids in paths', () => {
  it('accept document ids such as slug~account', () => {
    expect(accepts(connectionIdParam, { connectionId: 'toast~guid-1' })).toEqual({ connectionId: 'toast~guid-1' });
    expect(accepts(runIdParam, { runId: 'run-1' })).toEqual({ runId: 'run-1' });
  });

  it('refuse empty and path-like ids', () => {
    for (const id of ['', 'a/b', '.', '__x__']) {
      expect(refuses(connectionIdParam, { connectionId: id })).toBe(true);
      expect(refuses(runIdParam, { runId: id })).toBe(true);
    }
  });
});

describe('the OAuth callback', () => {
  it('takes what the vendor sends, extra parameters included', () => {
    const q = { state: 's.k.h', code: 'c0de', merchant_id: 'M1', employee_id: 'E1', client_id: 'C1' };
    expect(accepts(oauthCallbackQuery, q)).toEqual(q);
    expect(accepts(oauthCallbackQuery, {})).toEqual({});
    expect(accepts(oauthCallbackQuery, { error: 'access_denied', error_description: 'The owner declined' })).toEqual({
      error: 'access_denied',
      error_description: 'The owner declined',
    });
  });

  it.each([
    ['state', 4096],
    ['code', 4096],
    ['error', 512],
    ['error_description', 2048],
    ['merchant_id', 4096],
  ])('accepts %s of up to %i characters and refuses one more', (field, max) => {
    expect(accepts(oauthCallbackQuery, { [field]: 'x'.repeat(max) })).toEqual({ [field]: 'x'.repeat(max) });
    expect(refuses(oauthCallbackQuery, { [field]: 'x'.repeat(max + 1) })).toBe(true);
  });

  it('refuses parameters that are not text', () => {
    expect(refuses(oauthCallbackQuery, { state: ['a', 'b'] })).toBe(true);
    expect(refuses(oauthCallbackQuery, { merchant_id: ['a', 'b'] })).toBe(true);
  });
});

describe('asking for a sync', () => {
  it('syncs every stream incrementally when nothing is sent', () => {
    expect(accepts(syncBody, undefined)).toEqual({});
    expect(accepts(syncBody, {})).toEqual({});
  });

  it.each(['roster', 'punches', 'sales', 'tips'])('syncs the stream %s', (stream) => {
    expect(accepts(syncBody, { streams: [stream] })).toEqual({ streams: [stream] });
  });

  it('knows the streams roster, punches, sales and tips', () => {
    expect([...SYNC_STREAMS].sort()).toEqual(['punches', 'roster', 'sales', 'tips']);
    expect(accepts(syncBody, { streams: ['roster', 'punches', 'sales', 'tips'] }).streams).toHaveLength(4);
  });

  it('refuses no streams, an unknown stream and unknown fields', () => {
    for (const body of [
      { streams: [] },
      { streams: ['reservations'] },
      { streams: ['Roster'] },
      { streams: 'sales' },
      { window: {} },
    ])
      expect(refuses(syncBody, body)).toBe(true);
  });

  it('backfills a window of business dates, one day or more', () => {
    expect(accepts(syncBody, { from: '2026-01-01', to: '2026-03-31' })).toEqual({
      from: '2026-01-01',
      to: '2026-03-31',
    });
    expect(accepts(syncBody, { from: '2026-03-31', to: '2026-03-31' })).toEqual({
      from: '2026-03-31',
      to: '2026-03-31',
    });
    expect(accepts(syncBody, { streams: ['sales'], from: '2025-12-31', to: '2026-01-01' })).toEqual({
      streams: ['sales'],
      from: '2025-12-31',
      to: '2026-01-01',
    });
  });

  it('refuses from without to, and to without from', () => {
    expect(issues(syncBody, { from: '2026-01-01' })).toEqual([{ path: ['to'], message: 'from and to go together' }]);
    expect(issues(syncBody, { to: '2026-01-01' })).toEqual([{ path: ['to'], message: 'from and to go together' }]);
  });

  it('refuses from after to', () => {
    expect(issues(syncBody, { from: '2026-01-02', to: '2026-01-01' })).toEqual([
      { path: ['to'], message: 'from must not be after to' },
    ]);
    expect(issues(syncBody, { from: '2027-01-01', to: '2026-12-31' })).toEqual([
      { path: ['to'], message: 'from must not be after to' },
    ]);
  });

  it('refuses dates that are not calendar dates', () => {
    expect(refuses(syncBody, { from: '2026-02-30', to: '2026-03-01' })).toBe(true);
    expect(refuses(syncBody, { from: '2026-01-01', to: '2026-1-31' })).toBe(true);
  });
});

describe('listing runs', () => {
  it('pages 20 runs by default', () => {
    expect(accepts(runsQuery, { companyId })).toEqual({ companyId, limit: 20 });
  });

  it('pages 1 to 100 runs, of one connection, from a cursor of its own (the last run id)', () => {
    expect(accepts(runsQuery, { companyId, limit: '1' }).limit).toBe(1);
    expect(
      accepts(runsQuery, { companyId, limit: '100', connectionId: 'toast~g', cursor: runsCursor.encode('run-1') }),
    ).toEqual({ companyId, limit: 100, connectionId: 'toast~g', cursor: 'run-1' });
  });

  it.each([
    [{ limit: '0' }],
    [{ limit: '101' }],
    [{ limit: '2.5' }],
    [{ limit: 'all' }],
    [{ cursor: 'not-a-cursor' }],
    [{ cursor: runsCursor.encode('a/b') }],
    [{ connectionId: '' }],
    [{ companyId: undefined }],
  ])('refuses %j', (over) => {
    expect(refuses(runsQuery, { companyId, ...over })).toBe(true);
  });
});

describe('the run task payload', () => {
  it('names the company and the run, nothing else', () => {
    expect(accepts(runTask, { companyId, runId: 'run-1' })).toEqual({ companyId, runId: 'run-1' });
    for (const body of [
      { companyId },
      { runId: 'run-1' },
      { companyId, runId: '' },
      { companyId, runId: 'run-1', attempt: 2 },
    ])
      expect(refuses(runTask, body)).toBe(true);
  });
});

describe('reservation partners', () => {
  it.each(RESERVATION_PARTNERS)('push to the partner %s', (slug) => {
    expect(accepts(partnerParams, { slug })).toEqual({ slug });
  });

  it.each(['toast', 'csv', 'gusto', 'square', 'thefork', ''])(
    'cannot push as %j, which is no reservation partner',
    (slug) => {
      expect(refuses(partnerParams, { slug })).toBe(true);
    },
  );

  it('push 1 to 500 reservations a call', () => {
    expect(accepts(partnerPushBody, { reservations: [booking] })).toEqual({ reservations: [booking] });
    expect(
      accepts(partnerPushBody, { reservations: Array.from({ length: 500 }, () => ({})) }).reservations,
    ).toHaveLength(500);
    for (const body of [
      { reservations: [] },
      { reservations: Array.from({ length: 501 }, () => ({})) },
      {},
      { reservations: [booking], partner: 'resy' },
    ])
      expect(refuses(partnerPushBody, body)).toBe(true);
  });
});

describe('a reservation item', () => {
  it('accepts the documented example', () => {
    expect(accepts(reservationItem, booking)).toEqual(booking);
  });

  it.each(['booked', 'confirmed', 'seated', 'completed', 'cancelled', 'no_show'])('has the status %s', (status) => {
    expect(accepts(reservationItem, { ...booking, status }).status).toBe(status);
  });

  it('counts covers for booked, confirmed, seated and completed reservations only', () => {
    expect([...RESERVATION_STATUSES].sort()).toEqual([
      'booked',
      'cancelled',
      'completed',
      'confirmed',
      'no_show',
      'seated',
    ]);
    expect([...COUNTED_STATUSES].sort()).toEqual(['booked', 'completed', 'confirmed', 'seated']);
  });

  it.each(['abc', 'ABC', '123', 'r.1', 'r_1', 'r:1', 'r-1', '.', '_', ':', '-', 'a'.repeat(128)])(
    'has the partner id %j',
    (id) => {
      expect(accepts(reservationItem, { ...booking, id }).id).toBe(id);
    },
  );

  it('refuses an empty partner id or one of more than 128 characters', () => {
    expect(refuses(reservationItem, { ...booking, id: '' })).toBe(true);
    expect(refuses(reservationItem, { ...booking, id: 'a'.repeat(129) })).toBe(true);
  });

  it.each(['r 1', 'r/1', 'r#1', 'ré', ' r1', 'r1 ', 'r1\n', '*'])(
    'refuses the partner id %j, saying which characters are allowed',
    (id) => {
      expect(issues(reservationItem, { ...booking, id })).toEqual([
        { path: ['id'], message: 'letters, digits and . _ : - only' },
      ]);
    },
  );

  it('has a party size of 1 to 1000', () => {
    for (const partySize of [1, 1000])
      expect(accepts(reservationItem, { ...booking, partySize }).partySize).toBe(partySize);
    for (const partySize of [0, 1001, 2.5, '4']) expect(refuses(reservationItem, { ...booking, partySize })).toBe(true);
  });

  it.each([[0], [T], [8.64e15], ['2026-12-04T20:30:00Z'], ['2026-12-04T20:30:00.123+01:00']])(
    'starts at %j (epoch ms or ISO 8601 with offset)',
    (startsAt) => {
      expect(accepts(reservationItem, { ...booking, startsAt }).startsAt).toBe(startsAt);
      expect(accepts(reservationItem, { ...booking, updatedAt: startsAt }).updatedAt).toBe(startsAt);
    },
  );

  it.each([[-1], [8.64e15 + 1], [T + 0.5], ['2026-12-04T20:30:00'], ['2026-12-04'], [String(T)], [null]])(
    'refuses the instant %j',
    (instant) => {
      expect(refuses(reservationItem, { ...booking, startsAt: instant })).toBe(true);
      expect(refuses(reservationItem, { ...booking, updatedAt: instant })).toBe(true);
    },
  );

  it.each(['id', 'status', 'partySize', 'startsAt'])('refuses a reservation without %s', (field) => {
    const item: Record<string, unknown> = { ...booking };
    delete item[field];
    expect(refuses(reservationItem, item)).toBe(true);
  });

  it('refuses an unknown status and unknown fields', () => {
    expect(refuses(reservationItem, { ...booking, status: 'no-show' })).toBe(true);
    expect(refuses(reservationItem, { ...booking, status: '' })).toBe(true);
    expect(refuses(reservationItem, { ...booking, guestName: 'Ann' })).toBe(true);
  });
});

describe('reserved covers', () => {
  it('need a company and a date range', () => {
    const q = { companyId, startDate: '2026-12-01', endDate: '2026-12-31' };
    expect(accepts(coversQuery, q)).toEqual(q);
    for (const over of [
      { startDate: undefined },
      { endDate: undefined },
      { endDate: '2026-12-32' },
      { startDate: '12/01/2026' },
    ])
      expect(refuses(coversQuery, { ...q, ...over })).toBe(true);
  });
});
