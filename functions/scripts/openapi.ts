/**
 * `npm run openapi`: writes the reviewed snapshot of the API description, docs/openapi.json at the
 * repository root, from the routes of the modules and services. Commit it with the change that altered the API: the
 * contract test (test/contract/openapi.test.ts) fails while the snapshot and the code disagree.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DEPLOYED, errorCatalog } from '../src/modules/registry';
import { REVIEW_DOCUMENT_PATH, reviewDocumentText } from '../src/openapi/review';

const file = path.resolve(__dirname, '../..', REVIEW_DOCUMENT_PATH);
const text = reviewDocumentText(DEPLOYED, errorCatalog());
const before = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
fs.mkdirSync(path.dirname(file), { recursive: true });
fs.writeFileSync(file, text);
console.log(
  `${REVIEW_DOCUMENT_PATH}: ${before === text ? 'unchanged' : 'written; review the diff (git diff docs/openapi.json)'}`,
);
