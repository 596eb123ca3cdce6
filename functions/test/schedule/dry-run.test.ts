import fc from 'fast-check';
import type { Response } from 'supertest';
import { addDays } from '../../src/core/calendar';
import { db } from '../../src/core/firebase';
import { api } from '../helpers/api';
import { snapshotCompany } from '../helpers/fixtures';
import { bearer } from '../helpers/users';
import { hm, putShift, scheduleCompany, storeShift, type ScheduleCompany } from './helpers';

/**
 * `?dryRun=true` on PUT and DELETE /shifts and on publish: nothing is written, and the answer
 * (`outcome`: the findings that block and the refusal they make, the warnings, each premium owed)
 * is the one the real call then gives: its refusal (422 and details), or its warnings and the
 * premiums it recorded. A property over random changes of a NYC fair-workweek schedule with a
 * 15-year-old on it; then hand cases.
 */

jest.setTimeout(600_000);

type Res = Response;
const today = () => new Date().toISOString().slice(0, 10);
/** The current minute of the UTC day: shift starts near it are avoided, so no notice tier (whole days) changes between the two calls. */
const nowMinute = () => {
  const d = new Date();
  return d.getUTCHours() * 60 + d.getUTCMinutes();
};

async function company(): Promise<ScheduleCompany> {
  const co = await scheduleCompany({
    profile: { timezone: 'UTC', betweenShifts: 0 },
    settings: { fairWorkweekJurisdiction: 'nyc', maxHoursPerWeek: 20 },
  });
  const employees = db().collection('companies').doc(co.companyId).collection('employees');
  await employees.doc(co.otherId).update({ dateOfBirth: `${Number(today().slice(0, 4)) - 15}-01-01` });
  return co;
}

const del = (co: ScheduleCompany, id: string, q: Record<string, string>) =>
  api('schedule')
    .delete(`/shifts/${id}`)
    .query({ companyId: co.companyId, ...q })
    .set(bearer(co.manager));
const publish = (co: ScheduleCompany, body: Record<string, unknown>, q: Record<string, string> = {}) =>
  api('schedule')
    .post('/shifts/publish')
    .query({ companyId: co.companyId, ...q })
    .set(bearer(co.manager))
    .send(body);

/** A premium's reason names the notice in days to two decimals, which moves between two calls: read it to the day. */
const steady = (o: { premiums: { reason: string }[] }) => ({
  ...o,
  premiums: o.premiums.map((p) => ({
    ...p,
    reason: p.reason.replace(/([\d.]+) days' notice/, (_, d) => `${Math.floor(Number(d))} days' notice`),
  })),
});

/** The dry run wrote nothing and answered what the real call then did. */
async function expectSame(co: ScheduleCompany, dry: () => Promise<Res>, real: () => Promise<Res>) {
  const before = await snapshotCompany(co.companyId);
  const d = await dry();
  expect(await snapshotCompany(co.companyId)).toEqual(before);
  const r = await real();
  if (d.status >= 400) {
    // refused before the checks (unknown shift, bad input): the real call is refused alike
    expect([r.status, r.body.code]).toEqual([d.status, d.body.code]);
    return r;
  }
  const outcome = d.body.data.outcome;
  expect(outcome.dryRun).toBe(true);
  seen.add(outcome.refusal ? `refused ${outcome.refusal.code}` : outcome.premiums.length ? 'premium' : 'accepted');
  if (outcome.refusal) {
    expect([r.status, r.body.code]).toEqual([outcome.refusal.status, outcome.refusal.code]);
    expect(r.body.details.map(({ path: _p, ...f }: { path: string }) => f)).toEqual(outcome.blocking);
    expect(outcome.premiums).toEqual([]);
  } else {
    expect(r.status).toBeLessThan(300);
    expect(steady(r.body.data.outcome)).toEqual(steady({ ...outcome, dryRun: false }));
    expect(r.body.data.outcome.premiums.length).toBe((r.body.data.premiums ?? []).length);
  }
  return r;
}

/** What the property met: accepted changes, premiums, refusals by code. */
const seen = new Set<string>();

interface Live {
  id: string;
  date: string;
  employeeId: string;
  mode: string;
}

const change = fc.record({
  kind: fc.constantFrom('put', 'put', 'put', 'delete', 'publish'),
  existing: fc.boolean(),
  pick: fc.nat(),
  other: fc.boolean(),
  draft: fc.boolean(),
  day: fc.integer({ min: 0, max: 16 }),
  half: fc.integer({ min: 0, max: 47 }),
  length: fc.integer({ min: 2, max: 20 }),
  restConsent: fc.boolean(),
});

describe('dry run == real call', () => {
  it('over random changes: PUT, DELETE and publish', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(change, { minLength: 6, maxLength: 12 }), async (changes) => {
        const co = await company();
        const live: Live[] = [];
        let n = 0;
        for (const c of changes) {
          // starts at least 20 minutes from the current minute of the day
          let start = c.half * 30;
          const gap = Math.abs(start - nowMinute());
          if (Math.min(gap, 1440 - gap) < 20) start = (start + 720) % 1440;
          const end = (start + c.length * 30) % 1440;
          const employeeId = c.other ? co.otherId : co.employeeId;
          if (c.kind === 'publish') {
            const body = {
              startDate: today(),
              endDate: addDays(today(), 16),
              ...(c.restConsent ? { restConsents: [{ employeeId, date: addDays(today(), c.day) }] } : {}),
            };
            const r = await expectSame(
              co,
              () => publish(co, body, { dryRun: 'true' }),
              () => publish(co, body),
            );
            if (r.status === 200)
              for (const s of r.body.data.published) live.find((l) => l.id === s.id)!.mode = 'published';
            continue;
          }
          const target = c.existing && live.length ? live[c.pick % live.length] : null;
          const address = target
            ? { date: target.date, employeeId: target.employeeId, mode: target.mode }
            : { date: addDays(today(), c.day), employeeId, mode: c.draft ? 'draft' : 'published' };
          const id = target?.id ?? `n${++n}`;
          if (c.kind === 'delete') {
            const r = await expectSame(
              co,
              () => del(co, id, { ...address, dryRun: 'true' }),
              () => del(co, id, address),
            );
            if (r.status === 200) live.splice(live.indexOf(target!), 1);
            continue;
          }
          const body = {
            start,
            end,
            positionId: co.cookId,
            subRoleId: 'line',
            employeeId,
            ...(c.restConsent ? { restConsent: true } : {}),
          };
          const r = await expectSame(
            co,
            () => putShift(co, id, body, { ...address, query: { dryRun: 'true' } } as never),
            () => putShift(co, id, body, address as never),
          );
          if (r.status === 200) {
            if (target) live.splice(live.indexOf(target), 1);
            live.push({ id, date: address.date, employeeId, mode: address.mode });
          }
        }
      }),
      { numRuns: 4 },
    );
    // the changes met every kind of answer
    expect([...seen].filter((k) => ['accepted', 'premium'].includes(k) || k.startsWith('refused'))).toEqual(
      expect.arrayContaining(['accepted', 'premium', expect.stringMatching(/^refused/)]),
    );
  });
});

describe('dry run, by hand', () => {
  let co: ScheduleCompany;
  beforeAll(async () => {
    co = await company();
  });

  it('a new draft in a fair-workweek company is saved and owes nothing (it was a 500: no side of the change was posted)', async () => {
    const q = { date: addDays(today(), 1), employeeId: co.employeeId, mode: 'draft' as const };
    const body = { start: hm(10), end: hm(12), positionId: co.cookId, subRoleId: 'line' };
    const r = await expectSame(
      co,
      () => putShift(co, 'fresh-draft', body, { ...q, query: { dryRun: 'true' } }),
      () => putShift(co, 'fresh-draft', body, q),
    );
    expect(r.status).toBe(200);
    expect(r.body.data.outcome.premiums).toEqual([]);
  });

  it("a clopening with the employee's consent: the rest premium it would owe, then the one recorded; without consent, the refusal", async () => {
    const evening = addDays(today(), 20);
    const morning = addDays(today(), 21);
    await storeShift(co.companyId, 'closing', { date: evening, employeeId: co.employeeId, start: hm(17), end: hm(23) });
    const body = { start: hm(6), end: hm(10), positionId: co.cookId, subRoleId: 'line' };
    const q = { date: morning, employeeId: co.employeeId };
    const refused = await expectSame(
      co,
      () => putShift(co, 'opening', body, { ...q, query: { dryRun: 'true' } }),
      () => putShift(co, 'opening', body, q),
    );
    expect([refused.status, refused.body.code]).toEqual([422, 'SHIFT_CONFLICT']);
    const consented = { ...body, restConsent: true };
    const r = await expectSame(
      co,
      async () => {
        const d = await putShift(co, 'opening', consented, { ...q, query: { dryRun: 'true' } });
        expect(d.body.data.outcome.premiums).toEqual([
          expect.objectContaining({ rule: 'rest', jurisdiction: 'nyc', amountMinor: 10000, shiftId: 'opening' }),
        ]);
        return d;
      },
      () => putShift(co, 'opening', consented, q),
    );
    expect(r.status).toBe(200);
  });

  it('a change refused for a minor: 200 with the refusal and its findings, nothing written; the real call is that refusal', async () => {
    const date = addDays(today(), 20);
    const body = { start: hm(19), end: hm(21), positionId: co.cookId, subRoleId: 'line' };
    const q = { date, employeeId: co.otherId };
    const r = await expectSame(
      co,
      async () => {
        const d = await putShift(co, 'late', body, { ...q, query: { dryRun: 'true' } });
        expect(d.status).toBe(200);
        expect(d.body.data.outcome).toMatchObject({
          dryRun: true,
          refusal: { status: 422, code: 'MINOR_HOURS' },
          blocking: [expect.objectContaining({ rule: 'minorTimeOfDay', law: 'us-federal-14-15' })],
          premiums: [],
        });
        return d;
      },
      () => putShift(co, 'late', body, q),
    );
    expect(r.status).toBe(422);
  });

  it('a cancellation inside the notice window: the premium it would owe, then the one the real call records', async () => {
    const date = addDays(today(), 3);
    await storeShift(co.companyId, 'posted', {
      date,
      employeeId: co.employeeId,
      start: (nowMinute() + 600) % 1440,
      end: (nowMinute() + 840) % 1440,
      positionId: co.cookId,
      subRoleId: 'line',
    });
    const q = { date, employeeId: co.employeeId };
    const r = await expectSame(
      co,
      async () => {
        const d = await del(co, 'posted', { ...q, dryRun: 'true' });
        expect(d.body.data.outcome.premiums).toEqual([
          expect.objectContaining({
            employeeId: co.employeeId,
            shiftId: 'posted',
            jurisdiction: 'nyc',
            rule: 'scheduleChange',
            amountMinor: expect.any(Number),
            citation: expect.stringMatching(/20-1222/),
          }),
        ]);
        return d;
      },
      () => del(co, 'posted', q),
    );
    const recorded = await api('schedule')
      .get('/shifts/premiums')
      .query({ companyId: co.companyId, startDate: date, endDate: date })
      .set(bearer(co.manager));
    expect(recorded.body.data.map((p: { id: string }) => p.id)).toEqual(
      r.body.data.premiums.map((p: { id: string }) => p.id),
    );
  });

  it('a publish: the drafts it would publish and the premiums of a late posting; a malformed dryRun is 400', async () => {
    const date = addDays(today(), 2);
    await storeShift(co.companyId, 'plan', {
      date,
      employeeId: co.employeeId,
      start: (nowMinute() + 600) % 1440,
      end: (nowMinute() + 720) % 1440,
      mode: 'draft',
    });
    const body = { startDate: date, endDate: date };
    const r = await expectSame(
      co,
      () => publish(co, body, { dryRun: 'true' }),
      () => publish(co, body),
    );
    expect(r.body.data.published.map((s: { id: string }) => s.id)).toEqual(['plan']);
    expect(r.body.data.outcome.premiums).toHaveLength(1);
    const bad = await publish(co, body, { dryRun: 'perhaps' });
    expect([bad.status, bad.body.code]).toEqual([400, 'VALIDATION_FAILED']);
  });
});

describe('dry run of a proposal commit', () => {
  it('checks the drafts and writes nothing; the real commit answers the same outcome and writes them', async () => {
    const co = await scheduleCompany({ profile: { timezone: 'UTC' } });
    const slot = { start: hm(9), end: hm(12), line: { required: 1, hold: 0 } };
    await db()
      .collection('companies')
      .doc(co.companyId)
      .update({ daysStructure: { Saturday: { shifts: { [co.cookId]: [slot] } } } });
    const day = '2026-03-07';
    const proposal = await api('schedule')
      .post('/schedule-proposals')
      .query({ companyId: co.companyId })
      .set(bearer(co.manager))
      .send({ startDate: day, endDate: day, employeeIds: [co.employeeId] });
    expect(proposal.status).toBe(201);
    expect(proposal.body.data.assignments).toHaveLength(1);
    const commit = (q: Record<string, string> = {}) =>
      api('schedule')
        .post(`/schedule-proposals/${proposal.body.data.id}/commit`)
        .query({ companyId: co.companyId, ...q })
        .set(bearer(co.manager))
        .send();
    const before = await snapshotCompany(co.companyId);
    const dry = await commit({ dryRun: 'true' });
    expect(await snapshotCompany(co.companyId)).toEqual(before);
    expect(dry.body.data).toMatchObject({ committed: [], outcome: { dryRun: true, refusal: null, premiums: [] } });
    const real = await commit();
    expect(real.body.data.committed).toHaveLength(1);
    expect(real.body.data.outcome).toEqual({ ...dry.body.data.outcome, dryRun: false });
  });
});
