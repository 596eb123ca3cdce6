import { createHash } from 'node:crypto';
import type { Transaction } from 'firebase-admin/firestore';
import { requireDateRange } from '../../../core/calendar';
import { coreErrors } from '../../../core/errors';
import { db } from '../../../core/firebase';
import { companyNotFound } from '../../../core/firestore';
import type { Logger } from '../../../core/logger';
import { companyRulesFromSnapshots, companyRulesRefs } from '../../companies';
import { employeeErrors, employeeFromSnapshot, employeeRef } from '../../employees';
import { roleErrors, roleFromSnapshot, roleRef } from '../../roles';
import { scheduleErrors } from '../errors';
import { runExclusive } from '../../../core/exclusive';
import * as repo from '../repo';
import { findingKey, scheduleRulesOf } from '../rules';
import { SHIFT_MODES, type Finding, type Shift } from '../schemas';
import { conflictError, conflictWindow, withTimes } from '../shift-checks';
import { listTimeOff } from '../time-off';
import { commitFindings } from './commit-checks';
import { outcomeOf } from '../outcome';
import { TEMPLATE_REASON, type DemandSeat, type SeatReason } from './demand';
import { laborCostOf, planDemand, type DemandPlan } from './forecast-demand';
import { gatherInputs } from './inputs';
import type { GenerationProblem } from './model';
import { buildProblem, type GenerationInputs } from './problem';
import { MAX_BLOCKED_LISTED, MAX_GENERATION_DAYS, type GenerateBody, type Proposal } from './schemas';
import { explain, generate } from './solve';
import { proposalFromSnapshot, proposalRef, proposalToDoc, proposalsCollection, type StoredProposal } from './store';
import { writesLeft } from '../../../core/locks';
import { linkedRecordsOfEach } from '../../organizations';
import { elsewhereFindings, readShiftsElsewhereOf, scheduleLocks, type LinkedOf } from '../elsewhere';

/** Firestore documents hold at most 1 MiB: the gzipped proposal, with its committed ids later, must fit with room to spare. */
const MAX_PROPOSAL_BYTES = 700_000;

/** The hash of everything the generation depended on: a commit compares it with a fresh one. */
export function fingerprint(problem: GenerationProblem): string {
  return createHash('sha256').update(JSON.stringify(problem)).digest('base64url');
}

const seatView = (s: {
  date: string;
  weekday: string;
  start: number;
  end: number;
  roleId: string;
  subRoleId: string;
  slotKey: string | null;
  because?: SeatReason;
}) => ({
  date: s.date,
  weekday: s.weekday,
  start: s.start,
  end: s.end,
  positionId: s.roleId,
  subRoleId: s.subRoleId,
  slotKey: s.slotKey,
  because: s.because ?? TEMPLATE_REASON,
});

/** The generation inputs with the proposal's seat source: forecast only leaves the template out. */
const withSeats = (inputs: GenerationInputs, seatsFrom: GenerateBody['seatsFrom'], demandSeats: DemandSeat[]) => ({
  ...inputs,
  template: seatsFrom === 'forecast' ? {} : inputs.template,
  demandSeats,
});

function demandView(
  body: GenerateBody,
  plan: DemandPlan,
  seats: DemandSeat[],
  laborCostMinor: number,
): Proposal['demand'] {
  const count = (kind: SeatReason['kind']) => seats.filter((s) => s.because.kind === kind).length;
  return {
    seatsFrom: body.seatsFrom,
    forecastMethod: plan.method,
    currency: plan.currency,
    projectedSalesMinor: plan.projectedSalesMinor,
    laborTargetPercent: body.laborTargetPercent ?? null,
    laborCostMinor,
    laborPercent:
      plan.projectedSalesMinor > 0 ? Math.round((10_000 * laborCostMinor) / plan.projectedSalesMinor) / 100 : 0,
    seats: {
      minimum: count('minimum'),
      productivity: count('productivity'),
      laborTarget: count('laborTarget'),
      cutByTarget: plan.cut,
    },
  };
}

export async function propose({
  companyId,
  body,
  log,
}: {
  companyId: string;
  body: GenerateBody;
  log?: Logger;
}): Promise<Proposal> {
  requireDateRange(body.startDate, body.endDate, MAX_GENERATION_DAYS);
  if (body.laborTargetPercent !== undefined && body.seatsFrom === 'template')
    throw coreErrors.VALIDATION_FAILED(
      'Invalid request: body.laborTargetPercent: applies to forecast seats (seatsFrom forecast or template+forecast)',
      [{ path: 'body.laborTargetPercent', message: 'needs seatsFrom forecast or template+forecast' }],
    );
  const inputs = await gatherInputs({
    companyId,
    from: body.startDate,
    to: body.endDate,
    roleIds: body.roleIds,
    employeeIds: body.employeeIds,
  });
  const unknownRole = body.roleIds?.find((id) => !inputs.roles.some((r) => r.id === id));
  if (unknownRole) throw roleErrors.UNKNOWN_ROLE(`No role ${unknownRole} in this company`);
  const unknownEmployee = body.employeeIds?.find((id) => !inputs.employees.some((e) => e.id === id));
  if (unknownEmployee) throw employeeErrors.UNKNOWN_EMPLOYEE(`No active employee ${unknownEmployee} in this company`);

  const plan =
    body.seatsFrom === 'template'
      ? null
      : await planDemand(companyId, withSeats(inputs, body.seatsFrom, []), body.laborTargetPercent);
  const demandSeats = plan?.seats ?? [];
  const problem = buildProblem(withSeats(inputs, body.seatsFrom, demandSeats));
  const { assignments, report } = await generate(problem, { timeLimitSeconds: body.timeLimitSeconds });
  const explained = explain(problem, assignments);
  const names = new Map(problem.staff.map((s) => [s.id, s.name]));
  const id = proposalsCollection(companyId).doc().id;
  const proposal: Proposal = {
    id,
    companyId,
    status: 'open',
    startDate: body.startDate,
    endDate: body.endDate,
    roleIds: body.roleIds ?? null,
    employeeIds: body.employeeIds ?? null,
    scheduleId: body.scheduleId ?? null,
    generationPriority: problem.rules.priority,
    generationFormat: problem.rules.format,
    demand: plan && demandView(body, plan, demandSeats, laborCostOf(problem, assignments)),
    coverage: { required: problem.seats.length, filled: assignments.length, held: problem.held.length },
    solver: {
      used: report.used,
      status: report.status,
      objective: report.objective,
      greedyObjective: report.greedyObjective,
      bound: report.bound,
      gap: report.gap,
      seconds: Math.round(report.seconds * 1000) / 1000,
    },
    assignments: explained.assignments.map((a, n) => ({
      ...seatView(a.seat),
      shiftId: `${id}-${n + 1}`,
      employeeId: a.staffId,
      employeeName: names.get(a.staffId) ?? '',
      why: a.why,
    })),
    unfilled: explained.unfilled.map((u) => {
      const blockedCounts: Record<string, number> = {};
      for (const b of u.blockedBy) blockedCounts[b.rule] = (blockedCounts[b.rule] ?? 0) + 1;
      return {
        seat: seatView(u.seat),
        reason: u.reason,
        message: u.message,
        blockedCounts,
        blockedBy: u.blockedBy.slice(0, MAX_BLOCKED_LISTED),
      };
    }),
    createdAt: Date.now(),
    committedAt: null,
  };
  const doc = proposalToDoc({ proposal, fingerprint: fingerprint(problem), committedShiftIds: [], demandSeats });
  const bytes = (doc.body as Buffer).length;
  if (bytes > MAX_PROPOSAL_BYTES) {
    throw scheduleErrors.PROPOSAL_TOO_LARGE(
      `This proposal (${problem.seats.length + problem.held.length} seats, ${Math.round(bytes / 1000)} kB) is larger than one stored document can hold; generate fewer days, roles or employees per call`,
    );
  }
  await proposalRef(companyId, id).set(doc);
  log?.info('schedule proposal generated', {
    proposalId: id,
    seats: problem.seats.length,
    filled: assignments.length,
    used: report.used,
    status: report.status,
    gap: report.gap,
    seconds: report.seconds,
  });
  return proposal;
}

async function load(companyId: string, proposalId: string): Promise<StoredProposal> {
  const stored = proposalFromSnapshot(await proposalRef(companyId, proposalId).get());
  if (!stored || stored.proposal.companyId !== companyId)
    throw scheduleErrors.PROPOSAL_NOT_FOUND('Schedule proposal not found');
  return stored;
}

/**
 * A stored proposal names its employees by id (an erasure reaches no copy in it): the names are
 * their records' names now, one batched read (an erased employee answers the erased placeholder).
 */
async function withNames(companyId: string, proposal: Proposal): Promise<Proposal> {
  const ids = [...new Set(proposal.assignments.map((a) => a.employeeId))];
  if (!ids.length) return proposal;
  const snaps = await db().getAll(...ids.map((id) => employeeRef(companyId, id)));
  const names = new Map(
    snaps.flatMap((snap) => {
      const e = employeeFromSnapshot(snap);
      return e ? [[snap.id, `${e.name} ${e.surname}`.trim()] as const] : [];
    }),
  );
  return {
    ...proposal,
    assignments: proposal.assignments.map((a) => ({ ...a, employeeName: names.get(a.employeeId) ?? '' })),
  };
}

export async function getProposal({
  companyId,
  proposalId,
}: {
  companyId: string;
  proposalId: string;
}): Promise<Proposal> {
  return withNames(companyId, (await load(companyId, proposalId)).proposal);
}

async function readShifts(companyId: string, ids: string[]): Promise<Shift[]> {
  if (ids.length === 0) return [];
  const snaps = await db().getAll(...ids.map((id) => repo.shiftRef(companyId, id)));
  return snaps.map((s) => repo.shiftFromSnapshot(s)).filter((s): s is Shift => s !== null);
}

/**
 * Writes the proposal's assignments as drafts. Refused (409 PROPOSAL_STALE) when the generation
 * inputs changed since (the problem is rebuilt and its fingerprint compared; the proposal's own
 * drafts, from an interrupted earlier commit, are left out of it). The drafts are written per
 * group of employees, each group in one exclusive transaction that runs the conflict checks of
 * PUT /shifts (references, overlap, rest, daily and weekly limits against every shift of the
 * employee, and the person's live shifts at the employer's other locations); any blocking finding
 * refuses that group (422 SHIFT_CONFLICT). Idempotent: drafts
 * already written are skipped, and a committed proposal answers the drafts it wrote.
 */
export async function commitProposal({
  companyId,
  proposalId,
  dryRun = false,
}: {
  companyId: string;
  proposalId: string;
  /** Check the drafts and answer what the commit would do (drafts owe no premium), writing nothing. */
  dryRun?: boolean;
}) {
  const stored = await load(companyId, proposalId);
  const p = stored.proposal;
  const none = outcomeOf(dryRun, [], []);
  if (p.status === 'committed')
    return {
      proposalId,
      committed: await readShifts(companyId, stored.committedShiftIds),
      warnings: [] as Finding[],
      outcome: none,
    };

  if (p.assignments.length === 0) {
    if (dryRun) return { proposalId, committed: [] as Shift[], warnings: [] as Finding[], outcome: none };
    await proposalRef(companyId, proposalId).set(
      proposalToDoc({ ...stored, proposal: { ...p, status: 'committed', committedAt: Date.now() } }),
    );
    return { proposalId, committed: [] as Shift[], warnings: [] as Finding[], outcome: none };
  }
  const own = new Set(p.assignments.map((a) => a.shiftId));
  const inputs = await gatherInputs({
    companyId,
    from: p.startDate,
    to: p.endDate,
    roleIds: p.roleIds ?? undefined,
    employeeIds: p.employeeIds ?? undefined,
    ignoreShift: (id) => own.has(id),
  });
  const seatsFrom = p.demand?.seatsFrom ?? 'template';
  if (fingerprint(buildProblem(withSeats(inputs, seatsFrom, stored.demandSeats))) !== stored.fingerprint) {
    throw scheduleErrors.PROPOSAL_STALE(
      'The template, employees, shifts or settings changed since this proposal was generated; generate a new proposal',
    );
  }

  const byEmployee = new Map<string, Proposal['assignments']>();
  for (const a of p.assignments) byEmployee.set(a.employeeId, [...(byEmployee.get(a.employeeId) ?? []), a]);
  // each employee's schedule lock, and those of their records at the other locations (checked with them)
  const linked = await linkedRecordsOfEach(companyId, [...byEmployee.keys()]);
  const keysOf = (e: string) => 1 + (linked.get(e)?.length ?? 0);
  const chunks: string[][] = [];
  let current: string[] = [];
  // each commit writes the chunk's drafts and the proposal
  let writes = 1;
  let keys = 0;
  for (const [employeeId, list] of byEmployee) {
    if (current.length && writes + list.length > writesLeft(keys + keysOf(employeeId))) {
      chunks.push(current);
      [current, writes, keys] = [[], 1, 0];
    }
    current.push(employeeId);
    writes += list.length;
    keys += keysOf(employeeId);
  }
  chunks.push(current);

  const warnings = new Map<string, Finding>();
  for (const [i, employees] of chunks.entries()) {
    const last = i === chunks.length - 1;
    const assignments = employees.flatMap((e) => byEmployee.get(e) ?? []);
    const locks = await scheduleLocks(companyId, employees);
    const found = await runExclusive(locks.keys, (tx) =>
      commitChunk(tx, { stored, employees, assignments, last, dryRun, linked: locks.linked }),
    );
    for (const f of found) warnings.set(findingKey(f), f);
  }
  const all = [...warnings.values()];
  if (dryRun)
    return {
      proposalId,
      committed: [] as Shift[],
      warnings: all.filter((f) => !f.blocking),
      outcome: outcomeOf(true, all, []),
    };
  return {
    proposalId,
    committed: await readShifts(
      companyId,
      p.assignments.map((a) => a.shiftId),
    ),
    warnings: all,
    outcome: outcomeOf(false, all, []),
  };
}

async function commitChunk(
  tx: Transaction,
  {
    stored,
    employees,
    assignments,
    last,
    dryRun,
    linked,
  }: {
    stored: StoredProposal;
    employees: string[];
    assignments: Proposal['assignments'];
    last: boolean;
    dryRun: boolean;
    /** The employees' records at the other locations, whose schedules this transaction holds. */
    linked: LinkedOf;
  },
) {
  const p = stored.proposal;
  const companyId = p.companyId;
  const roleIds = [...new Set(assignments.map((a) => a.positionId))];
  const around = conflictWindow(p.startDate, p.endDate);
  const [existing, [companySnap, settingsSnap, ...rest], timeOffs, elsewhere] = await Promise.all([
    repo.listShiftsInRange({ companyId, ...around, modes: SHIFT_MODES }, tx),
    tx.getAll(
      ...companyRulesRefs(companyId),
      ...employees.map((e) => employeeRef(companyId, e)),
      ...roleIds.map((r) => roleRef(companyId, r)),
    ),
    listTimeOff({ companyId, ...around, employeeIds: employees }, tx),
    readShiftsElsewhereOf(tx, linked, p.startDate, p.endDate),
  ]);
  const company = companyRulesFromSnapshots(companySnap, settingsSnap);
  if (!company) throw companyNotFound();
  const rules = scheduleRulesOf(company);
  const employeeById = new Map(rest.slice(0, employees.length).map((s) => [s.id, employeeFromSnapshot(s)]));
  const roleById = new Map(rest.slice(employees.length).map((s) => [s.id, roleFromSnapshot(s)]));

  const written = new Set(existing.map((s) => s.id));
  const now = Date.now();
  const drafts = assignments
    .filter((a) => !written.has(a.shiftId))
    .map((a) =>
      withTimes(
        {
          id: a.shiftId,
          companyId,
          date: a.date,
          employeeId: a.employeeId,
          positionId: a.positionId,
          subRoleId: a.subRoleId,
          start: a.start,
          end: a.end,
          mode: 'draft',
          scheduleId: p.scheduleId,
          note: '',
          onHold: false,
          createdAt: now,
          updatedAt: now,
        },
        rules,
      ),
    );
  const all = [
    ...commitFindings(drafts, existing, { rules, employees: employeeById, roles: roleById, timeOffs }),
    ...drafts.flatMap((d) => elsewhereFindings(d.timing, elsewhere, rules, false)),
  ];
  if (dryRun) return { result: all };
  const blocking = all.filter((f) => f.blocking);
  if (blocking.length) {
    throw conflictError(
      `Nothing of this group was committed: ${blocking.length} conflict(s): ${blocking
        .slice(0, 5)
        .map((f) => f.message)
        .join('; ')}${blocking.length > 5 ? '; ...' : ''}`,
      blocking,
    );
  }
  return {
    result: all,
    write: (t: Transaction) => {
      for (const { shift } of drafts) t.set(repo.shiftRef(companyId, shift.id), repo.shiftToDoc(shift));
      if (last) {
        const committed: StoredProposal = {
          ...stored,
          proposal: { ...p, status: 'committed', committedAt: now },
          committedShiftIds: p.assignments.map((a) => a.shiftId),
        };
        t.set(proposalRef(companyId, p.id), proposalToDoc(committed));
      }
    },
  };
}
