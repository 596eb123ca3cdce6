import type { DocumentData, DocumentReference, Transaction } from 'firebase-admin/firestore';
import { runExclusive } from '../core/exclusive';
import { db, firestoreNs } from '../core/firebase';
import { lockKeys } from '../core/locks';
import { logger } from '../core/logger';
import {
  admit,
  alertsDue,
  flowFamily,
  periodOf,
  PERIODS,
  withReservation,
  type Alert,
  type Budget,
  type LedgerState,
} from './budget-rules';
import { aiErrors } from './errors';
import { bucketKey, fieldKey, type Bucket } from './store';
import { lazyFile } from '../core/lazy';
import { z } from 'zod';

const budgetAlertsFile = lazyFile<typeof import('./budget-alerts')>(() => require('./budget-alerts'));

/**
 * AI budgets: storage, the atomic check-and-reserve before a model call and the settlement after it.
 *
 *   aiBudgets/{company:<id> | onboarding | default}   a bucket's budget, or the default of every
 *                                                       bucket without one: amountNano, period,
 *                                                       softThresholdPercent, flowLimitsNano
 *   aiBudgetLedgers/{bucket}~{period key}               a bucket's spend in one UTC period
 *                                                       (`company:c1~month:2026-11`): spentNano,
 *                                                       reservedNano, f__<flow>__spentNano/reservedNano,
 *                                                       calls, refusedCalls, softAlertAt, capAlertAt
 *
 * Reserve: under `runExclusive` on the bucket (the transaction serializes it on Firestore and on the
 * local emulator alike), read the budget and the ledger, admit the call if its estimate fits
 * (budget-rules.ts `admit`) and add the estimate to `reservedNano`. Reservations waiting in this instance for the same bucket are decided together
 * in one such commit, in arrival order (a group commit: one bucket's calls do not queue on one
 * lock round trip each). Settle: one batch of increments, no lock (increments commute): the
 * reservation is released and the actual cost added to the ledgers of the day and of the month, so
 * a budget set in mid-period starts from the period's true spend.
 *
 * Overspend bound: a bucket's settled spend in a period is at most its amount plus, over the calls
 * admitted in it, the sum of (actual cost - estimate) where positive. The estimate is an upper bound
 * (budget-rules.ts `estimateNano`), so that sum is 0 unless a provider bills tokens beyond it; the
 * excess is bounded by the calls in flight at the moment the cap is reached. A reservation whose
 * call never settles (the instance died mid-call) stays reserved until the period ends.
 */
const BUDGETS = 'aiBudgets';
const LEDGERS = 'aiBudgetLedgers';
export const DEFAULT_BUDGET_ID = 'default';

export const budgetRef = (id: string) => db().collection(BUDGETS).doc(id);
export const budgetsCol = () => db().collection(BUDGETS);
export const ledgersCol = () => db().collection(LEDGERS);
export const ledgerRef = (bucket: string, periodKey: string) => ledgersCol().doc(`${bucket}~${periodKey}`);

/** A budget as stored; `flowLimitsNano` keeps its numeric limits (anything else in it is no limit). */
const storedBudget = z.object({
  amountNano: z.number(),
  period: z.enum(PERIODS),
  softThresholdPercent: z.number().default(80),
  flowLimitsNano: z
    .record(z.string(), z.unknown())
    .catch({})
    .default({})
    .transform((limits) =>
      Object.fromEntries(
        Object.entries(limits).filter((entry): entry is [string, number] => typeof entry[1] === 'number'),
      ),
    ),
});

/** The budget a stored document states; null when it states none (no such document, or not a budget). */
export function parseBudget(data: DocumentData | undefined): Budget | null {
  const parsed = storedBudget.safeParse(data);
  return parsed.success ? parsed.data : null;
}

export const flowField = (family: string, counter: 'spentNano' | 'reservedNano') =>
  `f__${fieldKey(family)}__${counter}`;

/** A ledger's totals as stored (its per-flow counters are fields named after the flow, read below). */
const storedLedgerTotals = z.object({ spentNano: z.number().default(0), reservedNano: z.number().default(0) });

export function parseLedger(data: DocumentData | undefined): LedgerState {
  const ledger: LedgerState = { spentNano: 0, reservedNano: 0, flowSpentNano: {}, flowReservedNano: {} };
  if (!data) return ledger;
  Object.assign(ledger, storedLedgerTotals.parse(data));
  for (const [field, value] of Object.entries(data)) {
    const match = /^f__(.+)__(spentNano|reservedNano)$/.exec(field);
    const family = match && data[`f__${match[1]}__flow`];
    if (!match || typeof family !== 'string' || typeof value !== 'number') continue;
    (match[2] === 'spentNano' ? ledger.flowSpentNano : ledger.flowReservedNano)[family] = value;
  }
  return ledger;
}

type Applied = { budget: Budget; source: 'own' | 'default' } | null;

/**
 * Every model call asks which budget applies to its bucket before it reserves, so an instance
 * remembers the answer for BUDGET_CACHE_MS (a change made through this instance applies at once,
 * `forgetBudgets`). The reservation itself reads the budget again in its transaction, so what this
 * bounds is only when a bucket that had no budget starts having one: for up to BUDGET_CACHE_MS
 * after a budget is set elsewhere, each instance still admits that bucket's calls without reserving
 * (the calls it starts in that window are the overspend bound's addition); a budget changed or
 * removed takes effect at the next reservation.
 */
export const BUDGET_CACHE_MS = 5_000;
const BUDGET_CACHE_MAX = 10_000;
const rememberedBudgets = new Map<string, { applied: Applied; until: number }>();

/** After a budget was written through this instance: its next call reads the budgets again. */
export function forgetBudgets(): void {
  rememberedBudgets.clear();
}

/**
 * The budget that applies to a bucket: its own, else the default; read through `tx` when given,
 * else remembered for BUDGET_CACHE_MS.
 */
export async function effectiveBudget(bucket: Bucket, tx?: Transaction): Promise<Applied> {
  const key = bucketKey(bucket);
  const now = Date.now();
  const hit = tx ? undefined : rememberedBudgets.get(key);
  if (hit && hit.until > now) return hit.applied;
  const refs = [budgetRef(key), budgetRef(DEFAULT_BUDGET_ID)];
  const [own, fallback] = tx ? await tx.getAll(...refs) : await db().getAll(...refs);
  const ownBudget = parseBudget(own.data());
  const defaultBudget = parseBudget(fallback.data());
  const applied: Applied = ownBudget
    ? { budget: ownBudget, source: 'own' }
    : defaultBudget
      ? { budget: defaultBudget, source: 'default' }
      : null;
  if (rememberedBudgets.size >= BUDGET_CACHE_MAX) rememberedBudgets.clear();
  rememberedBudgets.set(key, { applied, until: now + BUDGET_CACHE_MS });
  return applied;
}

/** An admitted call's hold on its bucket's budget; null when no budget applies to the bucket. */
export interface Reservation {
  ledger: DocumentReference;
  flow: string;
  estimateNano: number;
}

interface Pending {
  flow: string;
  estimateNano: number;
  resolve: (r: Reservation | null) => void;
  reject: (e: unknown) => void;
}

const queues = new Map<string, Pending[]>();

/**
 * Reserves `estimateNano` of the bucket's budget for one call, or refuses it with AI_BUDGET_EXCEEDED
 * (429, Retry-After: the period's end). Resolves null when no budget applies (nothing is reserved).
 */
export function reserve(bucket: Bucket, flow: string, estimateNano: number): Promise<Reservation | null> {
  const key = bucketKey(bucket);
  return new Promise((resolve, reject) => {
    const waiting = queues.get(key);
    const entry = { flow, estimateNano, resolve, reject };
    if (waiting) {
      waiting.push(entry);
      return;
    }
    queues.set(key, [entry]);
    void drain(bucket);
  });
}

async function drain(bucket: Bucket): Promise<void> {
  const key = bucketKey(bucket);
  for (;;) {
    const batch = queues.get(key)!.splice(0);
    if (batch.length === 0) {
      queues.delete(key);
      return;
    }
    try {
      const outcome = await decide(bucket, batch);
      batch.forEach((p, i) => {
        const decision = outcome.decisions[i];
        if (decision instanceof Error) p.reject(decision);
        else p.resolve(decision);
      });
      for (const alert of outcome.alerts) void sendAlert(bucket, outcome.periodKey!, alert);
    } catch (err) {
      for (const p of batch) p.reject(err);
    }
  }
}

interface BatchOutcome {
  decisions: (Reservation | null | Error)[];
  periodKey: string | null;
  alerts: Alert[];
}

async function decide(bucket: Bucket, batch: Pending[]): Promise<BatchOutcome> {
  const key = bucketKey(bucket);
  // a bucket without a budget takes no lock and writes nothing before the call
  if (!(await effectiveBudget(bucket))) return { decisions: batch.map(() => null), periodKey: null, alerts: [] };
  return runExclusive<BatchOutcome>(lockKeys.aiBudget(key), async (tx) => {
    const applied = await effectiveBudget(bucket, tx);
    if (!applied) return { result: { decisions: batch.map(() => null), periodKey: null, alerts: [] } };
    const { budget } = applied;
    const now = Date.now();
    const period = periodOf(budget.period, now);
    const ref = ledgerRef(key, period.key);
    const snap = await tx.get(ref);
    let state = parseLedger(snap.data());
    const decisions: BatchOutcome['decisions'] = [];
    const reservedByFlow = new Map<string, number>();
    let refusedByBudget = false;
    for (const p of batch) {
      const verdict = admit(budget, state, p.flow, p.estimateNano);
      if (verdict.admit) {
        state = withReservation(state, p.flow, p.estimateNano);
        const family = flowFamily(p.flow);
        reservedByFlow.set(family, (reservedByFlow.get(family) ?? 0) + p.estimateNano);
        decisions.push({ ledger: ref, flow: p.flow, estimateNano: p.estimateNano });
        continue;
      }
      refusedByBudget ||= verdict.limit === 'budget';
      const what = verdict.limit === 'budget' ? 'The AI budget' : `The AI budget of the ${flowFamily(p.flow)} flow`;
      const scope = bucket.kind === 'company' ? 'of this company' : 'of the onboarding';
      const resets = new Date(period.end).toISOString();
      decisions.push(
        aiErrors
          .AI_BUDGET_EXCEEDED(
            `${what} ${scope} ($${verdict.limitNano / 1e9} per ${budget.period}) is used up; it resets at ${resets} or when an administrator raises it`,
          )
          .withRetryAfter((period.end - now) / 1000),
      );
    }
    const sent = { soft: snap.get('softAlertAt') != null, cap: snap.get('capAlertAt') != null };
    const alerts = alertsDue(budget, state.spentNano, refusedByBudget).filter((a) => !sent[a]);
    const admitted = [...reservedByFlow.values()].reduce((a, b) => a + b, 0);
    const refused = decisions.filter((d) => d instanceof Error).length;
    return {
      result: { decisions, periodKey: period.key, alerts },
      write: (t) => {
        const { FieldValue } = firestoreNs();
        const data: DocumentData = { ...ledgerMeta(bucket, period.key), updatedAt: now };
        if (admitted > 0) data.reservedNano = FieldValue.increment(admitted);
        if (refused > 0) data.refusedCalls = FieldValue.increment(refused);
        for (const [family, amount] of reservedByFlow) {
          data[`f__${fieldKey(family)}__flow`] = family;
          data[flowField(family, 'reservedNano')] = FieldValue.increment(amount);
        }
        for (const alert of alerts) data[`${alert}AlertAt`] = now;
        t.set(ref, data, { merge: true });
      },
    };
  });
}

const ledgerMeta = (bucket: Bucket, periodKey: string) => ({
  bucket: bucketKey(bucket),
  companyId: bucket.kind === 'company' ? bucket.companyId : null,
  periodKey,
});

/**
 * Settles one call: releases its reservation (if any) and adds its actual cost to the bucket's day
 * and month ledgers. Never throws: a failed write is logged (the reservation then stays held,
 * erring on the side of refusing).
 */
export async function settle(
  bucket: Bucket,
  reservation: Reservation | null,
  flow: string,
  costNano: number,
  now = Date.now(),
): Promise<void> {
  const { FieldValue } = firestoreNs();
  const family = flowFamily(flow);
  const key = bucketKey(bucket);
  const writes = new Map<string, { ref: DocumentReference; data: DocumentData }>();
  for (const period of PERIODS) {
    const periodKey = periodOf(period, now).key;
    const ref = ledgerRef(key, periodKey);
    writes.set(ref.path, {
      ref,
      data: {
        ...ledgerMeta(bucket, periodKey),
        updatedAt: now,
        calls: FieldValue.increment(1),
        spentNano: FieldValue.increment(costNano),
        [`f__${fieldKey(family)}__flow`]: family,
        [flowField(family, 'spentNano')]: FieldValue.increment(costNano),
      },
    });
  }
  if (reservation) {
    // released in the ledger it was taken from (also when the period rolled over during the call)
    const held = writes.get(reservation.ledger.path) ?? { ref: reservation.ledger, data: {} };
    held.data.reservedNano = FieldValue.increment(-reservation.estimateNano);
    held.data[flowField(flowFamily(reservation.flow), 'reservedNano')] = FieldValue.increment(
      -reservation.estimateNano,
    );
    writes.set(reservation.ledger.path, held);
  }
  try {
    const batch = db().batch();
    for (const { ref, data } of writes.values()) batch.set(ref, data, { merge: true });
    await batch.commit();
  } catch (err) {
    logger.error('ai budget settlement failed; the reservation stays held until the period ends', {
      bucket: key,
      flow,
      costNano,
      error: err instanceof Error ? err.message : String(err),
    });
  }
}

async function sendAlert(bucket: Bucket, periodKey: string, alert: Alert): Promise<void> {
  const { sendBudgetAlert } = budgetAlertsFile();
  try {
    const [applied, ledgerSnap] = await Promise.all([
      effectiveBudget(bucket),
      ledgerRef(bucketKey(bucket), periodKey).get(),
    ]);
    if (applied)
      await sendBudgetAlert(bucket, periodKey, alert, applied.budget, parseLedger(ledgerSnap.data()).spentNano);
  } catch (err) {
    // forget the alert so that a later call of the period sends it again
    logger.error('ai budget alert could not be sent; it is retried with the next call', {
      bucket: bucketKey(bucket),
      periodKey,
      alert,
      error: err instanceof Error ? err.message : String(err),
    });
    await ledgerRef(bucketKey(bucket), periodKey)
      .update({ [`${alert}AlertAt`]: firestoreNs().FieldValue.delete() })
      .catch(() => undefined);
  }
}
