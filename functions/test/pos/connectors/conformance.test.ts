import allowList from './vendor-specs/allow-list.json';
import knownMismatches from './vendor-specs/known-mismatches.json';
import { Checker, fieldsOf, loadSpec, type Problem } from './conformance/spec';
import { squareDeletedEvent, squareEvent, toastEvent } from '../../../dev/vendors/webhooks';
import { squareSimData } from '../../../dev/vendors/square';
import { renderToastOrder, toastSimData } from '../../../dev/vendors/toast';
import {
  driveConnector,
  recordingSimulator,
  type Exchange,
  type RecordingSimulator,
  type Vendor,
} from './conformance/traffic';

/**
 * Each connector against its vendor's published specification (test/connectors/vendor-specs):
 * the real connector runs its OAuth, verify and every stream against the vendor's simulator, and
 * every request it sends (path, method, query parameters, body fields, their types and enums) and
 * every answer the simulator serves are validated against the specification, strictly: a field the
 * specification does not name fails, unless allow-list.json names it with its evidence, or
 * known-mismatches.json lists it as one of the known mismatches being fixed.
 */

interface Excused {
  vendor: string;
  operation: string;
  where: string;
  field: string;
}

const SIMULATED_TOAST_GUID = 'a1b2c3d4-0000-4000-8000-000000000001';
const VENDORS: Vendor[] = ['square', 'toast', 'clover', 'lightspeed', 'revel', 'spoton'];

const matches = (e: Excused, vendor: string, p: Problem) =>
  e.vendor === vendor &&
  (e.operation === '*' || e.operation === p.operation) &&
  e.where === p.where &&
  (e.field === p.field ||
    (e.field.startsWith('*.') && (p.field === e.field.slice(2) || p.field.endsWith(e.field.slice(1)))));

const keyOf = (p: Problem) => `${p.operation} ${p.where} ${p.field}: ${p.message}`;

/** One line per operation: how often it was called and the fields checked, request and answer. */
function report(vendor: Vendor, checker: Checker, exchanges: Exchange[]): string {
  const ops = new Map<string, { calls: number; query: Set<string>; body: Set<string>; response: Set<string> }>();
  for (const ex of exchanges) {
    const key = checker.operationOf(ex)?.op.key ?? `${ex.method} ${ex.path} (not in the specification)`;
    const op = ops.get(key) ?? { calls: 0, query: new Set(), body: new Set(), response: new Set() };
    op.calls += 1;
    Object.keys(ex.query).forEach((q) => op.query.add(q));
    fieldsOf(ex.body, '', op.body);
    if (ex.status < 300) fieldsOf(ex.response, '', op.response);
    ops.set(key, op);
  }
  const list = (s: Set<string>) => (s.size ? [...s].sort().join(', ') : '-');
  const lines = [...ops].map(
    ([key, op]) =>
      `  ${key} x${op.calls}\n    query: ${list(op.query)}\n    body: ${list(op.body)}\n    answer (${op.response.size} fields): ${list(op.response)}`,
  );
  const fields = [...ops.values()].reduce((n, op) => n + op.query.size + op.body.size + op.response.size, 0);
  return `${vendor}: ${ops.size} operations, ${fields} fields checked against ${checker.spec.source}\n${lines.join('\n')}`;
}

let sim: RecordingSimulator;
/** The answer fields each vendor's simulator served in the drive (what the money test below looks for). */
const served = new Map<Vendor, Set<string>>();

beforeAll(async () => {
  sim = await recordingSimulator();
});

afterAll(async () => sim.close());

describe('the connectors and the simulators against the vendors’ specifications', () => {
  it.each(VENDORS)(
    '%s: every request the connector sends and every answer the simulator serves is in the specification',
    async (vendor) => {
      await driveConnector(vendor);
      const exchanges = sim.take(vendor);
      const fields = new Set<string>();
      for (const ex of exchanges) if (ex.status < 300) fieldsOf(ex.response, '', fields);
      served.set(vendor, fields);
      const checker = new Checker(loadSpec(vendor));
      const problems = new Map<string, Problem>();
      for (const ex of exchanges) for (const p of checker.check(ex).problems) problems.set(keyOf(p), p);
      const known = [...problems].filter(([, p]) => knownMismatches.some((k) => matches(k, vendor, p)));
      const allowed = [...problems].filter(([, p]) => allowList.some((a) => matches(a, vendor, p)));
      const unexplained = [...problems.keys()].filter(
        (k) => !known.some(([key]) => key === k) && !allowed.some(([key]) => key === k),
      );
      const stale = [...knownMismatches, ...allowList].filter(
        (e) => e.vendor === vendor && ![...problems.values()].some((p) => matches(e, vendor, p)),
      );
      console.log(
        [
          report(vendor, checker, exchanges),
          `  allowed with evidence: ${allowed.length}; known mismatches (being fixed): ${known.map(([k]) => k).join(' | ') || '-'}`,
          stale.length
            ? `  entries no longer needed: ${stale.map((e) => `${e.operation} ${e.where} ${e.field}`).join(', ')}`
            : '',
        ].join('\n'),
      );
      expect(exchanges.length).toBeGreaterThan(5);
      expect(unexplained).toEqual([]);
    },
    60_000,
  );

  it.each([
    [
      'square',
      [
        'orders[].service_charges[].type',
        'orders[].service_charges[].total_money.amount',
        'orders[].service_charges[].total_tax_money.amount',
        'timecards[].declared_cash_tip_money.amount',
      ],
    ],
    [
      'toast',
      [
        '[].checks[].appliedServiceCharges[].gratuity',
        '[].checks[].appliedServiceCharges[].chargeAmount',
        '[].checks[].voided',
        '[].checks[].voidDate',
        '[].checks[].paymentStatus',
        '[].declaredCashTips',
      ],
    ],
  ] as [Vendor, string[]][])(
    '%s: the money fields the connector reads (voids, gratuities, declared cash tips) were served and checked above',
    (vendor, fields) => {
      expect([...(served.get(vendor) ?? [])]).toEqual(expect.arrayContaining(fields));
    },
  );

  it('the webhook payloads the tests sign (Square events, Toast orders messages) are the documented ones', () => {
    const post = (path: string, body: unknown): Exchange => ({
      method: 'POST',
      path,
      query: {},
      headers: {},
      body,
      contentType: 'application/json',
      status: 200,
      response: undefined,
    });
    const data = squareSimData();
    const timecard = data.timecards.find((t) => t.declared_cash_tip_money)!;
    const order = data.orders.order(0);
    const square = [
      squareEvent({ type: 'labor.timecard.updated', merchantId: 'M1', dataType: 'timecard', entity: { ...timecard } }),
      squareDeletedEvent({ type: 'labor.timecard.deleted', merchantId: 'M1', dataType: 'timecard', id: timecard.id }),
      squareEvent({
        type: 'team_member.updated',
        merchantId: 'M1',
        dataType: 'team_member',
        entity: { ...data.teamMembers[0] },
      }),
      squareEvent({
        type: 'order.updated',
        merchantId: 'M1',
        dataType: 'order',
        objectKey: 'order_updated',
        entity: {
          order_id: order.id,
          version: order.version,
          location_id: order.location_id,
          state: order.state,
          created_at: order.created_at,
          updated_at: order.updated_at,
        },
      }),
    ];
    const toast = [
      toastEvent({
        eventType: 'order_updated',
        restaurantGuid: SIMULATED_TOAST_GUID,
        details: { order: renderToastOrder(toastSimData().orders.find((o) => o.checks[0].serviceCharges.length)!) },
      }),
    ];
    const problems = [
      ...square.flatMap((e) => new Checker(loadSpec('square')).check(post('/webhooks/square', e)).problems),
      ...toast.flatMap((e) => new Checker(loadSpec('toast')).check(post('/webhooks/toast', e)).problems),
    ].map(keyOf);
    expect(problems).toEqual([]);
    // and the checker does hold them to it
    const renamed = { ...square[1], data: { ...square[1].data, removed: true } };
    expect(new Checker(loadSpec('square')).check(post('/webhooks/square', renamed)).problems.length).toBeGreaterThan(0);
  });

  it('fails a field the specification does not name, and a value of the wrong type', () => {
    const checker = new Checker(loadSpec('toast'));
    const exchange: Exchange = {
      method: 'GET',
      path: '/labor/v1/timeEntries',
      query: { startDate: ['2026-01-01T00:00:00.000+0000'], endDate: ['2026-01-02T00:00:00.000+0000'] },
      headers: { 'toast-restaurant-external-id': 'r' },
      body: undefined,
      contentType: undefined,
      status: 200,
      response: [{ guid: 'a', inDate: '2026-01-01T09:00:00.000+0000', clockInAt: 'renamed', deleted: 'no' }],
    };
    const problems = checker.check(exchange).problems.map((p) => `${p.where} ${p.field}`);
    expect(problems).toEqual(expect.arrayContaining(['response [].clockInAt', 'response [].deleted']));
  });
});
