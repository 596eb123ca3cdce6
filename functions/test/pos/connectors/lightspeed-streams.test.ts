import { byId, collect, failureOf, pointedSimulator, streamsOf } from '../../helpers/streams';
import type { StreamAuth } from '../../../src/pos/connectors/types';
import { lightspeedMinorUnits } from '../../../src/pos/connectors/vendors/lightspeed-records';
import { SIMULATED_OAUTH_ACCOUNTS, SIMULATED_OAUTH_APPS } from '../../../dev/vendors/accounts';
import {
  configureLightspeedSim,
  deleteLightspeedShift,
  fixLightspeedShift,
  lightspeedGroundTruth,
  lightspeedSimData,
} from '../../../dev/vendors/lightspeed';
import type { RunningVendorSimulator } from '../../../dev/vendors/server';

/**
 * The Lightspeed K-Series data streams (Staff API roster and shifts, Financial V2 sales) over HTTP
 * against the simulator's seeded business location, whose records are the ground truth here.
 */

const DAY = 86_400_000;
const LOCATION = String(SIMULATED_OAUTH_ACCOUNTS.lightspeed.location.blID);
const TOKEN = 'SIMlsk.streams-test-token-0123456789abcdef';
let sim: RunningVendorSimulator;
const auth: StreamAuth = { accountId: LOCATION, accessToken: TOKEN };
const streams = () => streamsOf('lightspeed');

beforeAll(async () => {
  sim = await pointedSimulator();
});

beforeEach(() => {
  configureLightspeedSim({ days: 20, ordersPerDay: 30, employees: 12 });
  sim.state.issueToken(
    'lightspeed',
    'access',
    TOKEN,
    {
      clientId: SIMULATED_OAUTH_APPS.lightspeed.clientId,
      account: LOCATION,
      scopes: ['financial-api', 'staff-api'],
    },
    3600,
  );
});

afterEach(() => sim.state.reset());
afterAll(async () => sim.close());

describe('lightspeed streams', () => {
  it('reads the POS staff of every location of the business, a user of several locations once', async () => {
    const pages = await collect(streams().roster(auth));
    expect(pages.length).toBe(2);
    expect(byId(pages.flat())).toEqual(byId(lightspeedGroundTruth().employees));
    const data = lightspeedSimData();
    expect(data.staff.some((s) => s.locations.length > 1)).toBe(true);
    expect(data.staff.some((s) => !s.locations.includes(Number(LOCATION)))).toBe(true);
  });

  it('reads the shifts and sales of every location, not only the linked one (issue 60, item 7)', async () => {
    const data = lightspeedSimData();
    const other = SIMULATED_OAUTH_ACCOUNTS.lightspeed.locations[1].blID;
    const shifts = (await collect(streams().punches(auth, { from: data.start, to: data.end }))).flat();
    const sales = (await collect(streams().sales(auth, { from: data.start, to: data.end }))).flat();
    const atOther = data.shifts.filter((s) => s.blId === other);
    expect(atOther.length).toBeGreaterThan(10);
    expect(atOther.every((s) => shifts.some((p) => p.vendorId === s.uuid))).toBe(true);
    const soldAtOther = data.sales.filter((s) => s.blId === other && s.type === 'SALE');
    expect(soldAtOther.length).toBeGreaterThan(50);
    expect(soldAtOther.every((s) => sales.some((x) => x.vendorId === s.accountFiscId))).toBe(true);
  });

  it('takes back the account a VOID or RECALL names (voided, its amounts), counts the re-closed account once, ignores a CANCEL of an input and voids a cancelled account', async () => {
    const data = lightspeedSimData();
    const got = (await collect(streams().sales(auth, { from: data.start, to: data.end }))).flat();
    const latest = new Map<string, (typeof got)[number]>();
    for (const s of got) if ((latest.get(s.vendorId)?.modifiedAt ?? -1) <= s.modifiedAt) latest.set(s.vendorId, s);
    for (const type of ['VOID', 'RECALL'] as const) {
      const records = data.sales.filter((s) => s.type === type);
      expect(records.length).toBeGreaterThan(3);
      for (const r of records) {
        const original = data.sales.find((s) => s.accountFiscId === r.previousAccountId)!;
        expect(latest.get(original.accountFiscId)).toMatchObject({
          voided: true,
          amount: lightspeedMinorUnits(original.lines, original.currency),
          tips: lightspeedMinorUnits(
            original.payments.map((p) => p.tip),
            original.currency,
          ),
        });
        expect(got.some((s) => s.vendorId === r.accountFiscId)).toBe(false);
      }
    }
    const reclosed = data.sales.filter((s) => s.type === 'SALE' && s.previousAccountId !== null);
    expect(reclosed.length).toBeGreaterThan(3);
    for (const s of reclosed) expect(got.filter((x) => x.vendorId === s.accountFiscId)).toHaveLength(1);
    const cancels = data.sales.filter((s) => s.type === 'CANCEL');
    expect(cancels.length).toBeGreaterThan(3);
    expect(got.some((s) => cancels.some((c) => c.accountFiscId === s.vendorId))).toBe(false);
    const cancelled = data.sales.filter((s) => s.type === 'SALE' && s.cancelled);
    expect(cancelled.length).toBeGreaterThan(3);
    for (const s of cancelled) expect(latest.get(s.accountFiscId)?.voided).toBe(true);
  });

  it("reads a shift's declaredCashTips as the punch's declared cash tips in minor units", async () => {
    const data = lightspeedSimData();
    const got = (await collect(streams().punches(auth, { from: data.start, to: data.end }))).flat();
    const shift = data.shifts.find((s) => s.declaredCashTips === '12.34') ?? data.shifts[0];
    shift.declaredCashTips = '12.34';
    const again = (await collect(streams().punches(auth, { from: data.start, to: data.end }))).flat();
    expect(again.find((p) => p.vendorId === shift.uuid)?.declaredCashTips).toBe(1234);
    const declared = got.filter((p) => (p.declaredCashTips ?? 0) > 0);
    expect(declared.length).toBeGreaterThan(20);
  });

  it('reads every shift clocked in or updated during a window with its newest clock-in and clock-out events', async () => {
    const data = lightspeedSimData();
    const from = data.start + 3 * DAY;
    const to = from + 10 * DAY;
    const got = (await collect(streams().punches(auth, { from, to }))).flat();
    const inWindow = (at: number) => at >= from && at < to;
    const expected = lightspeedGroundTruth().punches.filter((p) => inWindow(p.modifiedAt) || inWindow(p.clockInAt));
    expect(expected.length).toBeGreaterThan(40);
    expect(byId(got.filter((p) => expected.some((e) => e.vendorId === p.vendorId)))).toEqual(byId(expected));
    expect(got.every((p) => p.clockInAt >= from - 2 * DAY && p.clockInAt < to + 2 * DAY)).toBe(true);
    expect(data.shifts.some((s) => s.events.filter((e) => e.eventType === 'CLOCK_OUT').length > 1)).toBe(true);
  });

  it('reads the sales closed in a window through nextPageToken pages: refunds negative naming their sale, amounts exact', async () => {
    const data = lightspeedSimData();
    const pages = await collect(streams().sales(auth, { from: data.start, to: data.end }));
    expect(pages.length).toBeGreaterThan(3);
    const got = pages.flat();
    expect(byId(got)).toEqual(byId(lightspeedGroundTruth().saleRecords));
    expect(lightspeedGroundTruth().saleRecords.length).toBeGreaterThan(lightspeedGroundTruth().sales.length);
    expect(got.some((s) => s.refund && s.amount < 0 && s.refundOf !== null)).toBe(true);
  });

  it('rounds the sum of six-decimal lines half-even once, in the currency of the sale', () => {
    expect(lightspeedMinorUnits(['8.333333', '8.333333', '8.333334'], 'USD')).toBe(2500);
    expect(lightspeedMinorUnits(['0.125000'], 'USD')).toBe(12);
    expect(lightspeedMinorUnits(['0.135000'], 'USD')).toBe(14);
    expect(lightspeedMinorUnits(['-0.125000'], 'USD')).toBe(-12);
    expect(lightspeedMinorUnits(['1500.4'], 'JPY')).toBe(1500);
    expect(lightspeedMinorUnits(['12.5', null, '0.25'], 'EUR')).toBe(1275);
  });

  it('reads a sale served on two pages once per page (the engine keeps one) and a shift corrected while paging on the next read of its window', async () => {
    const data = lightspeedSimData();
    sim.state.duplicateAcrossPages('lightspeed', { after: 1 });
    const pages = await collect(streams().sales(auth, { from: data.start, to: data.end }));
    expect(pages[1][0].vendorId).toBe(pages[0][pages[0].length - 1].vendorId);

    sim.state.modifyAfterPage('lightspeed', { after: 0 });
    await collect(streams().punches(auth, { from: data.start, to: data.end }));
    const [modified] = sim.state.modifications.filter((m) => m.vendor === 'lightspeed');
    // corrected months after its clock-in: if the filter is by clock-in, only a read of its window finds it
    const again = (await collect(streams().punches(auth, { from: data.start, to: data.end }))).flat();
    expect(again.find((p) => p.vendorId === modified.id)).toEqual(
      lightspeedGroundTruth().punches.find((p) => p.vendorId === modified.id),
    );
  });

  it('reads incrementally the clock-out of a shift clocked in long before the window, and a shift still open', async () => {
    const data = lightspeedSimData();
    const shift = data.shifts.find((s) => s.events.some((e) => e.eventType === 'CLOCK_OUT'))!;
    const clockIn = Math.max(...shift.events.filter((e) => e.eventType === 'CLOCK_IN').map((e) => e.timestamp));
    const since = clockIn + 20 * 3_600_000;
    shift.events.push({ uuid: `${shift.uuid}-late`, timestamp: clockIn + 21 * 3_600_000, eventType: 'CLOCK_OUT' });
    shift.dateInUTC = since + 3_600_000;
    const open = data.shifts.find((s) => !s.events.some((e) => e.eventType === 'CLOCK_OUT') && s.dateInUTC >= since);
    const got = (await collect(streams().punches(auth, { modifiedSince: since }))).flat();
    expect(got.find((p) => p.vendorId === shift.uuid)?.clockOutAt).toBe(clockIn + 21 * 3_600_000);
    if (open) expect(got.some((p) => p.vendorId === open.uuid && p.clockOutAt === null)).toBe(true);
  });

  it('reads incrementally a shift a manager fixed ten days after its clock-in (the open pay period), with its new declared cash tips', async () => {
    const data = lightspeedSimData();
    const shift = data.shifts.find((s) => s.events.some((e) => e.eventType === 'CLOCK_OUT'))!;
    const clockIn = Math.max(...shift.events.filter((e) => e.eventType === 'CLOCK_IN').map((e) => e.timestamp));
    const since = clockIn + 10 * DAY;
    fixLightspeedShift(shift.uuid, since + 60_000, '7.25');
    const got = (await collect(streams().punches(auth, { modifiedSince: since }))).flat();
    expect(got.find((p) => p.vendorId === shift.uuid)).toEqual(
      lightspeedGroundTruth().punches.find((p) => p.vendorId === shift.uuid),
    );
    expect(got.find((p) => p.vendorId === shift.uuid)?.declaredCashTips).toBe(725);
  });

  describe('deleted shifts (found by their absence)', () => {
    const held = () => lightspeedGroundTruth().punches;
    const storedOf = (punches: ReturnType<typeof held>) => async (from: number, to: number) =>
      punches.filter((p) => p.clockInAt >= from && p.clockInAt < to);
    const closedShift = () => {
      const data = lightspeedSimData();
      return data.shifts.filter((s) => s.events.some((e) => e.eventType === 'CLOCK_OUT'))[40];
    };

    it('answers a shift deleted since it was stored as deleted after an incremental read of every location, and no other, even when a shift corrected while paging moved the others on their pages', async () => {
      // more than a page of shifts at the linked location
      const data = configureLightspeedSim({ days: 25, ordersPerDay: 5, employees: 30 });
      const stored = held();
      const gone = closedShift();
      deleteLightspeedShift(gone.uuid);
      // the first page's first shift is updated as it is served: the list is by update, every later shift moves back a place
      sim.state.modifyAfterPage('lightspeed', { after: 0 });
      const got = (
        await collect(streams().punches({ ...auth, storedPunches: storedOf(stored) }, { modifiedSince: data.end }))
      ).flat();
      expect(got.filter((p) => p.deleted).map((p) => p.vendorId)).toEqual([gone.uuid]);
      expect(got.find((p) => p.deleted)).toMatchObject({
        clockInAt: stored.find((p) => p.vendorId === gone.uuid)!.clockInAt,
      });
    });

    it('answers none over a backfill window (its endTime may cut a shift updated later)', async () => {
      const data = lightspeedSimData();
      const stored = held();
      deleteLightspeedShift(closedShift().uuid);
      const backfill = (
        await collect(
          streams().punches({ ...auth, storedPunches: storedOf(stored) }, { from: data.start, to: data.end }),
        )
      ).flat();
      expect(backfill.filter((p) => p.deleted)).toEqual([]);
    });

    it('answers none when a page of the read fails: a partial read proves no absence', async () => {
      const data = lightspeedSimData();
      const stored = held();
      deleteLightspeedShift(closedShift().uuid);
      const seen: boolean[] = [];
      sim.state.malformPage('lightspeed', { after: 1 });
      const err = await failureOf(
        (async () => {
          for await (const page of streams().punches(
            { ...auth, storedPunches: storedOf(stored) },
            { modifiedSince: data.end },
          ))
            seen.push(page.some((p) => p.deleted));
        })(),
      );
      expect(err).toMatchObject({ failure: 'invalid' });
      expect(seen).not.toContain(true);
    });
  });

  it('maps failures: a revoked token is rejected, 429 rate limited, a malformed page invalid, a range over 365 days invalid', async () => {
    const data = lightspeedSimData();
    sim.state.failNext('lightspeed', 429, { retryAfter: 3 });
    expect(await failureOf(collect(streams().roster(auth)))).toMatchObject({
      failure: 'rate_limited',
      retryAfterMs: 3000,
    });
    sim.state.malformPage('lightspeed');
    expect(await failureOf(collect(streams().sales(auth, { from: data.start, to: data.end })))).toMatchObject({
      failure: 'invalid',
    });
    expect(await failureOf(collect(streams().sales(auth, { from: data.end - 400 * DAY, to: data.end })))).toMatchObject(
      { failure: 'invalid', status: 400 },
    );
    sim.state.revoke(TOKEN);
    expect(await failureOf(collect(streams().punches(auth, { from: data.start, to: data.end })))).toMatchObject({
      failure: 'rejected',
      status: 401,
    });
  });
});
