import { instant } from '../../src/core/calendar';
import { db } from '../../src/core/firebase';
import { takeIssues, writeDeletions, writePunches, writeRoster, type SinkTarget } from '../../src/modules/pos-sync';
import type { PosPunch } from '../../src/pos/connectors';
import { api } from '../helpers/api';
import { createCompany, type TestCompany } from '../helpers/fixtures';
import { bearer } from '../helpers/users';
import { payroll, reportOf, setPayroll, storeEmployees } from './helpers';

/**
 * POS records that reach a closed pay period, end to end: punches synced through the sinks (as a
 * sync run writes its pages), approved, the period closed through the API; then the vendor deletes
 * one, edits a clock-out and reports a punch it had not sent. The closed report keeps what it
 * paid; the next period's report pays the week's difference as lateRecord adjustment lines, and
 * every export layout carries them. Los Angeles, FLSA, workweeks from Monday, $20 an hour.
 *
 * Biweekly periods from Thursday 2026-10-15: 10-29..11-11 (closed here) and 11-12..11-25. The
 * week 11-02..11-08 lies inside the closed one: Mon-Fri 8 h + Sat 4 h = 44 h, $800 + 4 h x $30 = $920.
 */
const TZ = 'America/Los_Angeles';
const at = (date: string, hour: number) => instant(date, hour * 60, TZ);
const CLOSED = '2026-10-29';
const NEXT = '2026-11-12';
const AFTER = '2026-11-26';

const punch = (vendorId: string, date: string, hours: number, over: Partial<PosPunch> = {}): PosPunch => ({
  vendorId,
  employeeVendorId: 'tm-ana',
  clockInAt: at(date, 8),
  clockOutAt: at(date, 8 + hours),
  breaks: [],
  jobTitle: null,
  deleted: false,
  modifiedAt: 1_800_000_000_000,
  ...over,
});

const WEEK = [
  punch('tc-mon', '2026-11-02', 8),
  punch('tc-tue', '2026-11-03', 8),
  punch('tc-wed', '2026-11-04', 8),
  punch('tc-thu', '2026-11-05', 8),
  punch('tc-fri', '2026-11-06', 8),
  punch('tc-sat', '2026-11-07', 4),
];

type Line = { kind: string; externalId: string; runId: string; change: string; minutes: number; amount: number };
const lateLines = (row: Record<string, unknown> | undefined) =>
  ((row?.adjustments ?? []) as Line[]).filter((a) => a.kind === 'lateRecord');
const sum = (lines: Line[], f: 'minutes' | 'amount') => lines.reduce((s, l) => s + l[f], 0);

describe('late POS records reaching a closed pay period', () => {
  let co: TestCompany;
  const target = (runId: string): SinkTarget => ({
    companyId: co.companyId,
    connectionId: 'square_api_key~L1',
    slug: 'square_api_key',
    runId,
  });

  beforeAll(async () => {
    co = await createCompany({ profile: { timezone: TZ, weekStartingDay: 1, payrollStartingDay: 4 } });
    await storeEmployees(co.companyId, {
      'emp-ana': { name: 'Ana', surname: 'Late', employeeNumber: 'A1', email: 'ana@late.test', rateRegular: 20 },
    });
    await setPayroll(co, {
      overtimeRules: { kind: 'flsa' },
      payFrequency: 'biweekly',
      anchorDate: '2026-10-15',
      companyCode: 'CO1',
    });
    const t = target('run-1');
    await writeRoster(t, [
      {
        vendorId: 'tm-ana',
        firstName: 'Ana',
        lastName: 'Late',
        email: 'ana@late.test',
        phone: null,
        active: true,
        jobTitle: null,
        modifiedAt: 1_800_000_000_000,
      },
    ]);
    expect(await writePunches(t, WEEK)).toMatchObject({ created: 6, failed: 0 });
    const punches = await db().collection('companies').doc(co.companyId).collection('punches').get();
    const approved = await api('attendance')
      .post('/punches/approve')
      .query({ companyId: co.companyId })
      .set(bearer(co.manager))
      .send({ punchIds: punches.docs.map((d) => d.id) });
    expect(approved.status).toBe(200);
    const closed = await payroll()
      .post(`/payroll/periods/${CLOSED}/close`)
      .query({ companyId: co.companyId })
      .set(bearer(co.manager));
    expect(closed.status).toBe(200);
    expect((await reportOf(co, CLOSED)).row('emp-ana')).toMatchObject({ workedMinutes: 44 * 60, totalPay: 920_00 });
  }, 60_000);

  it('accepts a deletion, an edited clock-out and a new punch as late records, listed as adjusted in the run', async () => {
    const t = target('run-2');
    const counts = await writePunches(t, [
      punch('tc-fri', '2026-11-06', 10, { modifiedAt: 1_800_000_000_001 }),
      punch('tc-sun', '2026-11-08', 3),
    ]);
    const deleted = await writeDeletions(t, [{ stream: 'punches', vendorId: 'tc-sat', deletedAt: 1_800_000_000_002 }]);
    expect(counts).toMatchObject({ updated: 2, failed: 0 });
    expect(deleted).toMatchObject({ updated: 1, failed: 0 });
    const issues = takeIssues(t);
    expect(issues.map((i) => [i.vendorId, i.kind, i.code]).sort()).toEqual([
      ['tc-fri', 'held', 'ADJUSTED_IN_OPEN_PERIOD'],
      ['tc-sat', 'held', 'ADJUSTED_IN_OPEN_PERIOD'],
      ['tc-sun', 'held', 'ADJUSTED_IN_OPEN_PERIOD'],
    ]);
    expect(issues[0].reason).toContain(`first period after 2026-11-11`);
    // the closed period's punches stay as paid
    const sat = await api('attendance')
      .get('/punches')
      .query({ companyId: co.companyId, startDate: '2026-11-07', endDate: '2026-11-07' })
      .set(bearer(co.manager));
    expect(sat.body.data).toHaveLength(1);
  });

  it("pays the week's difference in the next period: 45 h now, +1 h and +$30.00 (5 h overtime instead of 4)", async () => {
    const [closed, next] = await Promise.all([reportOf(co, CLOSED), reportOf(co, NEXT)]);
    expect(closed.row('emp-ana')).toMatchObject({ workedMinutes: 44 * 60, totalPay: 920_00, adjustments: [] });
    const ana = next.row('emp-ana')!;
    const lines = lateLines(ana);
    expect(lines.map((l) => [l.externalId, l.change, l.minutes]).sort()).toEqual([
      ['tc-fri', 'changed', 120],
      ['tc-sat', 'deleted', -240],
      ['tc-sun', 'created', 180],
    ]);
    for (const l of lines)
      expect(l).toMatchObject({
        vendor: 'square_api_key',
        runId: 'run-2',
        weekStart: '2026-11-02',
        weekEnd: '2026-11-08',
        closedPeriodStart: CLOSED,
        closedPeriodEnd: '2026-11-11',
        reason: expect.stringContaining('after payroll closed 2026-10-29 to 2026-11-11'),
      });
    expect(sum(lines, 'amount')).toBe(30_00);
    expect(ana).toMatchObject({ workedMinutes: 0, adjustmentPay: 30_00, totalPay: 30_00 });
    expect(next.report.totals).toMatchObject({ adjustments: 30_00, pay: 30_00 });
  });

  it('the same late records synced again (a rerun) change nothing', async () => {
    const t = target('run-3');
    await writePunches(t, [
      punch('tc-fri', '2026-11-06', 10, { modifiedAt: 1_800_000_000_001 }),
      punch('tc-sun', '2026-11-08', 3),
    ]);
    await writeDeletions(t, [{ stream: 'punches', vendorId: 'tc-sat', deletedAt: 1_800_000_000_002 }]);
    const lines = lateLines((await reportOf(co, NEXT)).row('emp-ana'));
    expect(lines).toHaveLength(3);
    expect(lines.every((l) => l.runId === 'run-2')).toBe(true);
    expect(sum(lines, 'amount')).toBe(30_00);
  });

  it('a manager still cannot add a punch to the closed range (PERIOD_LOCKED)', async () => {
    const res = await api('attendance')
      .post('/punches')
      .query({ companyId: co.companyId })
      .set(bearer(co.manager))
      .send({
        employeeId: 'emp-ana',
        clockInAt: at('2026-11-09', 8),
        clockOutAt: at('2026-11-09', 12),
        reason: 'late',
      });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('PERIOD_LOCKED');
  });

  it('closes the next period with the lines, exports them in all four layouts, and pays a later change as its difference', async () => {
    const closed = await payroll()
      .post(`/payroll/periods/${NEXT}/close`)
      .query({ companyId: co.companyId })
      .set(bearer(co.manager));
    expect(closed.status).toBe(200);
    const bodies = Object.fromEntries(
      await Promise.all(
        ['generic', 'adp', 'paychex', 'gusto'].map(async (layout) => {
          const res = await payroll()
            .get(`/payroll/periods/${NEXT}/export`)
            .query({ companyId: co.companyId, layout })
            .set(bearer(co.owner));
          expect(res.status).toBe(200);
          return [layout, (res.body.data.body as string).trimEnd().split('\r\n')];
        }),
      ),
    ) as Record<string, string[]>;
    const header = bodies.generic[0].split(',');
    const row = bodies.generic[1].split(',');
    expect(row[header.indexOf('prior_period_adjustment')]).toBe('30.00');
    expect(row[header.indexOf('total_pay')]).toBe('30.00');
    expect(bodies.adp.slice(1)).toContain('CO1,20261125,A1,,,,,RET,30.00,');
    expect(bodies.paychex.slice(1)).toContain('CO1,A1,,,Retro Pay,,,,,,30.00,,,,,');
    expect(bodies.gusto[0].split(',').at(-1)).toBe('correction_payment');
    expect(bodies.gusto[1].split(',').at(-1)).toBe('30.00');

    // the vendor edits the Friday clock-out again, to 9 h: the week is back to 44 h, what was paid comes back
    await writePunches(target('run-4'), [punch('tc-fri', '2026-11-06', 9, { modifiedAt: 1_800_000_000_003 })]);
    expect(lateLines((await reportOf(co, NEXT)).row('emp-ana'))).toHaveLength(3); // frozen
    const after = lateLines((await reportOf(co, AFTER)).row('emp-ana'));
    expect(sum(after, 'minutes')).toBe(-60);
    expect(sum(after, 'amount')).toBe(-30_00);
    expect(after.find((l) => l.externalId === 'tc-fri')).toMatchObject({ runId: 'run-4', minutes: -60 });
  });
});
