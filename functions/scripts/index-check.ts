/**
 * `tsx scripts/index-check.ts <shapes.jsonl> [--report-unused]`: checks the query shapes an emulator
 * run recorded (scripts/query-shapes.js, written by scripts/with-emulators.js) against
 * firestore.indexes.json. A query no index serves fails (exit 1) with the JSON to add; with
 * --report-unused (a full run), the composite indexes no query used are listed. The tests' scratch
 * collections (`testCounters`, `testShapes…`: `test` and a capital) are no part of the product.
 */
import fs from 'node:fs';
import path from 'node:path';
import { checkIndexes, type IndexFile, type QueryShape } from './firestore-indexes';

const INDEX_FILE = path.resolve(__dirname, '..', '..', 'firestore.indexes.json');

const [shapesFile, ...flags] = process.argv.slice(2);
const shapes = fs
  .readFileSync(shapesFile, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as QueryShape)
  .filter((shape) => !/^test[A-Z]/.test(shape.collection));
const file = JSON.parse(fs.readFileSync(INDEX_FILE, 'utf8')) as IndexFile;
const { missing, unused } = checkIndexes(file, shapes);
console.log(`Index check: ${shapes.length} query shapes against ${file.indexes.length} composite indexes.`);
if (flags.includes('--report-unused') && unused.length > 0) {
  console.log(`${unused.length} composite indexes no query of this run used (remove them if no query needs them):`);
  console.log(JSON.stringify(unused, null, 2));
}
if (missing.length > 0) {
  console.error(
    `\n${missing.length} queries have no index on Firestore (FAILED_PRECONDITION there); add to firestore.indexes.json "indexes":`,
  );
  for (const { shape, index } of missing) {
    console.error(`\nquery: ${JSON.stringify(shape)}\n${JSON.stringify(index, null, 2)}`);
  }
  process.exit(1);
}
