import functionsTest from 'firebase-functions-test';
import { api } from '../../helpers/api';
import { createCompany, type TestCompany } from '../../helpers/fixtures';
import { startVendors } from '../../helpers/integrations';
import { bearer } from '../../helpers/users';
import { db } from '../../../src/core/firebase';
import * as functions from '../../../src/index';
import type { PosEmployee, PosPunch, PosSale } from '../../../src/pos/connectors';
import { matchingEmployee } from '../../../dev/vendors/accounts';
import { SIMULATED, type RunningVendorSimulator } from '../../../dev/vendors/server';

/**
 * The month fidelity harness of a POS source: a company connected to the vendor's simulator, a
 * sync after each simulated day's changes (voids, reopens, late fixes: applied to the simulator
 * when the day comes, modified at that moment as the vendor would show them), and every stored
 * figure compared with what the simulator's data says: each sale's net, card and cash tips,
 * service charges and gratuities and whether it was taken back, the day totals of those, and each
 * punch's times (hence the hours). Then a rerun (nothing changes) and a run that fails midway
 * (a malformed page) followed by one that completes.
 */

export const DAY = 86_400_000;
export type MonthSlug = 'clover' | 'revel' | 'lightspeed' | 'spoton' | 'toast' | 'square_api_key';

export interface MonthVendor {
  slug: MonthSlug;
  oauth: boolean;
  truth(): { employees: PosEmployee[]; punches: PosPunch[]; sales: PosSale[] };
  /** The POS roster carries no email or phone (Lightspeed's POS users): a manager links each employee by hand first. */
  linkByHand?: boolean;
  /** Applies day `d`'s changes to the simulator now; answers what it did, for the failure message. */
  changeDay(d: number): string[];
}

const fft = functionsTest({ projectId: process.env.GCLOUD_PROJECT });
const runTask = fft.wrap((functions as unknown as Record<string, never>).posSyncRun) as unknown as (req: {
  data: unknown;
}) => Promise<void>;

export const monthHarness = () => {
  const saved = { ...process.env };
  const state: { sim?: RunningVendorSimulator } = {};
  return {
    async start(): Promise<RunningVendorSimulator> {
      Object.assign(process.env, { POS_SYNC_INITIAL_DAYS: '45', POS_SYNC_RETRY_BASE_MS: '20' });
      state.sim = await startVendors();
      return state.sim;
    },
    async stop(): Promise<void> {
      fft.cleanup();
      await state.sim?.close();
      process.env = saved;
    },
  };
};

const companyDoc = (co: TestCompany) => db().collection('companies').doc(co.companyId);

/** A company whose employees match the simulator's roster (the roster sync links them), connected to the source. */
export async function connectedCompany(v: MonthVendor): Promise<TestCompany> {
  const co = await createCompany({ profile: { timezone: 'America/New_York' } });
  const batch = db().batch();
  for (const e of v.truth().employees)
    batch.set(companyDoc(co).collection('employees').doc(`emp-${e.vendorId}`), matchingEmployee(e));
  await batch.commit();
  const engine = api('integrationEngine');
  if (v.oauth) {
    const start = await engine.post('/connections').query({ companyId: co.companyId }).set(bearer(co.owner)).send({
      slug: v.slug,
    });
    const consent = await fetch(start.body.data.authorization.url, { redirect: 'manual' });
    const back = new URL(consent.headers.get('location')!);
    const done = await engine
      .post('/oauth/complete')
      .query({ companyId: co.companyId })
      .set(bearer(co.owner))
      .send({ callback: Object.fromEntries(back.searchParams) });
    expect(done.status).toBe(200);
  } else {
    const res = await engine
      .post('/connections')
      .query({ companyId: co.companyId })
      .set(bearer(co.owner))
      .send({ slug: v.slug, credentials: SIMULATED[v.slug as 'revel' | 'spoton' | 'toast' | 'square_api_key'] });
    expect(res.status).toBe(201);
  }
  return co;
}

/** One incremental run of every stream, through the sync service and the posSyncRun task; its run document. */
export async function syncAll(v: MonthVendor, co: TestCompany, streams = ['roster', 'punches', 'sales']) {
  const res = await api('posSyncService')
    .post(`/sync/${v.slug}/${co.companyId}`)
    .set(bearer(co.manager))
    .send({ streams });
  expect(res.status).toBe(201);
  const runId: string = res.body.data.runs[0].id;
  await runTask({ data: { companyId: co.companyId, runId } });
  return (await companyDoc(co).collection('syncRuns').doc(runId).get()).data()!;
}

const figures = (s: PosSale) => ({
  amount: s.amount,
  tips: s.tips,
  cashTips: s.cashTips,
  gratuities: s.gratuities ?? 0,
  serviceCharges: s.serviceCharges ?? 0,
  tipFees: s.tipFees ?? 0,
  voided: s.voided ?? false,
});

/** Sums of the figures per day (UTC) of the sales that stand. */
function dayTotals(sales: PosSale[]): Record<string, Record<string, number>> {
  const out: Record<string, Record<string, number>> = {};
  for (const s of sales) {
    if (s.voided) continue;
    const day = new Date(s.closedAt).toISOString().slice(0, 10);
    const t = (out[day] ??= { amount: 0, tips: 0, cashTips: 0, gratuities: 0, serviceCharges: 0, tipFees: 0 });
    for (const k of Object.keys(t)) t[k] += figures(s)[k as keyof ReturnType<typeof figures>] as number;
  }
  return out;
}

/** Every stored sale and punch of the source equals the simulator's data, record by record and day by day. */
export async function expectStoredEqualsTruth(v: MonthVendor, co: TestCompany, day: string): Promise<void> {
  const truth = v.truth();
  const invoices = (await companyDoc(co).collection('invoices').where('posSource', '==', v.slug).get()).docs.map((d) =>
    d.data(),
  );
  const stored: PosSale[] = invoices.map((i) => ({ ...(i.pos as PosSale), amount: i.amount, tips: i.tips }));
  const mine = new Map(stored.map((s) => [s.vendorId, figures(s)]));
  expect({ day, ids: [...mine.keys()].sort() }).toEqual({ day, ids: truth.sales.map((s) => s.vendorId).sort() });
  // a sale taken back counts nowhere: its figures are whatever was stored, its flag says it
  const compared = (f: ReturnType<typeof figures> | undefined) => (f?.voided ? { voided: true } : f);
  for (const s of truth.sales)
    expect({ day, id: s.vendorId, ...compared(mine.get(s.vendorId)) }).toEqual({
      day,
      id: s.vendorId,
      ...compared(figures(s)),
    });
  expect({ day, totals: dayTotals(stored) }).toEqual({ day, totals: dayTotals(truth.sales) });

  const punches = (await companyDoc(co).collection('punches').get()).docs
    .map((d) => d.data())
    .filter((p) => p.vendor?.slug === v.slug);
  const live = truth.punches.filter((p) => !p.deleted);
  const byId = new Map(punches.map((p) => [p.vendor.externalId as string, p]));
  expect({ day, ids: [...byId.keys()].sort() }).toEqual({ day, ids: live.map((p) => p.vendorId).sort() });
  for (const p of live)
    expect({
      day,
      id: p.vendorId,
      in: byId.get(p.vendorId)?.clockInAt,
      out: byId.get(p.vendorId)?.clockOutAt ?? null,
    }).toEqual({
      day,
      id: p.vendorId,
      in: p.clockInAt,
      out: p.clockOutAt,
    });
}

/**
 * GET /tips over the month equals the simulator's data per employee: card tips, cash tips entered,
 * gratuities and service charges of the sales that stand. Cash tips declared on punches are not
 * compared yet: the punches sink does not hand them to the sales module (GET /tips answers 0).
 */
export async function expectTipsEqualTruth(v: MonthVendor, co: TestCompany, day: string): Promise<void> {
  const truth = v.truth();
  const known = new Set(truth.employees.map((e) => e.vendorId));
  const who = (vendorId: string | null) => (vendorId && known.has(vendorId) ? `emp-${vendorId}` : null);
  type Kinds = { cardTips: number; cashTips: number; gratuities: number; serviceCharges: number };
  const expected = new Map<string | null, Kinds>();
  const add = (id: string | null, k: Partial<Kinds>) => {
    const t = expected.get(id) ?? { cardTips: 0, cashTips: 0, gratuities: 0, serviceCharges: 0 };
    for (const [key, n] of Object.entries(k)) t[key as keyof Kinds] += n;
    expected.set(id, t);
  };
  for (const s of truth.sales.filter((x) => !x.voided))
    add(who(s.employeeVendorId), {
      cardTips: s.tips - s.cashTips,
      cashTips: s.cashTips,
      gratuities: s.gratuities ?? 0,
      serviceCharges: s.serviceCharges ?? 0,
    });
  const today = new Date().toISOString().slice(0, 10);
  const res = await api('posSync')
    .get('/tips')
    .query({
      companyId: co.companyId,
      startDate: new Date(Date.now() - 60 * DAY).toISOString().slice(0, 10),
      endDate: today,
    })
    .set(bearer(co.owner));
  expect(res.status).toBe(200);
  const got = new Map<string | null, Kinds>(
    (res.body.data.employees as (Kinds & { employeeId: string | null })[]).map((e) => [
      e.employeeId,
      {
        cardTips: e.cardTips,
        cashTips: e.cashTips,
        gratuities: e.gratuities,
        serviceCharges: e.serviceCharges,
      },
    ]),
  );
  const nonZero = (m: Map<string | null, Kinds>) =>
    Object.fromEntries(
      [...m].filter(([, k]) => Object.values(k).some((n) => n !== 0)).map(([id, k]) => [String(id), k]),
    );
  expect({ day, tips: nonZero(got) }).toEqual({ day, tips: nonZero(expected) });
}

/** The month: a sync after each day's changes, then a rerun, then a run failing midway and the one after it. */
/** A roster sync, then each POS employee linked by the manager to the company's employee seeded for them. */
async function linkByHand(v: MonthVendor, co: TestCompany): Promise<void> {
  const res = await api('posSyncService')
    .post(`/sync/${v.slug}/${co.companyId}`)
    .set(bearer(co.manager))
    .send({ streams: ['roster'] });
  expect(res.status).toBe(201);
  await runTask({ data: { companyId: co.companyId, runId: res.body.data.runs[0].id } });
  const list = await api('posSync')
    .get('/pos-employees')
    .query({ companyId: co.companyId, limit: 200 })
    .set(bearer(co.manager));
  expect(list.status).toBe(200);
  const pos: { id: string; vendorId: string }[] = list.body.data.posEmployees;
  expect(pos.length).toBe(v.truth().employees.length);
  for (const p of pos) {
    const linked = await api('posSync')
      .post(`/pos-employees/${encodeURIComponent(p.id)}/link`)
      .query({ companyId: co.companyId })
      .set(bearer(co.manager))
      .send({ employeeId: `emp-${p.vendorId}` });
    expect(linked.status).toBe(200);
  }
}

export async function runMonth(v: MonthVendor, sim: RunningVendorSimulator, days: number): Promise<TestCompany> {
  const co = await connectedCompany(v);
  if (v.linkByHand) await linkByHand(v, co);
  for (let d = 0; d < days; d++) {
    const did = v.changeDay(d);
    const run = await syncAll(v, co);
    expect({ d, did, status: run.status, error: run.error }).toEqual({ d, did, status: 'succeeded', error: null });
    await expectStoredEqualsTruth(v, co, `day ${d}: ${did.join('; ')}`);
    if (d % 10 === 9) await expectTipsEqualTruth(v, co, `day ${d}`);
  }
  const rerun = await syncAll(v, co);
  expect(rerun.status).toBe('succeeded');
  for (const stream of ['punches', 'sales'])
    expect({ stream, ...rerun.counts[stream] }).toMatchObject({ stream, created: 0, updated: 0, failed: 0 });
  await expectStoredEqualsTruth(v, co, 'rerun');

  const did = v.changeDay(days);
  sim.state.malformPage(v.slug, { after: 2 });
  const failed = await syncAll(v, co);
  expect(failed).toMatchObject({ status: 'failed', error: { code: 'VENDOR_MALFORMED_PAGE' } });
  const after = await syncAll(v, co);
  expect(after.status).toBe('succeeded');
  await expectStoredEqualsTruth(v, co, `after a failed run: ${did.join('; ')}`);
  await expectTipsEqualTruth(v, co, 'after a failed run');
  return co;
}

/** The stored sales of the source as their vendor records (the invoice's figures). */
export async function storedSales(v: MonthVendor, co: TestCompany): Promise<PosSale[]> {
  return (await companyDoc(co).collection('invoices').where('posSource', '==', v.slug).get()).docs.map((d) => {
    const i = d.data();
    return { ...(i.pos as PosSale), amount: i.amount, tips: i.tips };
  });
}

/** The cash tips declared on the punches that stand, in GET /tips over the whole month, equal the simulator's. */
export async function declaredTipsEqualTruth(v: MonthVendor, co: TestCompany): Promise<void> {
  const expected = v
    .truth()
    .punches.filter((p) => !p.deleted)
    .reduce((n, p) => n + (p.declaredCashTips ?? 0), 0);
  const res = await api('posSync')
    .get('/tips')
    .query({
      companyId: co.companyId,
      startDate: new Date(Date.now() - 60 * DAY).toISOString().slice(0, 10),
      endDate: new Date().toISOString().slice(0, 10),
    })
    .set(bearer(co.owner));
  expect(res.status).toBe(200);
  const got = (res.body.data.employees as { declaredCashTips: number }[]).reduce((n, e) => n + e.declaredCashTips, 0);
  expect(expected).toBeGreaterThan(0);
  expect({ declaredCashTips: got }).toEqual({ declaredCashTips: expected });
}

/** The vendor ids of the source's punches in attendance. */
export async function storedPunchIds(v: MonthVendor, co: TestCompany): Promise<string[]> {
  return (await companyDoc(co).collection('punches').get()).docs
    .map((d) => d.data())
    .filter((p) => p.vendor?.slug === v.slug)
    .map((p) => p.vendor.externalId as string)
    .sort();
}

/**
 * A vendor whose deleted shifts are only absent from its answers: a shift deleted, then a punches
 * run whose read fails at page `after + 1` (malformed) deletes nothing, not even that shift (a
 * partial read proves no absence); the next run that reads whole takes it out.
 */
export async function expectPartialReadDeletesNothing(
  v: MonthVendor,
  co: TestCompany,
  sim: RunningVendorSimulator,
  deleteShift: () => string,
  after: number,
): Promise<void> {
  const before = await storedPunchIds(v, co);
  const gone = deleteShift();
  expect(before).toContain(gone);
  sim.state.malformPage(v.slug, { after });
  const failed = await syncAll(v, co, ['punches']);
  expect(failed).toMatchObject({ status: 'failed', error: { code: 'VENDOR_MALFORMED_PAGE' } });
  expect({ afterFailedRead: await storedPunchIds(v, co) }).toEqual({ afterFailedRead: before });
  const whole = await syncAll(v, co, ['punches']);
  expect(whole.status).toBe('succeeded');
  expect(await storedPunchIds(v, co)).toEqual(before.filter((id) => id !== gone));
  await expectStoredEqualsTruth(v, co, `after a failed read and a whole one: deleted ${gone}`);
}
