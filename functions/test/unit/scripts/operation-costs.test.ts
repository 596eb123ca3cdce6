import fs from 'node:fs';
import { DEPLOYED } from '../../../src/modules/registry';
import { OPERATION_COSTS_DOC, operationCostsDocText, readMeasured } from '../../../scripts/operation-costs';
import { BUDGETS, FREQUENT, overBudget, returnedItems } from '../../contract/budgets';

/** `GET /shifts/:id` as the API description spells it: `GET /shifts/{id}`. */
const operationKey = (method: string, expressPath: string) =>
  `${method.toUpperCase()} ${expressPath.replace(/:(\w+)/g, '{$1}')}`;

const operations = () => DEPLOYED.flatMap((m) => m.http().routes.map((r) => operationKey(r.method, r.path)));

describe('the table of Firestore operations per API operation (docs/OPERATION_COSTS.md)', () => {
  it('is the table the measured figures make (run `npx tsx scripts/operation-costs.ts` and commit it otherwise)', () => {
    const committed = fs.readFileSync(OPERATION_COSTS_DOC, 'utf8');
    if (committed !== operationCostsDocText())
      throw new Error('docs/OPERATION_COSTS.md is stale: run `npx tsx scripts/operation-costs.ts` and commit it');
  }, 30_000);

  it('has figures for every operation of the API description, and none for an operation no longer served', () => {
    const measured = new Set(readMeasured().map((m) => m.key));
    const served = new Set(operations());
    expect([...served].filter((key) => !measured.has(key))).toEqual([]);
    expect([...measured].filter((key) => !served.has(key))).toEqual([]);
  });

  it('has every figure within its operation budget, and budgets only for operations served', () => {
    expect(
      readMeasured()
        .map(overBudget)
        .filter((problem) => problem !== null),
    ).toEqual([]);
    expect(Object.keys(BUDGETS).filter((key) => !operations().includes(key))).toEqual([]);
    expect(FREQUENT).toHaveLength(11); // the ten most frequent, clock in and clock out counted apart
  });
});

describe('what an answer returns, for its budget', () => {
  it('is the length of the longest list in the data, its fields or theirs', () => {
    expect(returnedItems([1, 2, 3])).toBe(3);
    expect(returnedItems({ employees: [1, 2], cursor: null })).toBe(2);
    expect(returnedItems({ week: { shifts: [1, 2, 3, 4] }, roles: [1] })).toBe(4);
    expect(returnedItems({ a: { b: { c: [1, 2] } } })).toBe(0);
    expect(returnedItems({ id: 'x' })).toBe(0);
    expect(returnedItems(null)).toBe(0);
  });
});
