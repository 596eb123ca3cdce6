import type { PosPunch } from '../../../pos/connectors';
import { db } from '../../../core/firebase';
import {
  readLateRecords,
  readVendorPunches,
  removeVendorPunch,
  upsertVendorPunch,
  vendorPunchVersion,
  type LateRecord,
  type VendorPunchInput,
} from '../../attendance';
import { listRoles } from '../../roles';
import { nameKey } from '../matching';
import * as repo from '../repo';
import {
  employeeIdsOf,
  inPool,
  logFailure,
  noteIssue,
  refusal,
  rulesOf,
  type Recorded,
  type SinkTarget,
} from './common';
import { declaredTipsOf, latest, punchInput, zero } from './mapping';
import { recordDeclaredTips } from '../../sales';
import { MAX_COMMIT_WRITES } from '../../../core/locks';

const PUNCH_CONCURRENCY = 8;

const CHANGE_WORDS: Record<LateRecord['change'], string> = {
  created: 'new punch',
  changed: 'change',
  deleted: 'deletion',
};

/** A record that reached a range payroll closed: accepted as a late record, paid in the first report after the close. */
export function lateIssue(vendorId: string, late: LateRecord) {
  const { startDate, endDate } = late.lock;
  return {
    stream: 'punches',
    vendorId,
    kind: 'held' as const,
    code: 'ADJUSTED_IN_OPEN_PERIOD',
    reason:
      `The punch lies in ${startDate} to ${endDate}, which payroll has closed: that period stays as paid, and this ` +
      `${CHANGE_WORDS[late.change]} is kept as a late record and paid as a prior-period adjustment (lateRecord) in the ` +
      `payroll report of the first period after ${endDate}`,
  };
}

/** Role ids by name (compared like names), for the POS job title of a punch; a name two roles share names none. */
async function rolesByTitle(companyId: string): Promise<Map<string, string | null>> {
  const out = new Map<string, string | null>();
  for (const role of await listRoles(companyId)) {
    if (role.archived) continue;
    const key = nameKey(role.name);
    out.set(key, out.has(key) ? null : role.id);
  }
  return out;
}

/**
 * A page of POS punches. A punch of a linked POS employee goes to the attendance module's punches
 * (upsertVendorPunch: source pos, its vendor id; a punch a manager edited or approved is flagged
 * for review, not overwritten; a deleted one is removed, or flagged; one reaching a range payroll
 * closed is a late record, listed with the run's issues as ADJUSTED_IN_OPEN_PERIOD). A new punch of an unlinked
 * (or unknown) POS employee cannot be an attendance punch: it is held and replayed when the POS
 * employee is linked; one already in attendance keeps its employee. Punches of one employee are
 * written in clock-in order, employees in parallel.
 */
export async function recordPunches(t: SinkTarget, page: readonly PosPunch[]): Promise<Recorded> {
  const counts = zero();
  const { records, duplicates } = latest(page);
  counts.unchanged += duplicates;
  if (records.length === 0) return { counts, heldFor: [] };
  const posIdOf = (r: PosPunch) => repo.posEmployeeDocId(t.connectionId, r.employeeVendorId);
  const heldRefs = records.map((r) => repo.heldRef(t.companyId, repo.heldPunchDocId(t.connectionId, r.vendorId)));
  const vendorIds = records.map((r) => r.vendorId);
  const [links, roles, stored, lateRecords, heldSnaps] = await Promise.all([
    employeeIdsOf(t.companyId, records.map(posIdOf)),
    records.some((r) => r.jobTitle) ? rolesByTitle(t.companyId) : new Map<string, string | null>(),
    readVendorPunches(t.companyId, t.slug, vendorIds),
    readLateRecords(t.companyId, t.slug, vendorIds),
    db().getAll(...heldRefs),
  ]);
  const held = heldSnaps.map(repo.heldFromSnapshot);

  const toHold: number[] = [];
  const toWrite: { index: number; input: VendorPunchInput; deleted: boolean }[] = [];
  const settled: number[] = [];
  const attributed = new Map<number, string>();
  records.forEach((r, i) => {
    const ours = stored.get(r.vendorId);
    // a punch already attributed keeps its employee while its POS employee is unlinked
    const late = lateRecords.get(r.vendorId);
    const employeeId = links.get(posIdOf(r)) ?? ours?.employeeId ?? late?.final?.employeeId;
    if (!employeeId) return void toHold.push(i);
    attributed.set(i, employeeId);
    const input: VendorPunchInput = { ...punchInput(t, r, employeeId, roles), ...(t.runId ? { runId: t.runId } : {}) };
    const version = vendorPunchVersion(input, r.deleted);
    // a late record (the range was closed by payroll) holds the last version received, not the punch:
    // attendance decides (in its transaction) whether the range is still closed
    const known = late
      ? false
      : r.deleted && !ours
        ? true
        : !!ours && (ours.vendor?.version === version || ours.vendor?.pending?.version === version);
    if (known) {
      counts.unchanged++;
      settled.push(i);
    } else {
      toWrite.push({ index: i, input, deleted: r.deleted });
    }
  });

  if (toHold.length) {
    counts.held += toHold.length;
    for (const i of toHold)
      noteIssue(t, {
        stream: 'punches',
        vendorId: records[i].vendorId,
        kind: 'held',
        code: 'POS_EMPLOYEE_NOT_LINKED',
        reason: `POS employee ${records[i].employeeVendorId} is not linked to an employee: the punch is kept apart, not in attendance`,
      });
    const now = Date.now();
    const changed = toHold.filter((i) => !held[i] || JSON.stringify(held[i]!.punch) !== JSON.stringify(records[i]));
    for (let i = 0; i < changed.length; i += MAX_COMMIT_WRITES) {
      const batch = db().batch();
      for (const k of changed.slice(i, i + MAX_COMMIT_WRITES)) {
        const r = records[k];
        batch.set(
          heldRefs[k],
          repo.heldToDoc({
            id: heldRefs[k].id,
            connectionId: t.connectionId,
            slug: t.slug,
            posEmployeeId: posIdOf(r),
            vendorId: r.vendorId,
            punch: r,
            modifiedAt: r.modifiedAt,
            heldAt: now,
          }),
        );
      }
      await batch.commit();
    }
  }

  const byEmployee = new Map<string, typeof toWrite>();
  for (const w of toWrite) byEmployee.set(w.input.employeeId, [...(byEmployee.get(w.input.employeeId) ?? []), w]);
  await inPool([...byEmployee.values()], PUNCH_CONCURRENCY, async (items) => {
    for (const w of items.sort((a, b) => a.input.clockInAt - b.input.clockInAt)) {
      try {
        const written = w.deleted
          ? await removeVendorPunch(t.companyId, w.input)
          : await upsertVendorPunch(t.companyId, w.input);
        const { outcome } = written;
        if (written.outcome === 'late') {
          if (written.repeated) counts.unchanged++;
          else counts.updated++;
          noteIssue(t, lateIssue(records[w.index].vendorId, written.late));
        } else if (outcome === 'created') counts.created++;
        else if (outcome === 'unchanged') counts.unchanged++;
        else counts.updated++;
        settled.push(w.index);
      } catch (err) {
        const refused = refusal(err);
        if (!refused) throw err;
        counts.failed++;
        logFailure(t, 'punches', records[w.index].vendorId, refused.code, refused.message);
      }
    }
  });

  // a punch held earlier and now written (its POS employee was linked since) is no longer held
  const release = settled.filter((i) => held[i]);
  for (let i = 0; i < release.length; i += MAX_COMMIT_WRITES) {
    const batch = db().batch();
    for (const k of release.slice(i, i + MAX_COMMIT_WRITES)) batch.delete(heldRefs[k]);
    await batch.commit();
  }
  // the cash tips declared on the punches written (or known already) go to the sales module's tips (a deleted punch's leave)
  const declared = settled.map((i) => declaredTipsOf(t, records[i], attributed.get(i)!));
  if (declared.length)
    await recordDeclaredTips({ companyId: t.companyId, rules: await rulesOf(t), entries: declared, runId: t.runId });
  return { counts, heldFor: toHold.map((i) => posIdOf(records[i])) };
}
