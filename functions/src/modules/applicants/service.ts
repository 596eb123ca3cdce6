import { randomBytes } from 'node:crypto';
import { businessToday } from '../../core/calendar';
import { AppError, type ErrorDetail } from '../../core/errors';
import { runExclusive } from '../../core/exclusive';
import { db } from '../../core/firebase';
import { requireCompany } from '../../core/firestore';
import type { Membership } from '../../core/memberships';
import { createInvitation } from '../auth';
import { getCompanyRules } from '../companies';
import { prepareEmployeeCreate, type EmployeeCreate } from '../employees';
import { checkPositions, roleFromSnapshot, roleRef } from '../roles';
import { applicantErrors } from './errors';
import * as repo from './repo';
import {
  OPEN_STAGES,
  applicationsCursor,
  type Application,
  type Posting,
  type PostingCreate,
  type PostingPatch,
  type Question,
  type Stage,
} from './schemas';
import { lockKeys } from '../../core/locks';

/** Every change of one application is serialized (two managers at once: runExclusive). */
const postingNotFound = () => applicantErrors.POSTING_NOT_FOUND('Job posting not found');
const applicationNotFound = () => applicantErrors.APPLICATION_NOT_FOUND('Application not found');

function withQuestionIds(questions: PostingCreate['questions']): Question[] {
  const ids = questions.map((q, i) => q.id ?? `q${i + 1}`);
  const seen = new Set<string>();
  const problems: ErrorDetail[] = [];
  ids.forEach((id, i) => {
    if (seen.has(id)) problems.push({ path: `body.questions.${i}.id`, message: `duplicate question id ${id}` });
    seen.add(id);
  });
  if (problems.length) throw applicantErrors.INVALID_ANSWERS('Question ids must be unique', problems);
  return questions.map((q, i) => ({ id: ids[i], prompt: q.prompt, kind: q.kind, required: q.required }));
}

const checkRole = (companyId: string, roleId: string, subRoleId: string, tx: FirebaseFirestore.Transaction) =>
  checkPositions(companyId, [{ categoryId: roleId, subcategoryId: subRoleId }], tx, 'body');

export async function createPosting({ member, input }: { member: Membership; input: PostingCreate }): Promise<Posting> {
  const { companyId } = member;
  const ref = repo.postingsCollection(companyId).doc();
  const publicId = `jp_${randomBytes(18).toString('base64url')}`;
  const now = Date.now();
  await db().runTransaction(async (tx) => {
    await requireCompany(companyId, tx);
    await checkRole(companyId, input.roleId, input.subRoleId, tx);
    tx.create(ref, {
      ...input,
      questions: withQuestionIds(input.questions),
      publicId,
      createdBy: member.uid,
      createdAt: now,
      updatedAt: now,
    });
    tx.create(repo.postingLinkRef(publicId), { companyId, postingId: ref.id });
  });
  return (await repo.getPosting(companyId, ref.id))!;
}

export async function updatePosting({
  member,
  postingId,
  patch,
}: {
  member: Membership;
  postingId: string;
  patch: PostingPatch;
}): Promise<Posting> {
  const { companyId } = member;
  await db().runTransaction(async (tx) => {
    const posting = await repo.getPosting(companyId, postingId, tx);
    if (!posting) throw postingNotFound();
    if (patch.roleId || patch.subRoleId)
      await checkRole(companyId, patch.roleId ?? posting.roleId, patch.subRoleId ?? posting.subRoleId, tx);
    if (Object.keys(patch).length === 0) return;
    const update: Record<string, unknown> = { ...patch, updatedAt: Date.now() };
    if (patch.questions)
      update.questions = withQuestionIds(patch.questions.map((q) => ({ ...q, required: q.required ?? false })));
    tx.update(repo.postingRef(companyId, postingId), update);
  });
  return (await repo.getPosting(companyId, postingId))!;
}

export async function listPostings({ companyId, status }: { companyId: string; status?: Posting['status'] }) {
  return (await repo.listPostings(companyId))
    .filter((p) => !status || p.status === status)
    .sort((a, b) => b.createdAt - a.createdAt || a.id.localeCompare(b.id));
}

export async function getPosting({ companyId, postingId }: { companyId: string; postingId: string }) {
  const posting = await repo.getPosting(companyId, postingId);
  if (!posting) throw postingNotFound();
  return posting;
}

/** An open posting behind a public link; unknown links and closed postings say only that. */
export async function openPostingOf(publicId: string): Promise<{ companyId: string; posting: Posting }> {
  const link = await repo.resolveLink(publicId);
  const posting = link ? await repo.getPosting(link.companyId, link.postingId) : null;
  if (!link || !posting) throw postingNotFound();
  if (posting.status !== 'open') throw applicantErrors.POSTING_CLOSED('This job posting is closed');
  return { companyId: link.companyId, posting };
}

export async function publicPosting({ publicId }: { publicId: string }) {
  const { companyId, posting } = await openPostingOf(publicId);
  const [rules, role] = await Promise.all([
    getCompanyRules({ companyId }),
    roleRef(companyId, posting.roleId).get().then(roleFromSnapshot),
  ]);
  return {
    publicId,
    companyName: String(rules.profile.name ?? ''),
    title: posting.title,
    roleName: role?.name ?? '',
    employmentType: posting.employmentType,
    wage: posting.wage,
    description: posting.description,
    questions: posting.questions,
  };
}

const cursorOf = (a: Application) => applicationsCursor.encode([a.submittedAt, a.id]);
function afterCursor(cursor: [number, string] | undefined): (a: Application) => boolean {
  if (!cursor) return () => true;
  const [atMs, id] = cursor;
  return (a) => a.submittedAt < atMs || (a.submittedAt === atMs && a.id > id);
}

export async function listApplications({
  companyId,
  query,
}: {
  companyId: string;
  query: { postingId?: string; stage?: Stage; from?: string; to?: string; limit: number; cursor?: [number, string] };
}) {
  const all = await repo.listApplications(companyId, { postingId: query.postingId, stage: query.stage });
  const after = afterCursor(query.cursor);
  const matching = all
    .filter((a) => (!query.from || a.submittedOn >= query.from) && (!query.to || a.submittedOn <= query.to))
    .sort((a, b) => b.submittedAt - a.submittedAt || a.id.localeCompare(b.id))
    .filter(after);
  const page = matching.slice(0, query.limit);
  return { applications: page, nextCursor: matching.length > query.limit ? cursorOf(page[page.length - 1]) : null };
}

export async function getApplication({ companyId, applicationId }: { companyId: string; applicationId: string }) {
  const application = await repo.getApplication(companyId, applicationId);
  if (!application) throw applicationNotFound();
  return application;
}

/**
 * Moves an application from the stage the manager saw to another. Two managers moving it at once:
 * the first wins, the second gets 409 STAGE_CHANGED (its `from` is stale). Moving to the stage it
 * is already in changes nothing (a retried move).
 */
export async function moveApplication({
  member,
  applicationId,
  move,
}: {
  member: Membership;
  applicationId: string;
  move: { from: Stage; to: Stage; reason?: string };
}) {
  const { companyId } = member;
  if (move.to === 'hired')
    throw applicantErrors.USE_HIRE('Hire with POST /applications/{applicationId}/hire: it creates the employee');
  return runExclusive(lockKeys.application(companyId, applicationId), async (tx) => {
    const application = await repo.getApplication(companyId, applicationId, tx);
    if (!application) throw applicationNotFound();
    if (application.stage === move.to) return { result: application };
    if (application.stage !== move.from) {
      throw applicantErrors.STAGE_CHANGED(
        `The application moved to ${application.stage} meanwhile (not ${move.from} any more)`,
        [{ path: 'body.from', message: `current stage: ${application.stage}` }],
      );
    }
    if (!OPEN_STAGES.includes(application.stage))
      throw applicantErrors.APPLICATION_CLOSED(`The application is ${application.stage}: it cannot move any more`);
    const now = Date.now();
    const history = [
      ...application.history,
      {
        from: application.stage,
        to: move.to,
        at: now,
        by: member.uid,
        ...(move.reason ? { reason: move.reason } : {}),
      },
    ];
    return {
      result: { ...application, stage: move.to, history, updatedAt: now },
      write: (t) =>
        void t.update(repo.applicationRef(companyId, applicationId), { stage: move.to, history, updatedAt: now }),
    };
  });
}

export async function addNote({
  member,
  applicationId,
  text,
}: {
  member: Membership;
  applicationId: string;
  text: string;
}) {
  const { companyId } = member;
  return runExclusive(lockKeys.application(companyId, applicationId), async (tx) => {
    const application = await repo.getApplication(companyId, applicationId, tx);
    if (!application) throw applicationNotFound();
    const now = Date.now();
    const notes = [...application.notes, { id: `n_${randomBytes(6).toString('hex')}`, text, by: member.uid, at: now }];
    return {
      result: { ...application, notes, updatedAt: now },
      write: (t) => void t.update(repo.applicationRef(companyId, applicationId), { notes, updatedAt: now }),
    };
  });
}

interface HireInput {
  positions?: { categoryId: string; subcategoryId: string }[];
  employeeType?: Posting['employmentType'];
  hiring?: string;
  invite: boolean;
}

/**
 * Hires an applicant: in one transaction the employee record (positions from the posting's role
 * and sub-role unless given, the applicant's contact and availability) and the move to hired;
 * then the auth module's invitation to the applicant's email. Hiring a hired application answers
 * it (no second employee); if its invitation failed, it is tried again.
 */
export async function hire({
  member,
  applicationId,
  input,
}: {
  member: Membership;
  applicationId: string;
  input: HireInput;
}) {
  const { companyId } = member;
  const rules = await getCompanyRules({ companyId });
  const today = businessToday(rules.profile.timezone, rules.settings.dayChangeTime);
  const outcome = await runExclusive(lockKeys.application(companyId, applicationId), async (tx) => {
    const application = await repo.getApplication(companyId, applicationId, tx);
    if (!application) throw applicationNotFound();
    if (application.stage === 'hired') return { result: { application, hiredNow: false } };
    if (!OPEN_STAGES.includes(application.stage))
      throw applicantErrors.APPLICATION_CLOSED(`The application is ${application.stage}: it cannot be hired`);
    const posting = await repo.getPosting(companyId, application.postingId, tx);
    const positions =
      input.positions ?? (posting ? [{ categoryId: posting.roleId, subcategoryId: posting.subRoleId }] : []);
    const employee: EmployeeCreate = {
      name: application.name,
      surname: application.surname,
      email: application.email,
      phone: application.phone,
      positions,
      availabilities: application.availability as EmployeeCreate['availabilities'],
      employeeType: input.employeeType ?? posting?.employmentType,
      hiring: input.hiring ?? today,
    };
    const creation = await prepareEmployeeCreate(tx, companyId, employee);
    const now = Date.now();
    const history = [
      ...application.history,
      { from: application.stage, to: 'hired' as const, at: now, by: member.uid },
    ];
    return {
      result: {
        application: { ...application, stage: 'hired' as const, history, employeeId: creation.id, updatedAt: now },
        hiredNow: true,
      },
      write: (t: FirebaseFirestore.Transaction) => {
        creation.write(t);
        t.update(repo.applicationRef(companyId, applicationId), {
          stage: 'hired',
          history,
          employeeId: creation.id,
          updatedAt: now,
        });
      },
    };
  });
  let { application } = outcome;
  const retry = !outcome.hiredNow && application.invitation?.status === 'failed';
  if (input.invite && (outcome.hiredNow || retry)) application = await invite(member, application);
  else if (!input.invite && outcome.hiredNow)
    application = await recordInvitation(companyId, application, { status: 'skipped' });
  return { application, employeeId: application.employeeId! };
}

async function recordInvitation(
  companyId: string,
  application: Application,
  invitation: NonNullable<Application['invitation']>,
): Promise<Application> {
  await repo.applicationRef(companyId, application.id).update({ invitation });
  return { ...application, invitation };
}

async function invite(member: Membership, application: Application): Promise<Application> {
  try {
    const invitation = await createInvitation({
      member,
      companyId: member.companyId,
      input: { email: application.email, role: 'employee', employeeId: application.employeeId! },
    });
    return await recordInvitation(member.companyId, application, { status: 'sent', invitationId: invitation.id });
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return recordInvitation(member.companyId, application, { status: 'failed', code: err.code });
  }
}
