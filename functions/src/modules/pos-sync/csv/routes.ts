import { companyIdQuery } from '../../../http/fields';
import { companyInQuery, defineRoute, type RouteDef } from '../../../http/route';
import { mappingSchema } from './fields';
import {
  createImportBody,
  MAX_FILE_BYTES,
  MAX_PART_BYTES,
  PREVIEW_ROWS,
  importIdParam,
  importListResponse,
  importSchema,
  kindParam,
  listImportsQuery,
  mappingResponse,
  partParams,
  previewResponse,
  startImportBody,
} from './schemas';
import { lazyFile } from '../../kit';

/** The service (with the sales importer and the integration engine's sinks) is loaded by the first request that uses it, not with the routes. */
const service = lazyFile<typeof import('./service')>(() => require('./service'));

const manager = companyInQuery('manager');
const MB = 1024 * 1024;

const FLOW = `The flow: create an import of one kind of file (roster, punches or sales); upload the file as parts of at most ${MAX_PART_BYTES / MB} MB (PUT .../parts/1, 2 ...; at most ${MAX_FILE_BYTES / MB} MB in all); preview it (its headers and first rows through the column mapping); start it. The company must have connected the CSV import integration (POST /connections {slug: csv}).`;

export const csvRoutes: RouteDef[] = [
  defineRoute({
    method: 'post',
    path: '/csv-imports',
    summary: 'Create a CSV import',
    status: 201,
    description: `${FLOW} Answers the import in state \`uploading\`. Managers and owners.`,
    access: manager,
    query: companyIdQuery,
    body: createImportBody,
    response: importSchema,
    handler: ({ member, body }) =>
      service().createImport({
        companyId: member.companyId,
        uid: member.uid,
        kind: body.kind,
        filename: body.filename,
      }),
  }),
  defineRoute({
    method: 'put',
    path: '/csv-imports/:importId/parts/:part',
    summary: "Upload a part of a CSV import's file",
    description: `The body is the part's bytes as they are in the file (any content type, e.g. text/csv; UTF-8, with or without a byte order mark), at most ${MAX_PART_BYTES / MB} MB; parts are numbered from 1 in file order, and a part may end in the middle of a line. Uploading a part again replaces it (a retried upload changes nothing). 413 CSV_FILE_TOO_LARGE when the file would pass ${MAX_FILE_BYTES / MB} MB, 400 CSV_PART_EMPTY for no bytes, 409 CSV_IMPORT_STARTED once the import was started. Answers the import with each part's size and SHA-256. Managers and owners.`,
    access: manager,
    params: partParams,
    query: companyIdQuery,
    rawBody: true,
    uploadTypes: ['text/csv', 'application/octet-stream'],
    bodyLimit: `${MAX_PART_BYTES / MB}mb`,
    response: importSchema,
    handler: ({ member, params, req }) =>
      service().uploadPart({
        companyId: member.companyId,
        importId: params.importId,
        part: params.part,
        data: (req as typeof req & { rawBody: Buffer }).rawBody,
      }),
  }),
  defineRoute({
    method: 'get',
    path: '/csv-imports/:importId/preview',
    summary: "Preview a CSV import's first rows through the column mapping",
    description: `The file's headers, the mapping in force (the company's saved mapping for the kind, else the one suggested from the headers: each field to a column whose name is one of its usual spellings), why it does not fit the file if it does not (\`mappingProblems\`), and the first ${PREVIEW_ROWS} data rows each with its mapped values and the record it becomes, or its problems. Change the mapping with PUT /csv-mappings/{kind} (or give one to start). 422 CSV_FILE_MISSING before the file is uploaded, 422 CSV_FILE_INVALID when it is not CSV. Writes nothing. Managers and owners.`,
    access: manager,
    params: importIdParam,
    query: companyIdQuery,
    response: previewResponse,
    handler: ({ member, params }) =>
      service().previewImport({ companyId: member.companyId, importId: params.importId }),
  }),
  defineRoute({
    method: 'post',
    path: '/csv-imports/:importId/start',
    completion: 'steps',
    summary: 'Start a CSV import',
    description: `Queues the import as a sync run of the company's \`csv\` connection (GET /runs of integration-engine shows it, trigger \`import\`), with the \`mapping\` given (then saved as the company's mapping for the kind) or the one in force. The run reads the file twice, streaming: first it validates every row (dates in the company's time zone unless a value carries an offset; amounts in major units turned into minor units exactly), and if any row has a problem it fails with CSV_INVALID, lists the problems on the import (line, field, code, message) and writes nothing; then it writes the rows through the same sinks as a POS sync: the roster as POS employees of the csv connection (linked as any POS employee), punches into attendance, sales and refunds with their tips into sales. Rows are keyed by their id column, or without one by their content (punches: employee and clock-in; roster: email, else name), so importing a file again, or files that overlap, never duplicates: a row already imported is unchanged, one whose content changed is updated. Its progress counts the file's chunks (about 1 MB each), validated, then written. A failed import can be started again (e.g. with a corrected mapping); 409 CSV_IMPORT_STARTED while it is queued or running, or once imported; 422 CSV_MAPPING_INVALID when the mapping does not fit the file's columns; 409 SYNC_IN_PROGRESS while another import or sync of the csv connection runs; 404 CONNECTION_NOT_FOUND when CSV import is not connected. Once imported, the file's bytes are deleted. Managers and owners.`,
    access: manager,
    params: importIdParam,
    query: companyIdQuery,
    body: startImportBody,
    response: importSchema,
    handler: ({ member, params, body }) =>
      service().startImport({
        companyId: member.companyId,
        importId: params.importId,
        uid: member.uid,
        mapping: body.mapping,
      }),
  }),
  defineRoute({
    method: 'get',
    path: '/csv-imports/:importId',
    summary: 'A CSV import with its run, progress and row problems',
    description:
      "The import, its state (uploading, then its run's: queued, running, imported, failed, cancelled), its run with progress and counts, and the problems of its rows (the first 1,000, with the total). Managers and owners.",
    access: manager,
    params: importIdParam,
    query: companyIdQuery,
    response: importSchema,
    handler: ({ member, params }) => service().getImport({ companyId: member.companyId, importId: params.importId }),
  }),
  defineRoute({
    method: 'get',
    path: '/csv-imports',
    summary: 'CSV imports, newest first',
    description:
      "The company's CSV imports, newest first, `limit` per page (pass `nextCursor` as `cursor` for the next). Managers and owners.",
    access: manager,
    query: listImportsQuery,
    response: importListResponse,
    handler: ({ member, query }) =>
      service().listImports({ companyId: member.companyId, limit: query.limit, cursor: query.cursor }),
  }),
  defineRoute({
    method: 'get',
    path: '/csv-mappings/:kind',
    summary: "The company's column mapping for a kind of CSV file",
    description:
      'The saved mapping (null when none is saved: the headers then suggest one) and the fields of the kind, with which are required. Managers and owners.',
    access: manager,
    params: kindParam,
    query: companyIdQuery,
    response: mappingResponse,
    handler: ({ member, params }) => service().getMapping({ companyId: member.companyId, kind: params.kind }),
  }),
  defineRoute({
    method: 'put',
    path: '/csv-mappings/:kind',
    summary: "Save the company's column mapping for a kind of CSV file",
    description:
      'Which column (by its header) holds each field, how dates and amounts are written, the delimiter (default: detected) and the currency of amounts. 422 CSV_MAPPING_INVALID lists unknown fields, required fields not mapped and a column mapped twice. Managers and owners.',
    access: manager,
    params: kindParam,
    query: companyIdQuery,
    body: mappingSchema,
    response: mappingResponse,
    handler: ({ member, params, body }) =>
      service().putMapping({ companyId: member.companyId, kind: params.kind, uid: member.uid, mapping: body }),
  }),
];
