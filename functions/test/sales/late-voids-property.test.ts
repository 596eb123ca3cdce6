import fc from 'fast-check';
import { businessToday } from '../../src/core/calendar';
import { lockRange } from '../../src/modules/attendance';
import { writeRoster, writeSales } from '../../src/modules/pos-sync';
import { recordDeclaredTips, tipsBetween, tipsByEmployee } from '../../src/modules/sales';
import { getCompanyRules } from '../../src/modules/companies';
import type { PosSale } from '../../src/pos/connectors';
import { addEmployee, at, docsOf, posCompany, posEmployee, posSale, TZ } from '../pos/pos-sync/helpers';

/**
 * No cent created or lost around a pay-period close: over random sequences of sales, tip changes,
 * voids and re-closes (each page delivered once or twice) with payroll closing the period of their
 * business date at a random point, what is paid over all periods (the tips of the closed period as
 * frozen at its close + what the later dates pay, tip adjustments included) equals the tips of the
 * vendor's final state, per employee, for the staff's tips and their cash part, and kind by kind.
 * The closed period's tips also read the same after every change as they did at the close.
 */
const CLOSED = { startDate: '2026-11-09', endDate: '2026-11-15' };
const DAYS = ['2026-11-12', '2026-11-17'];
const KINDS = ['cardTips', 'cashTips', 'gratuities', 'tipsGiven', 'tipsReceived'] as const;
type Kinds = Record<(typeof KINDS)[number], number>;
const none = (): Kinds => ({ cardTips: 0, cashTips: 0, gratuities: 0, tipsGiven: 0, tipsReceived: 0 });

const step = fc.record({
  check: fc.integer({ min: 1, max: 3 }),
  day: fc.integer({ min: 0, max: 1 }),
  server: fc.constantFrom('tm-1', 'tm-2'),
  tips: fc.nat(800),
  cash: fc.nat(100),
  gratuities: fc.nat(300),
  given: fc.nat(100),
  voided: fc.boolean(),
  twice: fc.boolean(),
});

describe('tips paid over all periods equal the tips of the final vendor state (property)', () => {
  it('around a period close, whatever sales, voids and re-closes arrive', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 7 }), fc.nat(7), async (steps, closeAfter) => {
        const co = await posCompany({ profile: { payrollStartingDay: 1 } });
        const max = await addEmployee(co.companyId, { name: 'Max', surname: 'M', email: 'max@bistro.test' });
        const ria = await addEmployee(co.companyId, { name: 'Ria', surname: 'R', email: 'ria@bistro.test' });
        await writeRoster(co.target, [
          posEmployee({ vendorId: 'tm-1', email: 'max@bistro.test' }),
          posEmployee({ vendorId: 'tm-2', email: 'ria@bistro.test' }),
        ]);
        const employeeOf: Record<string, string> = { 'tm-1': max, 'tm-2': ria };
        const latest = new Map<string, PosSale>();
        let frozen: Awaited<ReturnType<typeof tipsByEmployee>> | null = null;
        let frozenKinds: Awaited<ReturnType<typeof tipsBetween>> | null = null;
        const close = async () => {
          await lockRange(co.companyId, CLOSED, 'payroll-clerk');
          frozen = await tipsByEmployee(co.companyId, CLOSED.startDate, CLOSED.endDate);
          frozenKinds = await tipsBetween(co.companyId, CLOSED.startDate, CLOSED.endDate);
        };
        for (const [i, s] of steps.entries()) {
          if (i === closeAfter) await close();
          const vendorId = `chk-${s.check}`;
          const previous = latest.get(vendorId);
          const tips = Math.max(s.tips, s.cash);
          const sale = posSale({
            vendorId,
            // a check keeps its day: a re-close or a changed tip is the same check
            closedAt: previous?.closedAt ?? at(DAYS[s.day], 13 * 60),
            employeeVendorId: s.server,
            tips,
            cashTips: s.cash,
            gratuities: s.gratuities,
            tipsTo: s.given
              ? [{ employeeVendorId: s.server === 'tm-1' ? 'tm-2' : 'tm-1', amount: Math.min(s.given, tips) }]
              : [],
            voided: s.voided,
            modifiedAt: 1_700_000_000_000 + i,
          });
          latest.set(vendorId, sale);
          await writeSales({ ...co.target, runId: `run-${i}` }, [sale]);
          if (s.twice) await writeSales({ ...co.target, runId: `rerun-${i}` }, [sale]);
        }
        if (!frozen) await close();
        const today = businessToday(TZ, 0);
        const later = await tipsByEmployee(co.companyId, '2026-11-16', today);
        const laterKinds = await tipsBetween(co.companyId, '2026-11-16', '2026-11-30');
        const adjustments = (await docsOf(co.companyId, 'posTipAdjustments')) as unknown as Array<{
          employeeId: string;
          kind: keyof Kinds;
          amount: number;
        }>;
        const closedAgain = await tipsByEmployee(co.companyId, CLOSED.startDate, CLOSED.endDate);

        const expected = new Map([max, ria].map((id) => [id, none()]));
        for (const s of latest.values()) {
          if (s.voided) continue;
          const mine = expected.get(employeeOf[s.employeeVendorId!])!;
          const given = (s.tipsTo ?? []).reduce((a, x) => a + x.amount, 0);
          mine.cardTips += s.tips - s.cashTips;
          mine.cashTips += s.cashTips;
          mine.gratuities += s.gratuities ?? 0;
          mine.tipsGiven += given;
          for (const x of s.tipsTo ?? []) expected.get(employeeOf[x.employeeVendorId!])!.tipsReceived += x.amount;
        }
        for (const id of [max, ria]) {
          const want = expected.get(id)!;
          const staff = want.cardTips + want.cashTips + want.gratuities - want.tipsGiven + want.tipsReceived;
          expect((frozen!.tips.get(id) ?? 0) + (later.tips.get(id) ?? 0)).toBe(staff);
          expect((frozen!.cashTips.get(id) ?? 0) + (later.cashTips.get(id) ?? 0)).toBe(want.cashTips);
          expect(closedAgain.tips.get(id) ?? 0).toBe(frozen!.tips.get(id) ?? 0);
          expect(closedAgain.cashTips.get(id) ?? 0).toBe(frozen!.cashTips.get(id) ?? 0);
          const kindsOf = (t: Awaited<ReturnType<typeof tipsBetween>>) =>
            (t.employees.find((e) => e.employeeId === id) ?? none()) as Kinds;
          for (const kind of KINDS) {
            // an adjustment's amount is its effect on the staff's tips: tips given count against them
            const adjusted = adjustments
              .filter((a) => a.employeeId === id && a.kind === kind)
              .reduce((s, a) => s + (kind === 'tipsGiven' ? -a.amount : a.amount), 0);
            expect(kindsOf(frozenKinds!)[kind] + adjusted + kindsOf(laterKinds)[kind]).toBe(want[kind]);
          }
        }
      }),
      { numRuns: 25 },
    );
  }, 480_000);
});

describe("a punch's declared cash tips changed after its period closed", () => {
  it('become a tip adjustment in the open period, once; the closed period reads as paid', async () => {
    const co = await posCompany({ profile: { payrollStartingDay: 1 } });
    const kim = await addEmployee(co.companyId, { name: 'Kim', surname: 'K' });
    const rules = await getCompanyRules({ companyId: co.companyId });
    const punch = {
      connectionId: co.target.connectionId,
      slug: co.target.slug,
      vendorId: 'tc-1',
      employeeId: kim,
      clockInAt: at('2026-11-12', 17 * 60),
      amount: 1200,
    };
    await recordDeclaredTips({ companyId: co.companyId, rules, entries: [punch] });
    await lockRange(co.companyId, CLOSED, 'payroll-clerk');
    const paid = await tipsByEmployee(co.companyId, CLOSED.startDate, CLOSED.endDate);
    expect([paid.tips.get(kim), paid.cashTips.get(kim)]).toEqual([1200, 1200]);
    // the punch deleted at the vendor (its tips gone), delivered twice
    for (let i = 0; i < 2; i++)
      await recordDeclaredTips({
        companyId: co.companyId,
        rules,
        entries: [{ ...punch, amount: 0 }],
        runId: 'run-del',
      });
    const adjustments = await docsOf(co.companyId, 'posTipAdjustments');
    expect(adjustments.map((a) => [a.employeeId, a.kind, a.amount, a.change, a.originalDate, a.runId])).toEqual([
      [kim, 'declaredCashTips', -1200, 'declared', '2026-11-12', 'run-del'],
    ]);
    const closed = await tipsByEmployee(co.companyId, CLOSED.startDate, CLOSED.endDate);
    expect([closed.tips.get(kim), closed.cashTips.get(kim)]).toEqual([1200, 1200]);
    const later = await tipsByEmployee(co.companyId, '2026-11-16', businessToday(TZ, 0));
    expect([later.tips.get(kim), later.cashTips.get(kim)]).toEqual([-1200, -1200]);
  }, 60_000);
});
