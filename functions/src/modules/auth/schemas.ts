import { z } from 'zod';
import { MEMBER_ROLES } from '../../core/memberships';
import { companyIdQuery, documentId } from '../../http/fields';
import { countryCode, timeZone } from '../../http/fields';
import { currencySchema, emailSchema, passwordSchema } from './fields';
import { recordOf, visibleTo } from '../../http/visibility';

const personName = z.string().trim().min(1).max(120);

export const signupBody = z.strictObject({
  name: personName.describe("The owner's first name"),
  surname: personName.describe("The owner's last name"),
  email: emailSchema,
  password: passwordSchema,
  company: z.strictObject({
    name: z.string().trim().min(1).max(200),
    timezone: timeZone,
    country: countryCode,
    currency: currencySchema.optional(),
  }),
});
export type SignupInput = z.output<typeof signupBody>;

export const membershipView = z
  .object({
    companyId: z.string(),
    companyName: z.string().nullable().describe('null when the company was deleted'),
    role: z.enum(MEMBER_ROLES),
    employeeId: z.string().nullable(),
    organizationRole: z
      .enum(['owner', 'admin'])
      .nullable()
      .describe(
        'A location of an organization the person owns (owner) or administers (admin), where they act as an owner without a membership of the company; null: a membership of the company',
      ),
  })
  .meta({ id: 'Membership' });

export const profileSchema = z
  .object({
    uid: z.string(),
    email: z.string().nullable(),
    emailVerified: z.boolean(),
    name: z.string().nullable(),
    surname: z.string().nullable(),
    phone: z.string().nullable(),
    locale: z.string().nullable(),
    admin: z.boolean().describe('The platform administrator claim'),
    memberships: z.array(membershipView),
  })
  .meta({ id: 'UserProfile' });

export const signupResult = z
  .object({
    uid: z.string(),
    companyId: z.string(),
    employeeId: z.string(),
    profile: profileSchema,
  })
  .meta({ id: 'SignupResult' });

export const profilePatch = z
  .strictObject({
    name: personName,
    surname: personName,
    phone: z.string().trim().max(40).nullable(),
    locale: z
      .string()
      .regex(/^[a-z]{2,3}(-[A-Z]{2})?$/, 'must be a language tag like en or es-MX')
      .nullable(),
  })
  .partial()
  .describe('Your own profile; email and password change through Firebase Authentication');

export const passwordResetBody = z.strictObject({ email: emailSchema });
export const acceptedAnswer = z.object({ accepted: z.literal(true), message: z.string() });

/** Invitations */
export const INVITATION_STATES = ['pending', 'accepted', 'revoked', 'expired'] as const;
export type InvitationState = (typeof INVITATION_STATES)[number];

export const invitationCreateBody = z.strictObject({
  email: emailSchema,
  role: z.enum(MEMBER_ROLES).describe('Managers invite employees; owners invite any role'),
  employeeId: documentId
    .optional()
    .describe('The employee record the invitee becomes (not archived, not linked to another user)'),
});

export const invitationSchema = z
  .object({
    id: z.string(),
    companyId: z.string(),
    email: z.string(),
    role: z.enum(MEMBER_ROLES),
    employeeId: z.string().nullable(),
    state: z.enum(INVITATION_STATES),
    invitedBy: z.string(),
    createdAt: z.number(),
    expiresAt: z.number(),
    sentAt: z.number().describe('When the latest email was sent'),
    sends: z.int().describe('Emails sent (the first and each resend)'),
    acceptedAt: z.number().nullable(),
    acceptedBy: z.string().nullable(),
    revokedAt: z.number().nullable(),
  })
  .meta({ id: 'Invitation' });
export type Invitation = z.infer<typeof invitationSchema>;

export const invitationIdParam = z.object({ invitationId: documentId });

export const listInvitationsQuery = companyIdQuery.extend({
  state: z.enum(INVITATION_STATES).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  before: z.coerce
    .number()
    .int()
    .optional()
    .describe('Paging: createdAt (epoch ms) of the last invitation of the previous page'),
});

export const invitationPage = z
  .object({
    invitations: z.array(invitationSchema),
    nextBefore: z.number().nullable().describe('Pass as `before` for the next page; null at the end'),
  })
  .meta({ id: 'InvitationPage' });

export const invitationTokenSchema = z.string().regex(/^inv_[A-Za-z0-9_-]{43}$/, 'is not an invitation token');

export const invitationLookupBody = z.strictObject({ token: invitationTokenSchema });

export const invitationPreview = z
  .object({
    companyName: z.string(),
    role: z.enum(MEMBER_ROLES),
    email: z.string().describe('The invited address'),
    state: z.enum(INVITATION_STATES),
    expiresAt: z.number(),
    accountExists: z
      .boolean()
      .describe(
        'true: accept signed in (Authorization) as that account; false: accept with name, surname and password',
      ),
    accept: z.string().describe('How to accept'),
  })
  .meta({ id: 'InvitationPreview' });

export const invitationAcceptBody = z.strictObject({
  token: invitationTokenSchema,
  name: personName.optional().describe('For a new account'),
  surname: personName.optional().describe('For a new account'),
  password: passwordSchema.optional().describe('For a new account'),
});

export const acceptResult = z
  .object({
    uid: z.string(),
    companyId: z.string(),
    role: z.enum(MEMBER_ROLES),
    employeeId: z.string().nullable(),
    accountCreated: z.boolean(),
  })
  .meta({ id: 'InvitationAcceptResult' });

/** Members */
export const memberSchema = recordOf(
  z.object({
    uid: z.string(),
    email: visibleTo(z.string().nullable(), 'contact'),
    name: z.string().nullable().describe('Display name of the account'),
    role: z.enum(MEMBER_ROLES),
    employeeId: z.string().nullable(),
    disabled: z.boolean(),
    organizationRole: z
      .enum(['owner', 'admin'])
      .nullable()
      .describe(
        "An owner or administrator of the location's organization, who acts here as an owner (role owner) without a membership of this company (not changed or removed here, but on the organization); null: a member of the company",
      ),
  }),
  'employeeId',
).meta({ id: 'Member' });

export const uidParam = z.object({ uid: documentId.max(128).describe('Firebase Authentication uid') });
export const memberRoleBody = z.strictObject({ role: z.enum(MEMBER_ROLES) });
export const leaveResult = z.object({ companyId: z.string(), left: z.literal(true) });
export const removeResult = z.object({ companyId: z.string(), uid: z.string(), removed: z.literal(true) });

/** Admin */
export const adminUserSchema = z
  .object({
    uid: z.string(),
    email: z.string().nullable(),
    displayName: z.string().nullable(),
    emailVerified: z.boolean(),
    disabled: z.boolean(),
    admin: z.boolean(),
    createdAt: z.number().nullable(),
    lastSignInAt: z.number().nullable(),
    tokensValidAfter: z.number().nullable().describe('Sessions started before this time are refused'),
  })
  .meta({ id: 'AdminUser' });

export const adminUserDetail = adminUserSchema
  .extend({ memberships: z.array(membershipView) })
  .meta({ id: 'AdminUserDetail' });

export const adminListUsersQuery = z.object({
  email: emailSchema.optional().describe('Find the user with this exact email (then no paging)'),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  pageToken: z.string().max(2000).optional().describe('From the previous page'),
});

export const adminUserPage = z
  .object({ users: z.array(adminUserSchema), nextPageToken: z.string().nullable() })
  .meta({ id: 'AdminUserPage' });
export const adminClaimBody = z.strictObject({ admin: z.boolean() });

export const AUDIT_ACTIONS = ['grantAdmin', 'revokeAdmin', 'disable', 'enable', 'revokeSessions'] as const;
export const auditEntrySchema = z
  .object({
    id: z.string(),
    at: z.number(),
    actorUid: z.string(),
    action: z.enum(AUDIT_ACTIONS),
    targetUid: z.string(),
  })
  .meta({ id: 'AuthAuditEntry' });
export const auditQuery = z.object({
  targetUid: documentId.max(128).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  before: z.coerce.number().int().optional().describe('Paging: `at` of the last entry of the previous page'),
});
export const auditPage = z
  .object({ entries: z.array(auditEntrySchema), nextBefore: z.number().nullable() })
  .meta({ id: 'AuthAuditPage' });
