import { companyIdQuery } from '../../http/fields';
import { companyInQuery, defineRoute, type RouteDef } from '../../http/route';
import { companyDeletionSchema, erasureSchema, exportQuery, personalArchiveSchema, personRef } from './schemas';
import { lazyFile } from '../kit';

const owner = companyInQuery('owner');
const exporting = lazyFile<typeof import('./export')>(() => require('./export'));
const erasing = lazyFile<typeof import('./erase')>(() => require('./erase'));
const deleting = lazyFile<typeof import('./company-deletion')>(() => require('./company-deletion'));

const PERSON =
  'The person is named by one id: their employee record, their user (a member) or their job application; the others are found from it (an employee record leads to its user and the application it was hired from).';

export const routes: RouteDef[] = [
  defineRoute({
    method: 'get',
    path: '/privacy/export',
    summary: 'Export everything the company holds about one person (owners)',
    description: `One JSON archive: every stored document the registry of personal data finds for the person (profile, punches, shifts, requests, documents, memories, messages, notifications, AI conversations, their account when no other company has them) and the files of their documents (base64). ${PERSON} Audited.`,
    access: owner,
    query: exportQuery,
    response: personalArchiveSchema,
    handler: ({ member, query: { companyId: _companyId, ...person }, log }) =>
      exporting().exportPerson({ member, person, log }),
  }),
  defineRoute({
    method: 'post',
    path: '/privacy/erasures',
    completion: 'steps',
    summary: 'Erase a person from the company (owners)',
    status: 201,
    description: `Personal fields are removed or replaced everywhere, their documents and files deleted; the pay and time records the company must keep stay, reduced to the person's id, for the statutory period of the company's country (answered with its source), after which a daily job deletes them. Their user account goes too when they belong to no other company. An owner cannot be erased (422 PERSON_IS_OWNER). ${PERSON} Idempotent: a retry erases what is left. Audited.`,
    access: owner,
    query: companyIdQuery,
    body: personRef,
    response: erasureSchema,
    handler: ({ member, body, log }) => erasing().erasePerson({ member, person: body, log }),
  }),
  defineRoute({
    method: 'get',
    path: '/privacy/company-deletion',
    summary: "The company's deletion, if one was requested (owners)",
    access: owner,
    query: companyIdQuery,
    response: companyDeletionSchema,
    handler: ({ member }) => deleting().readDeletion({ member }),
  }),
  defineRoute({
    method: 'post',
    path: '/privacy/company-deletion',
    summary: 'Request the deletion of the company (owners)',
    status: 202,
    description:
      'The deletion starts when the grace period (14 days) ends, unless cancelled before: then every document and file of the company is removed in batches through a Cloud Tasks queue, and its members lose access. A request while one is scheduled answers that one. Audited.',
    access: owner,
    query: companyIdQuery,
    response: companyDeletionSchema,
    handler: ({ member, log }) => deleting().requestDeletion({ member, log }),
  }),
  defineRoute({
    method: 'delete',
    path: '/privacy/company-deletion',
    summary: "Cancel the company's deletion within its grace period (owners)",
    description: 'After the grace period the deletion has started: 409 COMPANY_DELETION_STARTED. Audited.',
    access: owner,
    query: companyIdQuery,
    response: companyDeletionSchema,
    handler: ({ member }) => deleting().cancelDeletion({ member }),
  }),
];
