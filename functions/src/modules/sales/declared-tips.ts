import type { DocumentReference } from 'firebase-admin/firestore';
import { z } from 'zod';
import { businessSlot, businessToday } from '../../core/calendar';
import { runExclusive } from '../../core/exclusive';
import { db } from '../../core/firebase';
import { lockKeys, writesLeft } from '../../core/locks';
import { storedCollection } from '../../core/stored';
import { payrollLocks } from '../attendance';
import type { CompanyRules } from '../companies';
import { deltaOf, type TipsDelta } from './external-rules';
import * as repo from './repo';
import { isZeroTips, noTips, TIP_KINDS } from './tip-kinds';
import { payDateOf, tipAdjustmentsOf, type TipAdjustment } from './tip-adjustments';

/**
 * Cash tips declared on POS punches (PosPunch.declaredCashTips: what the employee declares at
 * clock-out), counted in the tips per business day and employee (posTips, kind declaredCashTips)
 * on the business date of the clock-in. Each punch's declared tips are kept as counted
 * (posDeclaredTips/{connectionId}~{vendorId}), so the same punch again changes nothing, a changed
 * one moves its tips (to another day or employee too), and a deleted one (or one whose tips are
 * gone) takes them out. A move on a business date of a pay period payroll has closed is also
 * recorded as a tip adjustment paid in the open period (tip-adjustments.ts).
 */
export interface DeclaredTips {
  connectionId: string;
  slug: string;
  /** The punch's id at the vendor. */
  vendorId: string;
  /** The employee the punch is attributed to. */
  employeeId: string;
  clockInAt: number;
  /** Minor units of the company's currency; 0 for a deleted punch or one declaring none. */
  amount: number;
}

const storedDeclared = z.object({
  connectionId: z.string(),
  slug: z.string(),
  vendorId: z.string(),
  employeeId: z.string(),
  date: z.string(),
  amount: z.number(),
  currency: z.string(),
  updatedAt: z.number(),
});
type StoredDeclared = z.output<typeof storedDeclared>;

const declared = storedCollection('posDeclaredTips', storedDeclared);
const declaredRef = (companyId: string, connectionId: string, vendorId: string) =>
  declared.ref(companyId, `${connectionId}~${encodeURIComponent(vendorId)}`);

/** Each punch: its declared document, up to two tips documents (the old and the new day or employee) and two tip adjustments. */
const PER_COMMIT = Math.floor((writesLeft(1) - 1) / 5);

/** Records the declared cash tips of punches (idempotent per punch, see above). */
export async function recordDeclaredTips(p: {
  companyId: string;
  rules: CompanyRules;
  entries: readonly DeclaredTips[];
  /** The sync run delivering the punches (named by their tip adjustments); null outside a run. */
  runId?: string | null;
}): Promise<void> {
  const byPunch = new Map(p.entries.map((e) => [`${e.connectionId}~${e.vendorId}`, e]));
  const entries = [...byPunch.values()];
  if (!entries.length) return;
  const refs = entries.map((e) => declaredRef(p.companyId, e.connectionId, e.vendorId));
  const stored = (await db().getAll(...refs)).map(declared.fromSnapshot);
  const dateOf = (e: DeclaredTips) =>
    businessSlot(e.clockInAt, p.rules.profile.timezone, p.rules.settings.dayChangeTime).businessDate;
  // read without the lock first: most punches declare none, or what they declared already
  const changed = entries
    .map((e, i) => ({ e, ref: refs[i], date: dateOf(e) }))
    .filter(({ e, date }, i) => !same(stored[i], e, date));
  const today = businessToday(p.rules.profile.timezone, p.rules.settings.dayChangeTime);
  for (let k = 0; k < changed.length; k += PER_COMMIT)
    await commit(p.companyId, p.rules.profile.currency, changed.slice(k, k + PER_COMMIT), {
      today,
      runId: p.runId ?? null,
    });
}

const same = (s: StoredDeclared | null, e: DeclaredTips, date: string) =>
  s === null
    ? e.amount === 0
    : s.amount === e.amount && (e.amount === 0 || (s.employeeId === e.employeeId && s.date === date));

async function commit(
  companyId: string,
  profileCurrency: string | null,
  chunk: readonly { e: DeclaredTips; ref: DocumentReference; date: string }[],
  run: { today: string; runId: string | null },
): Promise<void> {
  const stateRef = repo.stateRef(companyId);
  await runExclusive(
    lockKeys.salesInvoices(companyId),
    async (tx, [stateSnap, ...snaps]) => {
      const currency = (stateSnap.get('currency') as string | undefined) ?? profileCurrency ?? 'USD';
      const now = Date.now();
      const closed = await payrollLocks(companyId, tx);
      const payDate = payDateOf(closed, run.today);
      const adjustments: TipAdjustment[] = [];
      const deltas = new Map<string, TipsDelta>();
      const writes: { ref: DocumentReference; data: StoredDeclared | null }[] = [];
      chunk.forEach(({ e, ref, date }, i) => {
        const before = declared.fromSnapshot(snaps[i]);
        if (same(before, e, date)) return;
        const own = new Map<string, TipsDelta>();
        for (const m of [deltas, own]) {
          if (before) deltaOf(m, before.date, before.employeeId, before.currency).declaredCashTips -= before.amount;
          if (e.amount !== 0) deltaOf(m, date, e.employeeId, currency).declaredCashTips += e.amount;
        }
        adjustments.push(
          ...tipAdjustmentsOf({
            deltas: own.values(),
            closed,
            payDate,
            record: {
              posSource: null,
              connectionId: e.connectionId,
              slug: e.slug,
              vendorId: e.vendorId,
              runId: run.runId,
              change: 'declared',
            },
            at: now,
          }),
        );
        writes.push({
          ref,
          data:
            e.amount === 0
              ? null
              : {
                  connectionId: e.connectionId,
                  slug: e.slug,
                  vendorId: e.vendorId,
                  employeeId: e.employeeId,
                  date,
                  amount: e.amount,
                  currency,
                  updatedAt: now,
                },
        });
      });
      const moves = [...deltas.entries()].filter(([, d]) => !isZeroTips(d));
      if (!writes.length) return { result: undefined };
      const tipRefs = moves.map(([id]) => repo.tipsRef(companyId, id));
      const storedTips = tipRefs.length ? (await tx.getAll(...tipRefs)).map(repo.tipsFromSnapshot) : [];
      return {
        result: undefined,
        write: (w) => {
          for (const { ref, data } of writes) {
            if (data) w.set(ref, data);
            else w.delete(ref);
          }
          for (const a of adjustments) w.set(repo.newTipAdjustmentRef(companyId), a);
          moves.forEach(([, d], k) => {
            const figures = noTips();
            for (const kind of TIP_KINDS) figures[kind] = (storedTips[k]?.[kind] ?? 0) + d[kind];
            if (isZeroTips(figures)) w.delete(tipRefs[k]);
            else
              w.set(tipRefs[k], {
                date: d.date,
                employeeId: d.employeeId,
                ...figures,
                currency: storedTips[k]?.currency ?? d.currency,
                updatedAt: now,
              });
          });
        },
      };
    },
    [stateRef, ...chunk.map((c) => c.ref)],
  );
}
