import { createHash } from 'node:crypto';
import { addDays, businessToday, daysBetween } from '../../core/calendar';
import { db } from '../../core/firebase';
import { requireCompany, serverTime } from '../../core/firestore';
import { logger } from '../../core/logger';
import type { Membership } from '../../core/memberships';
import { deleteStored, readStored, storageBucket } from '../../core/storage';
import { getCompanyRules, policiesInForce } from '../companies';
import { employeeFromSnapshot, employeeRef, findEmployeeByUser } from '../employees';
import { dispatchEvents, stageEvent, type StagedEvent } from '../events';
import { acceptedFile } from '../../core/uploads';
import { expiryStageOf } from './content';
import { documentErrors } from './errors';
import * as repo from './repo';
import {
  EMPLOYEE_UPLOAD_TYPES,
  EXPIRY_STAGES,
  FINANCIAL_TYPES,
  type DocumentPatch,
  type DocumentType,
  type EmployeeDocument,
} from './schemas';

/** The caller with their employee record: the membership's, else a record linked to their uid (as GET /employees/me). */
async function withEmployee(member: Membership): Promise<Membership> {
  if (member.employeeId !== null || member.role !== 'employee') return member;
  return { ...member, employeeId: (await findEmployeeByUser(member.companyId, member.uid))?.id ?? null };
}

const notFound = () => documentErrors.DOCUMENT_NOT_FOUND('Document not found');
const view = ({ storagePath: _hidden, ...doc }: repo.StoredDocument): EmployeeDocument => doc;

/**
 * Who sees a document: the employee it belongs to, owners, and managers, except pay and tax
 * documents when the company hides financial info from managers.
 */
async function visibility(member: Membership): Promise<(doc: { employeeId: string; type: DocumentType }) => boolean> {
  if (member.role === 'owner') return () => true;
  const own = (doc: { employeeId: string }) => member.employeeId !== null && doc.employeeId === member.employeeId;
  if (member.role === 'employee') return own;
  const { hideFinancialInfoFromManagers } = await policiesInForce(member.companyId);
  return (doc) => own(doc) || !hideFinancialInfoFromManagers || !FINANCIAL_TYPES.includes(doc.type);
}

/** Managers and owners handle any employee's documents (within visibility); an employee only uploads their own, of the types they may. */
async function assertMayUpload(member: Membership, employeeId: string, type: DocumentType): Promise<void> {
  if (member.role === 'employee') {
    if (member.employeeId === null)
      throw documentErrors.NO_EMPLOYEE_RECORD('You have no employee record in this company');
    if (employeeId !== member.employeeId)
      throw documentErrors.NOT_YOUR_DOCUMENTS('Employees upload documents to their own record only');
    if (!EMPLOYEE_UPLOAD_TYPES.includes(type))
      throw documentErrors.DOCUMENT_TYPE_FORBIDDEN(
        `Employees may upload ${EMPLOYEE_UPLOAD_TYPES.join(', ')} documents; a manager uploads ${type} documents`,
      );
    return;
  }
  if (!(await visibility(member))({ employeeId, type })) {
    throw documentErrors.DOCUMENT_TYPE_FORBIDDEN(
      `The company hides financial info from managers: ${type} documents are for owners`,
    );
  }
}

async function assertActiveEmployee(
  companyId: string,
  employeeId: string,
  tx?: FirebaseFirestore.Transaction,
): Promise<void> {
  const ref = employeeRef(companyId, employeeId);
  const employee = employeeFromSnapshot(tx ? await tx.get(ref) : await ref.get());
  if (!employee || employee.archived) {
    throw documentErrors.UNKNOWN_EMPLOYEE(`The company has no active employee ${employeeId}`, [
      { path: 'query.employeeId', message: 'unknown employee' },
    ]);
  }
}

export interface UploadInput {
  employeeId: string;
  type: DocumentType;
  title?: string;
  fileName?: string;
  expiresOn?: string;
  sha256?: string;
}

/**
 * Stores an employee's file: the bytes in Cloud Storage, then the metadata in Firestore. The
 * document id derives from (employee, type, SHA-256 of the bytes), so a retried upload answers the
 * document it created and writes nothing new. A refused upload writes nothing; when the metadata
 * cannot be written, the file just stored is deleted again.
 */
export async function uploadDocument({
  member: caller,
  input,
  contentTypeHeader,
  bytes,
}: {
  member: Membership;
  input: UploadInput;
  contentTypeHeader: string | undefined;
  bytes: Buffer;
}): Promise<EmployeeDocument> {
  const member = await withEmployee(caller);
  const { companyId } = member;
  await assertMayUpload(member, input.employeeId, input.type);
  await assertActiveEmployee(companyId, input.employeeId);
  const { contentType, sha256, extension } = acceptedFile({ contentTypeHeader, bytes, sha256: input.sha256 });

  const documentId = `doc_${createHash('sha256').update(`${input.employeeId}\n${input.type}\n${sha256}`).digest('hex').slice(0, 32)}`;
  const existing = await repo.getDocument(companyId, documentId);
  if (existing) return view(existing);

  const storagePath = repo.storagePathOf(companyId, input.employeeId, documentId);
  const fileName = input.fileName ?? `${input.type}.${extension}`;
  await storageBucket()
    .file(storagePath)
    .save(bytes, {
      resumable: false,
      contentType,
      metadata: { metadata: { sha256, companyId, employeeId: input.employeeId } },
    });
  try {
    await db().runTransaction(async (tx) => {
      const ref = repo.documentRef(companyId, documentId);
      if ((await tx.get(ref)).exists) return;
      await requireCompany(companyId, tx);
      await assertActiveEmployee(companyId, input.employeeId, tx);
      tx.create(ref, {
        employeeId: input.employeeId,
        type: input.type,
        title: input.title ?? fileName,
        fileName,
        contentType,
        size: bytes.length,
        sha256,
        expiresOn: input.expiresOn ?? null,
        expiryStage: null,
        expiryFlags: {},
        uploadedBy: member.uid,
        storagePath,
        createdAt: serverTime(),
        updatedAt: serverTime(),
      });
      repo.writeExpiryIndex(tx, companyId, documentId, input.expiresOn ?? null);
    });
  } catch (err) {
    // the same upload retried at once: the other request created the document (same bytes, same file)
    if ((await repo.documentRef(companyId, documentId).get()).exists)
      return view((await repo.getDocument(companyId, documentId))!);
    await deleteStored(storagePath);
    throw err;
  }
  return view((await repo.getDocument(companyId, documentId))!);
}

export async function listDocuments({
  member: caller,
  employeeId,
  type,
}: {
  member: Membership;
  employeeId?: string;
  type?: DocumentType;
}): Promise<EmployeeDocument[]> {
  const member = await withEmployee(caller);
  let scope = employeeId;
  if (member.role === 'employee') {
    if (employeeId && employeeId !== member.employeeId)
      throw documentErrors.NOT_YOUR_DOCUMENTS('Employees see their own documents only');
    if (member.employeeId === null) return [];
    scope = member.employeeId;
  }
  const [docs, visible] = await Promise.all([
    repo.listDocuments(member.companyId, { employeeId: scope, type }),
    visibility(member),
  ]);
  return docs
    .filter(visible)
    .sort((a, b) => b.createdAt - a.createdAt || a.id.localeCompare(b.id))
    .map(view);
}

/** A document the caller may see; 404 otherwise (a colleague's document is not revealed to exist). */
async function visibleDocument(member: Membership, documentId: string): Promise<repo.StoredDocument> {
  const [doc, visible] = await Promise.all([repo.getDocument(member.companyId, documentId), visibility(member)]);
  if (!doc || !visible(doc)) throw notFound();
  return doc;
}

export async function getDocument({ member: caller, documentId }: { member: Membership; documentId: string }) {
  const member = await withEmployee(caller);
  return view(await visibleDocument(member, documentId));
}

export async function downloadDocument({ member: caller, documentId }: { member: Membership; documentId: string }) {
  const member = await withEmployee(caller);
  const doc = await visibleDocument(member, documentId);
  const bytes = await readStored(doc.storagePath);
  if (!bytes) throw notFound();
  return { document: view(doc), contentBase64: bytes.toString('base64') };
}

async function assertMayManage(member: Membership, doc: { employeeId: string; type: DocumentType }): Promise<void> {
  if (!(await visibility(member))(doc)) throw notFound();
}

export async function updateDocument({
  member: caller,
  documentId,
  patch,
}: {
  member: Membership;
  documentId: string;
  patch: DocumentPatch;
}) {
  const member = await withEmployee(caller);
  const { companyId } = member;
  const doc = await visibleDocument(member, documentId);
  if (patch.type) await assertMayUpload(member, doc.employeeId, patch.type);
  await db().runTransaction(async (tx) => {
    const current = await repo.getDocument(companyId, documentId, tx);
    if (!current) throw notFound();
    await assertMayManage(member, current);
    if (Object.keys(patch).length === 0) return;
    const update: Record<string, unknown> = { ...patch, updatedAt: serverTime() };
    if (patch.expiresOn !== undefined && patch.expiresOn !== current.expiresOn) {
      Object.assign(update, { expiryStage: null, expiryFlags: {} });
      repo.writeExpiryIndex(tx, companyId, documentId, patch.expiresOn);
    }
    tx.update(repo.documentRef(companyId, documentId), update);
  });
  return view((await repo.getDocument(companyId, documentId))!);
}

/** Deletes the file, then the metadata: a retry after a failure in between finishes the job. */
export async function deleteDocument({ member: caller, documentId }: { member: Membership; documentId: string }) {
  const member = await withEmployee(caller);
  const { companyId } = member;
  const doc = await visibleDocument(member, documentId);
  await deleteStored(doc.storagePath);
  const batch = db().batch();
  batch.delete(repo.documentRef(companyId, documentId));
  repo.writeExpiryIndex(batch, companyId, documentId, null);
  await batch.commit();
  return { id: documentId, deleted: true as const };
}

const companyToday = async (companyId: string, now: number) => {
  const { profile, settings } = await getCompanyRules({ companyId });
  return businessToday(profile.timezone, settings.dayChangeTime, now);
};

export async function listExpiring({
  member: caller,
  withinDays,
  now = Date.now(),
}: {
  member: Membership;
  withinDays: number;
  now?: number;
}) {
  const member = await withEmployee(caller);
  const today = await companyToday(member.companyId, now);
  const [docs, visible] = await Promise.all([
    repo.listExpiringBy(member.companyId, addDays(today, withinDays)),
    visibility(member),
  ]);
  return docs
    .filter(visible)
    .map((d) => ({ ...view(d), daysLeft: daysBetween(today, d.expiresOn!) }))
    .sort((a, b) => a.daysLeft - b.daysLeft || a.id.localeCompare(b.id));
}

/**
 * The daily expiry job: flags every document 30, 14, 7 and 0 days before its expiry date (the
 * company's business today), each stage once, and drops it from the index once flagged 0. A
 * stage skipped (the job did not run that day, or the document was uploaded late) is not flagged
 * on its own: the most urgent stage reached is.
 */
export async function flagExpiringDocuments(now: number = Date.now()): Promise<{ flagged: number }> {
  // the latest business date anywhere is at most a day past UTC's; one more day of margin
  const horizon = addDays(new Date(now).toISOString().slice(0, 10), EXPIRY_STAGES[0] + 2);
  const entries = await repo.dueExpiries(horizon);
  const todays = new Map<string, Promise<string | null>>();
  let flagged = 0;
  for (const entry of entries) {
    if (!todays.has(entry.companyId))
      todays.set(
        entry.companyId,
        companyToday(entry.companyId, now).catch(() => null),
      );
    const today = await todays.get(entry.companyId)!;
    if (!today) continue;
    const done = await flagOne(entry, today, now).catch(
      (err) => (logger.error('document expiry flag failed', { err, ...entry }), false),
    );
    if (done) flagged++;
  }
  if (flagged) logger.info('documents flagged for expiry', { flagged });
  return { flagged };
}

async function flagOne(entry: repo.ExpiryEntry, today: string, now: number): Promise<boolean> {
  let event: StagedEvent | undefined;
  const flagged = await db().runTransaction(async (tx) => {
    event = undefined;
    const doc = await repo.getDocument(entry.companyId, entry.documentId, tx);
    if (!doc || doc.expiresOn === null) {
      repo.writeExpiryIndex(tx, entry.companyId, entry.documentId, null);
      return false;
    }
    const stage = expiryStageOf(daysBetween(today, doc.expiresOn));
    if (stage === null || (doc.expiryStage !== null && doc.expiryStage <= stage)) return false;
    tx.update(repo.documentRef(entry.companyId, entry.documentId), {
      expiryStage: stage,
      [`expiryFlags.${stage}`]: now,
    });
    if (stage === 0) repo.writeExpiryIndex(tx, entry.companyId, entry.documentId, null);
    event = stageEvent({
      companyId: entry.companyId,
      type: 'document.expiring',
      actor: { uid: null, job: 'documents-expiry' },
      subjects: { documentIds: [doc.id], employeeIds: [doc.employeeId] },
      data: { documentId: doc.id, employeeId: doc.employeeId, expiresOn: doc.expiresOn },
    });
    event.write(tx);
    return true;
  });
  if (flagged) await dispatchEvents([event]);
  return flagged;
}
