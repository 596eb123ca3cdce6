import {
  applicationPage,
  applicationSchema,
  applyReceipt,
  hireResult,
  hiringPermissionsSchema,
  postingSchema,
  publicPostingSchema,
} from '../../../../src/modules/applicants/schemas';
import { keepsAnswer } from '../../../helpers/keeps-answer';

/** The applicants module's answers keep every field: postings, the public posting, applications with history and notes, hire. */

const questions = [
  { id: 'q1', prompt: 'Over 18?', kind: 'yes_no', required: true },
  { id: 'q2', prompt: 'Experience', kind: 'text', required: false },
];
const posting = {
  id: 'p1',
  title: 'Line cook',
  roleId: 'boh',
  subRoleId: 'grill',
  employmentType: 'parttime',
  wage: { min: 1800, max: 2200, period: 'hour', currency: 'USD' },
  description: 'Grill station',
  questions,
  status: 'open',
  publicId: 'jp_abcdefghij12',
  createdBy: 'u1',
  createdAt: 1_763_600_000_000,
  updatedAt: 1_763_700_000_000,
};
const application = {
  id: 'a1',
  postingId: 'p1',
  name: 'Ana',
  surname: 'Lima',
  email: 'ana@example.test',
  phone: '+1 555 0100',
  answers: [
    { questionId: 'q1', prompt: 'Over 18?', answer: true },
    { questionId: 'q2', prompt: 'Experience', answer: 'Two years' },
  ],
  availability: { Monday: { allDay: true } },
  earliestStart: '2026-12-01',
  message: 'Hello',
  stage: 'hired',
  history: [
    { from: null, to: 'new', at: 1_763_600_000_000, by: null },
    { from: 'new', to: 'hired', at: 1_763_700_000_000, by: 'u1', reason: 'Great trial shift' },
  ],
  notes: [{ id: 'n1', text: 'Strong on grill', by: 'u1', at: 1_763_650_000_000 }],
  submittedAt: 1_763_600_000_000,
  submittedOn: '2026-11-20',
  updatedAt: 1_763_700_000_000,
  employeeId: 'e9',
  invitation: { status: 'failed', invitationId: 'inv1', code: 'EMAIL_FAILED' },
};

describe('applicants answers keep every field', () => {
  it('a posting, fixed wage or range', () => {
    keepsAnswer(postingSchema, posting);
    keepsAnswer(postingSchema, { ...posting, wage: { min: 1800, period: 'month' }, questions: [], status: 'closed' });
  });

  it('the public posting (no account)', () => {
    keepsAnswer(publicPostingSchema, {
      publicId: 'jp_abcdefghij12',
      companyName: 'Harbor & Vine',
      title: 'Line cook',
      roleName: 'Kitchen',
      employmentType: 'casual',
      wage: { min: 1800, period: 'hour' },
      description: '',
      questions,
    });
  });

  it('the receipt of an application', () => {
    keepsAnswer(applyReceipt, { applicationId: 'a1', receivedAt: 1_763_600_000_000 });
  });

  it('an application at every invitation status, and a page of them', () => {
    for (const status of ['sent', 'failed', 'skipped'])
      keepsAnswer(applicationSchema, { ...application, invitation: { status } });
    keepsAnswer(applicationSchema, application);
    keepsAnswer(applicationPage, {
      applications: [application, { ...application, id: 'a2', employeeId: null, invitation: null, stage: 'new' }],
      nextCursor: 'next',
    });
    keepsAnswer(applicationPage, { applications: [], nextCursor: null });
  });

  it('a hire and the hiring permissions', () => {
    keepsAnswer(hireResult, { application, employeeId: 'e9' });
    keepsAnswer(hiringPermissionsSchema, { managersSeeHiring: true, managersManagePostings: false });
  });
});
