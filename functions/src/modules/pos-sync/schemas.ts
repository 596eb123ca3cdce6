import { z } from 'zod';
import { companyIdQuery, documentId, nextCursor } from '../../http/fields';
import { pageCursor } from '../../http/cursor';
import { visibleTo } from '../../http/visibility';
import type { PosPunch } from '../../pos/connectors';

export const LINK_STATES = ['linked', 'unlinked'] as const;
export type LinkState = (typeof LINK_STATES)[number];

/** Largest date range of one tips read, in days (both ends included). */
export const SUGGESTIONS = 3;

export const suggestionSchema = z
  .object({
    employeeId: z.string(),
    name: z.string(),
    surname: z.string(),
    score: z
      .number()
      .describe(
        'Name similarity from 0 to 1: 1 - Levenshtein distance / length of the longer name (accents, case and spacing ignored; "first last" and "last first" both tried)',
      ),
  })
  .meta({ id: 'PosLinkSuggestion' });
export type Suggestion = z.infer<typeof suggestionSchema>;

export const posEmployeeSchema = z
  .object({
    id: z
      .string()
      .describe('`{connectionId}~{vendor id}` (a vendor id that cannot be part of a document id is hashed)'),
    connectionId: z.string().describe('The integration connection the POS employee comes from (integration-engine)'),
    slug: z.string().describe('Catalogue slug of that integration'),
    vendorId: z.string().describe("The POS's id of the team member"),
    firstName: z.string(),
    lastName: z.string(),
    email: visibleTo(z.string().nullable(), 'contact'),
    phone: visibleTo(z.string().nullable(), 'contact'),
    jobTitle: z.string().nullable(),
    active: z.boolean().describe('Active in the POS'),
    modifiedAt: z.number().describe('Last modified in the POS (epoch ms)'),
    state: z.enum(LINK_STATES),
    employeeId: z
      .string()
      .nullable()
      .describe('The employee it is linked to; its punches and sales are attributed to that employee'),
    linkedBy: z
      .string()
      .nullable()
      .describe("'auto' (exact email or phone match at a roster sync) or the uid of the manager who linked it"),
    linkedAt: z.number().nullable(),
    unlinkedBy: z
      .string()
      .nullable()
      .describe('uid of the manager who last unlinked it: a POS employee unlinked by hand is never auto-linked again'),
    unlinkedAt: z.number().nullable(),
    suggestions: z
      .array(suggestionSchema)
      .describe(
        `Unlinked POS employees: up to ${SUGGESTIONS} employees of the company by name similarity (best first), among those not archived and not linked to another POS employee of the same connection; empty when linked`,
      ),
    createdAt: z.number(),
    updatedAt: z.number(),
  })
  .meta({ id: 'PosEmployee' });
export type PosEmployeeView = z.infer<typeof posEmployeeSchema>;

/** A POS punch as the connectors read it (kept whole while its POS employee is not linked). */
export const storedPosPunch = z.object({
  vendorId: z.string(),
  employeeVendorId: z.string(),
  clockInAt: z.number(),
  clockOutAt: z.number().nullable(),
  breaks: z.array(z.object({ startAt: z.number(), endAt: z.number().nullable(), paid: z.boolean() })),
  jobTitle: z.string().nullable(),
  deleted: z.boolean(),
  modifiedAt: z.number(),
}) satisfies z.ZodType<PosPunch>;

/** Where a page of POS employees ended: the last one's id (their order). */
export const posEmployeesCursor = pageCursor('pos-employees', documentId);

export const listQuery = companyIdQuery.extend({
  connectionId: documentId.optional().describe('Only the POS employees of this connection'),
  state: z.enum(LINK_STATES).optional().describe('Only linked or only unlinked POS employees'),
  limit: z.coerce.number().int().min(1).max(200).default(50).describe('Page size (default 50, at most 200)'),
  cursor: posEmployeesCursor.query,
});
export type ListQuery = z.output<typeof listQuery>;

export const listResponse = z
  .object({
    posEmployees: z.array(posEmployeeSchema),
    nextCursor,
  })
  .meta({ id: 'PosEmployeePage' });

export const posEmployeeIdParam = z.object({
  posEmployeeId: documentId.describe('POS employee id (`{connectionId}~{vendor id}`, as listed)'),
});

export const linkBody = z.strictObject({
  employeeId: documentId.describe('The employee of the company to link the POS employee to'),
});

export const replayedSchema = z
  .object({
    punches: z.int().describe('Held punches now written to attendance'),
    sales: z.int().describe('Held sales now attributed to the employee (invoices updated)'),
    failed: z
      .int()
      .describe(
        'Held records that could not be written (e.g. a punch in a payroll-locked range); they stay held and are logged',
      ),
  })
  .describe('What was held for the POS employee while it was unlinked and is now attributed');
export type Replayed = z.infer<typeof replayedSchema>;

export const linkResponse = z
  .object({ posEmployee: posEmployeeSchema, replayed: replayedSchema })
  .meta({ id: 'PosLinkResult' });

export const createEmployeeBody = z
  .strictObject({
    name: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .optional()
      .describe('Default: the POS first name (its last name when it has none)'),
    surname: z.string().trim().min(1).max(100).optional().describe("Default: the POS last name ('-' when it has none)"),
    email: z.email().optional().describe('Default: the POS email, when it is a valid address'),
    phone: z.string().trim().min(1).max(40).optional().describe('Default: the POS phone'),
  })
  .default({});
export type CreateEmployeeBody = z.output<typeof createEmployeeBody>;

export const createdEmployeeSchema = z.object({
  id: z.string(),
  name: z.string(),
  surname: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});

export const createEmployeeResponse = z.object({
  posEmployee: posEmployeeSchema,
  employee: createdEmployeeSchema,
  replayed: replayedSchema,
});

export { MAX_TIPS_DAYS, tipsQuery, tipsResponse, type TipsQuery } from '../sales';
