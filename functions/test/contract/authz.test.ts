/**
 * The authorization matrix of every operation of the OpenAPI document, generated from its
 * `x-access`: each caller the access model excludes gets its refusal (and nothing of the company),
 * and the least privileged authorised caller gets a 2xx, so the matrix proves something.
 */
import {
  accessOf,
  authorisedCaller,
  buildSample,
  closeWorld,
  createFixture,
  denialCells,
  errorEnvelopeProblems,
  isWrite,
  contractSetup,
  overrideOf,
  parseBody,
  pool,
  prepare,
  send,
  show,
  toCall,
  withGlobalLock,
  writesDuring,
  writtenPaths,
  type Fixture,
  type Operation,
  type World,
} from './generate';

let ops: Operation[];
let world: World;
const counted = { operations: 0, cells: 0 };

beforeAll(async () => {
  ({ ops, world } = await contractSetup());
}, 120_000);

afterAll(async () => {
  console.log(`contract authorization matrix: ${counted.operations} operations, ${counted.cells} matrix cells`);
  await closeWorld(world);
});

const sampleOrProblem = (op: Operation, f: Fixture, problems: string[]) => {
  try {
    return toCall(buildSample(op, f));
  } catch (err) {
    problems.push(
      `${op.key}: ${(err as Error).message}. Add an entry for it to OVERRIDES in test/contract/generate.ts`,
    );
    return undefined;
  }
};

describe('the authorization matrix of every operation in the OpenAPI document', () => {
  it('finds operations in every module, each with a known access kind and a documented 2xx answer', () => {
    expect(ops.length).toBeGreaterThan(0);
    const problems: string[] = [];
    for (const op of ops) {
      try {
        accessOf(op);
      } catch (err) {
        problems.push((err as Error).message);
      }
      if (!op.successStatuses.length) problems.push(`${op.key} documents no 2xx answer`);
    }
    expect(problems).toEqual([]);
    counted.operations = ops.length;
  }, 10_000);

  it('refuses every excluded caller with the documented status and code, the bare error envelope, none of the company data, and no write', async () => {
    const f = world.fixture;
    const problems: string[] = [];
    const jobs = ops.flatMap((op) => {
      const call = sampleOrProblem(op, f, problems);
      if (!call) return [];
      try {
        return denialCells(op, world).map((cell) => ({ op, call, cell }));
      } catch (err) {
        problems.push((err as Error).message);
        return [];
      }
    });
    // nothing else runs in this process meanwhile: every write it sends is a refused caller's
    const { writes } = await writesDuring(() =>
      pool(jobs, 6, async ({ op, call, cell }) => {
        const answer = await send(op, call, cell.caller);
        const body = parseBody(answer);
        const where = `${op.key} — ${cell.label}`;
        if (answer.status !== cell.status || (cell.code !== undefined && body?.code !== cell.code)) {
          problems.push(`${where}: expected ${cell.status} ${cell.code ?? ''}, got ${show(answer)}`);
        }
        for (const problem of errorEnvelopeProblems(answer)) problems.push(`${where}: ${problem}: ${show(answer)}`);
        if (body && Object.keys(body).sort().join() !== 'code,error,success') {
          problems.push(`${where}: the body has more than the envelope keys: ${Object.keys(body).join(', ')}`);
        }
        for (const canary of f.canaries) {
          if (answer.text.includes(canary)) problems.push(`${where}: the body holds the company's "${canary}"`);
        }
      }),
    );
    counted.cells += jobs.length;
    expect(problems).toEqual([]);
    expect({ writtenByRefusedCallers: writtenPaths(writes) }).toEqual({ writtenByRefusedCallers: [] });
  }, 120_000);

  it('serves the least privileged authorised caller of every operation with a documented 2xx success envelope', async () => {
    const problems: string[] = [];
    // reads share the fixture company; each write gets a fresh one
    const fresh = new Map<Operation, Fixture>();
    const writes = ops.filter(isWrite);
    await pool(writes, 3, async (op) => fresh.set(op, await createFixture()));
    await pool(ops, 4, async (op) => {
      const f = fresh.get(op) ?? world.fixture;
      const override = overrideOf(op);
      if (fresh.has(op)) await prepare(op, f, world);
      const call = sampleOrProblem(op, f, problems);
      if (!call) return;
      const { label, caller } = await authorisedCaller(op, world, f);
      const run = () => send(op, call, caller);
      const answer = accessOf(op).kind === 'admin' ? await withGlobalLock(run) : await run();
      const body = parseBody(answer);
      if (!op.successStatuses.includes(answer.status) || body?.success !== true || !('data' in body)) {
        const hint = override
          ? `its entry in OVERRIDES (test/contract/generate.ts) no longer yields a valid request`
          : `if no generic sample can succeed, add an entry for it to OVERRIDES in test/contract/generate.ts`;
        problems.push(
          `${op.key} as ${label}: expected a documented 2xx (${op.successStatuses.join(', ')}) success envelope, got ${show(answer)}; ${hint}`,
        );
      }
    });
    counted.cells += ops.length;
    expect(problems).toEqual([]);
  }, 180_000);
});
