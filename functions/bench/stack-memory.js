/**
 * The local stack's resident memory (docs/BENCHMARKS.md "Stack memory"), against the running stack
 * (`npm start`); not part of `npm run bench`, which runs without one.
 *
 *   node bench/stack-memory.js rss                      the sum of RSS over the stack's process tree, now
 *   node bench/stack-memory.js sweep [rounds]           every operation of the served API description
 *                                                       called through the one address, 8 at a time, as
 *                                                       the owner of Harbor & Vine, rounds times (default 3)
 *   node bench/stack-memory.js load [minutes] [clients] clients (default 20) calling the API through its
 *                                                       one address for minutes (default 10)
 * Both sample the RSS every 15 s and report the peak.
 *
 * The stack is the process running scripts/stack.js (or STACK_PID) and all its descendants: the
 * Firestore emulator and the other in-process servers, firebase-tools, the Functions emulator's
 * worker processes. A request fails when it gets no answer or a 5xx; each client signs in as a demo
 * account (Auth emulator) and calls read operations of every module and the calculator in turn.
 */
const fs = require('node:fs');
const { URLSearchParams } = require('node:url');

const API = process.env.STACK_API_URL ?? 'http://127.0.0.1:5002/api';
const AUTH = 'http://127.0.0.1:9099/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=local';
const PASSWORD = 'demo-password';
const MB = 1024 * 1024;

function processes() {
  const all = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const status = fs.readFileSync(`/proc/${entry}/status`, 'utf8');
      const cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').join(' ');
      const field = (name) => new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)?.[1];
      all.push({ pid: Number(entry), ppid: Number(field('PPid')), rss: Number(field('VmRSS') ?? 0) * 1024, cmdline });
    } catch {
      // the process ended while being read
    }
  }
  return all;
}

function stackTree() {
  const all = processes();
  const rootPid = Number(process.env.STACK_PID) || all.find((p) => /scripts\/stack\.js/.test(p.cmdline))?.pid;
  if (!rootPid) throw new Error('no running stack (scripts/stack.js); start it with npm start or set STACK_PID');
  const tree = new Map([[rootPid, all.find((p) => p.pid === rootPid)]]);
  for (let grew = true; grew;) {
    grew = false;
    for (const p of all)
      if (!tree.has(p.pid) && tree.has(p.ppid)) {
        tree.set(p.pid, p);
        grew = true;
      }
  }
  const members = [...tree.values()].filter(Boolean);
  return {
    processes: members.length,
    workers: members.filter((p) => /functionsEmulatorRuntime/.test(p.cmdline)).length,
    rss: members.reduce((sum, p) => sum + p.rss, 0),
  };
}

const describe = ({ processes, workers, rss }) =>
  `${(rss / MB).toFixed(0)} MB resident in ${processes} processes (${workers} Functions emulator workers)`;

async function idToken(email) {
  const res = await fetch(AUTH, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, returnSecureToken: true }),
  });
  if (!res.ok) throw new Error(`sign-in of ${email}: ${res.status}`);
  return (await res.json()).idToken;
}

const today = new Date().toISOString().slice(0, 10);
const weekAgo = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
const HARBOR = 'companyId=harbor-vine';
/** What the clients call, in turn: [method, path, body?], as the owner of Harbor & Vine. */
const OPERATIONS = [
  ['GET', '/companies/harbor-vine'],
  ['GET', `/roles?${HARBOR}`],
  ['GET', `/employees?${HARBOR}`],
  ['GET', `/shifts?${HARBOR}&startDate=${weekAgo}&endDate=${today}`],
  ['GET', `/punches?${HARBOR}&startDate=${weekAgo}&endDate=${today}`],
  ['GET', '/ai-config/global'],
  ['GET', `/sales?${HARBOR}&startDate=${weekAgo}&endDate=${today}`],
  ['GET', `/payroll/periods?${HARBOR}`],
  ['GET', `/integrations?${HARBOR}`],
  ['GET', `/runs?${HARBOR}`],
  ['GET', `/csv-imports?${HARBOR}`],
  ['GET', '/me'],
  ['POST', '/calculator/expression', { expression: '(1249.95 + 80.05) * 0.15' }],
  ['GET', `/memories?${HARBOR}`],
  ['GET', `/documents?${HARBOR}`],
  ['GET', `/postings?${HARBOR}`],
  ['GET', `/posts?${HARBOR}`],
  ['GET', `/requests?${HARBOR}`],
  ['GET', `/conversations?${HARBOR}`],
  ['GET', `/webhook-endpoints?${HARBOR}`],
  ['GET', '/openapi'],
];

/** Samples the stack every 15 s until stopped; `stop()` answers the peak. */
function sampler() {
  let peak = stackTree();
  console.log(`at the start: ${describe(peak)}`);
  const timer = setInterval(() => {
    const now = stackTree();
    if (now.rss > peak.rss) peak = now;
    console.log(`  ${new Date().toISOString().slice(11, 19)} ${describe(now)}`);
  }, 15_000);
  return {
    stop() {
      clearInterval(timer);
      const end = stackTree();
      return { end, peak: end.rss > peak.rss ? end : peak };
    },
  };
}

/** Calls the API, counting answers by status; no answer or a 5xx is a failure. */
function caller(token) {
  const statuses = {};
  const failures = [];
  const call = async (method, path, body) => {
    try {
      const res = await fetch(`${API}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(120_000),
      });
      await res.arrayBuffer();
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      if (res.status >= 500) failures.push(`${method} ${path}: ${res.status}`);
    } catch (err) {
      failures.push(`${method} ${path}: ${err.message}`);
    }
  };
  const report = (what, { end, peak }) => {
    const total = Object.values(statuses).reduce((a, b) => a + b, 0);
    console.log(`after ${what}: ${describe(end)}; peak ${describe(peak)}`);
    console.log(`${total} answers by status ${JSON.stringify(statuses)}; ${failures.length} failed`);
    for (const failure of failures.slice(0, 20)) console.log(`  failed: ${failure}`);
    return failures.length ? 1 : 0;
  };
  return { call, report };
}

async function load(minutes, clients) {
  const { call, report } = caller(await idToken('owner@harborvine.demo'));
  const until = Date.now() + minutes * 60_000;
  const sampling = sampler();
  const client = async (n) => {
    for (let i = n; Date.now() < until; i++) await call(...OPERATIONS[i % OPERATIONS.length]);
  };
  await Promise.all(Array.from({ length: clients }, (_, n) => client(n)));
  return report(`${minutes} min of ${clients} clients`, sampling.stop());
}

/** A request for an operation of the description: path parameters `x`, the demo company, an empty JSON body. */
function sampleRequest(path, method, operation) {
  const query = new URLSearchParams();
  for (const p of operation.parameters ?? [])
    if (p.in === 'query' && p.name === 'companyId') query.set('companyId', 'harbor-vine');
  const filled = path.replace(/\{(\w+)\}/g, (_, name) =>
    name === 'id' && path.startsWith('/companies') ? 'harbor-vine' : 'x',
  );
  const search = query.size ? `?${query}` : '';
  return [method.toUpperCase(), `${filled}${search}`, method === 'get' || method === 'delete' ? undefined : {}];
}

async function sweep(rounds) {
  const description = await (await fetch(`${API}/openapi.json`)).json();
  // the demo company must survive: no deletion, and nothing that needs no body to act on the owner's account
  const spared = (path, method) => method === 'delete' || (method !== 'get' && /^\/(leave|me|signup|admin)/.test(path));
  const requests = Object.entries(description.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => !spared(path, method))
      .map(([method, operation]) => sampleRequest(path, method, operation)),
  );
  const { call, report } = caller(await idToken('owner@harborvine.demo'));
  const sampling = sampler();
  for (let round = 0; round < rounds; round++) {
    const queue = [...requests];
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let next = queue.shift(); next; next = queue.shift()) await call(...next);
      }),
    );
  }
  return report(`${rounds} sweeps of ${requests.length} operations`, sampling.stop());
}

async function main() {
  const [command = 'rss', minutes = '10', clients = '20'] = process.argv.slice(2);
  if (command === 'rss') {
    console.log(describe(stackTree()));
    return 0;
  }
  if (command === 'load') return load(Number(minutes), Number(clients));
  if (command === 'sweep') return sweep(Number(process.argv[3] ?? 3));
  console.error('usage: node bench/stack-memory.js rss | sweep [rounds] | load [minutes] [clients]');
  return 2;
}

/** The stack's resident memory as one figure, for the benchmarks that report it beside their own (bench/messaging.ts). */
module.exports = { processes, stackTree };

if (require.main === module)
  main().then(
    (code) => process.exit(code),
    (err) => {
      console.error(err.message);
      process.exit(1);
    },
  );
