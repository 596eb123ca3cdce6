/**
 * `npm run openapi`: writes the reviewed snapshot of the API description, docs/openapi.json at the
 * repository root, from the routes of the modules and services, and the permission table of docs/AUTH.md. Commit it with the change that altered the API: the
 * contract test (test/contract/openapi.test.ts) fails while the snapshot and the code disagree.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DEPLOYED, errorCatalog } from '../src/modules/registry';
import { REVIEW_DOCUMENT_PATH, reviewDocumentText } from '../src/openapi/review';
import { PERMISSION_TABLE_PATH } from '../src/openapi/permissions';
import { AUTH_DOC_FILE, authDocText } from './permission-table';

const file = path.resolve(__dirname, '../..', REVIEW_DOCUMENT_PATH);
const text = reviewDocumentText(DEPLOYED, errorCatalog());
const before = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
fs.mkdirSync(path.dirname(file), { recursive: true });
fs.writeFileSync(file, text);
console.log(
  `${REVIEW_DOCUMENT_PATH}: ${before === text ? 'unchanged' : 'written; review the diff (git diff docs/openapi.json)'}`,
);

const authBefore = fs.readFileSync(AUTH_DOC_FILE, 'utf8');
const authText = authDocText();
fs.writeFileSync(AUTH_DOC_FILE, authText);
console.log(
  `${PERMISSION_TABLE_PATH}: ${authBefore === authText ? 'unchanged' : 'permission table written; review the diff'}`,
);
