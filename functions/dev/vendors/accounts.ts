/**
 * The accounts and credentials the local vendor simulators accept (dev/vendors/server.ts).
 * Every value is shaped like the vendor's own (Square's sq0idp-/EAAA prefixes, Toast GUIDs, Clover's
 * 13-character merchant ids ...) but says "SIM"/"sim" so nobody mistakes it for a real one.
 * Credentials (keys, secrets, client ids) are at least 16 characters; account ids follow the
 * vendor's format (a Revel establishment id is at most 12 digits, a Clover merchant id 13 characters).
 */

/** Credentials of the api_key / client_credentials sources, by catalogue slug and field name. */
export const SIMULATED = {
  square_api_key: {
    accessToken: 'EAAAlSIMULATEDpat0b6e9c2d4f7a1358e2c9d0b4a6f3e7c1',
    locationId: 'LSIMULATEDMAIN01',
  },
  toast: {
    clientId: 'SIMtoastClient7c4e2a9f1b6d3e80',
    clientSecret: 'sim-toast-secret_b71e4d09c2a85f36e1d7a4c9b2e06f58',
    restaurantGuid: '5e1c7a3b-9d24-4f6e-8b10-2c4d6e8fa0b1',
  },
  revel: {
    domain: 'simulated-bistro',
    apiKey: 'simrevelkey41b8e2c7d9a06f35',
    apiSecret: 'simrevelsecret6f2d9c18a4b7e3f0c5d1a8e2b9f4c7d0',
    establishmentId: '900000000017',
  },
  spoton: {
    apiKey: 'sim-spoton-key-8a3f6c1e9d2b7450e1f3a6c8d9b2e4f7',
    locationId: 'sim-location-0001-main',
  },
} as const;

/** The display names of the accounts above, as the vendors answer them. */
export const SIMULATED_NAMES = {
  square_api_key: 'Simulated Square Café - Main Street',
  toast: 'Simulated Toast Tavern',
  toastLocation: 'Harbour Front',
  revel: 'Simulated Revel Bistro',
  spoton: 'Simulated SpotOn Smokehouse',
} as const;

/**
 * Accounts that exist at the vendor but that the credentials above do not reach: a Toast
 * restaurant that has not connected our API client (403) and a SpotOn location of another key (403).
 */
export const SIMULATED_UNREACHABLE = {
  toastRestaurantGuid: '0f9e8d7c-6b5a-4c3d-9e2f-1a0b9c8d7e6f',
  spotonLocationId: 'sim-location-0002-other',
} as const;

/** Our OAuth applications as the simulators know them (client id and secret, by vendor). */
export const SIMULATED_OAUTH_APPS = {
  square: { clientId: 'sq0idp-SIMULATEDapp5c2e9a71d4', clientSecret: 'sq0csp-SIMULATEDsecret0f3b8d62c1e94a7d5b' },
  clover: { clientId: 'SIMCLOVERAPP7Q4K2', clientSecret: 'sim-clover-secret-2c7e91d4-5b3a-4f80-9d16' },
  lightspeed: {
    clientId: 'SimulatedKSeries-7f3e-4b1a-9c2d-5e8f0a6b4c21',
    clientSecret: 'sim-lsk-secret-9b2e7c4f1a6d3e80b5c2',
  },
} as const;

/** The vendor account each OAuth consent on the simulators links to. */
export const SIMULATED_OAUTH_ACCOUNTS = {
  square: { merchantId: 'MLSIMULATED7X2K9', businessName: 'Simulated Square Café' },
  clover: { merchantId: 'SIMCLVRMRCH01', employeeId: 'SIMCLVREMPL01', name: 'Simulated Clover Diner' },
  lightspeed: {
    businessId: 4500000000012,
    businessName: 'Simulated K-Series Brasserie',
    currencyCode: 'EUR',
    location: { blID: 45454565682155, blName: 'Main Room', country: 'BE', timezone: 'Europe/Brussels' },
    /** Every location of the business (the first is the one a consent links). */
    locations: [
      { blID: 45454565682155, blName: 'Main Room', country: 'BE', timezone: 'Europe/Brussels' },
      { blID: 45454565682789, blName: 'Terrace', country: 'BE', timezone: 'Europe/Brussels' },
    ],
  },
} as const;

/** A member of a simulated POS roster who is also an employee of a demo company. */
export interface SimulatedStaff {
  firstName: string;
  lastName: string;
  email: string;
}

/**
 * The employee a restaurant keeps for a member of a simulated roster: the same name, email and
 * phone, so the roster sync links the two by itself (tests and benchmarks seed these).
 */
export const matchingEmployee = (e: {
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
}) => ({
  name: e.firstName,
  surname: e.lastName,
  ...(e.email ? { email: e.email } : {}),
  ...(e.phone ? { phone: e.phone } : {}),
  positions: [],
  archived: false,
});

/**
 * Members of the simulated rosters who are employees of the demo companies (emulator-data/demo.json)
 * with the same name and email, so the demo's roster sync links them automatically and their synced
 * punches and sales are attributed; the rest of each roster is nobody the demo knows (held until a
 * manager links them). Each generator gives them the places after its first member (the account's
 * owner), in this order, so each keeps a job like the one it has in the demo.
 */
export const SIMULATED_STAFF: Record<'toast' | 'clover', readonly SimulatedStaff[]> = {
  // Harbor & Vine (the Toast restaurant): bartender, line cook, host, manager, server, bartender, line cook
  toast: [
    { firstName: 'Harper', lastName: 'Patel', email: 'harper.patel@harborvine.demo' },
    { firstName: 'Camila', lastName: 'Mensah', email: 'camila.mensah@harborvine.demo' },
    { firstName: 'Nora', lastName: 'Sato', email: 'nora.sato@harborvine.demo' },
    { firstName: 'Ava', lastName: 'Martinez', email: 'ava.martinez@harborvine.demo' },
    { firstName: 'Mia', lastName: 'Nguyen', email: 'mia.nguyen@harborvine.demo' },
    { firstName: 'Samuel', lastName: 'Garcia', email: 'samuel.garcia@harborvine.demo' },
    { firstName: 'Owen', lastName: 'Ortiz', email: 'owen.ortiz@harborvine.demo' },
  ],
  // Corner Café (the Clover merchant)
  clover: [
    { firstName: 'Freya', lastName: 'Hughes', email: 'freya.hughes@cornercafe.demo' },
    { firstName: 'Arlo', lastName: 'Bennett', email: 'arlo.bennett@cornercafe.demo' },
    { firstName: 'Maya', lastName: 'Singh', email: 'maya.singh@cornercafe.demo' },
    { firstName: 'Theo', lastName: 'Clarke', email: 'theo.clarke@cornercafe.demo' },
    { firstName: 'Isla', lastName: 'Murphy', email: 'isla.murphy@cornercafe.demo' },
  ],
};

/**
 * How the simulated accounts the demo connects trade (the local stack configures the simulators
 * so): up to today, for the last `days` days. The demo's seeded sales leave those days of the
 * connected POS to the sync, so each source's sales come from that source only.
 */
export const SIMULATED_DEMO_TRADING = { days: 30, toastOrdersPerDay: 80, cloverOrdersPerDay: 25 } as const;
