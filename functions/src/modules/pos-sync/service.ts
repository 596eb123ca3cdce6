import { z } from 'zod';
import { runExclusive } from '../../core/exclusive';
import { logger } from '../../core/logger';
import type { Membership } from '../../core/memberships';
import { refuseOwnWork } from '../../core/own-work';
import { policiesInForce } from '../companies';
import { tipsBetween } from '../sales';
import {
  employeeErrors,
  employeeFromSnapshot,
  employeeRef,
  listEmployees,
  prepareEmployeeCreate,
  type EmployeeCreate,
} from '../employees';
import { posSyncErrors } from './errors';
import { suggest } from './matching';
import * as repo from './repo';
import {
  type CreateEmployeeBody,
  type ListQuery,
  type PosEmployeeView,
  type Replayed,
  type Suggestion,
  type TipsQuery,
  posEmployeesCursor,
} from './schemas';
import { replayHeld } from './sinks';
import { lockKeys } from '../../core/locks';

const notFound = (id: string) => posSyncErrors.POS_EMPLOYEE_NOT_FOUND(`No POS employee ${id} in the company`);

function view(p: repo.StoredPosEmployee, suggestions: Suggestion[]): PosEmployeeView {
  return {
    id: p.id,
    connectionId: p.connectionId,
    slug: p.slug,
    vendorId: p.vendorId,
    firstName: p.firstName,
    lastName: p.lastName,
    email: p.email,
    phone: p.phone,
    jobTitle: p.jobTitle,
    active: p.active,
    modifiedAt: p.modifiedAt,
    state: p.employeeId ? 'linked' : 'unlinked',
    employeeId: p.employeeId,
    linkedBy: p.linkedBy,
    linkedAt: p.linkedAt,
    unlinkedBy: p.unlinkedBy,
    unlinkedAt: p.unlinkedAt,
    suggestions,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  };
}

/** Suggestions for unlinked POS employees: employees not archived and not linked to another POS employee of the same connection. */
async function suggester(
  companyId: string,
  rows: readonly repo.StoredPosEmployee[],
): Promise<(p: repo.StoredPosEmployee) => Suggestion[]> {
  if (rows.every((p) => p.employeeId)) return () => [];
  const [employees, links] = await Promise.all([listEmployees(companyId), repo.linksOf(companyId, null)]);
  return (p) =>
    p.employeeId
      ? []
      : suggest(
          p,
          employees.filter((e) => !links.get(p.connectionId)?.has(e.id)),
        );
}

const target = (companyId: string, p: repo.StoredPosEmployee) => ({
  companyId,
  connectionId: p.connectionId,
  slug: p.slug,
});

export async function listPosEmployees({ companyId, query }: { companyId: string; query: ListQuery }) {
  const rows = await repo.pagePosEmployees(companyId, {
    connectionId: query.connectionId,
    linked: query.state === undefined ? undefined : query.state === 'linked',
    after: query.cursor,
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const suggestionsOf = await suggester(companyId, page);
  return {
    posEmployees: page.map((p) => view(p, suggestionsOf(p))),
    nextCursor: rows.length > query.limit ? posEmployeesCursor.encode(page[page.length - 1].id) : null,
  };
}

async function readOrFail(companyId: string, posEmployeeId: string): Promise<repo.StoredPosEmployee> {
  const [found] = await repo.readPosEmployees(companyId, [posEmployeeId]);
  if (!found) throw notFound(posEmployeeId);
  return found;
}

/**
 * Links a POS employee to an employee (by a manager): its future punches and sales are attributed
 * to that employee, and what was held for it while unlinked is attributed now. Linking it to the
 * employee it is linked to changes nothing; linking it to another one moves the link (data
 * already attributed stays with the first employee).
 */
export async function link({
  companyId,
  posEmployeeId,
  employeeId,
  uid,
  linker,
}: {
  companyId: string;
  posEmployeeId: string;
  employeeId: string;
  uid: string;
  /** A manager cannot link a POS employee to their own record (its tips would become their pay). */
  linker: Pick<Membership, 'role' | 'employeeId'>;
}): Promise<{ posEmployee: PosEmployeeView; replayed: Replayed }> {
  refuseOwnWork(linker, [employeeId], 'Linking this POS employee');
  const found = await readOrFail(companyId, posEmployeeId);
  const linked = await runExclusive(lockKeys.posRoster(companyId, found.connectionId), async (tx) => {
    const [pe] = await repo.readPosEmployees(companyId, [posEmployeeId], tx);
    if (!pe) throw notFound(posEmployeeId);
    const employee = employeeFromSnapshot(await tx.get(employeeRef(companyId, employeeId)));
    if (!employee)
      throw employeeErrors.EMPLOYEE_NOT_FOUND(`No employee ${employeeId} in the company`, [
        { path: 'employeeId', message: 'unknown employee' },
      ]);
    if (employee.archived)
      throw employeeErrors.EMPLOYEE_ARCHIVED(`Employee ${employeeId} is archived`, [
        { path: 'employeeId', message: 'archived' },
      ]);
    const holder = (await repo.linksOf(companyId, pe.connectionId, tx)).get(pe.connectionId)?.get(employeeId);
    if (holder && holder !== pe.id) {
      throw posSyncErrors.EMPLOYEE_ALREADY_LINKED(
        `Employee ${employeeId} is already linked to POS employee ${holder} of this connection`,
        [{ path: 'employeeId', message: 'already linked', posEmployeeId: holder }],
      );
    }
    if (pe.employeeId === employeeId) return { result: pe };
    const now = Date.now();
    const next: repo.StoredPosEmployee = { ...pe, employeeId, linkedBy: uid, linkedAt: now, updatedAt: now };
    return {
      result: next,
      write: (w) => void w.set(repo.posEmployeeRef(companyId, pe.id), repo.posEmployeeToDoc(next)),
    };
  });
  logger.info('pos employee linked', { companyId, posEmployeeId, employeeId, uid });
  const replayed = await replayHeld(target(companyId, linked), linked.id);
  return { posEmployee: view(linked, []), replayed };
}

/**
 * Unlinks a POS employee: its new punches and sales are held again until it is linked; what is
 * already attributed stays with the employee, also when the POS sends it again (a changed punch or
 * sale updates it there). Linking the POS employee to another employee later moves what the POS
 * sends from then on (re-delivered records included) to that employee; what the POS does not send
 * again stays where it is. A POS employee unlinked by hand is never auto-linked again.
 */
export async function unlink({
  companyId,
  posEmployeeId,
  uid,
}: {
  companyId: string;
  posEmployeeId: string;
  uid: string;
}): Promise<PosEmployeeView> {
  const found = await readOrFail(companyId, posEmployeeId);
  const unlinked = await runExclusive(lockKeys.posRoster(companyId, found.connectionId), async (tx) => {
    const [pe] = await repo.readPosEmployees(companyId, [posEmployeeId], tx);
    if (!pe) throw notFound(posEmployeeId);
    if (!pe.employeeId) return { result: pe };
    const now = Date.now();
    const next: repo.StoredPosEmployee = {
      ...pe,
      employeeId: null,
      linkedBy: null,
      linkedAt: null,
      unlinkedBy: uid,
      unlinkedAt: now,
      updatedAt: now,
    };
    return {
      result: next,
      write: (w) => void w.set(repo.posEmployeeRef(companyId, pe.id), repo.posEmployeeToDoc(next)),
    };
  });
  if (found.employeeId)
    logger.info('pos employee unlinked', { companyId, posEmployeeId, employeeId: found.employeeId, uid });
  return view(unlinked, (await suggester(companyId, [unlinked]))(unlinked));
}

const validEmail = (v: string | null) => (v && z.email().safeParse(v.trim()).success ? v.trim() : undefined);

/** Creates an employee from an unlinked POS employee (its name, email and phone unless given) and links them, in one commit. */
export async function createEmployeeFrom({
  companyId,
  posEmployeeId,
  uid,
  body,
}: {
  companyId: string;
  posEmployeeId: string;
  uid: string;
  body: CreateEmployeeBody;
}) {
  const found = await readOrFail(companyId, posEmployeeId);
  const { pe, employeeId } = await runExclusive(lockKeys.posRoster(companyId, found.connectionId), async (tx) => {
    const [pe] = await repo.readPosEmployees(companyId, [posEmployeeId], tx);
    if (!pe) throw notFound(posEmployeeId);
    if (pe.employeeId) {
      throw posSyncErrors.POS_EMPLOYEE_ALREADY_LINKED(
        `POS employee ${posEmployeeId} is already linked to employee ${pe.employeeId}`,
        [{ path: 'posEmployeeId', message: 'already linked', employeeId: pe.employeeId }],
      );
    }
    const first = pe.firstName.trim();
    const last = pe.lastName.trim();
    const email = body.email ?? validEmail(pe.email);
    const phone = body.phone ?? (pe.phone?.trim() || undefined);
    const employee: EmployeeCreate = {
      name: body.name ?? (first || last || pe.vendorId),
      surname: body.surname ?? (first && last ? last : '-'),
      positions: [],
      importSource: `pos:${pe.slug}`,
      ...(email ? { email } : {}),
      ...(phone ? { phone } : {}),
    };
    const creation = await prepareEmployeeCreate(tx, companyId, employee);
    const now = Date.now();
    const next: repo.StoredPosEmployee = {
      ...pe,
      employeeId: creation.id,
      linkedBy: uid,
      linkedAt: now,
      updatedAt: now,
    };
    return {
      result: { pe: next, employeeId: creation.id },
      write: (w) => {
        creation.write(w);
        w.set(repo.posEmployeeRef(companyId, pe.id), repo.posEmployeeToDoc(next));
      },
    };
  });
  logger.info('employee created from a pos employee', { companyId, posEmployeeId, employeeId, uid });
  const employee = employeeFromSnapshot(await employeeRef(companyId, employeeId).get())!;
  const replayed = await replayHeld(target(companyId, pe), pe.id);
  return {
    posEmployee: view(pe, []),
    employee: {
      id: employee.id,
      name: employee.name,
      surname: employee.surname,
      email: employee.email ?? null,
      phone: employee.phone ?? null,
    },
    replayed,
  };
}

// ---------------------------------------------------------------- tips

/** GET /tips: managers, unless the company hides tips from them. */
export async function tipsFor({ member, query }: { member: Membership; query: TipsQuery }) {
  if (member.role === 'manager' && (await policiesInForce(member.companyId)).hideTipsFromManagers) {
    throw posSyncErrors.TIPS_HIDDEN('This company hides tips from managers (policy hideTipsFromManagers)');
  }
  return tipsBetween(member.companyId, query.startDate, query.endDate, query.employeeId);
}
