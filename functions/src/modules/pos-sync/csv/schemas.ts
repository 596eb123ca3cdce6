import { z } from 'zod';
import { companyIdQuery, documentId, nextCursor } from '../../../http/fields';
import { pageCursor } from '../../../http/cursor';
import { runSchema } from '../../integration-engine';
import { CSV_KINDS, mappingSchema } from './fields';

/** The limits of an import, here so that the routes can state them without loading the service. */
export const MAX_FILE_BYTES = 50 * 1024 * 1024;
/** A part is written in one commit: Firestore takes 10 MiB per request, the emulators here 4 MiB. */
export const MAX_PART_BYTES = 3 * 1024 * 1024;
export const MAX_PARTS = 100;
export const PREVIEW_ROWS = 20;

export const kindSchema = z
  .enum(CSV_KINDS)
  .describe(
    'roster: the POS team members; punches: clock-in/out entries; sales: closed tickets (and refunds) with tips',
  );

export const importIdParam = z.object({ importId: documentId.describe('CSV import id') });
export const partParams = importIdParam.extend({
  part: z.coerce.number().int().min(1).max(MAX_PARTS).describe(`Part number, 1 to ${MAX_PARTS}, in file order`),
});
export const kindParam = z.object({ kind: kindSchema });

export const createImportBody = z.strictObject({
  kind: kindSchema,
  filename: z.string().min(1).max(255).describe('The uploaded file name, for the manager to recognise the import'),
});

export const startImportBody = z
  .strictObject({
    mapping: mappingSchema
      .optional()
      .describe(
        "The column mapping to import with, saved as the company's mapping for the kind; default: the saved one, else the one the headers suggest",
      ),
  })
  .default({});

/** Where a page of CSV imports ended: the last one's id (their order, newest first). */
export const csvImportsCursor = pageCursor('csv-imports', documentId);

export const listImportsQuery = companyIdQuery.extend({
  limit: z.coerce.number().int().min(1).max(100).default(20).describe('Page size (default 20, at most 100)'),
  cursor: csvImportsCursor.query,
});

const rowErrorSchema = z.object({
  line: z.int().describe('The line of the file the row ends on (the header is line 1)'),
  field: z.string().nullable().describe('The field (mapped column) at fault; null for the row as a whole'),
  code: z.enum([
    'REQUIRED',
    'INVALID_DATE',
    'INVALID_AMOUNT',
    'INVALID_NUMBER',
    'INVALID_VALUE',
    'COLUMN_COUNT',
    'OUT_OF_ORDER',
    'TOO_LONG',
  ]),
  message: z.string(),
});

const mappingView = z.object({
  ...mappingSchema.shape,
  dateFormat: mappingSchema.shape.dateFormat.unwrap(),
  decimalSeparator: mappingSchema.shape.decimalSeparator.unwrap(),
});

export const importSchema = z
  .object({
    id: z.string(),
    kind: kindSchema,
    filename: z.string(),
    state: z
      .enum(['uploading', 'queued', 'running', 'imported', 'failed', 'cancelled'])
      .describe('uploading until started; then the state of its sync run (imported when it succeeded)'),
    parts: z
      .array(z.object({ part: z.int(), bytes: z.int(), sha256: z.string() }))
      .describe('The uploaded parts, in order'),
    bytes: z.int().describe('Size of the file uploaded so far'),
    createdAt: z.number(),
    createdBy: z.string(),
    mapping: mappingView.nullable().describe('The mapping it was started with'),
    runId: z.string().nullable(),
    startedAt: z.number().nullable(),
    rows: z.int().nullable().describe('Data rows of the file (after the validation)'),
    errorCount: z
      .int()
      .describe("Problems found in the file's rows by the last validation (nothing is written while there is one)"),
    errors: z.array(rowErrorSchema).describe('The first 1,000 of those problems, in file order'),
    fileError: z.string().nullable().describe('Why the file could not be read at all, if so'),
    validatedBy: z
      .string()
      .nullable()
      .describe(
        'The run whose validation found no problem (a redelivery of that run resumes writing where the last one saved)',
      ),
    fileDeleted: z.boolean().describe('The file was imported and its bytes deleted'),
    run: runSchema
      .nullable()
      .describe(
        'Its sync run (integration-engine): status, progress (chunks of about 1 MB of the file, validated then written) and counts (created, updated, unchanged, held, failed)',
      ),
  })
  .meta({ id: 'CsvImport' });

export const importListResponse = z.object({ items: z.array(importSchema), nextCursor }).meta({ id: 'CsvImportPage' });

const fieldSchema = z
  .object({ name: z.string(), required: z.boolean(), description: z.string() })
  .meta({ id: 'CsvField' });

export const mappingResponse = z
  .object({
    kind: kindSchema,
    mapping: mappingView
      .extend({ updatedAt: z.number(), updatedBy: z.string() })
      .nullable()
      .describe('The saved mapping; null when the company has none for the kind'),
    fields: z.array(fieldSchema).describe('The fields of the kind of file'),
  })
  .meta({ id: 'CsvMapping' });

export const previewResponse = z
  .object({
    kind: kindSchema,
    headers: z.array(z.string()).describe("The file's column names"),
    mapping: mappingView,
    mappingSource: z
      .enum(['saved', 'suggested', 'given'])
      .describe("saved: the company's mapping for the kind; suggested: from the headers (none saved yet)"),
    mappingProblems: z.array(z.string()).describe('Why the mapping does not fit the file (no rows are previewed then)'),
    fields: z.array(fieldSchema),
    rows: z
      .array(
        z.object({
          line: z.int(),
          values: z.record(z.string(), z.string()).describe('Field -> the cell of its column'),
          record: z
            .record(z.string(), z.unknown())
            .nullable()
            .describe(
              'The POS record the row becomes (amounts in minor units, times in epoch ms); null when it has problems',
            ),
          errors: z.array(rowErrorSchema),
        }),
      )
      .describe(`The first ${PREVIEW_ROWS} data rows`),
  })
  .meta({ id: 'CsvPreview' });
