import fc from 'fast-check';
import { db } from '../../src/core/firebase';
import { forgetMembership } from '../../src/core/memberships';
import { api } from '../helpers/api';
import { addMember, snapshotCompany } from '../helpers/fixtures';
import { bearer, type TestUser } from '../helpers/users';
import { writesDuring } from '../helpers/writes';
import { cookShift, createRequest, day, requestsCompany, type RequestsCompany } from '../requests/helpers';

/**
 * POST /employees/{id}/archive?dryRun=true answers what the archive would do (open seats, the
 * premiums it would owe under the company's predictive-scheduling law, the requests it would
 * cancel, its refusal) and writes nothing; the real call answers the same outcome with what it
 * recorded. Emma (co.employeeId) leaves a company under NYC's fair-workweek law.
 */

type Answer = { status: number; body: { data: Record<string, unknown> & { outcome: Record<string, unknown> } } };
const archive = (co: RequestsCompany, id: string, body: object, query: object = {}, as: TestUser = co.manager) =>
  api('employees')
    .post(`/employees/${id}/archive`)
    .query({ companyId: co.companyId, ...query })
    .set(bearer(as))
    .send(body) as unknown as Promise<Answer>;
const dry = { dryRun: 'true' };

/** The dry run's answer, its writes and the company before and after; then the real call's answer. */
async function dryThenReal(co: RequestsCompany, id: string, body: object) {
  const before = await snapshotCompany(co.companyId);
  const { result: dryRun, writes } = await writesDuring(() => archive(co, id, body, dry));
  expect(writes.map((w) => w.path)).toEqual([]);
  expect(await snapshotCompany(co.companyId)).toEqual(before);
  const real = await archive(co, id, body);
  return { dryRun, real };
}

/** What both answers must agree on: everything but the record's timestamps, the premiums' ids and `dryRun`. */
function expectSameOutcome(dryRun: Answer, real: Answer) {
  expect(dryRun.status).toBe(200);
  const d = dryRun.body.data as Record<string, unknown> & { outcome: { refusal: unknown; dryRun: boolean } };
  if (d.outcome.refusal) {
    const refusal = d.outcome.refusal as { status: number; code: string; message: string };
    expect([real.status, real.body as unknown]).toEqual([
      refusal.status,
      expect.objectContaining({ code: refusal.code, error: refusal.message }),
    ]);
    return;
  }
  expect(real.status).toBe(200);
  const r = real.body.data;
  expect(r.outcome).toEqual({ ...d.outcome, dryRun: false });
  expect(d.outcome.dryRun).toBe(true);
  const plain = (p: Record<string, unknown>) => {
    const { id: _id, createdAt: _at, ...rest } = p;
    return rest;
  };
  expect((r.premiums as Record<string, unknown>[]).map(plain)).toEqual(d.premiums);
  for (const field of ['openSeats', 'cancelledRequests', 'accessEndsAt'])
    expect([field, sorted(r[field])]).toEqual([field, sorted(d[field])]);
  const record = (e: unknown) => {
    const { updatedAt: _u, archive, ...rest } = e as { updatedAt: number; archive?: { at: number } | null };
    return { ...rest, archive: archive ? { ...archive, at: 0 } : archive };
  };
  expect(record(r.employee)).toEqual(record(d.employee));
}
const sorted = (v: unknown) =>
  Array.isArray(v) ? [...v].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))) : v;

describe('a dry run of an employee archive, by hand', () => {
  it('names the open seats, the NYC premium with its citation and the cancelled swap, writing nothing; the real call answers the same', async () => {
    const co = await requestsCompany({ settings: { fairWorkweekJurisdiction: 'nyc' } });
    await cookShift(co, 'past', co.employeeId, day(-2));
    await cookShift(co, 'soon', co.employeeId, day(3));
    await cookShift(co, 'far', co.employeeId, day(20));
    await cookShift(co, 'otto', co.otherId, day(4));
    const swap = await createRequest(co, co.employee, { type: 'swap', shiftId: 'soon', peerShiftId: 'otto' });
    expect(swap.status).toBe(201);
    const body = { effectiveDate: day(1), reason: 'dismissed', note: 'closing the line' };
    const { dryRun, real } = await dryThenReal(co, co.employeeId, body);
    const data = dryRun.body.data as {
      employee: { archived: boolean; archive: { effectiveDate: string } };
      openSeats: { shiftId: string }[];
      cancelledRequests: string[];
      outcome: { refusal: null; premiums: { shiftId: string; amountMinor: number; citation: string; rule: string }[] };
    };
    // archived from tomorrow: listed as active until then
    expect(data.employee).toMatchObject({ archived: false, archive: { effectiveDate: day(1), reason: 'dismissed' } });
    expect(data.openSeats.map((s) => s.shiftId).sort()).toEqual(['far', 'soon']);
    expect(data.cancelledRequests).toEqual([swap.body.data.id]);
    // NYC: a cancellation with 24 hours to 7 days of notice owes $45; the one 20 days out none
    expect(data.outcome.premiums.map((p) => [p.shiftId, p.amountMinor])).toEqual([['soon', 45_00]]);
    expect(data.outcome.premiums[0].citation).toMatch(/20-12/);
    expectSameOutcome(dryRun, real);
    // and the real call did it
    const shifts = await db().collection('companies').doc(co.companyId).collection('shifts').get();
    expect(shifts.docs.map((d) => d.id).sort()).toEqual(['otto', 'past']);
  });

  it('owes nothing for a resignation (the employee’s change), in both answers', async () => {
    const co = await requestsCompany({ settings: { fairWorkweekJurisdiction: 'nyc' } });
    await cookShift(co, 'soon', co.employeeId, day(3));
    const { dryRun, real } = await dryThenReal(co, co.employeeId, { effectiveDate: day(0), reason: 'resigned' });
    expect(dryRun.body.data.outcome).toEqual({ dryRun: true, refusal: null, blocking: [], warnings: [], premiums: [] });
    expect((dryRun.body.data.openSeats as unknown[]).length).toBe(1);
    expectSameOutcome(dryRun, real);
  });

  it('answers the refusal the real call meets (422 EMPLOYEE_ARCHIVED, CANNOT_ARCHIVE), writing nothing', async () => {
    const co = await requestsCompany();
    expect((await archive(co, co.otherId, { effectiveDate: day(2), reason: 'laidOff' })).status).toBe(200);
    const other = await dryThenReal(co, co.otherId, { effectiveDate: day(5), reason: 'laidOff' });
    expect(other.dryRun.body.data.outcome.refusal).toMatchObject({ status: 422, code: 'EMPLOYEE_ARCHIVED' });
    expect(other.dryRun.body.data).toMatchObject({ openSeats: [], premiums: [], cancelledRequests: [] });
    expect(other.dryRun.body.data.accessEndsAt).toBeNull();
    expectSameOutcome(other.dryRun, other.real);
    // the manager's own record
    await addMember(co.companyId, co.manager, 'manager', co.leaId);
    forgetMembership(co.companyId, co.manager.uid);
    const own = await dryThenReal(co, co.leaId, { effectiveDate: day(2), reason: 'other' });
    expect(own.dryRun.body.data.outcome.refusal).toMatchObject({ status: 422, code: 'CANNOT_ARCHIVE' });
    expectSameOutcome(own.dryRun, own.real);
  });

  it('is 400 for a dryRun that is not a boolean, 403 for an employee and 404 for no such employee, writing nothing', async () => {
    const co = await requestsCompany();
    const body = { effectiveDate: day(2), reason: 'laidOff' };
    const before = await snapshotCompany(co.companyId);
    const { result, writes } = await writesDuring(async () => [
      await archive(co, co.otherId, body, { dryRun: 'maybe' }),
      await archive(co, co.otherId, body, dry, co.employee),
      await archive(co, 'no-such-employee', body, dry),
    ]);
    expect(result.map((r) => [r.status, (r.body as unknown as { code: string }).code])).toEqual([
      [400, 'VALIDATION_FAILED'],
      [403, expect.any(String)],
      [404, 'EMPLOYEE_NOT_FOUND'],
    ]);
    expect(writes).toEqual([]);
    expect(await snapshotCompany(co.companyId)).toEqual(before);
  });
});

/** Shift starts at least 20 minutes from the current minute of the day: notice tiers are whole days, so both calls see one tier. */
const nowMinute = () => {
  const d = new Date(new Date().toLocaleString('en-US', { timeZone: 'Europe/Madrid' }));
  return d.getHours() * 60 + d.getMinutes();
};

const shift = fc.record({
  day: fc.integer({ min: -3, max: 18 }),
  half: fc.integer({ min: 0, max: 32 }),
  length: fc.integer({ min: 2, max: 12 }),
  draft: fc.boolean(),
});

describe('dry run == real call', () => {
  it('over random schedules, reasons and effective dates: the same outcome, and the dry run writes nothing', async () => {
    const seen = new Set<string>();
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(shift, { minLength: 1, maxLength: 6, selector: (s) => s.day }),
        fc.constantFrom('resigned', 'dismissed', 'laidOff', 'contractEnded'),
        fc.integer({ min: -2, max: 10 }),
        fc.constantFrom('nyc', 'seattle', 'chicago', 'philadelphia'),
        fc.boolean(),
        async (shifts, reason, offset, jurisdiction, withRequest) => {
          const co = await requestsCompany({ settings: { fairWorkweekJurisdiction: jurisdiction } });
          for (const [i, s] of shifts.entries()) {
            let start = s.half * 30;
            if (Math.abs(start - nowMinute()) < 20) start += start >= 60 ? -60 : 60;
            await cookShift(co, `s${i}`, co.employeeId, day(s.day), start, start + s.length * 30);
            if (s.draft)
              await db()
                .collection('companies')
                .doc(co.companyId)
                .collection('shifts')
                .doc(`s${i}`)
                .update({ mode: 'draft' });
          }
          if (withRequest)
            expect(
              (await createRequest(co, co.employee, { type: 'dayOff', startDate: day(12), endDate: day(12) })).status,
            ).toBe(201);
          const { dryRun, real } = await dryThenReal(co, co.employeeId, { effectiveDate: day(offset), reason });
          expectSameOutcome(dryRun, real);
          const premiums = dryRun.body.data.outcome.premiums as unknown[];
          seen.add(premiums.length ? 'premium' : 'none');
          if ((dryRun.body.data.cancelledRequests as unknown[]).length) seen.add('request');
        },
      ),
      { numRuns: 10 },
    );
    expect([...seen].sort()).toEqual(expect.arrayContaining(['none', 'premium']));
  }, 600_000);
});
