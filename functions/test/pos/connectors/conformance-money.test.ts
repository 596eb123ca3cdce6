import { Checker, fieldsOf, loadSpec } from './conformance/spec';
import { driveConnector, recordingSimulator, type Exchange, type RecordingSimulator } from './conformance/traffic';
import { SIMULATED, SIMULATED_UNREACHABLE } from '../../../dev/vendors/accounts';

/**
 * The money fields the Lightspeed K-Series and SpotOn connectors read for issue 60 (voids,
 * gratuities, declared cash tips, tips applied to another employee, gift cards, every location),
 * held to the published specifications (vendor-specs/): the conformance run serves each of them
 * with a value that matters (not only zeros), every one is named by the specification, and SpotOn's
 * documented error answers ({message, code}, the POS Export OpenAPI's Error schema) are what the
 * simulator answers.
 */

let sim: RecordingSimulator;

beforeAll(async () => {
  sim = await recordingSimulator();
});

afterAll(async () => sim.close());

/** Every value the answers of `exchanges` hold at a field path (`sales[].type`). */
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

const nonZero = (v: unknown) => typeof v === 'string' && Number(v) !== 0;

describe('issue 60 money fields against the specifications', () => {
  it('lightspeed: take-back types naming their account, declared cash tips, and every location of the business', async () => {
    await driveConnector('lightspeed');
    const exchanges = sim.take('lightspeed');
    // that each is named by the specification is conformance.test.ts's check (with its allow-list)
    const checker = new Checker(loadSpec('lightspeed'));
    expect(exchanges.every((ex) => checker.operationOf(ex))).toBe(true);
    const fields = served(exchanges);
    for (const f of ['sales[].source.previousAccountId', 'sales[].voidReason', 'data.shifts[].declaredCashTips'])
      expect(fields.has(f)).toBe(true);
    const types = new Set(valuesAt(exchanges, 'sales[].type'));
    for (const t of ['SALE', 'REFUND', 'VOID', 'RECALL', 'CANCEL']) expect(types.has(t)).toBe(true);
    expect(valuesAt(exchanges, 'data.shifts[].declaredCashTips').some(nonZero)).toBe(true);
    const locations = new Set(
      exchanges
        .map((ex) => /^\/(?:f\/v2\/business-location|staff\/v1\/businessLocations)\/(\d+)\//.exec(ex.path)?.[1])
        .filter(Boolean),
    );
    expect(locations.size).toBe(2);
  }, 60_000);

  it('spoton: auto-gratuities, gift-card lines, tips applied to another employee with their fee, declared cash tips given and kept', async () => {
    await driveConnector('spoton');
    const exchanges = sim.take('spoton');
    const checker = new Checker(loadSpec('spoton'));
    expect(exchanges.every((ex) => checker.operationOf(ex))).toBe(true);
    expect(valuesAt(exchanges, '[].checks[].gratuityAmount').some(nonZero)).toBe(true);
    expect(valuesAt(exchanges, '[].checks[].guests[].items[].giftCardIssueReload')).toContain(true);
    expect(valuesAt(exchanges, '[].checks[].payments[].tipDeductionAmount').some(nonZero)).toBe(true);
    expect(valuesAt(exchanges, '[].deleted')).toContain(true);
    const orders = exchanges.filter((ex) => ex.path.endsWith('/orders') && ex.status < 300);
    const handedOver = orders.flatMap((ex) =>
      (
        ex.response as {
          ownerInfo?: { employeeId: string };
          checks: { payments: { tipAppliedToEmployeeId: string }[] }[];
        }[]
      )
        .flatMap((o) =>
          o.checks.flatMap((c) => c.payments.map((p) => [o.ownerInfo?.employeeId, p.tipAppliedToEmployeeId])),
        )
        .filter(([owner, to]) => owner && to && owner !== to),
    );
    expect(handedOver.length).toBeGreaterThan(0);
    expect(valuesAt(exchanges, '[].declaredCashTipsAmount').some(nonZero)).toBe(true);
    expect(valuesAt(exchanges, '[].declaredCashTipsToOthersAmount').some(nonZero)).toBe(true);
  }, 60_000);

  it('spoton: 400, 401, 403 and 404 answer the documented Error {message, code} and nothing else', async () => {
    const base = `${process.env.VENDOR_URL_SPOTON}/posexport/v1/locations`;
    const ask = (path: string, key: string | null) =>
      fetch(`${base}${path}`, { headers: key ? { 'x-api-key': key } : {} }).then(async (r) => ({
        status: r.status,
        body: (await r.json()) as Record<string, unknown>,
      }));
    const key = SIMULATED.spoton.apiKey;
    const answers = [
      [400, await ask(`/${SIMULATED.spoton.locationId}/orders?closedAtStart=yesterday&closedAtEnd=today`, key)],
      [401, await ask(`/${SIMULATED.spoton.locationId}/orders`, null)],
      [401, await ask(`/${SIMULATED.spoton.locationId}`, 'not-the-key')],
      [403, await ask(`/${SIMULATED_UNREACHABLE.spotonLocationId}`, key)],
      [404, await ask('/no-such-location', key)],
    ] as const;
    for (const [status, answer] of answers) {
      expect(answer.status).toBe(status);
      expect(Object.keys(answer.body).sort()).toEqual(['code', 'message']);
      expect(typeof answer.body.message).toBe('string');
      expect(typeof answer.body.code).toBe('string');
    }
  });
});
