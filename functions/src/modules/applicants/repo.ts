import type { DocumentData, Transaction } from 'firebase-admin/firestore';
import { db } from '../../core/firebase';
import { companyCollection, toMillis } from '../../core/firestore';
import { EMPLOYMENT_TYPES, STAGES, type Application, type Posting, type Question, type Stage } from './schemas';

const oneOf = <T extends string>(values: readonly T[], value: unknown, fallback: T): T =>
  (values as readonly unknown[]).includes(value) ? (value as T) : fallback;

/** The one parser of a job posting. */
function postingFromDoc(id: string, data: DocumentData): Posting {
  return {
    id,
    title: String(data.title ?? ''),
    roleId: String(data.roleId ?? ''),
    subRoleId: String(data.subRoleId ?? ''),
    employmentType: oneOf(EMPLOYMENT_TYPES, data.employmentType, 'parttime'),
    wage: data.wage ?? { min: 0, period: 'hour' },
    description: String(data.description ?? ''),
    questions: (data.questions as Question[] | undefined) ?? [],
    status: data.status === 'closed' ? 'closed' : 'open',
    publicId: String(data.publicId ?? ''),
    createdBy: String(data.createdBy ?? ''),
    createdAt: toMillis(data.createdAt) ?? 0,
    updatedAt: toMillis(data.updatedAt) ?? 0,
  };
}

/** The one parser of an application. */
function applicationFromDoc(id: string, data: DocumentData): Application {
  return {
    id,
    postingId: String(data.postingId ?? ''),
    name: String(data.name ?? ''),
    surname: String(data.surname ?? ''),
    email: String(data.email ?? ''),
    phone: typeof data.phone === 'string' ? data.phone : undefined,
    answers: data.answers ?? [],
    availability: data.availability ?? undefined,
    earliestStart: typeof data.earliestStart === 'string' ? data.earliestStart : undefined,
    message: typeof data.message === 'string' ? data.message : undefined,
    stage: oneOf(STAGES, data.stage, 'new'),
    history: data.history ?? [],
    notes: data.notes ?? [],
    submittedAt: toMillis(data.submittedAt) ?? 0,
    submittedOn: String(data.submittedOn ?? ''),
    updatedAt: toMillis(data.updatedAt) ?? 0,
    employeeId: typeof data.employeeId === 'string' ? data.employeeId : null,
    invitation: data.invitation ?? null,
  };
}

/** Postings at companies/{companyId}/jobPostings/{postingId}. */
export const {
  collection: postingsCollection,
  ref: postingRef,
  fromSnapshot: postingFromSnapshot,
} = companyCollection('jobPostings', postingFromDoc);
/** Applications at companies/{companyId}/applications/{applicationId}. */
export const {
  collection: applicationsCollection,
  ref: applicationRef,
  fromSnapshot: applicationFromSnapshot,
} = companyCollection('applications', applicationFromDoc);

/**
 * The public apply links: `jobPostingLinks/{publicId}` → {companyId, postingId}. A link names no
 * company or internal id, so the public routes reveal nothing of the company beyond the posting.
 */
export const postingLinkRef = (publicId: string) => db().collection('jobPostingLinks').doc(publicId);

export async function resolveLink(publicId: string): Promise<{ companyId: string; postingId: string } | null> {
  const snap = await postingLinkRef(publicId).get();
  return snap.exists ? { companyId: String(snap.get('companyId')), postingId: String(snap.get('postingId')) } : null;
}

export async function getPosting(companyId: string, postingId: string, tx?: Transaction): Promise<Posting | null> {
  const ref = postingRef(companyId, postingId);
  return postingFromSnapshot(tx ? await tx.get(ref) : await ref.get());
}

export async function listPostings(companyId: string): Promise<Posting[]> {
  return (await postingsCollection(companyId).get()).docs.map((d) => postingFromDoc(d.id, d.data()));
}

export async function getApplication(
  companyId: string,
  applicationId: string,
  tx?: Transaction,
): Promise<Application | null> {
  const ref = applicationRef(companyId, applicationId);
  return applicationFromSnapshot(tx ? await tx.get(ref) : await ref.get());
}

/** Applications of the company, by posting and stage when given (equality filters only: no composite index). */
export async function listApplications(
  companyId: string,
  filter: { postingId?: string; stage?: Stage },
): Promise<Application[]> {
  let query: FirebaseFirestore.Query = applicationsCollection(companyId);
  if (filter.postingId) query = query.where('postingId', '==', filter.postingId);
  if (filter.stage) query = query.where('stage', '==', filter.stage);
  return (await query.get()).docs.map((d) => applicationFromDoc(d.id, d.data()));
}
