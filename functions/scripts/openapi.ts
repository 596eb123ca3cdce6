/**
 * `npm run openapi`: writes the reviewed snapshot of the API description, docs/openapi.json at the
 * repository root, from the routes of the modules and services, the permission table of docs/PERMISSIONS.md
 * and the route table the modules' ROUTE_NOT_FOUND answers read (src/modules/route-table.json). Commit it with the change that altered the API: the
 * contract test (test/unit/openapi/review.test.ts) fails while the snapshot and the code disagree.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DEPLOYED, errorCatalog } from '../src/modules/registry';
import { REVIEW_DOCUMENT_PATH, reviewDocumentText, stableJson } from '../src/openapi/review';
import { PERMISSION_TABLE_PATH } from '../src/openapi/permissions';
import { PERMISSIONS_DOC_FILE, permissionsDocText } from './permission-table';
import { ROUTE_TABLE_FILE, routeTableOf } from '../src/modules/route-table';
import { THROWN_CODES_FILE, thrownCodesByModule } from './thrown-codes';

const thrownCodes = thrownCodesByModule();
const codesFile = path.resolve(__dirname, '..', THROWN_CODES_FILE);
const codesText = stableJson(thrownCodes);
const codesBefore = fs.existsSync(codesFile) ? fs.readFileSync(codesFile, 'utf8') : undefined;
fs.writeFileSync(codesFile, codesText);
console.log(`functions/${THROWN_CODES_FILE}: ${codesBefore === codesText ? 'unchanged' : 'written'}`);

const file = path.resolve(__dirname, '../..', REVIEW_DOCUMENT_PATH);
const text = reviewDocumentText(DEPLOYED, errorCatalog(), thrownCodes);
const before = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
fs.mkdirSync(path.dirname(file), { recursive: true });
fs.writeFileSync(file, text);
console.log(
  `${REVIEW_DOCUMENT_PATH}: ${before === text ? 'unchanged' : 'written; review the diff (git diff docs/openapi.json)'}`,
);

const permissionsBefore = fs.readFileSync(PERMISSIONS_DOC_FILE, 'utf8');
const permissionsText = permissionsDocText();
fs.writeFileSync(PERMISSIONS_DOC_FILE, permissionsText);
console.log(
  `${PERMISSION_TABLE_PATH}: ${permissionsBefore === permissionsText ? 'unchanged' : 'permission table written; review the diff'}`,
);

const tableFile = path.resolve(__dirname, '..', ROUTE_TABLE_FILE);
const tableBefore = fs.existsSync(tableFile) ? fs.readFileSync(tableFile, 'utf8') : undefined;
const tableText = stableJson(routeTableOf(DEPLOYED));
fs.writeFileSync(tableFile, tableText);
console.log(`functions/${ROUTE_TABLE_FILE}: ${tableBefore === tableText ? 'unchanged' : 'written'}`);
