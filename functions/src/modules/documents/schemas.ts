import { z } from 'zod';
import { ALLOWED_CONTENT_TYPES, MAX_FILE_BYTES, uploadFileFields } from '../../core/file-types';
import { companyIdQuery, documentId, isoDate } from '../../http/fields';

export const DOCUMENT_TYPES = [
  'contract',
  'id',
  'food_handler',
  'alcohol_service',
  'certification',
  'tax',
  'pay',
  'other',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
/** Financial documents: hidden from managers when the company policy hideFinancialInfoFromManagers is on. */
export const FINANCIAL_TYPES: readonly DocumentType[] = ['pay', 'tax'];
/** What an employee may upload to their own record (contracts, pay and tax documents come from managers). */
export const EMPLOYEE_UPLOAD_TYPES: readonly DocumentType[] = [
  'id',
  'food_handler',
  'alcohol_service',
  'certification',
  'other',
];

/** The accepted files: the platform's upload rules (core/uploads.ts). */
export { ALLOWED_CONTENT_TYPES, MAX_FILE_BYTES };

/** Days before expiry at which the job flags a document (0: the expiry date itself, or past it). */
export const EXPIRY_STAGES = [30, 14, 7, 0] as const;
export type ExpiryStage = (typeof EXPIRY_STAGES)[number];

const documentTypeSchema = z
  .enum(DOCUMENT_TYPES)
  .describe(
    'contract, id, food_handler (food-handler certificate), alcohol_service (alcohol-service certificate), certification (another certificate), tax, pay, other',
  );

export const documentSchema = z
  .object({
    id: z.string(),
    employeeId: z.string(),
    type: z.enum(DOCUMENT_TYPES),
    title: z.string(),
    fileName: z.string(),
    contentType: z.string(),
    size: z.number().describe('Bytes'),
    sha256: z.string().describe('Hex SHA-256 of the bytes'),
    expiresOn: z.string().nullable().describe('Last valid date (YYYY-MM-DD, company-local), or null'),
    expiryStage: z
      .number()
      .nullable()
      .describe(
        'The latest expiry flag the daily job set: 30, 14, 7 or 0 days before expiry (0: expired); null when not flagged',
      ),
    expiryFlags: z.record(z.string(), z.number()).describe('When each flag was set (epoch ms), by stage'),
    uploadedBy: z.string().describe('uid of the uploader'),
    createdAt: z.number(),
    updatedAt: z.number(),
  })
  .meta({ id: 'Document' });
export type EmployeeDocument = z.infer<typeof documentSchema>;

export const uploadQuery = companyIdQuery.extend({
  employeeId: documentId.describe("The employee the document belongs to (an employee: their own record's id)"),
  type: documentTypeSchema,
  title: z.string().trim().min(1).max(200).optional().describe('Shown in lists; default: the file name'),
  expiresOn: isoDate.optional().describe('Last valid date, company-local (certificates, IDs)'),
  ...uploadFileFields('the type and an extension'),
});

export const listDocumentsQuery = companyIdQuery.extend({
  employeeId: documentId
    .optional()
    .describe('Only this employee (an employee may name only themselves; default for them: their own)'),
  type: documentTypeSchema.optional(),
});

export const expiringQuery = companyIdQuery.extend({
  withinDays: z.coerce
    .number()
    .int()
    .min(0)
    .max(365)
    .default(30)
    .describe('Documents expiring within this many days from today (company-local), expired ones included; default 30'),
});

export const expiringDocumentSchema = documentSchema
  .extend({
    daysLeft: z.number().describe('Days from today (company-local) to expiresOn; negative once expired'),
  })
  .meta({ id: 'ExpiringDocument' });

export const documentIdParam = z.object({ documentId: documentId });

export const documentPatchBody = z
  .strictObject({
    title: z.string().trim().min(1).max(200),
    type: documentTypeSchema,
    expiresOn: isoDate.nullable().describe('null removes the expiry date'),
  })
  .partial();
export type DocumentPatch = z.infer<typeof documentPatchBody>;

export const documentContentSchema = z
  .object({
    document: documentSchema,
    contentBase64: z.string().meta({
      description:
        "The file, base64-encoded (the bytes as uploaded, of the document's contentType; verified against their stored checksum on the way out)",
      contentEncoding: 'base64',
    }),
  })
  .meta({ id: 'DocumentContent' });

export const deletedSchema = z.object({ id: z.string(), deleted: z.literal(true) }).meta({ id: 'DeletedDocument' });

/** The company's clock-in rule on certifications (companies/{companyId}/documentSettings/policy). */
export const certificationPolicySchema = z
  .object({
    blockClockInWhenExpired: z
      .boolean()
      .describe(
        'Clock-in is refused (422 CERTIFICATION_EXPIRED) for an employee whose required certification has expired',
      ),
    requiredTypes: z
      .array(z.enum(DOCUMENT_TYPES))
      .max(DOCUMENT_TYPES.length)
      .describe('The document types that count as required certifications'),
    blockWhenMissing: z.boolean().describe('Also refuse clock-in for an employee with no document of a required type'),
  })
  .meta({ id: 'CertificationPolicy' });
export type CertificationPolicy = z.infer<typeof certificationPolicySchema>;
export const POLICY_DEFAULTS: CertificationPolicy = {
  blockClockInWhenExpired: false,
  requiredTypes: ['food_handler'],
  blockWhenMissing: false,
};
export const certificationPolicyPatch = z
  .strictObject({
    blockClockInWhenExpired: z.boolean(),
    requiredTypes: z.array(z.enum(DOCUMENT_TYPES)).max(DOCUMENT_TYPES.length),
    blockWhenMissing: z.boolean(),
  })
  .partial();
