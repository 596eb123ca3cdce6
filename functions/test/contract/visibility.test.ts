/**
 * The visibility matrix of every operation in the OpenAPI document, generated from its `x-visibility`
 * tags: each operation is called as every view that may call it (owner, manager with and without the
 * policies that hide pay and tips, employee with and without shift ends, owner without labour cost),
 * and no tagged field of the answer reaches a view that may not see it, on the caller's own record
 * (`x-record-owner` names the employee field of a record) or on a colleague's. An operation whose
 * answer carries no tag has nothing to withhold; it is counted as such.
 */
import { db } from '../../src/core/firebase';
import { api } from '../helpers/api';
import {
  accessOf,
  buildSample,
  closeWorld,
  contractSetup,
  inlineSchemas,
  createFixture,
  isWrite,
  parseBody,
  pool,
  prepare,
  SAMPLE_DATE,
  send,
  show,
  toCall,
  type Fixture,
  type JsonSchema,
  type Operation,
  type Role,
  type World,
} from './generate';

type Tag = 'pay' | 'laborCost' | 'tips' | 'contact' | 'personal' | 'shiftEnd';

/** A way of looking at the company: who, under which policies, and what they may not see of others' records and of their own. */
interface View {
  label: string;
  role: Role;
  managerPermissions: { hideFinancialInfo?: boolean; hideTips?: boolean };
  settings: { employeesCanSeeShiftEndTimes?: boolean; hasAccessToLaborCost?: boolean };
  deniedOnOthers: Tag[];
  deniedOnOwn: Tag[];
}

// the rules of docs/PERMISSIONS.md ("Who sees what"), written out per view
const VIEWS: View[] = [
  { label: 'owner', role: 'owner', managerPermissions: {}, settings: {}, deniedOnOthers: [], deniedOnOwn: [] },
  {
    label: 'owner without hasAccessToLaborCost',
    role: 'owner',
    managerPermissions: {},
    settings: { hasAccessToLaborCost: false },
    deniedOnOthers: ['laborCost'],
    deniedOnOwn: ['laborCost'],
  },
  { label: 'manager', role: 'manager', managerPermissions: {}, settings: {}, deniedOnOthers: [], deniedOnOwn: [] },
  {
    label: 'manager with hideFinancialInfoFromManagers',
    role: 'manager',
    managerPermissions: { hideFinancialInfo: true },
    settings: {},
    deniedOnOthers: ['pay'],
    deniedOnOwn: [],
  },
  {
    label: 'manager with hideTipsFromManagers',
    role: 'manager',
    managerPermissions: { hideTips: true },
    settings: {},
    deniedOnOthers: ['tips'],
    deniedOnOwn: [],
  },
  {
    label: 'employee',
    role: 'employee',
    managerPermissions: {},
    settings: {},
    deniedOnOthers: ['pay', 'tips', 'contact', 'personal'],
    deniedOnOwn: [],
  },
  {
    label: 'employee without employeesCanSeeShiftEndTimes',
    role: 'employee',
    managerPermissions: {},
    settings: { employeesCanSeeShiftEndTimes: false },
    deniedOnOthers: ['pay', 'tips', 'contact', 'personal', 'shiftEnd'],
    deniedOnOwn: ['shiftEnd'],
  },
];

const ROLE_RANK: Record<Role, number> = { employee: 0, manager: 1, owner: 2 };

let ops: Operation[];
let world: World;
let responses: Map<string, JsonSchema>;
const counted = { operations: 0, tagged: 0, calls: 0, answered: 0, fieldsChecked: 0 };

beforeAll(async () => {
  ({ ops, world } = await contractSetup());
  await storeSampleDayShifts(world.fixture);
  const doc = inlineSchemas((await api('docs').get('/openapi.json')).body) as {
    paths: Record<
      string,
      Record<string, { responses?: Record<string, { content?: Record<string, { schema: JsonSchema }> }> }>
    >;
  };
  responses = new Map();
  for (const [path, item] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(item)) {
      const success = Object.entries(op.responses ?? {}).find(([status]) => /^2\d\d$/.test(status));
      const schema = success?.[1].content?.['application/json']?.schema;
      if (schema) responses.set(`${method.toUpperCase()} ${path}`, schema);
    }
}, 180_000);

afterAll(async () => {
  console.log(
    `contract visibility matrix: ${counted.operations} operations (${counted.tagged} answer tagged fields), ${VIEWS.length} views, ${counted.calls} calls (${counted.answered} answered 2xx), ${counted.fieldsChecked} tagged fields checked`,
  );
  await closeWorld(world);
});

/** Shifts of the employee and of a colleague on the day the generic samples ask about, so their tagged fields are answered. */
async function storeSampleDayShifts(f: Fixture): Promise<void> {
  const shifts = db().collection('companies').doc(f.company.companyId).collection('shifts');
  const owners = { own: f.company.employeeId, colleague: f.staffId };
  for (const [whose, employeeId] of Object.entries(owners))
    await shifts.doc(`visibility-${whose}`).set({
      companyId: f.company.companyId,
      date: SAMPLE_DATE,
      employeeId,
      positionId: f.roleId,
      subRoleId: f.subRoleId,
      start: 540,
      end: 1020,
      mode: 'published',
      scheduleId: null,
      note: '',
      onHold: false,
      minutes: 480,
      workedMinutes: 480,
      createdAt: 1,
      updatedAt: 1,
    });
}

const isTagged = (op: Operation) => JSON.stringify(responses.get(op.key) ?? {}).includes('"x-visibility"');

/** The views that may call an operation: members of at least its role, and any member on routes for every signed-in user. */
function viewsOf(op: Operation): View[] {
  const access = accessOf(op);
  if (access.kind === 'authenticated') return VIEWS;
  if (access.kind !== 'company') return [];
  return VIEWS.filter((v) => ROLE_RANK[v.role] >= ROLE_RANK[access.minRole as Role]);
}

async function applyView(f: Fixture, view: View): Promise<void> {
  const config = db().collection('companies').doc(f.company.companyId).collection('config');
  await Promise.all([
    config.doc('managerPermissions').set({ hideFinancialInfo: false, hideTips: false, ...view.managerPermissions }),
    config
      .doc('settings')
      .set({ employeesCanSeeShiftEndTimes: true, hasAccessToLaborCost: true, ...view.settings }, { merge: true }),
  ]);
}

/**
 * Every tagged field present in `data` that the view may not see, walking the answer with its JSON
 * schema: a record marked with `x-record-owner` is the viewer's own when that field names them.
 */
function leaks(
  schema: JsonSchema | undefined,
  data: unknown,
  view: View,
  ownId: string,
  own: boolean,
  at: string,
  out: string[],
): void {
  if (!schema || data === null || data === undefined) return;
  for (const branch of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])])
    leaks(branch, data, view, ownId, own, at, out);
  if (Array.isArray(data)) {
    data.forEach((item, i) => leaks(schema.items, item, view, ownId, own, `${at}[${i}]`, out));
    return;
  }
  if (typeof data !== 'object') return;
  const record = data as Record<string, unknown>;
  const ownerField = schema['x-record-owner'];
  const mine = typeof ownerField === 'string' ? record[ownerField] === ownId : own;
  for (const [key, value] of Object.entries(record)) {
    const field =
      schema.properties?.[key] ?? (isSchema(schema.additionalProperties) ? schema.additionalProperties : undefined);
    if (!field) continue;
    const tags = (field['x-visibility'] as Tag[] | undefined) ?? [];
    if (tags.length) counted.fieldsChecked++;
    const denied = tags.filter((t) => (mine ? view.deniedOnOwn : view.deniedOnOthers).includes(t));
    if (denied.length && value !== null) out.push(`${at}.${key} (${denied.join(', ')}${mine ? ', own record' : ''})`);
    else leaks(field, value, view, ownId, mine, `${at}.${key}`, out);
  }
}
const isSchema = (v: unknown): v is JsonSchema => typeof v === 'object' && v !== null;

describe('the visibility matrix of every operation in the OpenAPI document', () => {
  it('knows the answer schema of every operation, and finds tagged fields in some', () => {
    const unknown = ops.filter((op) => !responses.has(op.key)).map((op) => op.key);
    expect(unknown).toEqual([]);
    counted.operations = ops.length;
    counted.tagged = ops.filter(isTagged).length;
    expect(counted.tagged).toBeGreaterThan(0);
  });

  it('never answers a view a tagged field it may not see, on its own record or a colleague’s', async () => {
    const problems: string[] = [];
    const check = async (op: Operation, f: Fixture, view: View) => {
      const call = toCall(buildSample(op, f));
      const answer = await send(op, call, { kind: 'user', user: f.company[view.role] });
      counted.calls++;
      const body = parseBody(answer);
      if (answer.status >= 300 || body?.success !== true) return;
      counted.answered++;
      const found: string[] = [];
      const envelope = responses.get(op.key)!;
      leaks(envelope.properties?.data, body.data, view, f.company.employeeId, false, 'data', found);
      for (const leak of found)
        problems.push(`${op.key} as ${view.label}: ${leak} reached it: ${show(answer).slice(0, 200)}`);
    };
    const tagged = ops.filter(isTagged);
    // reads share the fixture company, one view at a time
    for (const view of VIEWS) {
      await applyView(world.fixture, view);
      await pool(
        tagged.filter((op) => !isWrite(op) && viewsOf(op).includes(view)),
        4,
        (op) => check(op, world.fixture, view),
      );
    }
    await applyView(world.fixture, VIEWS[0]);
    // each write gets a fresh company per view
    const writes = tagged.filter(isWrite).flatMap((op) => viewsOf(op).map((view) => ({ op, view })));
    await pool(writes, 3, async ({ op, view }) => {
      const f = await createFixture();
      await prepare(op, f, world);
      await applyView(f, view);
      await check(op, f, view);
    });
    expect(problems).toEqual([]);
    expect(counted.answered).toBeGreaterThan(0);
  }, 600_000);
});
