/**
 * `node openapi-types.mjs <document.json> <out.d.ts>`: the TypeScript types of an OpenAPI document,
 * from openapi-typescript's Node API. Run by test/unit/openapi/review.test.ts in a child process: the
 * package's dependencies are ES modules, which Jest's CommonJS module loader cannot require on Node 20.
 */
import fs from 'node:fs';
import process from 'node:process';
import openapiTS, { astToString } from 'openapi-typescript';

const [input, output] = process.argv.slice(2);
if (!input || !output) throw new Error('usage: node openapi-types.mjs <document.json> <out.d.ts>');
const ast = await openapiTS(JSON.parse(fs.readFileSync(input, 'utf8')));
fs.writeFileSync(output, astToString(ast));
