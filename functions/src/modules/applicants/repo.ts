import type { Transaction } from 'firebase-admin/firestore';
import { z } from 'zod';
import { db } from '../../core/firebase';
import { storedCollection, storedDecoder, storedMillis } from '../../core/stored';
import { applicationSchema, postingSchema, type Application, type Posting, type Stage } from './schemas';

/** A job posting document: the API's posting, its id the document's, with defaults for what older postings lack. */
const storedPosting = postingSchema.extend({
  title: postingSchema.shape.title.default(''),
  roleId: postingSchema.shape.roleId.default(''),
  subRoleId: postingSchema.shape.subRoleId.default(''),
  // an employment type or status no longer known reads as parttime / open, as the hand-written decoder read it
  employmentType: postingSchema.shape.employmentType.catch('parttime'),
  wage: postingSchema.shape.wage.default({ min: 0, period: 'hour' }),
  description: postingSchema.shape.description.default(''),
  questions: postingSchema.shape.questions.default([]),
  status: postingSchema.shape.status.catch('open'),
  publicId: postingSchema.shape.publicId.default(''),
  createdBy: postingSchema.shape.createdBy.default(''),
  createdAt: storedMillis.default(0),
  updatedAt: storedMillis.default(0),
});

/** An application document: the API's application, its id the document's, with defaults for what older ones lack. */
const storedApplication = applicationSchema.extend({
  postingId: applicationSchema.shape.postingId.default(''),
  name: applicationSchema.shape.name.default(''),
  surname: applicationSchema.shape.surname.default(''),
  email: applicationSchema.shape.email.default(''),
  answers: applicationSchema.shape.answers.default([]),
  // a stage no longer known reads as new, as the hand-written decoder read it
  stage: applicationSchema.shape.stage.catch('new'),
  history: applicationSchema.shape.history.default([]),
  notes: applicationSchema.shape.notes.default([]),
  submittedAt: storedMillis.default(0),
  submittedOn: applicationSchema.shape.submittedOn.default(''),
  updatedAt: storedMillis.default(0),
  employeeId: applicationSchema.shape.employeeId.default(null),
  invitation: applicationSchema.shape.invitation.default(null),
});

/** Postings at companies/{companyId}/jobPostings/{postingId}. */
export const {
  collection: postingsCollection,
  ref: postingRef,
  fromDoc: postingFromDoc,
  fromSnapshot: postingFromSnapshot,
} = storedCollection('jobPostings', storedPosting);
/** Applications at companies/{companyId}/applications/{applicationId}. */
export const {
  collection: applicationsCollection,
  ref: applicationRef,
  fromDoc: applicationFromDoc,
  fromSnapshot: applicationFromSnapshot,
} = storedCollection('applications', storedApplication);

/**
 * The public apply links: `jobPostingLinks/{publicId}` → {companyId, postingId}. A link names no
 * company or internal id, so the public routes reveal nothing of the company beyond the posting.
 */
export const postingLinkRef = (publicId: string) => db().collection('jobPostingLinks').doc(publicId);

const linkFromDoc = storedDecoder('jobPostingLinks', z.object({ companyId: z.string(), postingId: z.string() }));

export async function resolveLink(publicId: string): Promise<{ companyId: string; postingId: string } | null> {
  const snap = await postingLinkRef(publicId).get();
  return snap.exists ? linkFromDoc(snap) : null;
}

export async function getPosting(companyId: string, postingId: string, tx?: Transaction): Promise<Posting | null> {
  const ref = postingRef(companyId, postingId);
  return postingFromSnapshot(tx ? await tx.get(ref) : await ref.get());
}

export async function listPostings(companyId: string): Promise<Posting[]> {
  return (await postingsCollection(companyId).get()).docs.map(postingFromDoc);
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
  return (await query.get()).docs.map(applicationFromDoc);
}
