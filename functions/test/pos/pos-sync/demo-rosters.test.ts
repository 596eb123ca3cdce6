import demo from '../../../../emulator-data/demo.json';
import { writeRoster } from '../../../src/modules/pos-sync';
import { collect, pointedSimulator, streamsOf } from '../../helpers/streams';
import { leavingToTheSync } from '../../../dev/demo/seeds/sales';
import type { StoredInvoice } from '../../../src/modules/sales/repo';
import { configureCloverSim, cloverGroundTruth } from '../../../dev/vendors/clover';
import { configureToastSim, toastGroundTruth } from '../../../dev/vendors/toast';
import {
  SIMULATED,
  SIMULATED_DEMO_TRADING,
  SIMULATED_OAUTH_ACCOUNTS,
  SIMULATED_OAUTH_APPS,
  SIMULATED_STAFF,
  type RunningVendorSimulator,
} from '../../../dev/vendors/server';
import { addEmployee, listed, posCompany, posId } from './helpers';

/**
 * The demo's POS accounts against its companies (emulator-data/demo.json): the simulated Toast
 * restaurant (Harbor & Vine) and Clover merchant (Corner Café), configured as the local stack
 * configures them, read by the real connectors: their rosters link some of the demo's employees
 * automatically, those employees have punches and sales to sync, and the demo's seeded sales
 * leave the simulated days of the connected POS to the sync.
 */

const DAY = 86_400_000;
const TODAY = Math.floor(Date.now() / DAY) * DAY;
const CLOVER_TOKEN = 'SIMclvAT-demo-rosters-test-token-0123456789';
let sim: RunningVendorSimulator;

beforeAll(async () => {
  sim = await pointedSimulator();
});

afterAll(async () => sim.close());

const demoCompany = (id: string) => {
  const company = demo.companies.find((c) => c.id === id);
  if (!company) throw new Error(`no demo company ${id}`);
  return company;
};

async function rosterOf(vendor: 'toast' | 'clover') {
  if (vendor === 'toast') {
    const { days, toastOrdersPerDay } = SIMULATED_DEMO_TRADING;
    configureToastSim({ end: TODAY, days, ordersPerDay: toastOrdersPerDay });
    const auth = { accountId: SIMULATED.toast.restaurantGuid, credentials: { ...SIMULATED.toast } };
    return { pages: await collect(streamsOf('toast').roster(auth)), truth: toastGroundTruth() };
  }
  const { days, cloverOrdersPerDay } = SIMULATED_DEMO_TRADING;
  configureCloverSim({ end: TODAY, days, ordersPerDay: cloverOrdersPerDay, employees: 6, currency: 'GBP' });
  const merchant = SIMULATED_OAUTH_ACCOUNTS.clover.merchantId;
  const client = { clientId: SIMULATED_OAUTH_APPS.clover.clientId, account: merchant, scopes: [] };
  sim.state.issueToken('clover', 'access', CLOVER_TOKEN, client, 3600);
  const auth = { accountId: merchant, accessToken: CLOVER_TOKEN };
  return { pages: await collect(streamsOf('clover').roster(auth)), truth: cloverGroundTruth() };
}

describe('the demo’s POS accounts', () => {
  it.each([
    ['toast', 'harbor-vine'],
    ['clover', 'corner-cafe'],
  ] as const)(
    '%s: the roster links the demo employees it shares with %s, who have punches and sales to sync',
    async (vendor, companyId) => {
      const co = await posCompany();
      const byEmail = new Map<string, string>();
      for (const e of demoCompany(companyId).employees) {
        const email = 'email' in e ? e.email : undefined;
        const id = await addEmployee(co.companyId, { name: e.name, surname: e.surname, email: email ?? null });
        if (email) byEmail.set(email, id);
      }
      const { pages, truth } = await rosterOf(vendor);
      const target = { ...co.target, connectionId: `${vendor}~demo`, slug: vendor };
      for (const page of pages) await writeRoster(target, page);
      const rows = (await listed({ ...co, target })).posEmployees;
      const staff = SIMULATED_STAFF[vendor];
      const vendorIdOf = new Map(truth.employees.map((e) => [e.email, e.vendorId]));
      for (const member of staff) {
        const vendorId = vendorIdOf.get(member.email);
        expect(vendorId).toBeDefined();
        expect(rows.find((r) => r.id === posId({ ...co, target }, vendorId ?? ''))).toMatchObject({
          state: 'linked',
          employeeId: byEmail.get(member.email),
        });
        expect(truth.punches.some((p) => p.employeeVendorId === vendorId)).toBe(true);
      }
      const linkedIds = new Set(staff.map((m) => vendorIdOf.get(m.email)));
      expect(truth.sales.some((s) => linkedIds.has(s.employeeVendorId ?? ''))).toBe(true);
      // the rest of the roster is nobody the demo knows
      expect(rows.filter((r) => r.state === 'linked')).toHaveLength(staff.length);
      expect(rows.length).toBeGreaterThan(staff.length);
    },
  );

  it('leaves the days the connected POS trades to the sync, and keeps every other source and day', () => {
    const from = TODAY - SIMULATED_DEMO_TRADING.days * DAY;
    const invoice = (posSource: string, closedAt: number) => ({ posSource, closedAt }) as StoredInvoice;
    const seeded = [
      invoice('toast', from - DAY),
      invoice('toast', from),
      invoice('toast', TODAY - DAY),
      invoice('square', TODAY - DAY),
      invoice('csv', from + DAY),
    ];
    expect(leavingToTheSync(seeded, 'toast', from)).toEqual([seeded[0], seeded[3], seeded[4]]);
    expect(leavingToTheSync(seeded, undefined, from)).toEqual(seeded);
  });
});
