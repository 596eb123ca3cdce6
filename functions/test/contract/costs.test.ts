/**
 * What every operation of the OpenAPI document costs in Firestore operations, generated from it:
 * the valid request of each (as the authorization matrix sends it) is sent as each role it serves
 * (the reads on the shared fixture company, each write on a fresh one as its least privileged
 * caller), and the reads, writes and deletes its handler made are read from the request's own
 * counts (src/core/store-ops.ts). Each must be within its operation's budget (test/contract/budgets.ts).
 *
 * The memberships an instance remembers are forgotten before each call: the figures are what a
 * fresh instance pays. With UPDATE_OPERATION_COSTS=1 the figures are written to
 * test/contract/operation-costs.json, from which `npx tsx scripts/operation-costs.ts` writes the
 * table docs/OPERATION_COSTS.md.
 */
import fs from 'node:fs';
import path from 'node:path';
import { forgetMembership } from '../../src/core/memberships';
import { watchRequests } from '../../src/core/store-ops';
import type { TestUser } from '../helpers/users';
import { overBudget, returnedItems, type Measured } from './budgets';
import {
  accessOf,
  authorisedCaller,
  buildSample,
  closeWorld,
  contractSetup,
  createFixture,
  isWrite,
  parseBody,
  pool,
  prepare,
  ROLES,
  send,
  show,
  toCall,
  withGlobalLock,
  type Caller,
  type Fixture,
  type Operation,
  type World,
} from './generate';

export const OPERATION_COSTS_FILE = path.join(__dirname, 'operation-costs.json');

let ops: Operation[];
let world: World;
const measured: Measured[] = [];
/** Writes whose handler made more than one commit of more than bookkeeping, without saying which completes it. */
const unmarkedSteps: string[] = [];

beforeAll(async () => {
  ({ ops, world } = await contractSetup());
}, 120_000);

afterAll(async () => {
  console.log(`contract costs: ${measured.length} calls of ${new Set(measured.map((m) => m.key)).size} operations`);
  await closeWorld(world);
});

interface Who {
  label: string;
  caller: Caller;
}

const asUser = (label: string, user: TestUser): Who => ({ label, caller: { kind: 'user', user } });

/** Who a read is measured as: each role it serves; a route for any signed-in user also as a member. */
async function readers(op: Operation, f: Fixture): Promise<Who[]> {
  const access = accessOf(op);
  if (access.kind === 'company')
    return ROLES.slice(ROLES.indexOf(access.minRole as (typeof ROLES)[number])).map((role) =>
      asUser(role, f.company[role]),
    );
  const least = await authorisedCaller(op, world, f);
  const who: Who[] = [{ label: access.kind, caller: least.caller }];
  if (access.kind === 'authenticated') who.push(asUser('employee', f.company.employee));
  return who;
}

const roleOf = (op: Operation) => {
  const access = accessOf(op);
  return access.kind === 'company' ? String(access.minRole) : access.kind;
};

async function measure(op: Operation, f: Fixture, who: Who): Promise<Measured> {
  const call = toCall(buildSample(op, f));
  if (who.caller.kind === 'user') forgetMembership(f.company.companyId, who.caller.user.uid);
  const watch = watchRequests();
  try {
    const run = () => send(op, call, who.caller);
    const answer = accessOf(op).kind === 'admin' ? await withGlobalLock(run) : await run();
    const requestId = answer.headers['x-request-id'] ?? '';
    const ops = watch.get(requestId);
    if (!ops) throw new Error(`${op.key}: no counts for its request (${show(answer)})`);
    const commits = watch.effectCommitsOf(requestId) ?? 0;
    if (isWrite(op) && commits > 1 && !op.completion) unmarkedSteps.push(`${op.key}: ${commits} commits`);
    const body = parseBody(answer);
    return {
      key: op.key,
      caller: who.label,
      status: answer.status,
      returned: body?.success === true ? returnedItems(body.data) : 0,
      ...ops,
    };
  } finally {
    watch.stop();
  }
}

describe('the Firestore operations of every operation in the OpenAPI document', () => {
  it('stay within each operation budget, for every role it serves', async () => {
    const fresh = new Map<Operation, Fixture>();
    const writes = ops.filter(isWrite);
    await pool(writes, 3, async (op) => fresh.set(op, await createFixture()));
    // the reads one at a time: each forgets the memberships its caller shares with the others
    // the least privileged must be served; a stronger role may not be (GET /employees/me of an owner
    // without an employee record), and is then not a figure of the operation
    for (const op of ops.filter((o) => !isWrite(o)))
      for (const [i, who] of (await readers(op, world.fixture)).entries()) {
        const m = await measure(op, world.fixture, who);
        if (i === 0 || m.status < 300) measured.push(m);
      }
    await pool(writes, 4, async (op) => {
      const f = fresh.get(op)!;
      await prepare(op, f, world);
      const least = await authorisedCaller(op, world, f);
      measured.push(await measure(op, f, { label: roleOf(op), caller: least.caller }));
    });
    measured.sort((a, b) => a.key.localeCompare(b.key) || a.caller.localeCompare(b.caller));
    if (process.env.UPDATE_OPERATION_COSTS === '1')
      fs.writeFileSync(OPERATION_COSTS_FILE, `${JSON.stringify(measured, null, 2)}\n`);
    const failed = measured.filter((m) => m.status >= 300).map((m) => `${m.key} as ${m.caller}: ${m.status}`);
    expect(failed).toEqual([]);
    expect(measured.map(overBudget).filter((problem) => problem !== null)).toEqual([]);
    // its first commit would mark its Idempotency-Key committed: say which one completes it (`completion` in route.ts)
    expect(unmarkedSteps).toEqual([]);
  }, 600_000);
});
