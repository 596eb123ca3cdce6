import { z } from 'zod';
import { companyIdQuery, documentId, isoDate, nextCursor } from '../../http/fields';
import { pageCursor } from '../../http/cursor';
import type { Limit } from '../../core/rate-limit';

/** Public apply: per address and posting, and per address over all postings (spam from one address). */
export const APPLY_LIMITS = {
  perPosting: { name: 'apply-address-posting', points: 5, duration: 3600 } satisfies Limit,
  perAddress: { name: 'apply-address', points: 30, duration: 3600 } satisfies Limit,
  global: { name: 'apply-global', points: 2000, duration: 3600 } satisfies Limit,
};

export const STAGES = ['new', 'screening', 'interview', 'offer', 'hired', 'rejected', 'withdrawn'] as const;
export type Stage = (typeof STAGES)[number];
/** Stages an application can still move from. */
export const OPEN_STAGES: readonly Stage[] = ['new', 'screening', 'interview', 'offer'];
export const EMPLOYMENT_TYPES = ['fulltime', 'parttime', 'casual'] as const;
export const POSTING_STATUSES = ['open', 'closed'] as const;
export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

const wageSchema = z
  .strictObject({
    min: z.int().min(0).describe('Lowest wage in minor units (cents) per period'),
    max: z.int().min(0).optional().describe('Highest wage in minor units; absent for a fixed wage'),
    period: z.enum(['hour', 'week', 'month', 'year']).default('hour'),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as USD')
      .optional(),
  })
  .refine((w) => w.max === undefined || w.max >= w.min, { message: 'max must not be below min', path: ['max'] });

const questionInput = z.strictObject({
  id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,40}$/, 'letters, digits, _ and - (at most 40)')
    .optional()
    .describe('Stable id of the question; default q1, q2 ... in order'),
  prompt: z.string().trim().min(1).max(500),
  kind: z.enum(['yes_no', 'text']).describe('yes_no: answered true/false; text: free text'),
  required: z.boolean().default(false),
});

const questionSchema = z.object({
  id: z.string(),
  prompt: z.string(),
  kind: z.enum(['yes_no', 'text']),
  required: z.boolean(),
});
export type Question = z.infer<typeof questionSchema>;

const postingFields = {
  title: z.string().trim().min(1).max(120),
  roleId: documentId.describe('The role (position) hired for; hires get it as their position'),
  subRoleId: z.string().min(1).describe('The sub-role of that role hires get'),
  employmentType: z.enum(EMPLOYMENT_TYPES),
  wage: wageSchema,
  description: z.string().max(10_000).default(''),
  questions: z.array(questionInput).max(20).default([]).describe('Screening questions, in order'),
  status: z.enum(POSTING_STATUSES).default('open'),
};

export const postingCreateBody = z.strictObject(postingFields);
export type PostingCreate = z.output<typeof postingCreateBody>;

export const postingPatchBody = z
  .strictObject({
    title: postingFields.title,
    roleId: postingFields.roleId,
    subRoleId: postingFields.subRoleId,
    employmentType: postingFields.employmentType,
    wage: postingFields.wage,
    description: z.string().max(10_000),
    questions: z.array(questionInput).max(20),
    status: z.enum(POSTING_STATUSES),
  })
  .partial();
export type PostingPatch = z.output<typeof postingPatchBody>;

export const postingSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    roleId: z.string(),
    subRoleId: z.string(),
    employmentType: z.enum(EMPLOYMENT_TYPES),
    wage: z.object({
      min: z.number(),
      max: z.number().optional(),
      period: z.string(),
      currency: z.string().optional(),
    }),
    description: z.string(),
    questions: z.array(questionSchema),
    status: z.enum(POSTING_STATUSES),
    publicId: z
      .string()
      .describe('The public apply link: GET/POST /apply/{publicId} of this module (no account needed)'),
    createdBy: z.string(),
    createdAt: z.number(),
    updatedAt: z.number(),
  })
  .meta({ id: 'JobPosting' });
export type Posting = z.infer<typeof postingSchema>;

export const publicPostingSchema = z
  .object({
    publicId: z.string(),
    companyName: z.string(),
    title: z.string(),
    roleName: z.string(),
    employmentType: z.enum(EMPLOYMENT_TYPES),
    wage: postingSchema.shape.wage,
    description: z.string(),
    questions: z.array(questionSchema),
  })
  .meta({ id: 'PublicJobPosting' });

const window = z
  .strictObject({ start: z.int().min(0).max(1440), end: z.int().min(0).max(1440) })
  .refine((w) => w.start < w.end, { message: 'start must be before end' });
/** Per weekday, the shape of an employee's availabilities (copied to the employee on hire). */
export const availabilitySchema = z
  .partialRecord(
    z.enum(WEEKDAYS),
    z.strictObject({
      allDay: z.boolean().optional(),
      shift1: window.optional().describe('Minutes of the day'),
      shift2: window.optional(),
    }),
  )
  .meta({ id: 'ApplicantAvailability' });

export const applyBody = z.strictObject({
  name: z.string().trim().min(1).max(100),
  surname: z.string().trim().min(1).max(100),
  email: z.email().max(254),
  phone: z
    .string()
    .trim()
    .regex(/^[+0-9 ()-]{5,30}$/, 'digits, spaces, + ( ) -')
    .optional(),
  answers: z
    .record(z.string(), z.union([z.boolean(), z.string().max(2000)]))
    .default({})
    .describe('By question id: true/false for yes_no questions, text for text ones'),
  availability: availabilitySchema.optional(),
  earliestStart: isoDate.optional(),
  message: z.string().max(4000).optional(),
});
export type ApplyInput = z.output<typeof applyBody>;

export const applyAccepted = z.object({
  accepted: z.literal(true),
  message: z.string(),
});

export const confirmApplicationBody = z.strictObject({
  token: z.string().min(1).max(200).describe('The token of the emailed link (after `#token=`)'),
});

export const applyReceipt = z
  .object({
    applicationId: z.string().describe('The reference of the application; the same one for a repeated confirmation'),
    receivedAt: z.number(),
  })
  .meta({ id: 'ApplyReceipt' });

const historyEntry = z.object({
  from: z.enum(STAGES).nullable(),
  to: z.enum(STAGES),
  at: z.number(),
  by: z.string().nullable(),
  reason: z.string().optional(),
});
const noteSchema = z.object({ id: z.string(), text: z.string(), by: z.string(), at: z.number() });

export const applicationSchema = z
  .object({
    id: z.string(),
    postingId: z.string(),
    name: z.string(),
    surname: z.string(),
    email: z.string(),
    phone: z.string().optional(),
    answers: z.array(
      z.object({ questionId: z.string(), prompt: z.string(), answer: z.union([z.boolean(), z.string()]) }),
    ),
    availability: z.record(z.string(), z.unknown()).optional(),
    earliestStart: z.string().optional(),
    message: z.string().optional(),
    stage: z.enum(STAGES),
    history: z.array(historyEntry).describe('Every move, oldest first (the first: submitted, from null to new)'),
    notes: z.array(noteSchema).describe("Managers' notes, oldest first"),
    submittedAt: z.number(),
    submittedOn: z.string().describe('Business date of the submission (company-local)'),
    updatedAt: z.number(),
    employeeId: z.string().nullable().describe('The employee created by the hire'),
    invitation: z
      .object({
        status: z.enum(['sent', 'failed', 'skipped']),
        invitationId: z.string().optional(),
        code: z.string().optional(),
      })
      .nullable()
      .describe('The auth invitation sent on hire (failed: its error code; hire again to retry)'),
  })
  .meta({ id: 'JobApplication' });
export type Application = z.infer<typeof applicationSchema>;

/** Where a page of applications ended: the last application's submittedAt and id. */
export const applicationsCursor = pageCursor('applications', z.tuple([z.number().int().nonnegative(), documentId]));

export const listApplicationsQuery = companyIdQuery.extend({
  postingId: documentId.optional(),
  stage: z.enum(STAGES).optional(),
  from: isoDate.optional().describe('Submitted on or after this business date'),
  to: isoDate.optional().describe('Submitted on or before this business date'),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: applicationsCursor.query,
});

export const applicationPage = z
  .object({
    applications: z.array(applicationSchema),
    nextCursor,
  })
  .meta({ id: 'JobApplicationPage' });

export const listPostingsQuery = companyIdQuery.extend({ status: z.enum(POSTING_STATUSES).optional() });
export const postingIdParam = z.object({ postingId: documentId });
export const publicIdParam = z.object({
  publicId: z.string().regex(/^jp_[A-Za-z0-9_-]{10,60}$/, 'not a posting link'),
});
export const applicationIdParam = z.object({ applicationId: documentId });

export const moveBody = z.strictObject({
  from: z
    .enum(STAGES)
    .describe('The stage the manager saw; the move is refused (409 STAGE_CHANGED) if the application has moved since'),
  to: z.enum(STAGES).describe('Any stage but hired (POST .../hire)'),
  reason: z.string().max(500).optional(),
});

export const noteBody = z.strictObject({ text: z.string().trim().min(1).max(4000) });

export const hireBody = z.strictObject({
  positions: z
    .array(z.strictObject({ categoryId: documentId, subcategoryId: z.string().min(1) }))
    .min(1)
    .optional()
    .describe("Default: the posting's role and sub-role"),
  employeeType: z.enum(EMPLOYMENT_TYPES).optional().describe("Default: the posting's employment type"),
  hiring: isoDate.optional().describe('Hiring date; default: today (company-local)'),
  invite: z.boolean().default(true).describe("Send the auth invitation (an employee account) to the applicant's email"),
});

export const hireResult = z
  .object({ application: applicationSchema, employeeId: z.string() })
  .meta({ id: 'HireResult' });

export const hiringPermissionsSchema = z
  .object({
    managersSeeHiring: z
      .boolean()
      .describe('Managers see postings and applications, move them, note them and hire (default true)'),
    managersManagePostings: z
      .boolean()
      .describe('Managers create, edit, open and close postings (default true; needs managersSeeHiring)'),
  })
  .meta({ id: 'HiringPermissions' });
export type HiringPermissions = z.infer<typeof hiringPermissionsSchema>;
export const hiringPermissionsPatch = z
  .strictObject({ managersSeeHiring: z.boolean(), managersManagePostings: z.boolean() })
  .partial();
