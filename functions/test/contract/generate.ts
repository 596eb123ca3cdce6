/**
 * Contract tests generated from the OpenAPI document (`GET /openapi.json` of the docs module).
 *
 * Everything here works from the HTTP surface, the document and the test helpers: the operations
 * (method, path, the module the Hosting rewrites send it to, `x-access`), valid sample requests built from their
 * JSON schemas, malformed variants of those requests, the fixture company the requests are about,
 * and which of the writes a request sent are about the fixture company. A new module is covered by these tests
 * without new test code; an operation whose generic sample cannot succeed gets an entry in OVERRIDES.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { getApps } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { fanOut } from '../../src/modules/events/fanout';
import { DEPLOYED } from '../../src/modules/registry';
import { API_PATH_PREFIX } from '../../src/http/app';
import { functionServing, hostingRewrites } from '../../scripts/hosting-rewrites';
import { writeRoster } from '../../src/modules/pos-sync';
import { addDays, businessToday, datesInRange } from '../../src/core/calendar';
import { FIELD, FIELD_COUNT, newDayVector } from '../../src/modules/sales/aggregate';
import { dayDocument } from '../../src/modules/sales/importer';
import { api } from '../helpers/api';
export { withGlobalLock } from '../helpers/global-lock';
import { addMember, createCompany, type TestCompany } from '../helpers/fixtures';
import { startVendors } from '../helpers/integrations';
import { SIMULATED, type RunningVendorSimulator } from '../../dev/vendors/server';
import { signedWebhook, squareEvent } from '../../dev/vendors/webhooks';
import { config } from '../../src/core/config';
import { startMailbox, type Mailbox } from '../../dev/mailbox';
import { bearer, createUser, signIn, type TestUser } from '../helpers/users';
import { pathsOf, type SentWrite } from '../helpers/writes';
export { pathsOf as writtenPaths, writesDuring } from '../helpers/writes';
import { AI_TOOLS_OVERRIDES, closeLocalModels } from './ai-tools-overrides';
import { LEAVE_OVERRIDES } from './leave-overrides';
import { PRIVACY_OVERRIDES } from './privacy-overrides';
import { MESSAGING_OVERRIDES } from './messaging-overrides';
import { REQUEST_OVERRIDES } from './requests-overrides';
import { TIP_POOL_OVERRIDES } from './tip-pools-overrides';
import { WEBHOOK_OVERRIDES } from './webhooks-overrides';
import { ORGANIZATION_OVERRIDES, organizationOf } from './organizations-overrides';

// ---------------------------------------------------------------------------------------------
// The document
// ---------------------------------------------------------------------------------------------

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
const METHODS: Method[] = ['get', 'post', 'put', 'patch', 'delete'];

export type Role = 'employee' | 'manager' | 'owner';
export const ROLES: Role[] = ['employee', 'manager', 'owner'];

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minItems?: number;
  maxItems?: number;
  minProperties?: number;
  maxProperties?: number;
  example?: unknown;
  default?: unknown;
  [keyword: string]: unknown;
}

export interface Access {
  kind: string;
  minRole?: Role;
  companyIn?: 'query' | 'path';
  /** kind 'key': the security scheme of the key (KEY_SCHEMES). */
  scheme?: string;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: JsonSchema;
}

export interface Operation {
  /** "METHOD /path", as in the document: the key of OVERRIDES and of every failure message. */
  key: string;
  operationId: string;
  method: Method;
  path: string;
  /** The module (function) serving it: the one the Hosting rewrites of the one address send it to. */
  module: string;
  access: Access | undefined;
  parameters: Parameter[];
  body: JsonSchema | undefined;
  bodyRequired: boolean;
  /** The documented success statuses (2xx keys of `responses`). */
  successStatuses: number[];
  /** `x-answers-secret`: the answer holds a secret shown once, never kept for a repeated Idempotency-Key. */
  answersSecret: boolean;
  /** `x-completion`: which commit completes the request for its Idempotency-Key (src/http/route.ts), when not its first. */
  completion: 'marked' | 'steps' | undefined;
}

const SCHEMA_REF = '#/components/schemas/';

/**
 * The document read without references, as the samples and checks here walk it: each `$ref` to a
 * named schema replaced by that schema (a recursive one stays a reference), and an `allOf` of object
 * schemas (the success envelope and its `data`) merged into one object schema.
 */
export function inlineSchemas<T>(doc: T): T {
  const named = ((doc as { components?: { schemas?: Record<string, unknown> } }).components?.schemas ?? {}) as Record<
    string,
    unknown
  >;
  const inline = (node: unknown, seen: readonly string[]): unknown => {
    if (Array.isArray(node)) return node.map((n) => inline(n, seen));
    if (!isObject(node)) return node;
    const { $ref: ref, ...siblings } = node;
    if (typeof ref === 'string' && ref.startsWith(SCHEMA_REF)) {
      const name = ref.slice(SCHEMA_REF.length);
      if (seen.includes(name)) return node;
      return { ...(inline(named[name], [...seen, name]) as object), ...(inline(siblings, seen) as object) };
    }
    const out = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, inline(v, seen)])) as JsonSchema;
    if (!out.allOf?.every((part) => part.type === 'object')) return out;
    const { allOf, ...rest } = out;
    return allOf.reduce<JsonSchema>(
      (merged, part) => ({
        ...merged,
        ...part,
        properties: { ...merged.properties, ...part.properties },
        required: [...(merged.required ?? []), ...(part.required ?? [])],
      }),
      rest,
    );
  };
  return inline(doc, []) as T;
}

/** Every operation of the document served by the docs module. */
export async function loadOperations(): Promise<Operation[]> {
  const res = await api('docs').get('/openapi.json');
  if (res.status !== 200) throw new Error(`GET /openapi.json answered ${res.status}: ${res.text.slice(0, 300)}`);
  const doc = inlineSchemas(res.body) as { paths: Record<string, Record<string, unknown>> };
  const rewrites = hostingRewrites(DEPLOYED);
  const ops: Operation[] = [];
  for (const [opPath, item] of Object.entries(doc.paths)) {
    const moduleName = functionServing(rewrites, `${API_PATH_PREFIX}${opPath.replace(/\{\w+\}/g, 'x')}`);
    if (!moduleName) throw new Error(`no Hosting rewrite reaches ${opPath}`);
    const shared = (item.parameters as Parameter[] | undefined) ?? [];
    for (const method of METHODS) {
      const op = item[method] as Record<string, unknown> | undefined;
      if (!op) continue;
      const own = (op.parameters as Parameter[] | undefined) ?? [];
      const parameters = [...shared.filter((p) => !own.some((o) => o.name === p.name && o.in === p.in)), ...own];
      const requestBody = op.requestBody as
        { required?: boolean; content?: Record<string, { schema: JsonSchema }> } | undefined;
      const responses = (op.responses as Record<string, unknown> | undefined) ?? {};
      const body = requestBody?.content?.['application/json']?.schema;
      ops.push({
        key: `${method.toUpperCase()} ${opPath}`,
        operationId: String(op.operationId ?? `${method} ${opPath}`),
        method,
        path: opPath,
        module: moduleName,
        access: op['x-access'] as Access | undefined,
        parameters,
        body,
        // a body schema with a `default` is what the server assumes when none is sent (POST .../sync: {}),
        // although the document marks every request body required
        bodyRequired: requestBody?.required === true && !(isObject(body) && 'default' in body),
        successStatuses: Object.keys(responses)
          .filter((s) => /^2\d\d$/.test(s))
          .map(Number),
        answersSecret: op['x-answers-secret'] === true,
        completion: op['x-completion'] as Operation['completion'],
      });
    }
  }
  return ops;
}

/** A path parameter that names the company: `companyId`, or the segment right after `/companies/`. */
export function isCompanyParam(op: Operation, p: Parameter): boolean {
  if (p.name === 'companyId') return true;
  return p.in === 'path' && op.path.includes(`/companies/{${p.name}}`);
}

export const isWrite = (op: Operation) => op.method !== 'get';

// ---------------------------------------------------------------------------------------------
// The world: fixture companies and callers
// ---------------------------------------------------------------------------------------------

/** The company requests are about: a role with a sub-role, employees, a shift, all made through the API. */
export interface Fixture {
  company: TestCompany;
  roleId: string;
  subRoleId: string;
  /** An employee made through the API, holding the role. */
  staffId: string;
  shift: { id: string; date: string; employeeId: string };
  /** Values stored in this company that no answer to anyone else may contain. */
  canaries: string[];
}

/** The day every generic date parameter gets (GET /shifts and /sales: a one-day range). */
export const SAMPLE_DATE = '2026-03-02';
/** The day of the fixture's shift: away from SAMPLE_DATE, so created shifts never conflict with it. */
export const SHIFT_DATE = '2026-03-05';

async function call(what: string, req: PromiseLike<{ status: number; text: string; body: unknown }>) {
  const res = await req;
  if (res.status >= 300) throw new Error(`fixture: ${what} answered ${res.status}: ${res.text.slice(0, 300)}`);
  return (res.body as { data: Record<string, unknown> }).data;
}

export async function createFixture(): Promise<Fixture> {
  const tag = randomUUID().slice(0, 8);
  const canaries = {
    company: `Canary Bistro ${tag}`,
    role: `Canary Sommelier ${tag}`,
    name: `Zebulon${tag}`,
    surname: `Quillfeather${tag}`,
    note: `canary note ${tag}`,
  };
  const company = await createCompany({ profile: { name: canaries.company, weekStartingDay: 1 } });
  const q = { companyId: company.companyId };
  const role = await call(
    'POST /roles',
    api('roles')
      .post('/roles')
      .query(q)
      .set(bearer(company.owner))
      .send({ name: canaries.role, subRoles: { line: { name: 'Line', priority: 0 } } }),
  );
  const roleId = String(role.id);
  const staff = await call(
    'POST /employees',
    api('employees')
      .post('/employees')
      .query(q)
      .set(bearer(company.owner))
      .send({
        name: canaries.name,
        surname: canaries.surname,
        positions: [{ categoryId: roleId, subcategoryId: 'line' }],
      }),
  );
  const shift = { id: `contract-shift-${tag}`, date: SHIFT_DATE, employeeId: company.employeeId };
  await call(
    'PUT /shifts/{id}',
    api('schedule')
      .put(`/shifts/${shift.id}`)
      .query({ ...q, date: shift.date, employeeId: shift.employeeId })
      .set(bearer(company.owner))
      .send({ start: 540, end: 1020, note: canaries.note }),
  );
  return {
    company,
    roleId,
    subRoleId: 'line',
    staffId: String(staff.id),
    shift,
    canaries: [...Object.values(canaries), company.employee.email],
  };
}

export interface World {
  fixture: Fixture;
  /** The `admin` claim, no membership anywhere. */
  admin: TestUser;
  /** A signed-in user with no membership and no claim. */
  plain: TestUser;
  /** Another company, whose owner is a member of that company only. */
  other: TestCompany;
  /** A user with the `service` claim (jobs of our own), made on first use. */
  service: () => Promise<TestUser>;
  /**
   * The local vendor simulators (POS APIs, OAuth consent pages and token endpoints), with every
   * connector and our OAuth applications pointed at them; started on first use, stopped by closeWorld.
   */
  vendors: () => Promise<RunningVendorSimulator>;
  /** The SMTP server the auth module's emails go to (SMTP_URL), for the tokens of invitation links. */
  mailbox: Mailbox;
}

export async function createWorld(): Promise<World> {
  const fixture = await createFixture();
  const [admin, plain, other] = await Promise.all([
    createUser({ admin: true, label: 'admin' }),
    createUser({ label: 'plain' }),
    createCompany(),
  ]);
  let service: Promise<TestUser> | undefined;
  const { owner, manager, employee } = fixture.company;
  for (const user of [admin, plain, owner, manager, employee, other.owner, other.manager, other.employee])
    WORLD_UIDS.add(user.uid);
  const mailbox = await startMailbox();
  process.env.SMTP_URL = mailbox.smtpUrl;
  const world: World = {
    fixture,
    admin,
    plain,
    other,
    mailbox,
    service: () => (service ??= createServiceUser()),
    vendors: () => {
      let started = VENDORS.get(world);
      if (!started) {
        started = startVendors();
        VENDORS.set(world, started);
      }
      return started;
    },
  };
  return world;
}

const VENDORS = new WeakMap<World, Promise<RunningVendorSimulator>>();

/** Stops what the world started (the vendor simulators), so that nothing outlives the test file. */
export async function closeWorld(w: World | undefined): Promise<void> {
  const vendors = w && VENDORS.get(w);
  if (vendors) await (await vendors).close();
  await w?.mailbox.close();
  await closeLocalModels();
}

/** The users of the contract worlds: a root document they wrote (e.g. `updatedBy`) is one the contract tests answer for. */
const WORLD_UIDS = new Set<string>();

/** A user whose ID token carries the custom claim `service: true`. */
async function createServiceUser(): Promise<TestUser> {
  const user = await createUser({ label: 'service' });
  await getAuth(adminApp()).setCustomUserClaims(user.uid, { service: true });
  // helpers/users.ts signs every test user up with this password; a new sign-in carries the claim
  return { ...user, token: await signIn(user.email, 'secret-password') };
}

// ---------------------------------------------------------------------------------------------
// Per-operation overrides
// ---------------------------------------------------------------------------------------------

/** What an override's setup made in a fixture (ids, an OAuth redirect), for its request. */
export type Prepared = Record<string, string>;

export interface Override {
  /** Why the generic sample (required fields, fixture ids, fixed dates) cannot succeed. */
  why: string;
  /**
   * Replaces parts of the generic request: path and query parameters by name, the body whole.
   * `prepared` is what the setup answered for this fixture ({} without a setup).
   */
  request?: (
    f: Fixture,
    prepared: Prepared,
  ) => {
    path?: Record<string, unknown>;
    query?: Record<string, unknown>;
    body?: unknown;
    headers?: Record<string, string>;
  };
  /** Runs before the operation is called on a fixture (e.g. creates what it removes); what it answers goes to request. */
  setup?: (f: Fixture, w: World) => Promise<Prepared | void>;
}

/** The override of an operation, by "METHOD /path" or by operationId. */
export const overrideOf = (op: Operation): Override | undefined => OVERRIDES[op.key] ?? OVERRIDES[op.operationId];

/** What each fixture's setups answered, by operation. */
const PREPARED = new WeakMap<Fixture, Map<string, Prepared>>();

/** Runs the operation's override setup on a fixture (once per fixture and operation). */
export async function prepare(op: Operation, f: Fixture, w: World): Promise<void> {
  const setup = overrideOf(op)?.setup;
  const done = PREPARED.get(f) ?? new Map<string, Prepared>();
  PREPARED.set(f, done);
  if (!setup || done.has(op.key)) return;
  done.set(op.key, (await setup(f, w)) ?? {});
}

function preparedOf(op: Operation, f: Fixture): Prepared {
  if (!overrideOf(op)?.setup) return {};
  const prepared = PREPARED.get(f)?.get(op.key);
  if (!prepared)
    throw new Error(`${op.key}: the setup of its override has not run on this fixture (call prepare first)`);
  return prepared;
}

/** A schedule proposal of the fixture company for SAMPLE_DATE, generated by its manager. */
async function scheduleProposal(f: Fixture): Promise<Prepared> {
  const proposal = await call(
    'POST /schedule-proposals',
    api('schedule')
      .post('/schedule-proposals')
      .query({ companyId: f.company.companyId })
      .set(bearer(f.company.manager))
      .send({ startDate: SAMPLE_DATE, endDate: SAMPLE_DATE }),
  );
  return { proposalId: String(proposal.id) };
}

/**
 * Eleven weeks of actual-sales day records up to the company's business today (not UTC's: near
 * midnight UTC the fixture's Madrid day is already the next one, and the forecast's read would find
 * one record more or less): what the forecast needs (the backtest, 9 weeks).
 */
async function salesHistory(f: Fixture): Promise<Prepared> {
  const company = getFirestore(adminApp()).collection('companies').doc(f.company.companyId);
  const [profile, settings] = await Promise.all([company.get(), company.collection('config').doc('settings').get()]);
  const today = businessToday(profile.get('timezone') ?? 'UTC', settings.get('dayChangeTime') ?? 0);
  const days = company.collection('salesActual');
  const batch = getFirestore(adminApp()).batch();
  for (const date of datesInRange(addDays(today, -77), today)) {
    const v = newDayVector();
    for (const hour of [12, 13, 19, 20]) {
      v[hour * FIELD_COUNT + FIELD.sales] = 50_000;
      v[hour * FIELD_COUNT + FIELD.customers] = 12;
      v[hour * FIELD_COUNT + FIELD.invoices] = 6;
    }
    batch.set(days.doc(date), dayDocument(date, 'USD', v, Date.now()));
  }
  await batch.commit();
  return {};
}

const AI_CONFIG = { provider: 'anthropic', model: 'claude-sonnet-4-6' };
const LARGE_AI_BUDGET = { amountUsd: 1_000_000, period: 'month' };

// ---- the assistant (chat): conversations, turns and proposals are private to their member

const chatDoc = (f: Fixture, collection: string, id: string) =>
  getFirestore(adminApp()).collection('companies').doc(f.company.companyId).collection(collection).doc(id);
const CONTRACT_TURN = { turnId: 'contract-turn', question: 'contract question' };

/**
 * A conversation of the fixture's `role` member (through POST /conversations) with one answered
 * turn and one pending proposal to remember a personal fact, stored as the chat module stores them:
 * asking again with the turn's clientMessageId replays it without a model call (the contract run
 * has no provider).
 */
async function chatConversation(f: Fixture, role: Role): Promise<Prepared> {
  const user = f.company[role];
  const conversation = await call(
    'POST /conversations',
    api('chat').post('/conversations').query({ companyId: f.company.companyId }).set(bearer(user)).send({}),
  );
  const conversationId = String(conversation.id);
  const proposalId = `contract-proposal-${role}`;
  const now = Date.now();
  await chatDoc(f, 'chatTurns', `${conversationId}~${CONTRACT_TURN.turnId}`).set({
    ...CONTRACT_TURN,
    conversationId,
    uid: user.uid,
    seq: 0,
    answer: 'contract answer',
    refused: false,
    tools: [],
    proposalIds: [proposalId],
    createdAt: now,
  });
  await chatDoc(f, 'chatConversations', conversationId).update({ turnCount: 1 });
  await chatDoc(f, 'chatProposals', proposalId).set({
    uid: user.uid,
    conversationId,
    kind: 'memory',
    status: 'pending',
    summary: 'Remember (personal): contract fact',
    payload: { scope: 'member', text: 'contract fact' },
    result: null,
    createdAt: now,
    decidedAt: null,
  });
  return { conversationId, proposalId };
}

const CHAT_WHY =
  "a member's conversations and proposals are theirs alone (another member's is 404): one of the calling member's, made first";

const engine = () => api('integrationEngine');

/** Connects a catalogue entry for the fixture company as its owner, through the API (POST /connections). */
async function connectAs(f: Fixture, body: { slug: string; credentials?: Record<string, string> }) {
  return call(
    `POST /connections ${body.slug}`,
    engine().post('/connections').query({ companyId: f.company.companyId }).set(bearer(f.company.owner)).send(body),
  );
}

/** square_api_key with the credentials the simulator knows: the simplest polled integration, which syncs. */
async function connectPolled(f: Fixture, w: World): Promise<string> {
  await w.vendors();
  const { connection } = await connectAs(f, { slug: 'square_api_key', credentials: { ...SIMULATED.square_api_key } });
  return String((connection as { id: string }).id);
}

/**
 * square_api_key connected, with no run queued or running (one run per connection at a time: an
 * earlier setup's queued run is cancelled through the API).
 */
async function idleConnection(f: Fixture, w: World): Promise<string> {
  const connectionId = await connectPolled(f, w);
  const { runs } = await call(
    'GET /runs',
    engine()
      .get('/runs')
      .query({ companyId: f.company.companyId, connectionId, limit: 100 })
      .set(bearer(f.company.manager)),
  );
  for (const run of runs as { id: string; status: string }[]) {
    if (run.status === 'queued')
      await call(
        'POST /runs/{runId}/cancel',
        engine()
          .post(`/runs/${run.id}/cancel`)
          .query({ companyId: f.company.companyId })
          .set(bearer(f.company.manager)),
      );
  }
  return connectionId;
}

/** A queued sync run of the fixture company (the task queue only records it: nothing runs it). */
async function queuedRun(f: Fixture, w: World): Promise<Prepared> {
  const connectionId = await idleConnection(f, w);
  const run = await call(
    'POST /connections/{connectionId}/sync',
    engine()
      .post(`/connections/${encodeURIComponent(connectionId)}/sync`)
      .query({ companyId: f.company.companyId })
      .set(bearer(f.company.manager))
      .send({}),
  );
  if (run.status !== 'queued')
    throw new Error(`fixture: the sync run of ${connectionId} is ${String(run.status)}, not queued`);
  return { runId: String(run.id) };
}

const attendance = () => api('attendance');
const payroll = () => api('payroll');

/**
 * Brings the fixture employee's time clock to a state through the API, as that employee: clocked
 * out, clocked in with no break running, or on a break. It reads the state first (GET
 * /clock/current), so a setup never depends on what an earlier one on the same fixture left (the
 * clock operations share the employee's one open punch) and never has to tolerate a refusal.
 */
async function clockTo(f: Fixture, want: 'out' | 'in' | 'break'): Promise<void> {
  const q = { companyId: f.company.companyId };
  const as = bearer(f.company.employee);
  const clock = (action: string, body: Record<string, unknown> = {}) =>
    call(`POST /clock/${action}`, attendance().post(`/clock/${action}`).query(q).set(as).send(body));
  const { punch, onBreak } = await call('GET /clock/current', attendance().get('/clock/current').query(q).set(as));
  if (want === 'out') {
    if (punch) await clock('out'); // a running break ends with it
    return;
  }
  if (!punch) await clock('in');
  else if (want === 'in' && onBreak) await clock('breaks/end');
  if (want === 'break' && !(punch && onBreak)) await clock('breaks/start', { type: 'rest' });
}

/** The start of the hour slot of the next manual punch: a random day of 2020 (never locked, never in the future), then one slot further each call. */
const PUNCH_EPOCH = Date.UTC(2020, 0, 1 + Math.floor(Math.random() * 300), 9);
let punchSlots = 0;

/** A closed punch's times, distinct on each call (two hours apart), so that no two manual punches of an employee overlap (422 PUNCH_OVERLAP). */
function punchTimes(): { clockInAt: number; clockOutAt: number } {
  const clockInAt = PUNCH_EPOCH + punchSlots++ * 2 * 3_600_000;
  return { clockInAt, clockOutAt: clockInAt + 3_600_000 };
}

/** A pending punch of the fixture employee (the one the employee member is linked to), added by the manager (POST /punches). */
async function managerPunch(f: Fixture): Promise<Prepared> {
  const punch = await call(
    'POST /punches',
    attendance()
      .post('/punches')
      .query({ companyId: f.company.companyId })
      .set(bearer(f.company.manager))
      .send({ employeeId: f.company.employeeId, ...punchTimes(), reason: 'contract: a forgotten clock-in' }),
  );
  return { punchId: String(punch.id) };
}

/** An approved punch of the fixture employee: added, then approved by the manager. */
async function approvedPunch(f: Fixture): Promise<Prepared> {
  const prepared = await managerPunch(f);
  await call(
    'POST /punches/{punchId}/approve',
    attendance()
      .post(`/punches/${prepared.punchId}/approve`)
      .query({ companyId: f.company.companyId })
      .set(bearer(f.company.manager))
      .send({}),
  );
  return prepared;
}

interface PayPeriod {
  startDate: string;
  endDate: string;
  status: 'open' | 'closed';
  current: boolean;
}

/**
 * A pay period of the fixture company as GET /payroll/periods names it (newest first: 0 is the
 * current one, 1 the one before it, ...), closed or open as asked through the API: closed by the
 * manager, reopened by the owner. Periods before the current one have ended; in a fixture company
 * they hold no punch (manual punches are in 2020, clock-ins today), so they can be closed.
 * The operations on periods each take another one (close 1, reopen 2, export 3), so that the setups
 * on the shared fixture do not undo one another.
 */
async function payPeriod(f: Fixture, back: number, status: 'open' | 'closed'): Promise<Prepared> {
  const q = { companyId: f.company.companyId };
  const periods = (await call(
    'GET /payroll/periods',
    payroll()
      .get('/payroll/periods')
      .query({ ...q, count: back + 1 })
      .set(bearer(f.company.manager)),
  )) as unknown as PayPeriod[];
  const period = periods[back];
  if (!periods[0]?.current || !period)
    throw new Error(
      `fixture: GET /payroll/periods named no current period and ${back} before it: ${JSON.stringify(periods)}`,
    );
  const { startDate } = period;
  if (period.status !== status && status === 'closed') {
    await call(
      `POST /payroll/periods/${startDate}/close`,
      payroll().post(`/payroll/periods/${startDate}/close`).query(q).set(bearer(f.company.manager)),
    );
  }
  if (period.status !== status && status === 'open') {
    await call(
      `POST /payroll/periods/${startDate}/reopen`,
      payroll()
        .post(`/payroll/periods/${startDate}/reopen`)
        .query(q)
        .set(bearer(f.company.owner))
        .send({ reason: 'contract: closed again by the test' }),
    );
  }
  return { startDate };
}

const OWN_EMPLOYERS = new WeakMap<Fixture, Promise<Prepared>>();

/**
 * An employer of the fixture's organization with a location of its own (a new company the
 * organization's owner also owns) whose pay period three before the current one is closed: the
 * employer's export reads only its locations, which no other operation's setup adds to.
 */
function employerOfItsOwn(f: Fixture): Promise<Prepared> {
  const known =
    OWN_EMPLOYERS.get(f) ??
    (async () => {
      const org = await organizationOf(f);
      const owner = bearer(f.company.owner);
      const employer = await api('organizations')
        .post(`/organizations/${org.orgId}/employers`)
        .set(owner)
        .send({ name: 'Contract Payroll LLC', ein: '31-2345678', companyCodes: { adp: 'K4Y' } });
      if (employer.status !== 201)
        throw new Error(`fixture: POST employers answered ${employer.status}: ${employer.text}`);
      const location = await createCompany();
      await addMember(location.companyId, f.company.owner, 'owner');
      const put = await api('organizations')
        .put(`/organizations/${org.orgId}/locations/${location.companyId}`)
        .set(owner)
        .send({ employerId: employer.body.data.id });
      if (put.status !== 200) throw new Error(`fixture: PUT location answered ${put.status}: ${put.text}`);
      const q = { companyId: location.companyId };
      const periods = (await call(
        'GET /payroll/periods',
        payroll()
          .get('/payroll/periods')
          .query({ ...q, count: 4 })
          .set(owner),
      )) as unknown as PayPeriod[];
      const { startDate } = periods[3];
      await call(
        `POST /payroll/periods/${startDate}/close`,
        payroll().post(`/payroll/periods/${startDate}/close`).query(q).set(owner),
      );
      return { orgId: org.orgId, employerId: String(employer.body.data.id), startDate };
    })();
  OWN_EMPLOYERS.set(f, known);
  return known;
}

/**
 * A POS employee of the fixture company as the roster sync stores it (no HTTP route creates one:
 * the sync engine writes rosters through the pos-sync sink), on a connection of its own per
 * operation so that links never conflict; linked through the API (by the manager) when asked.
 */
async function posEmployeeOf(f: Fixture, name: string, linkTo?: string): Promise<Prepared> {
  const target = {
    companyId: f.company.companyId,
    connectionId: `square_api_key~CONTRACT${name.toUpperCase()}`,
    slug: 'square_api_key',
  };
  await writeRoster(target, [
    {
      vendorId: 'tm-1',
      firstName: 'Contract',
      lastName: name,
      email: null,
      phone: null,
      active: true,
      jobTitle: null,
      modifiedAt: 1,
    },
  ]);
  const posEmployeeId = `${target.connectionId}~tm-1`;
  if (linkTo) {
    await call(
      'POST /pos-employees/{posEmployeeId}/link',
      api('posSync')
        .post(`/pos-employees/${encodeURIComponent(posEmployeeId)}/link`)
        .query({ companyId: f.company.companyId })
        .set(bearer(f.company.manager))
        .send({ employeeId: linkTo }),
    );
  }
  return { posEmployeeId };
}

const CONTRACT_ROSTER = 'Employee ID,First Name,Last Name\n901,Contract,Roster\n';

/** A CSV roster import of the fixture company, created by the manager, with its file uploaded when asked. */
async function csvImport(f: Fixture, uploaded: boolean): Promise<Prepared> {
  const q = { companyId: f.company.companyId };
  const created = await call(
    'POST /csv-imports',
    api('posSync')
      .post('/csv-imports')
      .query(q)
      .set(bearer(f.company.manager))
      .send({ kind: 'roster', filename: 'contract.csv' }),
  );
  const importId = String(created.id);
  if (uploaded) {
    await call(
      'PUT /csv-imports/{importId}/parts/1',
      api('posSync')
        .put(`/csv-imports/${importId}/parts/1`)
        .query(q)
        .set(bearer(f.company.manager))
        .set('Content-Type', 'text/csv')
        .send(CONTRACT_ROSTER),
    );
  }
  return { importId };
}

// ---- applicants, posts, documents
const CONTRACT_PDF = '%PDF-1.4\n% contract test document\n%%EOF\n';
const uploadDocument = async (f: Fixture): Promise<Prepared> => {
  const data = await call(
    'POST /documents',
    api('documents')
      .post('/documents')
      .query({ companyId: f.company.companyId, employeeId: f.company.employeeId, type: 'id' })
      .set(bearer(f.company.manager))
      .set('Content-Type', 'application/pdf')
      .send(`${CONTRACT_PDF}% ${randomUUID()}\n`),
  );
  return { documentId: String(data.id) };
};
const createPosting = async (f: Fixture): Promise<Prepared> => {
  const data = await call(
    'POST /postings',
    api('applicants')
      .post('/postings')
      .query({ companyId: f.company.companyId })
      .set(bearer(f.company.manager))
      .send({
        title: 'Contract posting',
        roleId: f.roleId,
        subRoleId: f.subRoleId,
        employmentType: 'parttime',
        wage: { min: 1500 },
      }),
  );
  return { postingId: String(data.id), publicId: String(data.publicId) };
};
const APPLICANT = { name: 'Contract', surname: 'Applicant', email: 'contract.applicant@example.test' };
/** An application through the public link, not yet confirmed: the token of the link emailed to the applicant. */
const pendingApplication = async (f: Fixture, w: World): Promise<Prepared> => {
  const posting = await createPosting(f);
  const email = `applicant-${randomUUID().slice(0, 8)}@example.test`;
  await call(
    'POST /apply/{publicId}',
    api('applicants')
      .post(`/apply/${posting.publicId}`)
      .set('X-Forwarded-For', `203.0.113.${randomBytes(1)[0]}`)
      .send({ ...APPLICANT, email }),
  );
  const token = /#token=(apc_[A-Za-z0-9_-]+)/.exec((await w.mailbox.waitFor(email)).text)?.[1];
  if (!token) throw new Error('fixture: the confirmation email carries no token');
  return { ...posting, token };
};
const createApplication = async (f: Fixture, w: World): Promise<Prepared> => {
  const { token, ...posting } = await pendingApplication(f, w);
  const data = await call(
    'POST /apply-confirmations',
    api('applicants')
      .post('/apply-confirmations')
      .set('X-Forwarded-For', `203.0.113.${randomBytes(1)[0]}`)
      .send({ token }),
  );
  return { ...posting, applicationId: String(data.applicationId) };
};
const publishPost = async (f: Fixture): Promise<Prepared> => {
  const data = await call(
    'POST /posts',
    api('posts')
      .post('/posts')
      .query({ companyId: f.company.companyId })
      .set(bearer(f.company.manager))
      .send({ title: 'Contract post', body: 'Hello', audience: { kind: 'everyone' }, requiresAcknowledgement: true }),
  );
  return { postId: String(data.id) };
};
const postWithComment = async (f: Fixture): Promise<Prepared> => {
  const { postId } = await publishPost(f);
  const data = await call(
    'POST /posts/{postId}/comments',
    api('posts')
      .post(`/posts/${postId}/comments`)
      .query({ companyId: f.company.companyId })
      .set(bearer(f.company.employee))
      .send({ text: 'Seen' }),
  );
  return { postId, commentId: String(data.id) };
};
const withDocument = (why: string): Override => ({
  why,
  setup: uploadDocument,
  request: (_f, p) => ({ path: { documentId: p.documentId } }),
});
const withPosting = (why: string): Override => ({
  why,
  setup: createPosting,
  request: (_f, p) => ({ path: { postingId: p.postingId } }),
});
const withApplication = (why: string, body?: unknown): Override => ({
  why,
  setup: createApplication,
  request: (_f, p) => ({ path: { applicationId: p.applicationId }, ...(body ? { body } : {}) }),
});
const withPost = (why: string): Override => ({
  why,
  setup: publishPost,
  request: (_f, p) => ({ path: { postId: p.postId } }),
});

/**
 * Operations that no generic sample can satisfy, keyed by "METHOD /path" (or operationId). Keep this small: an
 * operation that answers non-2xx to its generic sample and is not listed here fails the matrix
 * with a message asking for an entry.
 */
const MEAL_WAIVER = {
  scope: 'firstMeal',
  agreedOn: '2026-10-01',
  effectiveFrom: '2026-10-01',
  employeeConsented: true,
};

export const OVERRIDES: Record<string, Override> = {
  'POST /documents': {
    why: "the body is a file's bytes with its Content-Type (a PDF), for the caller's own record (an employee uploads to their own, of a type employees may upload)",
    request: (f) => ({
      query: { employeeId: f.company.employeeId, type: 'id' },
      body: CONTRACT_PDF,
      headers: { 'Content-Type': 'application/pdf' },
    }),
  },
  'GET /documents/{documentId}': withDocument(
    "reads an existing document (otherwise 404) the employee may see: one uploaded by the manager to the employee's record",
  ),
  'GET /documents/{documentId}/content': withDocument(
    "downloads an existing document (otherwise 404) the employee may see: one uploaded by the manager to the employee's record",
  ),
  'PATCH /documents/{documentId}': withDocument(
    'changes an existing document (otherwise 404): one uploaded by the manager',
  ),
  'DELETE /documents/{documentId}': withDocument(
    'deletes an existing document (otherwise 404): one uploaded by the manager',
  ),
  'GET /postings/{postingId}': withPosting('reads an existing posting (otherwise 404): one created by the manager'),
  'PATCH /postings/{postingId}': withPosting('changes an existing posting (otherwise 404): one created by the manager'),
  'GET /apply/{publicId}': {
    why: 'the public link of an open posting (otherwise 404): one created by the manager',
    setup: createPosting,
    request: (_f, p) => ({ path: { publicId: p.publicId } }),
  },
  'POST /apply/{publicId}': {
    why: 'applies through the public link of an open posting (otherwise 404) with a valid email: one created by the manager, without screening questions',
    setup: createPosting,
    request: (_f, p) => ({ path: { publicId: p.publicId }, body: APPLICANT }),
  },
  'POST /apply-confirmations': {
    why: 'confirms a pending application with the token of its emailed link (otherwise 404): one made through the public link',
    setup: pendingApplication,
    request: (_f, p) => ({ body: { token: p.token } }),
  },
  'GET /applications/{applicationId}': withApplication(
    'reads an existing application (otherwise 404): one made through the public link',
  ),
  'POST /applications/{applicationId}/move': withApplication(
    'moves an existing application (otherwise 404) from the stage it is in: a new one',
    { from: 'new', to: 'screening' },
  ),
  'POST /applications/{applicationId}/notes': withApplication(
    'notes an existing application (otherwise 404): one made through the public link',
  ),
  'POST /applications/{applicationId}/hire': withApplication(
    'hires an existing open application (otherwise 404): one made through the public link',
    { invite: false },
  ),
  'GET /posts/{postId}': withPost('reads an existing post addressed to the employee (otherwise 404): one to everyone'),
  'PATCH /posts/{postId}': withPost(
    'edits an existing post by its author (otherwise 404 or 403): one the manager published',
  ),
  'DELETE /posts/{postId}': withPost(
    'deletes an existing post by its author (otherwise 404 or 403): one the manager published',
  ),
  'POST /notifications/{notificationId}/read': {
    why: "marks an entry of the caller's own inbox (otherwise 404): the one a post to everyone put there, fanned out as the events queue does",
    setup: async (f) => {
      const { postId } = await publishPost(f);
      const outbox = await getFirestore(adminApp()).collection(`companies/${f.company.companyId}/outbox`).get();
      const eventId = outbox.docs.find((d) => d.data().data?.postId === postId)!.id;
      await fanOut({ companyId: f.company.companyId, eventId });
      return { notificationId: eventId };
    },
    request: (_f, p) => ({ path: { notificationId: p.notificationId } }),
  },
  'POST /posts/{postId}/read': withPost(
    'reads an existing post addressed to the employee (otherwise 404): one to everyone',
  ),
  'POST /posts/{postId}/acknowledge': withPost(
    'acknowledges an existing post that asks for it, addressed to the employee (otherwise 404 or 422): one to everyone',
  ),
  'GET /posts/{postId}/receipts': withPost(
    'the receipts of an existing post (otherwise 404): one the manager published',
  ),
  'GET /posts/{postId}/comments': withPost(
    'the comments of an existing post addressed to the employee (otherwise 404): one to everyone',
  ),
  'POST /posts/{postId}/comments': withPost(
    'comments on an existing post addressed to the employee that allows comments (otherwise 404): one to everyone',
  ),
  'DELETE /posts/{postId}/comments/{commentId}': {
    why: "deletes an existing comment (otherwise 404) by its author: the employee's comment on a post to everyone",
    setup: postWithComment,
    request: (_f, p) => ({ path: { postId: p.postId, commentId: p.commentId } }),
  },
  ...REQUEST_OVERRIDES,
  ...MESSAGING_OVERRIDES,
  ...TIP_POOL_OVERRIDES,
  ...LEAVE_OVERRIDES,
  ...PRIVACY_OVERRIDES,
  ...WEBHOOK_OVERRIDES,
  ...ORGANIZATION_OVERRIDES,
  'GET /conversations/{conversationId}': {
    why: CHAT_WHY,
    setup: (f) => chatConversation(f, 'employee'),
    request: (_f, prepared) => ({ path: { conversationId: prepared.conversationId } }),
  },
  'DELETE /conversations/{conversationId}': {
    why: CHAT_WHY,
    setup: (f) => chatConversation(f, 'employee'),
    request: (_f, prepared) => ({ path: { conversationId: prepared.conversationId } }),
  },
  'POST /conversations/{conversationId}/messages': {
    why: `${CHAT_WHY}; the question replays its stored turn (clientMessageId), as the contract run has no model provider`,
    setup: (f) => chatConversation(f, 'employee'),
    request: (_f, prepared) => ({
      path: { conversationId: prepared.conversationId },
      body: { question: CONTRACT_TURN.question, clientMessageId: CONTRACT_TURN.turnId },
    }),
  },
  'POST /conversations/{conversationId}/messages/stream': {
    why: `${CHAT_WHY}; the question replays its stored turn (clientMessageId), as the contract run has no model provider`,
    setup: (f) => chatConversation(f, 'employee'),
    request: (_f, prepared) => ({
      path: { conversationId: prepared.conversationId },
      body: { question: CONTRACT_TURN.question, clientMessageId: CONTRACT_TURN.turnId },
    }),
  },
  'POST /proposals/{proposalId}/confirm': {
    why: `${CHAT_WHY}; a personal memory, which any member may confirm`,
    setup: (f) => chatConversation(f, 'employee'),
    request: (_f, prepared) => ({ path: { proposalId: prepared.proposalId } }),
  },
  'POST /proposals/{proposalId}/dismiss': {
    why: CHAT_WHY,
    setup: (f) => chatConversation(f, 'employee'),
    request: (_f, prepared) => ({ path: { proposalId: prepared.proposalId } }),
  },
  'GET /forecast': {
    why: 'forecasts from a sales history (otherwise 422 FORECAST_NO_HISTORY): eleven weeks of day records written first',
    setup: salesHistory,
  },
  'GET /forecast/backtest': {
    why: 'backtests a sales history of at least 9 weeks (otherwise 422 FORECAST_NO_HISTORY): eleven weeks written first',
    setup: salesHistory,
  },
  'PUT /forecast/special-days/{date}': {
    why: 'a closed day takes no factor (400): the sample declares a special day with its factor',
    request: () => ({
      path: { date: '2026-11-21' },
      body: { kind: 'special', name: 'Contract festival', factor: 1.2 },
    }),
  },
  'DELETE /forecast/special-days/{date}': {
    why: 'removes a declared day (otherwise 404 FORECAST_SPECIAL_DAY_NOT_FOUND): one declared first',
    setup: async (f) => {
      await getFirestore(adminApp())
        .collection('companies')
        .doc(f.company.companyId)
        .collection('forecastSpecialDays')
        .doc('2026-11-22')
        .set({ date: '2026-11-22', kind: 'closed', name: 'Contract closure', factor: null, updatedAt: Date.now() });
      return {};
    },
    request: () => ({ path: { date: '2026-11-22' } }),
  },
  'GET /schedule-proposals/{id}': {
    why: 'reads an existing schedule proposal (otherwise 404 PROPOSAL_NOT_FOUND): one generated first',
    setup: scheduleProposal,
    request: (_f, prepared) => ({ path: { id: prepared.proposalId } }),
  },
  'POST /schedule-proposals/{id}/commit': {
    why: 'commits an existing schedule proposal (otherwise 404 PROPOSAL_NOT_FOUND): one generated first',
    setup: scheduleProposal,
    request: (_f, prepared) => ({ path: { id: prepared.proposalId } }),
  },
  'DELETE /shifts/{id}': {
    why: 'removes an existing shift, addressed by its date and employee: the fixture shift',
    request: (f) => ({ path: { id: f.shift.id }, query: { date: f.shift.date, employeeId: f.shift.employeeId } }),
  },
  'PATCH /companies/{id}/ai-config': {
    why: 'provider and model must be a pair the price table offers (the schema only says "string"); otherwise 422',
    request: () => ({ body: AI_CONFIG }),
  },
  'DELETE /companies/{id}/ai-config': {
    why: 'removes the company override, which must exist (otherwise 404 AI_CONFIG_NOT_FOUND)',
    setup: async (f, w) => {
      await call(
        'PATCH /companies/{id}/ai-config',
        api('ai').patch(`/companies/${f.company.companyId}/ai-config`).set(bearer(w.admin)).send(AI_CONFIG),
      );
    },
  },
  'PUT /ai-budgets/default': {
    why: 'a budget of the generic sample ($0.50 a day) would refuse the model calls of other test files sharing the emulator: a large one',
    request: () => ({ body: LARGE_AI_BUDGET }),
  },
  'PUT /ai-budgets/onboarding': {
    why: 'as PUT /ai-budgets/default: onboarding tests share the onboarding bucket',
    request: () => ({ body: LARGE_AI_BUDGET }),
  },
  'PUT /companies/{id}/ai-budget': {
    why: "as PUT /ai-budgets/default: the fixture company's AI routes call models",
    request: () => ({ body: LARGE_AI_BUDGET }),
  },
  'PATCH /ai-config/global': {
    why: 'provider and model must be a pair the price table offers; sets the built-in default again',
    request: () => ({ body: AI_CONFIG }),
  },
  'POST /connections': {
    why: 'the first slug of the enum is an OAuth entry, which needs our OAuth application and answers a consent page; csv (a file entry) is the simplest connect: no credentials, no vendor',
    request: () => ({ body: { slug: 'csv' } }),
  },
  'DELETE /connections/{connectionId}': {
    why: 'disconnects a connection of the company, which must exist (otherwise 404): the csv entry, connected first',
    setup: async (f) => {
      const { connection } = await connectAs(f, { slug: 'csv' });
      return { connectionId: String((connection as { id: string }).id) };
    },
    request: (_f, prepared) => ({ path: { connectionId: prepared.connectionId } }),
  },
  'POST /connections/{connectionId}/sync': {
    why: "only an active polled POS connection syncs (otherwise 404, or 422 SYNC_NOT_SUPPORTED): square_api_key, connected with the simulator's credentials",
    setup: async (f, w) => ({ connectionId: await idleConnection(f, w) }),
    request: (_f, prepared) => ({ path: { connectionId: prepared.connectionId } }),
  },
  'POST /webhooks/{vendor}': {
    why: "authenticated by the vendor's signature only (otherwise 401; an unknown vendor 404): a Square team-member event of a merchant nobody connected, signed with the test run's key for the service's notification URL",
    request: () => {
      const event = squareEvent({
        type: 'team_member.updated',
        merchantId: 'MCONTRACTNOBODY',
        dataType: 'team_member',
        entity: { id: 'TMcontract' },
      });
      const signed = signedWebhook('square', event, {
        key: JSON.parse(process.env.POS_WEBHOOK_KEYS!).square,
        url: `${config.vendors.webhookBaseUrl()}/webhooks/square`,
      });
      return {
        path: { vendor: 'square' },
        body: event,
        headers: { 'x-square-hmacsha256-signature': signed.headers['x-square-hmacsha256-signature'] },
      };
    },
  },
  'GET /webhooks/clover/verification-windows/{windowId}': {
    why: 'reads an existing verification window (otherwise 404): one an operator opened',
    setup: async (_f, w) => ({
      windowId: String(
        (
          await call(
            'POST /webhooks/clover/verification-windows',
            api('posSyncService').post('/webhooks/clover/verification-windows').set(bearer(w.admin)).send(),
          )
        ).windowId,
      ),
    }),
    request: (_f, prepared) => ({ path: { windowId: prepared.windowId } }),
  },
  'POST /sync/{vendor}/{companyId}': {
    why: "syncs only a POS source the company connected, with no run of it queued (otherwise 404 POS_NOT_CONNECTED, or 409 SYNC_IN_PROGRESS): square_api_key, connected with the simulator's credentials",
    setup: async (f, w) => ({ connectionId: await idleConnection(f, w) }),
    request: () => ({ path: { vendor: 'square_api_key' } }),
  },
  'GET /runs/{runId}': {
    why: 'reads an existing sync run (otherwise 404): one queued by a manual sync of square_api_key',
    setup: queuedRun,
    request: (_f, prepared) => ({ path: { runId: prepared.runId } }),
  },
  'GET /runs/{runId}/issues': {
    why: "lists an existing sync run's refused and held records (otherwise 404): one queued by a manual sync of square_api_key",
    setup: queuedRun,
    request: (_f, prepared) => ({ path: { runId: prepared.runId } }),
  },
  'POST /runs/{runId}/cancel': {
    why: 'cancels an existing queued sync run (otherwise 404): one queued by a manual sync of square_api_key',
    setup: queuedRun,
    request: (_f, prepared) => ({ path: { runId: prepared.runId } }),
  },
  'GET /integrations/{category}/{slug}': {
    why: 'the slug must be a catalogue entry of the category (the schema only says "string"; otherwise 404 INTEGRATION_NOT_FOUND)',
    request: () => ({ path: { category: 'pos', slug: 'toast' } }),
  },
  'POST /partners/{slug}/reservations': {
    why: "the generic item ('contract') is rejected one by one in a 2xx and writes nothing, so a refused caller's push could not show a write: a real reservation",
    request: () => ({
      body: {
        reservations: [{ id: 'contract-r-1', status: 'booked', partySize: 2, startsAt: '2026-12-04T20:30:00+01:00' }],
      },
    }),
  },
  'POST /oauth/complete': {
    why: 'succeeds only with the signed, single-use state (and the code) of a real OAuth connect started by the same owner, as the vendor redirects back: a clover connect started by the owner, its consent page followed on the vendor simulator',
    setup: async (f, w) => {
      await w.vendors();
      const { authorization } = await connectAs(f, { slug: 'clover' });
      const page = await fetch((authorization as { url: string }).url, { redirect: 'manual' });
      const location = page.headers.get('location');
      if (page.status !== 302 || !location)
        throw new Error(`fixture: the clover consent page answered ${page.status}, not a redirect`);
      return Object.fromEntries(new URL(location).searchParams);
    },
    request: (_f, prepared) => ({ body: { callback: prepared } }),
  },
  // the time clock of the fixture employee (the employee member): each setup reads the clock and brings it to the state its operation needs
  'POST /clock/in': {
    why: 'the employee must be clocked out (otherwise 409 ALREADY_CLOCKED_IN), and the setups of the other clock operations on the same fixture clock them in',
    setup: (f) => clockTo(f, 'out'),
  },
  'POST /clock/out': {
    why: 'closes the open punch of the employee (otherwise 422 NOT_CLOCKED_IN): clocked in first',
    setup: (f) => clockTo(f, 'in'),
  },
  'POST /clock/breaks/start': {
    why: 'starts a break in the open punch (otherwise 422 NOT_CLOCKED_IN), one at a time (422 BREAK_ALREADY_STARTED): clocked in, no break running',
    setup: (f) => clockTo(f, 'in'),
  },
  'POST /clock/breaks/end': {
    why: 'ends the running break of the open punch (otherwise 422 NOT_CLOCKED_IN or NO_OPEN_BREAK): clocked in, a break started',
    setup: (f) => clockTo(f, 'break'),
  },
  // punches: added by the manager for the fixture employee, in 2020
  'POST /punches': {
    why: 'the generic times (0 and 0) are refused (422 INVALID_PUNCH_TIMES): a closed hour of the fixture employee in 2020, another one on each call (422 PUNCH_OVERLAP otherwise)',
    request: (f) => ({
      body: { employeeId: f.company.employeeId, ...punchTimes(), reason: 'contract: a forgotten clock-in' },
    }),
  },
  'POST /punches/approve': {
    why: "the generic id ('contract') is skipped in a 2xx and writes nothing, so a refused caller's approval could not show a write: a real pending punch",
    setup: managerPunch,
    request: (_f, prepared) => ({ body: { punchIds: [prepared.punchId] } }),
  },
  'GET /punches/{punchId}': {
    why: "reads an existing punch (otherwise 404), the employee member only their own: one of the fixture employee's, added by the manager",
    setup: managerPunch,
    request: (_f, prepared) => ({ path: { punchId: prepared.punchId } }),
  },
  'PATCH /punches/{punchId}': {
    why: 'edits an existing punch (otherwise 404), which must not be approved (422 PUNCH_LOCKED): a pending one added by the manager',
    setup: managerPunch,
    request: (_f, prepared) => ({ path: { punchId: prepared.punchId } }),
  },
  'DELETE /punches/{punchId}': {
    why: 'deletes an existing punch (otherwise 404), which must not be approved (422 PUNCH_LOCKED): a pending one added by the manager',
    setup: managerPunch,
    request: (_f, prepared) => ({ path: { punchId: prepared.punchId } }),
  },
  'POST /punches/{punchId}/approve': {
    why: 'approves an existing closed punch (otherwise 404): a pending one added by the manager',
    setup: managerPunch,
    request: (_f, prepared) => ({ path: { punchId: prepared.punchId } }),
  },
  'POST /punches/{punchId}/unapprove': {
    why: 'puts an existing approved punch back to pending (otherwise 404, or 422 PUNCH_NOT_APPROVED): one added and approved by the manager',
    setup: approvedPunch,
    request: (_f, prepared) => ({ path: { punchId: prepared.punchId } }),
  },
  'GET /punches/{punchId}/audit': {
    why: 'reads the trail of an existing punch (otherwise 404): one added by the manager',
    setup: managerPunch,
    request: (_f, prepared) => ({ path: { punchId: prepared.punchId } }),
  },
  'GET /sales/audit': {
    why: 'names a business date, or one sale by posSource and externalId (every parameter is optional, one of the two is required: otherwise 400)',
    request: () => ({ query: { date: '2026-11-12' } }),
  },
  // pay periods: startDate must start one (otherwise 404 PERIOD_NOT_FOUND), as GET /payroll/periods names them
  'GET /payroll/periods/{startDate}/report': {
    why: 'startDate must be the first day of a pay period (otherwise 404 PERIOD_NOT_FOUND): the current one',
    setup: (f) => payPeriod(f, 0, 'open'),
    request: (_f, prepared) => ({ path: { startDate: prepared.startDate } }),
  },
  'POST /payroll/periods/{startDate}/close': {
    why: 'closes a period that has ended (422 PERIOD_NOT_ENDED) and is still open (422 PERIOD_ALREADY_CLOSED): the one before the current one, reopened by the owner if closed',
    setup: (f) => payPeriod(f, 1, 'open'),
    request: (_f, prepared) => ({ path: { startDate: prepared.startDate } }),
  },
  'POST /payroll/periods/{startDate}/reopen': {
    why: "reopening an open period changes nothing, so a refused caller's reopen could not show a write: a period closed by the manager (two before the current one)",
    setup: (f) => payPeriod(f, 2, 'closed'),
    request: (_f, prepared) => ({ path: { startDate: prepared.startDate } }),
  },
  'GET /payroll/periods/{startDate}/export': {
    why: 'exports a closed period only (otherwise 422 PERIOD_NOT_CLOSED): one closed by the manager (three before the current one)',
    setup: (f) => payPeriod(f, 3, 'closed'),
    request: (_f, prepared) => ({ path: { startDate: prepared.startDate } }),
  },
  'GET /organizations/{orgId}/employers/{employerId}/payroll/periods/{startDate}/export': {
    why: "exports a closed period of every location of an existing organization's employer (otherwise 422 PERIOD_NOT_CLOSED): an employer of the fixture's organization with one location of its own, its period three before the current one closed",
    setup: employerOfItsOwn,
    request: (_f, p) => ({ path: { orgId: p.orgId, employerId: p.employerId, startDate: p.startDate } }),
  },
  'POST /payroll/pay-elements': {
    why: 'a non-discretionary bonus of the fixture employee, dated in an open period (otherwise 422 PAY_ELEMENT_PERIOD_CLOSED): the current one',
    setup: (f) => payPeriod(f, 0, 'open'),
    request: (f, prepared) => ({
      body: {
        employeeId: f.company.employeeId,
        kind: 'attendanceBonus',
        discretionary: false,
        amountMinor: 10_00,
        date: prepared.startDate,
        earnedFrom: prepared.startDate,
        earnedTo: prepared.startDate,
      },
    }),
  },
  'POST /payroll/meal-waivers': {
    why: 'a waiver of the fixture employee (otherwise 422 MEAL_WAIVER_EMPLOYEE_NOT_FOUND), with their consent (employeeConsented must be true)',
    request: (f) => ({ body: { ...MEAL_WAIVER, employeeId: f.company.employeeId } }),
  },
  'POST /payroll/meal-waivers/{waiverId}/end': {
    why: 'ends an existing waiver (otherwise 404 MEAL_WAIVER_NOT_FOUND), not before its first day: one recorded by the manager',
    setup: async (f) => {
      const res = await call(
        'POST /payroll/meal-waivers',
        payroll()
          .post('/payroll/meal-waivers')
          .query({ companyId: f.company.companyId })
          .set(bearer(f.company.manager))
          .send({ ...MEAL_WAIVER, employeeId: f.company.employeeId }),
      );
      return { waiverId: (res as unknown as { id: string }).id };
    },
    request: (_f, prepared) => ({ path: { waiverId: prepared.waiverId }, body: { effectiveTo: '2026-10-10' } }),
  },
  // POS employees: written by the roster sink (posEmployeeOf), one connection per operation
  'POST /pos-employees/{posEmployeeId}/link': {
    why: 'links an existing POS employee (otherwise 404 POS_EMPLOYEE_NOT_FOUND) to an employee of the company (otherwise 404 EMPLOYEE_NOT_FOUND): one stored by the roster sink, and the fixture staff member',
    setup: (f) => posEmployeeOf(f, 'link'),
    request: (f, prepared) => ({ path: { posEmployeeId: prepared.posEmployeeId }, body: { employeeId: f.staffId } }),
  },
  'DELETE /pos-employees/{posEmployeeId}/link': {
    why: "unlinks an existing POS employee (otherwise 404 POS_EMPLOYEE_NOT_FOUND); unlinking an unlinked one changes nothing, so a refused caller's unlink could not show a write: one linked to the fixture staff member",
    setup: (f) => posEmployeeOf(f, 'unlink', f.staffId),
    request: (_f, prepared) => ({ path: { posEmployeeId: prepared.posEmployeeId } }),
  },
  'PUT /csv-imports/{importId}/parts/{part}': {
    why: 'uploads the bytes of a file (the body is the CSV itself, never empty) to an existing import that was not started (otherwise 404 or 409): one created by the manager',
    setup: (f) => csvImport(f, false),
    request: (_f, prepared) => ({ path: { importId: prepared.importId, part: 1 }, body: CONTRACT_ROSTER }),
  },
  'GET /csv-imports/{importId}': {
    why: 'reads an existing import (otherwise 404): one created by the manager',
    setup: (f) => csvImport(f, false),
    request: (_f, prepared) => ({ path: { importId: prepared.importId } }),
  },
  'GET /csv-imports/{importId}/preview': {
    why: 'previews the file of an existing import (otherwise 404, or 422 CSV_FILE_MISSING before its upload): a roster file uploaded by the manager',
    setup: (f) => csvImport(f, true),
    request: (_f, prepared) => ({ path: { importId: prepared.importId } }),
  },
  'POST /csv-imports/{importId}/start': {
    why: 'starts an uploaded import (otherwise 404 or 422 CSV_FILE_MISSING) of a company that connected CSV import (otherwise 404 CONNECTION_NOT_FOUND): csv connected by the owner, a roster file uploaded by the manager',
    setup: async (f) => {
      await connectAs(f, { slug: 'csv' });
      return csvImport(f, true);
    },
    request: (_f, prepared) => ({ path: { importId: prepared.importId }, body: {} }),
  },
  'PUT /csv-mappings/{kind}': {
    why: 'a mapping must map the required fields of its kind (otherwise 422 CSV_MAPPING_INVALID): a roster mapping of first and last name',
    request: () => ({
      path: { kind: 'roster' },
      body: { columns: { firstName: 'First Name', lastName: 'Last Name' } },
    }),
  },
  'POST /pos-employees/{posEmployeeId}/employee': {
    why: 'creates an employee from an existing, unlinked POS employee (otherwise 404 POS_EMPLOYEE_NOT_FOUND or 409 POS_EMPLOYEE_ALREADY_LINKED): one stored by the roster sink',
    setup: (f) => posEmployeeOf(f, 'create'),
    request: (_f, prepared) => ({ path: { posEmployeeId: prepared.posEmployeeId } }),
  },
  // auth: invitations are made by the fixture's owner, their tokens read from the world's mailbox
  'POST /signup': {
    why: 'needs an email without an account and a real country (the sample says "string"): a new owner, from a client address of its own (signups are limited per address)',
    request: () => ({
      body: {
        name: 'Contract',
        surname: 'Owner',
        email: `${freshEmail()}`,
        password: 'contract-password',
        company: { name: 'Contract Co', timezone: 'UTC', country: 'US' },
      },
      headers: { 'x-forwarded-for': `203.0.113.${randomBytes(1)[0]}` },
    }),
  },
  'POST /password-reset': {
    why: 'requests are limited to 5 an hour per client address: every call from an address of its own, so the sweeps of other files (which share the test client address) cannot use up its hour',
    request: () => ({
      body: { email: freshEmail() },
      headers: { 'x-forwarded-for': `203.0.113.${randomBytes(1)[0]}` },
    }),
  },
  'POST /invitations': {
    why: 'a second pending invitation to one email is 409 INVITATION_PENDING: an email never invited',
    request: () => ({ body: { email: freshEmail(), role: 'employee' } }),
  },
  'POST /invitations/lookup': {
    why: 'needs the token of a real invitation (otherwise 404): one made by the owner, its token read from the email',
    setup: invitedBy,
    request: (_f, prepared) => ({ body: { token: prepared.token } }),
  },
  'POST /invitations/accept': {
    why: "needs the token of a real, pending invitation (otherwise 404 or 410) and a new account's details: an invitation made by the owner, its token read from the email",
    setup: invitedBy,
    request: (_f, prepared) => ({
      body: { token: prepared.token, name: 'New', surname: 'Member', password: 'contract-password' },
    }),
  },
  'POST /invitations/{invitationId}/resend': {
    why: 'resends an existing pending invitation of the company (otherwise 404): one made by the owner',
    setup: invitedBy,
    request: (_f, prepared) => ({ path: { invitationId: prepared.invitationId } }),
  },
  'POST /invitations/{invitationId}/revoke': {
    why: 'revokes an existing invitation of the company (otherwise 404): one made by the owner',
    setup: invitedBy,
    request: (_f, prepared) => ({ path: { invitationId: prepared.invitationId } }),
  },
  'PATCH /members/{uid}': {
    why: "changes the role of a member of the company (otherwise 404 MEMBER_NOT_FOUND): the fixture's employee, kept an employee",
    request: (f) => ({ path: { uid: f.company.employee.uid }, body: { role: 'employee' } }),
  },
  'DELETE /members/{uid}': {
    why: "removes a member of the company (otherwise 404 MEMBER_NOT_FOUND): the fixture's employee",
    request: (f) => ({ path: { uid: f.company.employee.uid } }),
  },
  ...Object.fromEntries(
    [
      'GET /admin/users/{uid}',
      'POST /admin/users/{uid}/admin',
      'POST /admin/users/{uid}/disable',
      'POST /admin/users/{uid}/enable',
      'POST /admin/users/{uid}/revoke-sessions',
    ].map((key) => [
      key,
      {
        why: "acts on an existing user (otherwise 404 USER_NOT_FOUND): the fixture's employee",
        request: (f: Fixture) => ({ path: { uid: f.company.employee.uid } }),
      },
    ]),
  ),
  ...AI_TOOLS_OVERRIDES,
};

function freshEmail(): string {
  return `contract-${randomUUID().slice(0, 8)}@example.test`;
}

/** An invitation of the fixture company, made by its owner; its id and the token of the emailed link. */
async function invitedBy(f: Fixture, w: World): Promise<Prepared> {
  const email = freshEmail();
  const data = await call(
    'POST /invitations',
    api('auth')
      .post('/invitations')
      .query({ companyId: f.company.companyId })
      .set(bearer(f.company.owner))
      .send({ email, role: 'employee' }),
  );
  const mail = await w.mailbox.waitFor(email);
  const token = /[?&]token=(inv_[A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error('fixture: the invitation email carries no token');
  return { invitationId: String(data.id), token };
}

// ---------------------------------------------------------------------------------------------
// JSON Schema: a conservative validator and a sample generator
// ---------------------------------------------------------------------------------------------

const ANNOTATIONS = [
  'description',
  'title',
  'default',
  'example',
  'examples',
  'deprecated',
  'readOnly',
  'writeOnly',
  'format',
  '$comment',
  'contentEncoding',
  'contentMediaType',
];
const CHECKED = new Set([
  ...ANNOTATIONS,
  'type',
  'const',
  'enum',
  'anyOf',
  'oneOf',
  'allOf',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'pattern',
  'properties',
  'required',
  'additionalProperties',
  'propertyNames',
  'items',
  'minItems',
  'maxItems',
  'minProperties',
  'maxProperties',
]);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const deepEqual = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isCalendarDate(v: string): boolean {
  const m = ISO_DATE.exec(v);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === v;
}

function hasType(type: string, v: unknown): boolean {
  switch (type) {
    case 'string':
      return typeof v === 'string';
    case 'number':
      return typeof v === 'number' && Number.isFinite(v);
    case 'integer':
      return Number.isInteger(v);
    case 'boolean':
      return typeof v === 'boolean';
    case 'null':
      return v === null;
    case 'array':
      return Array.isArray(v);
    case 'object':
      return isObject(v);
    default:
      return true;
  }
}

/**
 * Whether `schema` accepts `value`. Conservative where it matters here: a keyword it does not
 * check makes it answer true, so a variant it calls invalid is invalid for the server too.
 */
export function accepts(
  schema: JsonSchema | boolean | undefined,
  v: unknown,
  options: { checkItems?: boolean } = {},
): boolean {
  if (schema === undefined || schema === true) return true;
  if (schema === false) return false;
  if (Object.keys(schema).some((k) => !CHECKED.has(k))) return true;
  const s = schema;
  if ('const' in s && !deepEqual(s.const, v)) return false;
  if (s.enum && !s.enum.some((e) => deepEqual(e, v))) return false;
  if (s.anyOf && !s.anyOf.some((b) => accepts(b, v, options))) return false;
  if (s.oneOf && !s.oneOf.some((b) => accepts(b, v, options))) return false;
  if (s.allOf && !s.allOf.every((b) => accepts(b, v, options))) return false;
  if (s.type !== undefined && !(Array.isArray(s.type) ? s.type : [s.type]).some((t) => hasType(t, v))) return false;
  if (typeof v === 'number') {
    if (s.minimum !== undefined && v < s.minimum) return false;
    if (s.maximum !== undefined && v > s.maximum) return false;
    if (s.exclusiveMinimum !== undefined && v <= s.exclusiveMinimum) return false;
    if (s.exclusiveMaximum !== undefined && v >= s.exclusiveMaximum) return false;
  }
  if (typeof v === 'string') {
    if (s.minLength !== undefined && v.length < s.minLength) return false;
    if (s.maxLength !== undefined && v.length > s.maxLength) return false;
    if (s.pattern !== undefined && !new RegExp(s.pattern).test(v)) return false;
    if (s.format === 'date' && !isCalendarDate(v)) return false;
  }
  if (Array.isArray(v)) {
    if (s.minItems !== undefined && v.length < s.minItems) return false;
    if (s.maxItems !== undefined && v.length > s.maxItems) return false;
    if (s.items && options.checkItems !== false && !v.every((item) => accepts(s.items, item, options))) return false;
  }
  if (isObject(v)) {
    const keys = Object.keys(v);
    if (s.required && !s.required.every((k) => Object.prototype.hasOwnProperty.call(v, k))) return false;
    if (s.minProperties !== undefined && keys.length < s.minProperties) return false;
    if (s.maxProperties !== undefined && keys.length > s.maxProperties) return false;
    for (const k of keys) {
      if (s.propertyNames && !accepts(s.propertyNames, k, options)) return false;
      const own = s.properties && Object.prototype.hasOwnProperty.call(s.properties, k) ? s.properties[k] : undefined;
      if (own !== undefined) {
        if (!accepts(own, v[k], options)) return false;
      } else if (s.additionalProperties !== undefined && !accepts(s.additionalProperties, v[k], options)) {
        return false;
      }
    }
  }
  return true;
}

export class SampleError extends Error {}

/** Values by parameter or property name: ids that must exist in the fixture company. */
const BY_NAME: Record<string, (f: Fixture) => unknown> = {
  companyId: (f) => f.company.companyId,
  roleId: (f) => f.roleId,
  positionId: (f) => f.roleId,
  categoryId: (f) => f.roleId,
  employeeId: (f) => f.company.employeeId,
  employeeIds: (f) => [f.company.employeeId],
  subRoleId: (f) => f.subRoleId,
  subcategoryId: (f) => f.subRoleId,
};

const ESCAPES: Record<string, string> = { d: '0', w: 'a', s: ' ' };

/** A string matching a simple pattern (classes, groups, alternation, quantifiers), or undefined. */
export function stringFromPattern(p: string): string | undefined {
  let i = 0;
  const quantity = (): number | undefined => {
    let n = 1;
    if (p[i] === '*' || p[i] === '?') {
      i++;
      n = 0;
    } else if (p[i] === '+') {
      i++;
    } else if (p[i] === '{') {
      const m = /^\{(\d+)(,\d*)?\}/.exec(p.slice(i));
      if (!m) return undefined;
      i += m[0].length;
      n = Number(m[1]);
    }
    if (p[i] === '?') i++;
    return n;
  };
  const atom = (): string | undefined => {
    const c = p[i++];
    if (c === '^' || c === '$') return '';
    if (c === '.') return 'a';
    if (c === '\\') {
      const e = p[i++];
      return ESCAPES[e] ?? (/[A-Za-z0-9]/.test(e) ? undefined : e);
    }
    if (c === '[') {
      if (p[i] === '^') return undefined;
      let first: string | undefined;
      while (i < p.length && p[i] !== ']') {
        let ch = p[i++];
        if (ch === '\\') {
          ch = ESCAPES[p[i]] ?? p[i];
          i++;
        }
        first ??= ch;
      }
      i++;
      return first;
    }
    if (c === '(') {
      if (p.startsWith('?:', i)) i += 2;
      else if (p[i] === '?') return undefined;
      const inner = alternatives();
      if (p[i++] !== ')') return undefined;
      return inner;
    }
    return '*+?{|)'.includes(c) ? undefined : c;
  };
  const alternatives = (): string | undefined => {
    const alts: string[] = [];
    let current = '';
    while (i < p.length && p[i] !== ')') {
      if (p[i] === '|') {
        alts.push(current);
        current = '';
        i++;
        continue;
      }
      const a = atom();
      if (a === undefined) return undefined;
      const n = quantity();
      if (n === undefined) return undefined;
      current += a.repeat(n);
    }
    alts.push(current);
    return alts[0];
  };
  const out = alternatives();
  return out !== undefined && i >= p.length && new RegExp(p).test(out) ? out : undefined;
}

function numberSample(s: JsonSchema, integer: boolean): number {
  let lo = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + (integer ? 1 : 0.5) : -Infinity);
  if (integer) lo = Math.ceil(lo);
  const hi = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - (integer ? 1 : 0.5) : Infinity);
  if (lo <= 0 && hi >= 0) return 0;
  return lo > 0 ? lo : Math.floor(hi);
}

/**
 * A valid value: required properties only, enums' first value, format-aware strings, numbers
 * inside their bounds, null where a union allows it, fixture ids for the names of BY_NAME.
 */
export function sample(s: JsonSchema, f: Fixture, at: string, name?: string): unknown {
  const out = rawSample(s, f, at, name);
  if (!accepts(s, out))
    throw new SampleError(
      `${at}: no generic value for ${JSON.stringify(s).slice(0, 200)} (got ${JSON.stringify(out)?.slice(0, 80)})`,
    );
  return out;
}

function rawSample(s: JsonSchema, f: Fixture, at: string, name?: string): unknown {
  const byName = name ? BY_NAME[name]?.(f) : undefined;
  if (byName !== undefined && accepts(s, byName)) return byName;
  if ('const' in s) return s.const;
  if (s.enum?.length) return s.enum[0];
  const union = s.anyOf ?? s.oneOf;
  if (union) {
    if (union.some((b) => b.type === 'null')) return null;
    for (const branch of union) {
      try {
        return sample(branch, f, at, name);
      } catch {
        /* try the next branch */
      }
    }
    throw new SampleError(`${at}: no branch of the union has a generic value`);
  }
  const types = s.type === undefined ? [] : Array.isArray(s.type) ? s.type : [s.type];
  if (types.includes('null')) return null;
  switch (types[0]) {
    case 'string': {
      if (s.format === 'date') return SAMPLE_DATE;
      if (s.format === 'date-time') return `${SAMPLE_DATE}T12:00:00.000Z`;
      if (s.format === 'email') return 'contract@example.com';
      if (s.pattern) {
        const generated = stringFromPattern(s.pattern);
        if (generated === undefined)
          throw new SampleError(`${at}: pattern ${s.pattern} is too complex for a generic value`);
        return generated;
      }
      return 'contract'.padEnd(s.minLength ?? 0, 'x').slice(0, s.maxLength ?? Infinity);
    }
    case 'integer':
      return numberSample(s, true);
    case 'number':
      return numberSample(s, false);
    case 'boolean':
      return true;
    case 'array': {
      const n = s.minItems ?? 0;
      return Array.from({ length: n }, (_, k) => sample(s.items ?? {}, f, `${at}[${k}]`));
    }
    case 'object': {
      const obj: Record<string, unknown> = {};
      for (const key of s.required ?? []) {
        const prop = s.properties?.[key] ?? (isObject(s.additionalProperties) ? s.additionalProperties : {});
        obj[key] = sample(prop, f, `${at}.${key}`, key);
      }
      return obj;
    }
    case undefined:
      return 'contract';
    default:
      throw new SampleError(`${at}: unknown type ${types[0]}`);
  }
}

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

/** A request in wire form: encoded path segments, encoded query pairs, raw JSON text. */
export interface Call {
  path: Record<string, string>;
  query: Array<[string, string]>;
  /** Raw request body (sent as application/json unless headers name its Content-Type); undefined sends none. */
  body?: string;
  /** Extra request headers (a webhook's signature). */
  headers?: Record<string, string>;
}

export interface Sample {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  body?: unknown;
  headers?: Record<string, string>;
}

/** The valid request of an operation: its generic sample with the operation's override applied. */
export function buildSample(op: Operation, f: Fixture): Sample {
  const out: Sample = { path: {}, query: {} };
  for (const p of op.parameters) {
    if (p.in !== 'path' && p.in !== 'query') continue;
    if (p.in === 'query' && !p.required) continue;
    const value = isCompanyParam(op, p) ? f.company.companyId : sample(p.schema, f, `${p.in}.${p.name}`, p.name);
    out[p.in][p.name] = value;
  }
  if (op.body) out.body = sample(op.body, f, 'body');
  const override = overrideOf(op)?.request?.(f, preparedOf(op, f));
  if (override) {
    Object.assign(out.path, override.path);
    Object.assign(out.query, override.query);
    if ('body' in override) out.body = override.body;
    if (override.headers) out.headers = override.headers;
  }
  return out;
}

const queryText = (v: unknown) => (Array.isArray(v) ? v.map(String).join(',') : String(v));

export function toCall(s: Sample): Call {
  return {
    path: Object.fromEntries(Object.entries(s.path).map(([k, v]) => [k, encodeURIComponent(String(v))])),
    query: Object.entries(s.query).map(([k, v]) => [encodeURIComponent(k), encodeURIComponent(queryText(v))]),
    // a body with its own Content-Type (an uploaded file) is sent as it is; any other as JSON
    ...(s.body !== undefined
      ? { body: s.headers?.['Content-Type'] && typeof s.body === 'string' ? s.body : JSON.stringify(s.body) }
      : {}),
    ...(s.headers ? { headers: s.headers } : {}),
  };
}

export function urlOf(op: Operation, c: Call): string {
  const pathPart = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => c.path[name] ?? '');
  return c.query.length ? `${pathPart}?${c.query.map(([k, v]) => `${k}=${v}`).join('&')}` : pathPart;
}

export interface Answer {
  status: number;
  text: string;
  headers: Record<string, string | undefined>;
}

export type Caller =
  { kind: 'none' } | { kind: 'malformed token' } | { kind: 'user'; user: TestUser } | { kind: 'key'; key: string };

export function headersOf(caller: Caller): Record<string, string> {
  if (caller.kind === 'none') return {};
  if (caller.kind === 'malformed token') return { Authorization: 'Bearer not-a-firebase-id-token' };
  if (caller.kind === 'key') return { Authorization: `Bearer ${caller.key}` };
  return bearer(caller.user);
}

export async function send(op: Operation, c: Call, caller: Caller): Promise<Answer> {
  let req = api(op.module)
    [op.method](urlOf(op, c))
    .set({ ...c.headers, ...headersOf(caller) });
  if (c.body !== undefined)
    req = req.set('Content-Type', c.headers?.['Content-Type'] ?? 'application/json').send(c.body);
  const res = await req;
  return { status: res.status, text: res.text ?? '', headers: res.headers as Record<string, string> };
}

/** Runs `work` over `items` with at most `limit` at a time. */
/**
 * Runs `work` over `items` with at most `limit` at a time. After a failure no new item starts, and
 * the first error is thrown once the items under way have settled: no request outlives its test.
 */
export async function pool<T, R>(
  items: T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  let failure: { error: unknown } | undefined;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (!failure && next < items.length) {
        const index = next++;
        try {
          results[index] = await work(items[index], index);
        } catch (error) {
          failure ??= { error };
        }
      }
    }),
  );
  if (failure) throw failure.error;
  return results;
}

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

const STACK_TRACE = /at .*\.(ts|js):\d+/;

export const show = (a: Answer) =>
  `${a.status} ${a.headers['content-type'] ?? '(no content-type)'} ${a.text.slice(0, 200)}`;

/** What is wrong with an answer that must be the error envelope {success:false, error, code, details?}. */
export function errorEnvelopeProblems(a: Answer): string[] {
  const problems: string[] = [];
  if (a.status >= 500) problems.push(`a ${a.status}`);
  if (!/^application\/json\b/.test(a.headers['content-type'] ?? '')) problems.push('not JSON');
  if (STACK_TRACE.test(a.text)) problems.push('a stack trace in the body');
  let body: unknown;
  try {
    body = JSON.parse(a.text);
  } catch {
    problems.push('an unparseable body');
    return problems;
  }
  if (!isObject(body) || body.success !== false || typeof body.code !== 'string' || typeof body.error !== 'string') {
    problems.push('not the error envelope');
  }
  return problems;
}

export function parseBody(a: Answer): Record<string, unknown> | undefined {
  try {
    const body = JSON.parse(a.text);
    return isObject(body) ? body : undefined;
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------------------------------------
// What a request could have written
// ---------------------------------------------------------------------------------------------

function adminApp() {
  const app = getApps()[0];
  if (!app)
    throw new Error('firebase-admin is initialised by the test helpers: create the fixture (createCompany) first');
  return app;
}

/**
 * Of the writes sent, those to what a request about the fixture company could write: the company
 * document and everything under it, and any document (a membership, a lock, a root collection's)
 * whose path or content names the company or a user of the contract worlds.
 */
export function worldWrites(writes: readonly SentWrite[], companyId: string): string[] {
  // a write's text holds its document's path, so a path under the company names it too
  const names = [companyId, ...WORLD_UIDS];
  return pathsOf(writes.filter((w) => names.some((name) => w.text.includes(name))));
}

// ---------------------------------------------------------------------------------------------
// The access matrix
// ---------------------------------------------------------------------------------------------

export interface Cell {
  label: string;
  caller: Caller;
  status: number;
  /** The expected code; undefined accepts any code (a kind whose refusal code is not fixed yet). */
  code?: string;
}

const user = (u: TestUser): Caller => ({ kind: 'user', user: u });
const keyCaller = (key: string): Caller => ({ kind: 'key', key });

/**
 * Keys of x-access kind 'key' (callers outside Firebase Auth, e.g. reservation partners), by
 * security scheme: how the fixture company issues one, what a refused key gets, and which path
 * parameter names who the key was issued to (its subject: a key is refused on another one).
 */
interface KeyScheme {
  refusal: { status: number; code: string };
  subjectParam: string;
  /** Issues the fixture company's key for a subject through the API, as its owner does. */
  issue: (f: Fixture, subject: string) => Promise<string>;
  malformed: string;
  /** A key of the right form that was never issued. */
  forged: () => string;
  /** `key` with its id kept and another secret. */
  wrongSecret: (key: string) => string;
}

const PARTNER_KEY = /^(wfpk_[0-9a-f]{18}_)[A-Za-z0-9_-]{43}$/;

const KEY_SCHEMES: Record<string, KeyScheme> = {
  partnerKey: {
    refusal: { status: 401, code: 'PARTNER_KEY_INVALID' },
    subjectParam: 'slug',
    issue: async (f, slug) => {
      const { partnerKey } = await connectAs(f, { slug });
      if (typeof partnerKey !== 'string' || !PARTNER_KEY.test(partnerKey))
        throw new Error(`fixture: connecting ${slug} issued no partner key (${JSON.stringify(partnerKey)})`);
      return partnerKey;
    },
    malformed: 'wfpk_not-a-partner-key',
    forged: () => `wfpk_${randomBytes(9).toString('hex')}_${randomBytes(32).toString('base64url')}`,
    wrongSecret: (key) => `${PARTNER_KEY.exec(key)![1]}${randomBytes(32).toString('base64url')}`,
  },
};

/** A subject's keys in a fixture company: the one in force and the one it replaced (revoked by the second connect). */
interface IssuedKeys {
  current: string;
  revoked: string;
}

const ISSUED = new WeakMap<Fixture, Map<string, Promise<IssuedKeys>>>();
const ISSUED_NOW = new WeakMap<Fixture, Map<string, IssuedKeys>>();

/** Issues the fixture company's keys for a subject (twice: the first is revoked), once per fixture. */
function issueKeys(f: Fixture, scheme: string, subject: string): Promise<IssuedKeys> {
  const id = `${scheme} ${subject}`;
  const pending = ISSUED.get(f) ?? new Map<string, Promise<IssuedKeys>>();
  ISSUED.set(f, pending);
  let keys = pending.get(id);
  if (!keys) {
    keys = (async () => {
      const revoked = await KEY_SCHEMES[scheme].issue(f, subject);
      const issued = { revoked, current: await KEY_SCHEMES[scheme].issue(f, subject) };
      const now = ISSUED_NOW.get(f) ?? new Map<string, IssuedKeys>();
      ISSUED_NOW.set(f, now.set(id, issued));
      return issued;
    })();
    pending.set(id, keys);
  }
  return keys;
}

function issuedKeys(f: Fixture, scheme: string, subject: string): IssuedKeys {
  const keys = ISSUED_NOW.get(f)?.get(`${scheme} ${subject}`);
  if (!keys)
    throw new Error(`the ${scheme} keys of ${subject} are not issued in this fixture (contractSetup issues them)`);
  return keys;
}

/** The subject of a key-access operation's sample request, and another subject its parameter allows. */
function subjectsOf(op: Operation, f: Fixture): { scheme: KeyScheme; name: string; subject: string; other: string } {
  const name = accessOf(op).scheme!;
  const scheme = KEY_SCHEMES[name];
  const subject = String(buildSample(op, f).path[scheme.subjectParam]);
  const param = op.parameters.find((p) => p.in === 'path' && p.name === scheme.subjectParam)!;
  const other = param.schema.enum?.find((v) => typeof v === 'string' && v !== subject);
  if (typeof other !== 'string')
    throw new Error(
      `${op.key}: path parameter ${param.name} names no second ${scheme.subjectParam} to try another's key on`,
    );
  return { scheme, name, subject, other };
}

/** The document's x-access, checked: the matrix knows these kinds and roles, and fails on others. */
export function accessOf(op: Operation): Access {
  const access = op.access;
  if (!access || typeof access.kind !== 'string')
    throw new Error(`${op.key} has no x-access: every operation must say who may call it`);
  if (!['public', 'authenticated', 'admin', 'company', 'organization', 'service', 'key'].includes(access.kind)) {
    throw new Error(
      `x-access kind '${access.kind}' of ${op.key} is unknown to the contract matrix: teach denialCells and authorisedCaller in test/contract/generate.ts`,
    );
  }
  if (access.kind === 'company' && !ROLES.includes(access.minRole as Role)) {
    throw new Error(`${op.key}: x-access company with minRole '${access.minRole}', not one of ${ROLES.join(', ')}`);
  }
  if (access.kind === 'key') {
    const scheme = KEY_SCHEMES[access.scheme ?? ''];
    if (!scheme)
      throw new Error(
        `${op.key}: x-access key with scheme '${access.scheme}', unknown to the contract matrix: teach KEY_SCHEMES in test/contract/generate.ts`,
      );
    if (!op.parameters.some((p) => p.in === 'path' && p.name === scheme.subjectParam)) {
      throw new Error(
        `${op.key}: a ${access.scheme} route without the path parameter ${scheme.subjectParam} naming the key's holder`,
      );
    }
  }
  return access;
}

/** Issues what the access of an operation needs in the fixture: the keys of a key-access route (its subject's and another's). */
async function prepareAccess(op: Operation, f: Fixture): Promise<void> {
  try {
    if (accessOf(op).kind !== 'key') return;
  } catch {
    return; // an access the matrix does not know: its first test names it
  }
  const { name, subject, other } = subjectsOf(op, f);
  await Promise.all([issueKeys(f, name, subject), issueKeys(f, name, other)]);
}

/** Every caller the access model excludes from the operation, with the refusal it must get. */
export function denialCells(op: Operation, w: World): Cell[] {
  const access = accessOf(op);
  const f = w.fixture;
  if (access.kind === 'public') return [];
  if (access.kind === 'key') {
    const { scheme, name, subject, other } = subjectsOf(op, f);
    const mine = issuedKeys(f, name, subject);
    const refused = (label: string, caller: Caller): Cell => ({ label, caller, ...scheme.refusal });
    return [
      refused('no key', { kind: 'none' }),
      refused('a malformed key', keyCaller(scheme.malformed)),
      refused("the company owner's Firebase ID token instead of a key", user(f.company.owner)),
      refused('a well-formed key that was never issued', keyCaller(scheme.forged())),
      refused(
        `the id of the company's ${subject} key with another secret`,
        keyCaller(scheme.wrongSecret(mine.current)),
      ),
      refused(`the company's revoked ${subject} key (replaced by a second connect)`, keyCaller(mine.revoked)),
      refused(
        `the company's key for another ${scheme.subjectParam} (${other})`,
        keyCaller(issuedKeys(f, name, other).current),
      ),
    ];
  }
  const cells: Cell[] = [
    { label: 'no token', caller: { kind: 'none' }, status: 401, code: 'AUTH_REQUIRED' },
    { label: 'a malformed token', caller: { kind: 'malformed token' }, status: 401, code: 'AUTH_INVALID_TOKEN' },
  ];
  if (access.kind === 'admin') {
    cells.push({
      label: 'the owner of the company, without the admin claim',
      caller: user(f.company.owner),
      status: 403,
      code: 'ADMIN_REQUIRED',
    });
  }
  if (access.kind === 'service') {
    cells.push(
      {
        label: 'a signed-in user without the service claim',
        caller: user(w.plain),
        status: 403,
        code: 'SERVICE_REQUIRED',
      },
      {
        label: 'an administrator without the service claim',
        caller: user(w.admin),
        status: 403,
        code: 'SERVICE_REQUIRED',
      },
    );
  }
  if (access.kind === 'organization') {
    // the organization is the fixture company's (its owner made it): anyone else is told it does not exist
    const notFound = { status: 404, code: 'ORGANIZATION_NOT_FOUND' };
    cells.push(
      { label: 'the owner of another company', caller: user(w.other.owner), ...notFound },
      { label: 'an administrator who is not a member', caller: user(w.admin), ...notFound },
      { label: 'a manager of a location of the organization', caller: user(f.company.manager), ...notFound },
      { label: 'an employee of a location of the organization', caller: user(f.company.employee), ...notFound },
    );
  }
  if (access.kind === 'company') {
    const minRole = access.minRole as Role;
    cells.push(
      { label: 'the owner of another company', caller: user(w.other.owner), status: 403, code: 'NOT_A_MEMBER' },
      { label: 'an administrator who is not a member', caller: user(w.admin), status: 403, code: 'NOT_A_MEMBER' },
      ...ROLES.slice(0, ROLES.indexOf(minRole)).map((role): Cell => ({
        label: `a member with the ${role} role (the route needs ${minRole})`,
        caller: user(f.company[role]),
        status: 403,
        code: 'INSUFFICIENT_ROLE',
      })),
    );
  }
  return cells;
}

/** The least privileged caller the operation must serve, in the given fixture company. */
export async function authorisedCaller(
  op: Operation,
  w: World,
  f: Fixture,
): Promise<{ label: string; caller: Caller }> {
  const access = accessOf(op);
  switch (access.kind) {
    case 'public':
      return { label: 'anyone (no token)', caller: { kind: 'none' } };
    case 'authenticated':
      return { label: 'a signed-in user with no membership', caller: user(w.plain) };
    case 'admin':
      return { label: 'an administrator with no membership', caller: user(w.admin) };
    case 'organization':
      return {
        label: 'the owner of the organization (the owner of its first location)',
        caller: user(f.company.owner),
      };
    case 'service':
      return { label: 'a user with the service claim', caller: user(await w.service()) };
    case 'key': {
      const { name, subject } = subjectsOf(op, f);
      return {
        label: `the company's ${name} for ${subject}`,
        caller: keyCaller((await issueKeys(f, name, subject)).current),
      };
    }
    default:
      return { label: `a member with the ${access.minRole} role`, caller: user(f.company[access.minRole as Role]) };
  }
}

/** The caller malformed requests are sent as: the owner, an administrator for admin routes. */
export async function strongestCaller(op: Operation, w: World): Promise<Caller> {
  const access = accessOf(op);
  if (access.kind === 'company') return user(w.fixture.company.owner);
  return (await authorisedCaller(op, w, w.fixture)).caller;
}

// ---------------------------------------------------------------------------------------------
// Malformed variants
// ---------------------------------------------------------------------------------------------

export interface Variant {
  label: string;
  call: Call;
  /**
   * 'id': an id that cannot be a document id (must be 400); 'unicode': a string field holding a lone
   * surrogate (must be 400 VALIDATION_FAILED naming `field`); 'schema': anything else invalid (4xx).
   */
  kind: 'id' | 'schema' | 'unicode';
  /** The detail path the refusal names (kind 'unicode'). */
  field?: string;
  /**
   * The refusal it must get instead, when access is settled before the input is validated: an id in
   * the path parameter naming a key's holder is not the holder the key was issued to.
   */
  refusal?: { status: number; code: string };
  /** Who sends it; by default the strongest caller of the operation. */
  caller?: Caller;
}

/** Ids that must be refused (400) before they become Firestore path segments; `raw` is what goes on the wire. */
const BAD_IDS: Array<{ label: string; raw: (f: Fixture) => string; pathOnly?: boolean }> = [
  { label: "'../corner-cafe' (an encoded slash)", raw: () => '..%2Fcorner-cafe' },
  { label: "'../<the fixture company>'", raw: (f) => `..%2F${f.company.companyId}` },
  { label: "'../../aiConfig/global'", raw: () => '..%2F..%2FaiConfig%2Fglobal' },
  { label: "'<the fixture company>/config/settings'", raw: (f) => `${f.company.companyId}%2Fconfig%2Fsettings` },
  { label: "'/<the fixture company>' (a leading slash)", raw: (f) => `%2F${f.company.companyId}` },
  { label: "'<the fixture company>/' (a trailing slash)", raw: (f) => `${f.company.companyId}%2F` },
  { label: "'.'", raw: () => '.' },
  { label: "'..'", raw: () => '..' },
  { label: "'.' percent-encoded", raw: () => '%2E' },
  { label: "'..' percent-encoded", raw: () => '%2E%2E' },
  { label: "'__x__' (a reserved id)", raw: () => '__x__' },
  { label: "'__proto__' (a reserved id)", raw: () => '__proto__' },
  { label: 'a 1,501-byte id', raw: () => 'a'.repeat(1501) },
  { label: 'a 1,600-byte id', raw: () => 'a'.repeat(1600) },
  { label: 'a 1,520-byte id of 760 characters', raw: () => encodeURIComponent('é'.repeat(760)) },
  // a path parameter must be decoded, and these cannot be: refused (400 MALFORMED_URL, the query's
  // too: MALFORMED_ENCODINGS) before the route's access is checked
  { label: "the malformed percent-encoding '%E0%A4%A'", raw: () => '%E0%A4%A', pathOnly: true },
  { label: "the malformed percent-encoding '%'", raw: () => '%', pathOnly: true },
  { label: "the malformed percent-encoding '%ZZ'", raw: () => '%ZZ', pathOnly: true },
  { label: "the overlong UTF-8 '%C0%AE' (a disguised '.')", raw: () => '%C0%AE', pathOnly: true },
  { label: "the lone surrogate '%ED%A0%80'", raw: () => '%ED%A0%80', pathOnly: true },
];

const BIG_STRING = 'x'.repeat(100 * 1024);
const DEPTH = 500;
const deepObject = (): unknown => {
  let v: unknown = 1;
  for (let k = 0; k < DEPTH; k++) v = { a: v };
  return v;
};
const deepArray = (): unknown => {
  let v: unknown = [];
  for (let k = 0; k < DEPTH; k++) v = [v];
  return v;
};
/**
 * `accepts` for body variants, blind to array items: an operation may take items one by one and
 * report the bad ones in a 2xx (POST /sales/invoices), so only the array itself must be refused.
 */
const acceptsBody = (schema: JsonSchema | undefined, v: unknown) => accepts(schema, v, { checkItems: false });

const BOOLEAN_WORDS = ['true', 'false', '1', '0', 'yes', 'no', 'on', 'off', 'y', 'n', 'enabled', 'disabled'];

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v));

/** `root` with `value` at `at` (an own property even for __proto__ and constructor). */
function setAt(root: unknown, at: string[], value: unknown, remove = false): unknown {
  const copy = clone(root);
  let node = copy as Record<string, unknown>;
  for (const k of at.slice(0, -1)) node = node[k] as Record<string, unknown>;
  const last = at[at.length - 1];
  if (remove) delete node[last];
  else Object.defineProperty(node, last, { value: clone(value), enumerable: true, writable: true, configurable: true });
  return copy;
}

const getAt = (root: unknown, at: string[]) =>
  at.reduce<unknown>((node, k) => (node as Record<string, unknown>)[k], root);

function brief(v: unknown): string {
  if (typeof v === 'string') return v.length > 40 ? `a ${v.length}-character string` : JSON.stringify(v);
  if (Array.isArray(v)) return v.length > 3 ? `an array of ${v.length} items` : JSON.stringify(v).slice(0, 40);
  return JSON.stringify(v).slice(0, 40);
}

const typesOf = (s: JsonSchema) => (s.type === undefined ? [] : Array.isArray(s.type) ? s.type : [s.type]);

/**
 * Values the property schema refuses: each constraint broken once (bounds, fractions, lengths,
 * pattern, enum, calendar dates, item counts), then at most three wrong types: another scalar,
 * null, and an array in place of an object (an object in place of anything else).
 */
function wrongValues(s: JsonSchema, f: Fixture, at: string): unknown[] {
  const types = new Set([s, ...(s.anyOf ?? []), ...(s.oneOf ?? [])].flatMap((b) => typesOf(b)));
  const broken: unknown[] = [];
  if (types.has('integer')) broken.push(1.5);
  if (types.has('integer') || types.has('number')) {
    const bound = (n: number | undefined, d: number) => (n !== undefined && Number.isSafeInteger(n + d) ? [n + d] : []);
    broken.push(...bound(s.minimum, -1), ...bound(s.maximum, 1));
    if (s.exclusiveMinimum !== undefined) broken.push(s.exclusiveMinimum);
    if (s.exclusiveMaximum !== undefined) broken.push(s.exclusiveMaximum);
  }
  if (types.has('string') || s.enum) {
    broken.push('', 'not-a-valid-choice', '!');
    if (s.format === 'date' || s.pattern) broken.push('2026-02-30', '2026-13-01');
    if (s.maxLength !== undefined && s.maxLength < 100_000) broken.push('x'.repeat(s.maxLength + 1));
  }
  if (types.has('array')) {
    try {
      const item = sample(s.items ?? {}, f, `${at}[]`);
      if (s.minItems) broken.push(Array.from({ length: s.minItems - 1 }, () => item));
      if (s.maxItems !== undefined && s.maxItems <= 10_000)
        broken.push(Array.from({ length: s.maxItems + 1 }, () => item));
    } catch {
      /* items without a generic value: the other candidates remain */
    }
  }
  const refused = (c: unknown) => !acceptsBody(s, c);
  const seen = new Set<string>();
  const out = [...broken, [123, 'contract', true].find(refused), null, typesOf(s).includes('object') ? [] : {}].filter(
    (c) => c !== undefined && refused(c),
  );
  return out.filter((c) => {
    const text = JSON.stringify(c);
    if (seen.has(text)) return false;
    seen.add(text);
    return true;
  });
}

function bodyVariants(op: Operation, f: Fixture, base: Call, baseBody: unknown): Variant[] {
  const schema = op.body!;
  const out: Variant[] = [];
  const raw = (label: string, body: string | undefined) =>
    out.push({ label: `body: ${label}`, call: { ...base, body }, kind: 'schema' });
  const json = (label: string, value: unknown) => raw(label, JSON.stringify(value));
  if (op.bodyRequired) raw('none at all', undefined);
  raw('null', 'null');
  raw('a JSON string', '"contract"');
  raw('a number', '42');
  raw('malformed JSON', '{"contract":');
  if (!acceptsBody(schema, [])) raw('an empty array in place of the object', '[]');
  if (!acceptsBody(schema, [baseBody])) json('the valid body inside an array', [baseBody]);
  if (!acceptsBody(schema, {})) raw('an empty object', '{}');
  if (!acceptsBody(schema, deepArray())) json(`a ${DEPTH}-deep nested array`, deepArray());
  if (!acceptsBody(schema, deepObject())) json(`a ${DEPTH}-deep nested object`, deepObject());

  const once = { big: false, deepObject: false, deepArray: false };
  // nested object schemas already walked (e.g. the seven weekdays of availabilities): each once
  const walked = new Set<string>();
  const walk = (s: JsonSchema, root: unknown, at: string[], depth: number) => {
    const value = getAt(root, at);
    if (!isObject(value)) return;
    if (depth > 0) {
      const text = JSON.stringify(s);
      if (walked.has(text)) return;
      walked.add(text);
    }
    const where = at.length ? at.join('.') : '(top level)';
    const put = (label: string, key: string, v: unknown) =>
      json(`${[...at, key].join('.')} = ${label}`, setAt(root, [...at, key], v));
    if (s.additionalProperties === false) {
      json(`${where}: an unknown field`, setAt(root, [...at, 'contractUnknownField'], 1));
      json(`${where}: a __proto__ key`, setAt(root, [...at, '__proto__'], { polluted: true }));
      json(`${where}: a constructor key`, setAt(root, [...at, 'constructor'], { prototype: { polluted: true } }));
      if (!once.big) {
        once.big = true;
        json(
          `${where}: an unknown field holding a 100 KB string`,
          setAt(root, [...at, 'contractUnknownField'], BIG_STRING),
        );
      }
    } else if (s.required?.length) {
      const smuggled = Object.fromEntries(s.required.map((k) => [k, value[k]]));
      const without = s.required.reduce<unknown>((r, k) => setAt(r, [...at, k], undefined, true), root);
      json(`${where}: the required fields only inside __proto__`, setAt(without, [...at, '__proto__'], smuggled));
      json(
        `${where}: the required fields only inside constructor.prototype`,
        setAt(without, [...at, 'constructor'], { prototype: smuggled }),
      );
    }
    for (const key of s.required ?? [])
      json(`${[...at, key].join('.')} missing`, setAt(root, [...at, key], undefined, true));
    for (const [key, ps] of Object.entries(s.properties ?? {})) {
      for (const wrong of wrongValues(ps, f, [...at, key].join('.'))) put(brief(wrong), key, wrong);
      if (typesOf(ps).includes('string')) {
        // a valid value with a lone surrogate after it: JSON spells it, Firestore cannot store it
        const valid = typeof value[key] === 'string' ? value[key] : 'contract';
        const field = ['body', ...at, key].join('.');
        out.push({
          label: `${field} = a lone surrogate after a valid value`,
          call: { ...base, body: JSON.stringify(setAt(root, [...at, key], `${valid}\ud800`)) },
          kind: 'unicode',
          field,
        });
      }
      if (!once.big && !acceptsBody(ps, BIG_STRING)) {
        once.big = true;
        put('a 100 KB string', key, BIG_STRING);
      }
      if (!once.deepObject && !acceptsBody(ps, deepObject())) {
        once.deepObject = true;
        put(`a ${DEPTH}-deep nested object`, key, deepObject());
      }
      if (!once.deepArray && !acceptsBody(ps, deepArray())) {
        once.deepArray = true;
        put(`a ${DEPTH}-deep nested array`, key, deepArray());
      }
      if (depth >= 3 || !typesOf(ps).includes('object')) continue;
      // nested objects (a valid one is put in place first) and records (one valid entry)
      let nested: unknown;
      try {
        nested = key in value ? value[key] : sample(ps, f, key);
      } catch {
        continue;
      }
      if (!isObject(nested)) continue;
      if (ps.properties) walk(ps, setAt(root, [...at, key], nested), [...at, key], depth + 1);
      const entrySchema = isObject(ps.additionalProperties) ? (ps.additionalProperties as JsonSchema) : undefined;
      if (entrySchema && (entrySchema.properties || entrySchema.type)) {
        let entryKey: string;
        let entry: unknown;
        try {
          entryKey = ps.propertyNames ? String(sample(ps.propertyNames, f, `${key}{key}`)) : 'contract';
          entry = sample(entrySchema, f, `${key}.${entryKey}`);
        } catch {
          continue;
        }
        const withNested = setAt(root, [...at, key], nested);
        const withEntry = setAt(root, [...at, key], { ...nested, [entryKey]: entry });
        for (const wrong of wrongValues(entrySchema, f, `${key}.${entryKey}`)) {
          json(
            `${[...at, key, entryKey].join('.')} = ${brief(wrong)}`,
            setAt(withEntry, [...at, key, entryKey], wrong),
          );
        }
        // (a __proto__ key is dropped by the parser, not refused: no variant for it here)
        for (const badKey of ['', 'not-a-valid-choice']) {
          if (ps.propertyNames && !acceptsBody(ps.propertyNames, badKey)) {
            json(
              `${[...at, key].join('.')} with the key ${JSON.stringify(badKey)}`,
              setAt(withNested, [...at, key, badKey], entry),
            );
          }
        }
        if (isObject(entry)) walk(entrySchema, withEntry, [...at, key, entryKey], depth + 1);
      }
    }
  };
  walk(schema, baseBody, [], 0);
  return out;
}

/**
 * The longest query value a variant sends: the request line and headers of Node's HTTP server hold
 * 16 KiB (longer ones are 431 before the app), with room left for an ID token and the other parameters.
 */
const MAX_QUERY_VALUE = 8 * 1024;

/**
 * Near misses of a valid choice of an enum: its case changed, whitespace, NUL and zero-width
 * characters around it, one character more or less, two choices in one value. A server that trims,
 * folds case, matches prefixes or splits lists accepts what the document refuses.
 */
function nearMisses(s: JsonSchema, valid: unknown): Array<[string, string]> {
  const choices = (s.enum ?? []).filter((e): e is string => typeof e === 'string');
  const choice = typeof valid === 'string' && choices.includes(valid) ? valid : choices[0];
  if (choice === undefined) return [];
  const other = choices.find((c) => c !== choice) ?? choice;
  const q = JSON.stringify(choice);
  return [
    [`${q} in upper case`, choice.toUpperCase()],
    [`${q} with a leading space`, ` ${choice}`],
    [`${q} with a trailing space`, `${choice} `],
    [`${q} with a trailing newline`, `${choice}\n`],
    [`${q} with a trailing NUL`, `${choice}\u0000`],
    [`${q} with a trailing zero-width space`, `${choice}\u200b`],
    [`${q} with one more character`, `${choice}x`],
    [`${q} without its last character`, choice.slice(0, -1)],
    [`two choices in one value (${q},${JSON.stringify(other)})`, `${choice},${other}`],
  ];
}

function queryVariants(op: Operation, p: Parameter, f: Fixture, base: Call, valid: unknown): Variant[] {
  const name = encodeURIComponent(p.name);
  const v = encodeURIComponent(valid === undefined ? 'contract' : queryText(valid));
  const others = base.query.filter(([k]) => k !== name);
  const out: Variant[] = [];
  const add = (
    label: string,
    pairs: Array<[string, string]>,
    kind: Variant['kind'] = 'schema',
    refusal?: Variant['refusal'],
  ) =>
    out.push({
      label: `query ${p.name}: ${label}`,
      call: { ...base, query: [...others, ...pairs] },
      kind,
      ...(refusal ? { refusal } : {}),
    });
  const s = p.schema;
  const types = typesOf(s);
  const numeric = types.includes('integer') || types.includes('number');
  const isList = types.includes('array');
  if (p.required) {
    add('missing', []);
    add('only under __proto__', [[`__proto__[${name}]`, v]]);
    add('only under constructor[prototype]', [[`constructor[prototype][${name}]`, v]]);
  }
  if (!isList) {
    // refused as sent, never read as one of its values (a coercing schema would take limit[]=1 as 1)
    const oneValue = { status: 400, code: 'VALIDATION_FAILED' };
    add(
      'repeated (an array)',
      [
        [name, v],
        [name, v],
      ],
      'schema',
      oneValue,
    );
    add('a one-item array (name[])', [[`${name}[]`, v]], 'schema', oneValue);
  }
  if (isCursor(p)) {
    // cursors that are not ours: 400 INVALID_CURSOR, never an empty or first page
    const invalid = { status: 400, code: 'INVALID_CURSOR' };
    const base64url = (text: string) => Buffer.from(text).toString('base64url');
    for (const [label, cursor] of [
      ['not a cursor', 'not-a-cursor'],
      ['base64url that is not one of ours', base64url('1700000000000:contract')],
      ["another list's cursor", base64url(JSON.stringify(['another-list', 'contract']))],
      ['the JSON of a cursor, not its base64url', JSON.stringify([String(p.schema['x-cursor']), 'contract'])],
    ])
      add(`the cursor ${label}`, [[name, encodeURIComponent(cursor)]], 'schema', invalid);
  }
  if (isList || !accepts(s, { x: 'contract' })) add('an object (name[x])', [[`${name}[x]`, v]]);
  add(`a ${DEPTH}-deep nested object`, [[`${name}${'[a]'.repeat(DEPTH)}`, v]]);
  const texts: string[] = [];
  if (numeric) {
    texts.push('abc', '1e400', '1.5');
    if (s.minimum !== undefined && Number.isSafeInteger(s.minimum - 1)) texts.push(String(s.minimum - 1));
    if (s.maximum !== undefined && Number.isSafeInteger(s.maximum + 1)) texts.push(String(s.maximum + 1));
    for (const t of texts) if (!accepts(s, Number(t))) add(brief(t), [[name, encodeURIComponent(t)]]);
  } else if (types.includes('boolean')) {
    for (const t of ['maybe', '2', 'truthy']) if (!BOOLEAN_WORDS.includes(t)) add(brief(t), [[name, t]]);
  } else if (isList) {
    const item = s.items ?? {};
    if (!accepts(item, 'not-a-valid-choice')) add('the item "not-a-valid-choice"', [[name, 'not-a-valid-choice']]);
  } else {
    for (const t of [
      '',
      'not-a-valid-choice',
      '!',
      'not-a-date',
      '2026-02-30',
      '2026-13-01',
      '2026-1-1',
      'a'.repeat(1600),
    ]) {
      if (!accepts(s, t)) add(brief(t), [[name, encodeURIComponent(t)]]);
    }
    if (s.maxLength !== undefined && s.maxLength < MAX_QUERY_VALUE)
      add(`${s.maxLength + 1} characters`, [[name, 'x'.repeat(s.maxLength + 1)]]);
    for (const [label, t] of nearMisses(s, valid)) if (!accepts(s, t)) add(label, [[name, encodeURIComponent(t)]]);
  }
  if (isCompanyParam(op, p)) {
    for (const bad of BAD_IDS.filter((b) => !b.pathOnly)) add(`the id ${bad.label}`, [[name, bad.raw(f)]], 'id');
  }
  return out;
}

/** A page cursor parameter: marked `x-cursor` (the list it pages) in the API description (src/http/cursor.ts). */
export const isCursor = (p: Parameter) => p.in === 'query' && typeof p.schema['x-cursor'] === 'string';

/** Percent-encodings that do not decode: a % without two hex digits, and bytes that are not UTF-8. */
const MALFORMED_ENCODINGS: Array<[string, string]> = [
  ['a cut percent-encoding (%E0%A4%A)', '%E0%A4%A'],
  ['a % without hex digits', 'contract%zz'],
  ['bytes that are not UTF-8 (%C3%28)', '%C3%28'],
];

/** Every malformed variant of the operation's valid request. */
export function malformedVariants(op: Operation, f: Fixture): Variant[] {
  const s = buildSample(op, f);
  const base = toCall(s);
  const out: Variant[] = [];
  // the URL's encoding is checked before anything else: 400 MALFORMED_URL, in the path or the query
  const malformed = { status: 400, code: 'MALFORMED_URL' };
  const firstPath = op.parameters.find((p) => p.in === 'path');
  for (const [label, raw] of MALFORMED_ENCODINGS) {
    if (firstPath)
      out.push({
        label: `path ${firstPath.name}: ${label}`,
        call: { ...base, path: { ...base.path, [firstPath.name]: raw } },
        kind: 'schema',
        refusal: malformed,
      });
    out.push({
      label: `query: ${label} in a value`,
      call: { ...base, query: [...base.query, ['contractEncoding', raw]] },
      kind: 'schema',
      refusal: malformed,
    });
  }
  const key = op.access?.kind === 'key' ? KEY_SCHEMES[op.access.scheme ?? ''] : undefined;
  for (const p of op.parameters) {
    if (p.in === 'path') {
      const holder = key?.subjectParam === p.name;
      for (const bad of BAD_IDS) {
        const refusal = holder && !bad.pathOnly ? { refusal: key.refusal } : {};
        out.push({
          label: `path ${p.name}: the id ${bad.label}`,
          call: { ...base, path: { ...base.path, [p.name]: bad.raw(f) } },
          kind: 'id',
          ...refusal,
        });
      }
    } else if (p.in === 'query') {
      out.push(...queryVariants(op, p, f, base, s.query[p.name] ?? safeSample(p.schema, f, p.name)));
    }
  }
  if (op.body) out.push(...bodyVariants(op, f, base, s.body));
  return out;
}

function safeSample(schema: JsonSchema, f: Fixture, name: string): unknown {
  try {
    return sample(schema, f, `query.${name}`, name);
  } catch {
    return undefined;
  }
}

/** Invalid bodies for the access-before-validation check: the array in place of the object, and an unknown field. */
export function invalidBodies(op: Operation, f: Fixture): Array<{ label: string; body: string }> {
  const s = buildSample(op, f);
  const out = [{ label: 'an array in place of the body', body: '[]' }];
  if (op.body?.additionalProperties === false)
    out.push({ label: 'an unknown field', body: JSON.stringify({ ...(s.body as object), contractUnknownField: 1 }) });
  else out.push({ label: 'null', body: 'null' });
  return out;
}

/** Every operation of the document and the world they act on, with each override's setup done. */
export async function contractSetup(): Promise<{ ops: Operation[]; world: World }> {
  const ops = await loadOperations();
  const world = await createWorld();
  // what an operation acts on (e.g. the override DELETE removes) exists for the refused callers too
  for (const op of ops) await prepare(op, world.fixture, world);
  // and the keys of key-access routes, which the refused callers' cells present (another subject's, a revoked one)
  for (const op of ops) await prepareAccess(op, world.fixture);
  return { ops, world };
}
