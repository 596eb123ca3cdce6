import { z } from 'zod';
import { companyIdQuery } from '../../http/fields';
import { companyInQuery, defineRoute, type RouteDef } from '../../http/route';
import {
  ALLOWED_CONTENT_TYPES,
  deletedSchema,
  documentContentSchema,
  documentIdParam,
  documentPatchBody,
  documentSchema,
  EMPLOYEE_UPLOAD_TYPES,
  certificationPolicyPatch,
  certificationPolicySchema,
  expiringDocumentSchema,
  expiringQuery,
  listDocumentsQuery,
  MAX_FILE_BYTES,
  uploadQuery,
} from './schemas';
import * as policy from './policy-store';
import * as service from './service';

const member = companyInQuery('employee');
const manager = companyInQuery('manager');
const MB = 1024 * 1024;

const VISIBILITY =
  "Visibility: an employee sees their own documents only (a colleague's answers 404); managers see every employee's, except pay and tax documents when the company policy hideFinancialInfoFromManagers is on; owners see all.";

export const routes: RouteDef[] = [
  defineRoute({
    method: 'post',
    path: '/documents',
    summary: "Upload a file to an employee's documents",
    status: 201,
    description: `The body is the file's bytes (not multipart), with its Content-Type: one of ${ALLOWED_CONTENT_TYPES.join(', ')}, at most ${MAX_FILE_BYTES / MB} MB. The bytes must be a file of that type (checked by signature: 422 FILE_CONTENT_MISMATCH), and when \`sha256\` is sent they must have that digest (422 CHECKSUM_MISMATCH). 415 FILE_TYPE_NOT_ALLOWED for another Content-Type, 413 PAYLOAD_TOO_LARGE above the limit, 400 FILE_EMPTY for no bytes; a refused upload stores nothing. The file goes to Cloud Storage (never public: it is read through GET /documents/{documentId}/content), its metadata to Firestore. Uploading the same bytes again for the same employee and type answers the existing document (a retried upload creates nothing). Managers and owners upload for any employee; an employee uploads to their own record only, of the types ${EMPLOYEE_UPLOAD_TYPES.join(', ')}. ${VISIBILITY}`,
    access: member,
    query: uploadQuery,
    rawBody: true,
    uploadTypes: ALLOWED_CONTENT_TYPES,
    bodyLimit: `${MAX_FILE_BYTES / MB}mb`,
    response: documentSchema,
    handler: ({ member: m, query, req }) => {
      const { companyId: _companyId, ...input } = query;
      return service.uploadDocument({
        member: m,
        input,
        contentTypeHeader: req.get('content-type'),
        bytes: (req as typeof req & { rawBody: Buffer }).rawBody,
      });
    },
  }),
  defineRoute({
    method: 'get',
    path: '/documents',
    summary: 'List employee documents, newest first',
    description: `Metadata only. Filter by employee and type. ${VISIBILITY} An employee naming a colleague gets 403 NOT_YOUR_DOCUMENTS.`,
    access: member,
    query: listDocumentsQuery,
    response: z.array(documentSchema),
    handler: ({ member: m, query }) =>
      service.listDocuments({ member: m, employeeId: query.employeeId, type: query.type }),
  }),
  defineRoute({
    method: 'get',
    path: '/documents/expiring',
    summary: 'Documents expiring soon or expired (managers)',
    description:
      "Documents whose expiry date is within `withinDays` days of today (the company's business date), expired ones included, most urgent first, each with `daysLeft` and the flag the daily expiry job set (`expiryStage`: 30, 14, 7 or 0). Managers and owners (pay and tax documents per hideFinancialInfoFromManagers).",
    access: manager,
    query: expiringQuery,
    response: z.array(expiringDocumentSchema),
    handler: ({ member: m, query }) => service.listExpiring({ member: m, withinDays: query.withinDays }),
  }),
  defineRoute({
    method: 'get',
    path: '/documents/policy',
    summary: "The company's clock-in rule on certifications",
    description:
      'Whether clock-in is refused for an employee whose required certification has expired (by default off; required types default to food_handler). Managers and owners.',
    access: manager,
    query: companyIdQuery,
    response: certificationPolicySchema,
    handler: ({ member: m }) => policy.getPolicy(m.companyId),
  }),
  defineRoute({
    method: 'patch',
    path: '/documents/policy',
    summary: "Change the company's clock-in rule on certifications (owners)",
    description:
      'Fields sent replace the stored ones. When `blockClockInWhenExpired` is on, POST /clock/in of the attendance module answers 422 CERTIFICATION_EXPIRED for an employee whose documents of a required type are all expired on the business date (or, with `blockWhenMissing`, who has none). Owners.',
    access: companyInQuery('owner'),
    query: companyIdQuery,
    body: certificationPolicyPatch,
    response: certificationPolicySchema,
    handler: ({ member: m, body }) => policy.updatePolicy(m.companyId, body),
  }),
  defineRoute({
    method: 'get',
    path: '/documents/:documentId',
    summary: "A document's metadata",
    description: VISIBILITY,
    access: member,
    params: documentIdParam,
    query: companyIdQuery,
    response: documentSchema,
    handler: ({ member: m, params }) => service.getDocument({ member: m, documentId: params.documentId }),
  }),
  defineRoute({
    method: 'get',
    path: '/documents/:documentId/content',
    summary: "Download a document's file",
    description: `The metadata and the file's bytes, base64-encoded, read from Cloud Storage through the function (files have no public URL; the client's checksum check is against \`document.sha256\`). ${VISIBILITY}`,
    access: member,
    params: documentIdParam,
    query: companyIdQuery,
    response: documentContentSchema,
    handler: ({ member: m, params }) => service.downloadDocument({ member: m, documentId: params.documentId }),
  }),
  defineRoute({
    method: 'patch',
    path: '/documents/:documentId',
    summary: "Change a document's title, type or expiry date (managers)",
    description:
      'Fields sent replace the stored ones. A new expiry date clears the expiry flags (the job flags it again as it approaches). Managers and owners, within their visibility.',
    access: manager,
    params: documentIdParam,
    query: companyIdQuery,
    body: documentPatchBody,
    response: documentSchema,
    handler: ({ member: m, params, body }) =>
      service.updateDocument({ member: m, documentId: params.documentId, patch: body }),
  }),
  defineRoute({
    method: 'delete',
    path: '/documents/:documentId',
    summary: 'Delete a document and its file (managers)',
    description:
      'Deletes the file from Cloud Storage, then the metadata. Managers and owners, within their visibility. A document already deleted answers 404.',
    access: manager,
    params: documentIdParam,
    query: companyIdQuery,
    response: deletedSchema,
    handler: ({ member: m, params }) => service.deleteDocument({ member: m, documentId: params.documentId }),
  }),
];
