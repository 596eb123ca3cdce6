import { Checker, fieldsOf, loadSpec } from './conformance/spec';
import { driveConnector, recordingSimulator, type Exchange, type RecordingSimulator } from './conformance/traffic';
import { SIMULATED_OAUTH_ACCOUNTS, SIMULATED_OAUTH_APPS } from '../../../dev/vendors/accounts';

/**
 * The money fields the Clover and Revel connectors read for issue 60 (voided payments and
 * refunds, service charges, test-mode orders, the payment state, declared cash tips; Revel's
 * deleted orders and charges), held to the specifications (vendor-specs/): the conformance run
 * serves each with a value that matters, every field is named by the specification (the Clover SDK
 * models; Revel's transcribed resources), and Clover's documented error answers for its limits and
 * authentication (429 and 401 with {message}, "Work with API usage and rate limits" and "401
 * Unauthorized", checked 2026-12-02) are what the simulator answers.
 */

let sim: RecordingSimulator;

beforeAll(async () => {
  sim = await recordingSimulator();
});

afterAll(async () => sim.close());

function valuesAt(exchanges: Exchange[], path: string): unknown[] {
  const out: unknown[] = [];
  const walk = (value: unknown, parts: string[]) => {
    if (parts.length === 0) return void out.push(value);
    const [head, ...rest] = parts;
    if (head === '[]') return Array.isArray(value) ? value.forEach((v) => walk(v, rest)) : undefined;
    if (value && typeof value === 'object' && head in value) walk((value as Record<string, unknown>)[head], rest);
  };
  for (const ex of exchanges) if (ex.status < 300) walk(ex.response, path.match(/\[\]|[^.[\]]+/g) ?? []);
  return out;
}

const served = (exchanges: Exchange[]) => {
  const fields = new Set<string>();
  for (const ex of exchanges) if (ex.status < 300) fieldsOf(ex.response, '', fields);
  return fields;
};

const positive = (v: unknown) => typeof v === 'number' && v > 0;

describe('issue 60 money fields against the specifications (Clover, Revel)', () => {
  it('clover: payment states, test mode, voided payments and refunds, service charges, declared cash tips', async () => {
    await driveConnector('clover');
    const exchanges = sim.take('clover');
    const checker = new Checker(loadSpec('clover'));
    expect(exchanges.every((ex) => checker.operationOf(ex))).toBe(true);
    const fields = served(exchanges);
    for (const f of [
      'elements[].paymentState',
      'elements[].testMode',
      'elements[].payments.elements[].serviceCharge.amount',
      'elements[].payments.elements[].voidReason',
      'elements[].refunds.elements[].voided',
      'elements[].cashTipsCollected',
    ])
      expect([f, fields.has(f)]).toEqual([f, true]);
    const states = new Set(valuesAt(exchanges, 'elements[].paymentState'));
    for (const s of ['OPEN', 'PAID', 'PARTIALLY_REFUNDED']) expect([s, states.has(s)]).toEqual([s, true]);
    expect(valuesAt(exchanges, 'elements[].testMode')).toContain(true);
    expect(valuesAt(exchanges, 'elements[].payments.elements[].voidReason')).toContain('REOPEN_ORDER');
    expect(valuesAt(exchanges, 'elements[].refunds.elements[].voided')).toContain(true);
    expect(valuesAt(exchanges, 'elements[].payments.elements[].serviceCharge.amount').some(positive)).toBe(true);
    expect(valuesAt(exchanges, 'elements[].cashTipsCollected').some(positive)).toBe(true);
    // the connector asks for the service charges with the payments
    const orders = exchanges.filter((ex) => ex.path.endsWith('/orders'));
    expect(orders.every((ex) => /payments\.serviceCharge/.test((ex.query.expand ?? []).join(',')))).toBe(true);
  }, 60_000);

  it('clover: a sixth request in progress of one token answers the documented 429 {message}; a bad token 401 {message}', async () => {
    const merchant = SIMULATED_OAUTH_ACCOUNTS.clover.merchantId;
    const token = 'SIMclvAT-conformance-money-0123456789';
    sim.state.issueToken(
      'clover',
      'access',
      token,
      { clientId: SIMULATED_OAUTH_APPS.clover.clientId, account: merchant, scopes: [] },
      3600,
    );
    // held long enough that the sixth arrives while all five are in progress, even on a loaded machine
    sim.state.hangNext('clover', { ms: 3000, times: 5 });
    const url = `${process.env.VENDOR_URL_CLOVER}/v3/merchants/${merchant}/employees`;
    const ask = (bearer: string) =>
      fetch(url, { headers: { Authorization: `Bearer ${bearer}` } }).then(async (r) => ({
        status: r.status,
        body: (await r.json()) as Record<string, unknown>,
      }));
    const held = Array.from({ length: 5 }, () => ask(token));
    while (sim.state.held < 5) await new Promise((r) => setTimeout(r, 10));
    const sixth = await ask(token);
    expect(sixth.status).toBe(429);
    expect(Object.keys(sixth.body)).toEqual(['message']);
    expect((await Promise.all(held)).map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    const bad = await ask('not-a-token');
    expect([bad.status, Object.keys(bad.body)]).toEqual([401, ['message']]);
    sim.state.reset();
  }, 60_000);

  it('revel: deleted orders, automatic gratuities and service charges served and named', async () => {
    await driveConnector('revel');
    const exchanges = sim.take('revel');
    const checker = new Checker(loadSpec('revel'));
    expect(exchanges.every((ex) => checker.operationOf(ex))).toBe(true);
    const fields = served(exchanges);
    for (const f of ['objects[].deleted', 'objects[].gratuity', 'objects[].service_charge'])
      expect([f, fields.has(f)]).toEqual([f, true]);
    expect(valuesAt(exchanges, 'objects[].deleted')).toContain(true);
    expect(valuesAt(exchanges, 'objects[].gratuity').some(positive)).toBe(true);
    expect(valuesAt(exchanges, 'objects[].service_charge').some(positive)).toBe(true);
  }, 60_000);
});
