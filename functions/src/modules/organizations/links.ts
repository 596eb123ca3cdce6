import { randomUUID } from 'node:crypto';
import { db } from '../../core/firebase';
import type { Logger } from '../../core/logger';
import { listMembershipsOfUser } from '../../core/memberships';
import { forgetRequestMemo } from '../../core/store-ops';
import { employeeErrors, employeeRef } from '../employees';
import { organizationErrors } from './errors';
import { linksOf } from './read';
import * as repo from './repo';
import type { EmployeeLink, RecordRef } from './schemas';
import { mergedLink } from './link-rules';

const key = (r: RecordRef) => `${r.companyId}_${r.employeeId}`;

/**
 * Links one person's employee records at locations of one employer, in one transaction: every
 * record exists at a location of the organization under that employer, records already linked
 * bring their links along (the links merge, so linking again is a no-op), and the merged link holds
 * at most one record per location. Each record's document is written with the whole link.
 */
export async function linkRecords({
  orgId,
  records,
  by,
}: {
  orgId: string;
  records: RecordRef[];
  by: string;
}): Promise<EmployeeLink> {
  const answer = await db().runTransaction(async (tx) => {
    const companies = [...new Set(records.map((r) => r.companyId))];
    const [locations, existing, employees] = await Promise.all([
      Promise.all(companies.map((c) => repo.readLocation(c, tx))),
      Promise.all(records.map((r) => repo.readLinkRecord(r.companyId, r.employeeId, tx))),
      tx.getAll(...records.map((r) => employeeRef(r.companyId, r.employeeId))),
    ]);
    const employers = new Set<string>();
    locations.forEach((location, i) => {
      if (!location || location.organizationId !== orgId)
        throw organizationErrors.NOT_A_LOCATION(`${companies[i]} is not a location of this organization`);
      employers.add(location.employerId);
    });
    if (employers.size > 1)
      throw organizationErrors.DIFFERENT_EMPLOYERS('The records are at locations of different employers');
    employees.forEach((snap, i) => {
      if (!snap.exists)
        throw employeeErrors.UNKNOWN_EMPLOYEE(`${records[i].companyId} has no employee ${records[i].employeeId}`, [
          { path: `body.records.${i}.employeeId`, message: 'unknown employee' },
        ]);
    });
    const [employerId] = [...employers];
    const found = existing.filter((e): e is repo.StoredLinkRecord => e !== null);
    const merged = mergedLink(records, found);
    if (merged.problem) throw organizationErrors.ONE_RECORD_PER_LOCATION(merged.problem);
    const linkId = merged.linkId ?? randomUUID();
    // records of the merged links not named in the request: their documents get the merged link too
    const named = new Set(records.map(key));
    const others = merged.records.filter((r) => !named.has(key(r)));
    const unchanged = found.length === merged.records.length && found.every((f) => f.linkId === linkId);
    if (!unchanged)
      for (const r of [...records, ...others])
        tx.set(repo.linkRecordRef(r.companyId, r.employeeId), {
          ...r,
          organizationId: orgId,
          employerId,
          linkId,
          records: merged.records,
          linkedBy: by,
          linkedAt: Date.now(),
        });
    return { id: linkId, employerId, records: merged.records };
  });
  for (const r of answer.records) forgetRequestMemo(`organizations:link:${key(r)}`);
  return answer;
}

/** The API's link (owners and administrators of the organization). */
export function linkByMember({ orgId, uid, records }: { orgId: string; uid: string; records: RecordRef[] }) {
  return linkRecords({ orgId, records, by: uid });
}

/** Dissolves a link: each record goes back to being its location's alone (owners and administrators). */
export async function unlink({ orgId, linkId }: { orgId: string; linkId: string }) {
  const removed = await db().runTransaction(async (tx) => {
    const records = (await repo.linkRecordsOfLink(linkId, tx)).filter((r) => r.organizationId === orgId);
    if (!records.length) throw organizationErrors.LINK_NOT_FOUND(`No employee link ${linkId}`);
    for (const r of records) tx.delete(repo.linkRecordRef(r.companyId, r.employeeId));
    return records;
  });
  for (const r of removed) forgetRequestMemo(`organizations:link:${key(r)}`);
  return { linkId, unlinked: removed.length };
}

/**
 * After a person accepted an invitation to an employee record: their records at the other
 * locations of the same employer (the same account's memberships naming a record) are linked to
 * it. Best effort: a failure is logged and the acceptance stands (an owner can link by hand).
 */
export async function autoLinkPerson({
  companyId,
  uid,
  employeeId,
  log,
}: {
  companyId: string;
  uid: string;
  employeeId: string | null;
  log: Logger;
}): Promise<EmployeeLink | null> {
  if (!employeeId) return null;
  try {
    const here = await repo.readLocation(companyId);
    if (!here) return null;
    const elsewhere = (await listMembershipsOfUser(uid)).filter((m) => m.companyId !== companyId && m.employeeId);
    if (!elsewhere.length) return null;
    const theirs = await Promise.all(elsewhere.map((m) => repo.readLocation(m.companyId)));
    const records: RecordRef[] = [{ companyId, employeeId }];
    elsewhere.forEach((m, i) => {
      const location = theirs[i];
      if (location && location.organizationId === here.organizationId && location.employerId === here.employerId)
        records.push({ companyId: m.companyId, employeeId: m.employeeId! });
    });
    if (records.length < 2) return null;
    return await linkRecords({ orgId: here.organizationId, records, by: uid });
  } catch (err) {
    log.warn('organizations: the records of an invited person could not be linked', { companyId, error: err });
    return null;
  }
}

export { linksOf };
