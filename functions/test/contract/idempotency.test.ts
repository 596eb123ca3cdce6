/**
 * Retries of every write operation of the OpenAPI document, generated from it: the valid request of
 * each (as the authorization matrix sends it, on a fresh fixture company) is sent twice with one
 * Idempotency-Key. The repeat must answer what the first answered (status and body) and send no
 * write to the company, its memberships or any document naming it (read at this process's client).
 */
import { randomUUID } from 'node:crypto';
import {
  accessOf,
  authorisedCaller,
  buildSample,
  closeWorld,
  contractSetup,
  createFixture,
  isWrite,
  pool,
  prepare,
  send,
  show,
  toCall,
  withGlobalLock,
  worldWrites,
  writesDuring,
} from './generate';
import type { Fixture, Operation, World } from './generate';

let ops: Operation[];
let world: World;
let checked = 0;

beforeAll(async () => {
  ({ ops, world } = await contractSetup());
}, 120_000);

afterAll(async () => {
  console.log(`contract idempotency: ${checked} write operations sent twice with one Idempotency-Key`);
  await closeWorld(world);
});

describe('a write repeated with its Idempotency-Key', () => {
  it('answers the first answer again and writes nothing more, for every write operation', async () => {
    const writes = ops.filter(isWrite);
    const fixtures = new Map<Operation, Fixture>();
    await pool(writes, 3, async (op) => fixtures.set(op, await createFixture()));
    const problems: string[] = [];
    const retry = async (op: Operation) => {
      const f = fixtures.get(op)!;
      await prepare(op, f, world);
      const call = toCall(buildSample(op, f));
      call.headers = { ...call.headers, 'Idempotency-Key': randomUUID() };
      const { caller } = await authorisedCaller(op, world, f);
      const first = await send(op, call, caller);
      const { result: again, writes } = await writesDuring(() => send(op, call, caller));
      const changed = worldWrites(writes, f.company.companyId);
      if (changed.length) problems.push(`${op.key}: the repeat wrote ${changed.join(', ')}`);
      const expected = op.answersSecret ? 'a 409 IDEMPOTENT_ANSWER_NOT_KEPT' : show(first);
      const got = op.answersSecret
        ? again.status === 409 && again.text.includes('IDEMPOTENT_ANSWER_NOT_KEPT')
        : again.status === first.status && again.text === first.text;
      if (!got) problems.push(`${op.key}: the repeat answered ${show(again)}, not ${expected}`);
      else if (again.headers['idempotent-replayed'] !== 'true' && !op.answersSecret)
        problems.push(`${op.key}: the repeat does not say it is a replay (Idempotent-Replayed: true)`);
      checked++;
    };
    // a company member's retries touch their own fixture company only; the others write documents
    // naming the world's shared users (the administrator, the service), one at a time
    const shared = (op: Operation) => accessOf(op).kind !== 'company';
    await pool(
      writes.filter((op) => !shared(op)),
      4,
      retry,
    );
    for (const op of writes.filter(shared)) await withGlobalLock(() => retry(op));
    expect(problems).toEqual([]);
  }, 600_000);
});
