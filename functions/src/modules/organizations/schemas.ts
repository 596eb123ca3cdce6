import { z } from 'zod';
import { documentId } from '../../http/fields';
import { einProblem } from './ein';

/** The payroll export layouts an employer may hold a company code for (the payroll module's `layout`). */
export const EXPORT_LAYOUTS = ['adp', 'paychex', 'gusto'] as const;

export const ORGANIZATION_ROLES = ['admin', 'owner'] as const;
export type OrganizationRole = (typeof ORGANIZATION_ROLES)[number];

const companyCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9-]{1,20}$/, 'letters, digits and hyphens, at most 20')
  .describe('The code the payroll provider knows this employer by (ADP company code, Paychex client id ...)');

export const companyCodesSchema = z
  .partialRecord(z.enum(EXPORT_LAYOUTS), companyCode)
  .describe('The employer’s company code per payroll export layout');

const ein = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    const problem = einProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .describe('The employer identification number (EIN), NN-NNNNNNN with a prefix the IRS assigns')
  .meta({ example: '12-3456789' });

export const employerBody = z.strictObject({
  name: z.string().trim().min(1).max(200).describe('The legal name of the entity'),
  ein,
  companyCodes: companyCodesSchema.default({}),
});
export type EmployerInput = z.output<typeof employerBody>;

export const employerSchema = z
  .object({ id: z.string(), name: z.string(), ein: z.string(), companyCodes: companyCodesSchema })
  .meta({ id: 'Employer' });
export type Employer = z.output<typeof employerSchema>;

export const organizationCreateBody = z.strictObject({
  name: z.string().trim().min(1).max(200),
  employer: employerBody.describe('The legal entity employing the first location’s staff'),
});

export const organizationParams = z.object({ orgId: documentId });
export const locationParams = organizationParams.extend({ companyId: documentId });
export const memberParams = organizationParams.extend({ uid: documentId });
export const linkParams = organizationParams.extend({ linkId: documentId });

export const locationBody = z.strictObject({
  employerId: documentId.describe('The employer of the location’s staff, one of the organization’s'),
});

export const memberBody = z.strictObject({
  role: z
    .enum(ORGANIZATION_ROLES)
    .describe(
      'owner: manages the organization and acts as an owner at every location; admin: acts as an owner at every location',
    ),
});

const recordRef = z.strictObject({ companyId: documentId, employeeId: documentId });
export type RecordRef = z.output<typeof recordRef>;

export const linkBody = z.strictObject({
  records: z
    .array(recordRef)
    .min(2)
    .max(50)
    .describe(
      'One person’s employee records at locations of one employer, one per location. A record already linked brings its link along (the links merge).',
    ),
});

export const locationSchema = z
  .object({ companyId: z.string(), name: z.string(), employerId: z.string() })
  .meta({ id: 'OrganizationLocation' });

export const organizationMemberSchema = z
  .object({ uid: z.string(), role: z.enum(ORGANIZATION_ROLES) })
  .meta({ id: 'OrganizationMember' });

export const employeeLinkSchema = z
  .object({
    id: z.string(),
    employerId: z.string(),
    records: z.array(z.object({ companyId: z.string(), employeeId: z.string() })),
  })
  .meta({ id: 'EmployeeLink' });
export type EmployeeLink = z.output<typeof employeeLinkSchema>;

export const organizationSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    role: z.enum(ORGANIZATION_ROLES).describe('The caller’s role in the organization'),
    employers: z.array(employerSchema),
    locations: z.array(locationSchema),
    members: z.array(organizationMemberSchema),
    links: z.array(employeeLinkSchema),
  })
  .meta({ id: 'Organization' });

export const unlinkedSchema = z.object({ linkId: z.string(), unlinked: z.number().int() });
