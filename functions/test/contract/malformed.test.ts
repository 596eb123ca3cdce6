/**
 * Malformed input to every operation of the OpenAPI document, generated from its schemas: each
 * variant is sent by a caller who may call the operation (the owner; an administrator on admin
 * routes) and must get a JSON error envelope, never a 5xx or a stack trace, and write nothing.
 */
import {
  closeWorld,
  denialCells,
  errorEnvelopeProblems,
  invalidBodies,
  contractSetup,
  malformedVariants,
  parseBody,
  pool,
  send,
  show,
  strongestCaller,
  toCall,
  buildSample,
  writesDuring,
  writtenPaths,
  type Answer,
  type Operation,
  type Variant,
  type World,
} from './generate';

const MIN_VARIANTS = 20;

let ops: Operation[];
let world: World;
let sent = 0;

beforeAll(async () => {
  ({ ops, world } = await contractSetup());
}, 120_000);

afterAll(async () => {
  console.log(`contract malformed input: ${sent} malformed requests sent to ${withInput().length} operations`);
  await closeWorld(world);
});

/** Operations with a path, query or body schema. */
const withInput = () =>
  (ops ?? []).filter((op) => op.body || op.parameters.some((p) => p.in === 'path' || p.in === 'query'));

interface Finding {
  op: string;
  label: string;
  problem: string;
  answer?: Answer;
}

/**
 * Sends the variants of each operation (a few at a time) and records every write this process sends
 * meanwhile (nothing else runs in it): a malformed or refused request writes nothing anywhere.
 * `check` lists what is wrong with one answer.
 */
async function sendAll<V extends Variant>(
  select: (op: Operation) => V[],
  check: (variant: V, answer: Answer) => string[],
): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const op of withInput()) {
    const variants = select(op);
    if (!variants.length) continue;
    const caller = await strongestCaller(op, world);
    const { writes } = await writesDuring(() =>
      pool(variants, 4, async (variant) => {
        const answer = await send(op, variant.call, variant.caller ?? caller);
        sent++;
        for (const problem of check(variant, answer))
          findings.push({ op: op.key, label: variant.label, problem, answer });
      }),
    );
    if (writes.length)
      findings.push({
        op: op.key,
        label: 'its malformed requests together',
        problem: `wrote ${writtenPaths(writes).join(', ')}`,
      });
  }
  return findings;
}

/** One line per (variant, problem), naming every operation it occurs in and one answer. */
function report(findings: Finding[]): string[] {
  const groups = new Map<string, Finding[]>();
  for (const f of findings) {
    const key = `${f.label}: ${f.problem}`;
    groups.set(key, [...(groups.get(key) ?? []), f]);
  }
  return [...groups].map(([key, list]) => {
    const example = list.find((f) => f.answer)?.answer;
    return `${key} — in ${list.map((f) => f.op).join(', ')}${example ? ` — e.g. ${show(example)}` : ''}`;
  });
}

const statusProblem = (answer: Answer, expected: (status: number) => boolean, what: string) =>
  expected(answer.status)
    ? []
    : [`expected ${what}, got ${answer.status} ${String(parseBody(answer)?.code ?? '')}`.trim()];

describe('malformed input to every operation in the OpenAPI document', () => {
  it(`generates at least ${MIN_VARIANTS} malformed variants for every operation with a path, query or body schema`, () => {
    const short = withInput()
      .map((op) => ({ op: op.key, variants: malformedVariants(op, world.fixture).length }))
      .filter((o) => o.variants < MIN_VARIANTS);
    expect(withInput().length).toBeGreaterThan(0);
    expect(short).toEqual([]);
  }, 10_000);

  it("refuses ids that cannot be Firestore document ids, in every path parameter and in companyId, with a 400 error envelope (the key refusal in the parameter naming a key's holder), writing nothing", async () => {
    const findings = await sendAll(
      (op) => malformedVariants(op, world.fixture).filter((v) => v.kind === 'id'),
      ({ refusal }, answer) => [
        ...(refusal
          ? statusProblem(
              answer,
              (s) => s === refusal.status && parseBody(answer)?.code === refusal.code,
              `${refusal.status} ${refusal.code}`,
            )
          : statusProblem(answer, (s) => s === 400, '400')),
        ...errorEnvelopeProblems(answer),
      ],
    );
    expect(report(findings)).toEqual([]);
  }, 600_000);

  it('answers every schema-violating path, query and body with a 4xx JSON error envelope (400 INVALID_CURSOR for a cursor not ours, 400 VALIDATION_FAILED for a list where one value is expected, 400 MALFORMED_URL for a percent-encoding that does not decode), no stack trace, writing nothing', async () => {
    const findings = await sendAll(
      (op) => malformedVariants(op, world.fixture).filter((v) => v.kind === 'schema'),
      ({ refusal }, answer) => [
        ...(refusal
          ? statusProblem(
              answer,
              (s) => s === refusal.status && parseBody(answer)?.code === refusal.code,
              `${refusal.status} ${refusal.code}`,
            )
          : statusProblem(answer, (s) => s >= 400 && s < 500, 'a 4xx')),
        ...errorEnvelopeProblems(answer),
      ],
    );
    expect(report(findings)).toEqual([]);
    // __proto__ and constructor keys reached the parsers of this very process
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  }, 600_000);

  it('refuses a lone surrogate in every string field of every body with 400 VALIDATION_FAILED naming the field, writing nothing', async () => {
    const findings = await sendAll(
      (op) => malformedVariants(op, world.fixture).filter((v) => v.kind === 'unicode'),
      ({ field }, answer) => {
        const body = parseBody(answer);
        const named = ((body?.details as Array<{ path?: string }> | undefined) ?? []).some((d) => d.path === field);
        return [
          ...statusProblem(answer, (s) => s === 400 && body?.code === 'VALIDATION_FAILED', '400 VALIDATION_FAILED'),
          ...(answer.status === 400 && !named ? [`no detail names ${field}`] : []),
          ...errorEnvelopeProblems(answer),
        ];
      },
    );
    expect(report(findings)).toEqual([]);
  }, 600_000);

  it('checks access before it validates the body: an excluded caller with an invalid body gets its 401 or 403, not 400', async () => {
    const findings = await sendAll(
      (op) => {
        if (!op.body) return [];
        const base = toCall(buildSample(op, world.fixture));
        return invalidBodies(op, world.fixture).flatMap(({ label, body }) =>
          denialCells(op, world).map((cell) => ({
            label: `${cell.label} with ${label}`,
            call: { ...base, body },
            kind: 'schema' as const,
            caller: cell.caller,
            cell,
          })),
        );
      },
      ({ cell }, answer) => [
        ...statusProblem(
          answer,
          (s) => s === cell.status && (cell.code === undefined || parseBody(answer)?.code === cell.code),
          `${cell.status} ${cell.code ?? ''}`,
        ),
        ...errorEnvelopeProblems(answer),
      ],
    );
    expect(report(findings)).toEqual([]);
  }, 300_000);
});
