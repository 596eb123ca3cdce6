import { z } from 'zod';
import { documentId } from '../../http/fields';

const personFields = {
  employeeId: documentId.optional().describe('An employee record of the company'),
  uid: documentId.optional().describe('A member of the company (their user account)'),
  applicationId: documentId.optional().describe('A job application to the company'),
};
const onePerson = (p: { employeeId?: string; uid?: string; applicationId?: string }) =>
  [p.employeeId, p.uid, p.applicationId].filter(Boolean).length === 1;
const ONE_PERSON = { message: 'name the person by exactly one of employeeId, uid and applicationId' };

/** One person of the company, named by exactly one of their ids. */
export const personRef = z.strictObject(personFields).refine(onePerson, ONE_PERSON);
export type PersonRef = z.output<typeof personRef>;

export const exportQuery = z
  .strictObject({ companyId: documentId.describe('The company the request is about'), ...personFields })
  .refine(onePerson, ONE_PERSON);

const personIds = z.object({
  employeeId: z.string().nullable(),
  uid: z.string().nullable(),
  applicationId: z.string().nullable(),
  email: z.string().nullable(),
});

export const personalArchiveSchema = z
  .object({
    format: z.literal('workforce-personal-data/1'),
    companyId: z.string(),
    person: personIds,
    exportedAt: z.number(),
    records: z
      .array(
        z.object({
          module: z.string(),
          collection: z.string(),
          path: z.string().describe('Where the document is stored'),
          data: z
            .record(z.string(), z.unknown())
            .describe('The stored document; timestamps as epoch ms, bytes as base64'),
        }),
      )
      .describe('Every stored document naming the person, by the registry of personal data'),
    files: z
      .array(
        z.object({
          path: z.string(),
          contentType: z.string(),
          size: z.number(),
          contentBase64: z.string().meta({ contentEncoding: 'base64' }),
        }),
      )
      .describe("The files of the person's documents, from Cloud Storage"),
  })
  .meta({ id: 'PersonalDataArchive' });

const keptRecords = z.object({
  record: z.enum(['pay', 'time']),
  documents: z.number(),
  keepUntil: z
    .number()
    .nullable()
    .describe('Epoch ms after which the retention job deletes them; null: no period known for the country'),
  source: z.string().nullable().describe('The statute or regulator page the period comes from'),
});

export const erasureSchema = z
  .object({
    id: z.string(),
    companyId: z.string(),
    person: personIds.omit({ email: true }),
    at: z.number(),
    by: z.string(),
    country: z.string().nullable(),
    deleted: z.number().describe('Documents deleted'),
    reduced: z.number().describe('Documents kept with the personal fields removed'),
    copiesScrubbed: z
      .number()
      .describe(
        "Other people's records (notifications, answers kept for a retry, audit values, events) whose copies of the person's name, email or phone were replaced by the erased placeholder",
      ),
    files: z.number().describe('Files deleted from Cloud Storage'),
    accountDeleted: z.boolean().describe('The user account went too (the person belonged to no other company)'),
    kept: z.array(keptRecords).describe('Records the company must keep, reduced to the id, and until when'),
  })
  .meta({ id: 'PersonalDataErasure' });

export const companyDeletionSchema = z
  .object({
    companyId: z.string(),
    state: z.enum(['scheduled', 'cancelled', 'running', 'done']),
    requestedAt: z.number(),
    requestedBy: z.string(),
    runsAt: z.number().describe('Epoch ms when the grace period ends and the deletion starts'),
    cancelledAt: z.number().nullable(),
    doneAt: z.number().nullable(),
    batches: z.number().describe('Batches run so far'),
    deleted: z.number().describe('Documents and files deleted so far'),
  })
  .meta({ id: 'CompanyDeletion' });
export type CompanyDeletion = z.infer<typeof companyDeletionSchema>;
