/**
 * Starts the emulators the code needs, on loopback, without Java or network:
 *  - the Node gRPC Firestore emulator (@firestore-emulator/server), in this process;
 *  - the Firebase Auth emulator (and optionally the Functions emulator) from firebase-tools;
 *  - the Cloud Storage emulator's Node server from firebase-tools, in this process (startStorage).
 * Used by `npm test` (scripts/with-emulators.js) and `npm start` (scripts/stack.js).
 */
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const http = require('node:http');
const { isolateTransactions } = require('./emulator-transactions');
const { recordQueryShapes } = require('./query-shapes');

const FUNCTIONS_DIR = path.resolve(__dirname, '..');
const ROOT_DIR = path.resolve(FUNCTIONS_DIR, '..');
const RUNTIME_DIR = path.join(ROOT_DIR, '.runtime');
/** Where the local stack (scripts/stack.js) writes the firebase emulators' output, the functions' log lines among it. */
const EMULATORS_LOG = path.join(RUNTIME_DIR, 'emulators.log');
/**
 * Requests the Functions emulator runs at once, across all functions (firebase-tools'
 * FUNCTIONS_EMULATOR_PARALLEL, default 50); the others wait in its queue. Each running request holds
 * a worker process, so this bounds the busy workers (emulator-workers.js gives the idle ones back).
 */
const FUNCTIONS_PARALLEL = 3;

/**
 * The Node emulator adds a document to a collection with an immer `produce` over the whole
 * collection record: O(n) per new document (a year of invoices, 110,000 documents, never finished:
 * batch commits passed their 60 s deadline near 20,000 documents; now it loads in about 25 s).
 * Same behaviour, in place: a collection's documents record is owned by the collection alone.
 */
function patchFirestoreEmulator() {
  const { FirestoreStateCollection, FirestoreStateDocument } = require('@firestore-emulator/server');
  if (FirestoreStateCollection.prototype.__inPlaceGetDocument) return;
  FirestoreStateCollection.prototype.getDocument = function getDocument(documentName) {
    let documents = this.documents;
    let document = Object.prototype.hasOwnProperty.call(documents, documentName) ? documents[documentName] : undefined;
    if (!document) {
      if (Object.isFrozen(documents)) this.documents = documents = { ...documents };
      document = new FirestoreStateDocument(this.emitter, this.database, this, documentName, {}, {});
      documents[documentName] = document;
    }
    return document;
  };
  FirestoreStateCollection.prototype.__inPlaceGetDocument = true;
  // FieldValue.delete(): Firestore removes a field path named in a write's mask (an update, a merge)
  // that the write carries no value for; the package applies the written values and keeps the rest
  for (const method of ['update', 'set']) {
    const write = FirestoreStateDocument.prototype[method];
    FirestoreStateDocument.prototype[method] = function writeDeletingMasked(date, fields, updateMask) {
      // a write with no mask at all (a plain set) replaces the whole document; the package merged it
      // into the stored fields. Its own field transforms call set without a mask to merge one field.
      if (method === 'set' && updateMask === undefined && !this.__transforming && this.metadata.hasExist)
        this.fields = {};
      write.call(this, date, fields, updateMask ?? []);
      for (const path of updateMask ?? []) this.fields = withoutAbsent(this.fields, fields, fieldPathSegments(path));
    };
  }
  const transform = FirestoreStateDocument.prototype.v1Transform;
  FirestoreStateDocument.prototype.v1Transform = function transformMerging(...args) {
    this.__transforming = true;
    try {
      return transform.apply(this, args);
    } finally {
      this.__transforming = false;
    }
  };
}

/** The segments of a field path as the mask names them (`a.b`, with back-quoted segments holding dots). */
function fieldPathSegments(path) {
  return [...path.matchAll(/`((?:[^`\\]|\\.)*)`|([^.]+)/g)].map((m) =>
    m[1] !== undefined ? m[1].replace(/\\(.)/g, '$1') : m[2],
  );
}

/** `fields` without the field at `segments` when `written` has no value there (stored map fields hold `.value`). */
function withoutAbsent(fields, written, segments) {
  const [key, ...rest] = segments;
  if (!Object.prototype.hasOwnProperty.call(fields, key)) return fields;
  if (rest.length === 0) {
    if (written && Object.prototype.hasOwnProperty.call(written, key)) return fields;
    const { [key]: _removed, ...kept } = fields;
    return kept;
  }
  const stored = fields[key];
  const writtenMap = written?.[key];
  if (stored?.type !== 'map_value' || (writtenMap && writtenMap.type !== 'map_value')) return fields;
  const inner = withoutAbsent(stored.value, writtenMap?.value, rest);
  return inner === stored.value ? fields : { ...fields, [key]: new stored.constructor(inner) };
}

/**
 * The Node Firestore emulator on `port`, with transactions isolated as Firestore isolates them
 * (emulator-transactions.js); `onQueryShape(shape)` is called once per distinct query shape it runs.
 * The package's own `start(port)` binds 0.0.0.0 (every interface, so anyone on the network could
 * read and write the data): its gRPC server is bound here to the loopback address only, with the
 * grpc-js the package itself uses.
 */
async function startFirestore(port, { onQueryShape } = {}) {
  patchFirestoreEmulator();
  const { FirestoreServer } = require('@firestore-emulator/server');
  const grpc = require(require.resolve('@grpc/grpc-js', { paths: [require.resolve('@firestore-emulator/server')] }));
  const server = new FirestoreServer();
  isolateTransactions(server);
  if (onQueryShape) recordQueryShapes(server, onQueryShape);
  await new Promise((resolve, reject) =>
    server.server.bindAsync(`127.0.0.1:${port}`, grpc.ServerCredentials.createInsecure(), (err) =>
      err ? reject(err) : resolve(),
    ),
  );
  return server;
}

/**
 * The Cloud Storage emulator of firebase-tools without its rules runtime (the runtime needs Java 21,
 * which this machine lacks): its own Express app (`createApp`) served on `port`, registered with the
 * emulator registry as `emulators:start` does. firebase-admin's requests (FIREBASE_STORAGE_EMULATOR_HOST)
 * are admin requests, which bypass rules; clients never reach Storage directly (all access goes
 * through the functions), so no rules are evaluated anywhere.
 */
async function startStorage(port, projectId) {
  const { StorageEmulator } = require('firebase-tools/lib/emulator/storage');
  const { createApp } = require('firebase-tools/lib/emulator/storage/server');
  const { EmulatorRegistry } = require('firebase-tools/lib/emulator/registry');
  const rules = {
    name: path.join(ROOT_DIR, 'storage.rules'),
    content: fs.readFileSync(path.join(ROOT_DIR, 'storage.rules'), 'utf8'),
  };
  const emulator = new StorageEmulator({ projectId, port, host: '127.0.0.1', rules });
  let server;
  emulator.start = async () => {
    const app = await createApp(projectId, emulator);
    server = app.listen(port, '127.0.0.1');
    await new Promise((resolve, reject) => server.once('listening', resolve).once('error', reject));
  };
  emulator.stop = () => new Promise((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await EmulatorRegistry.start(emulator);
  return { host: `127.0.0.1:${port}`, stop: () => EmulatorRegistry.stop('storage') };
}

function get(url) {
  return new Promise((resolve) => {
    const req = http.get(url, (res) => {
      res.resume();
      resolve(res.statusCode);
    });
    req.on('error', () => resolve(0));
    req.setTimeout(2000, () => {
      req.destroy();
      resolve(0);
    });
  });
}

async function waitFor(url, child, label, timeoutMs = 120000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`${label} exited early with code ${child.exitCode}`);
    const status = await get(url);
    if (status > 0) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${label} did not answer at ${url} within ${timeoutMs / 1000}s`);
}

/**
 * Runs `firebase emulators:start` for the given emulators with a generated config (so ports of a
 * test run never collide with a running local stack), and resolves when every one answers.
 */
async function startFirebaseEmulators({ only, projectId, ports, env = {}, quiet = true, useRootConfig = false }) {
  fs.mkdirSync(RUNTIME_DIR, { recursive: true });
  const base = JSON.parse(fs.readFileSync(path.join(ROOT_DIR, 'firebase.json'), 'utf8'));
  const config = {
    ...base,
    emulators: {
      ...Object.fromEntries(Object.entries(ports).map(([name, port]) => [name, { host: '127.0.0.1', port }])),
      ui: { enabled: false },
      hub: { host: '127.0.0.1', port: ports.hub ?? 4400 },
      logging: { host: '127.0.0.1', port: ports.logging ?? 4500 },
      singleProjectMode: true,
    },
  };
  // The local stack uses firebase.json itself (its ports); test runs get their own ports.
  const configPath = useRootConfig
    ? path.join(ROOT_DIR, 'firebase.json')
    : path.join(RUNTIME_DIR, `firebase.${projectId}.json`);
  if (!useRootConfig) fs.writeFileSync(configPath, JSON.stringify(config, null, 2));
  const cli = path.join(path.dirname(require.resolve('firebase-tools/package.json')), 'lib', 'bin', 'firebase.js');
  const child = spawn(
    process.execPath,
    [
      // the Functions emulator's workers, bounded (emulator-workers.js)
      '--require',
      path.join(__dirname, 'emulator-workers.js'),
      cli,
      ...['emulators:start', '--only', only.join(','), '--project', projectId, '--config', configPath],
    ],
    {
      cwd: ROOT_DIR,
      env: {
        ...process.env,
        FUNCTIONS_EMULATOR_PARALLEL: process.env.FUNCTIONS_EMULATOR_PARALLEL ?? String(FUNCTIONS_PARALLEL),
        ...env,
        FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true',
        CI: process.env.CI ?? 'true',
      },
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'inherit', 'inherit'],
    },
  );
  let output = '';
  if (quiet) {
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
  }
  try {
    for (const name of only) await waitFor(`http://127.0.0.1:${ports[name]}/`, child, `${name} emulator`);
    const started = Date.now();
    while (quiet && !output.includes('All emulators ready')) {
      if (child.exitCode !== null) throw new Error(`firebase emulators exited with code ${child.exitCode}`);
      if (Date.now() - started > 120000) throw new Error('firebase emulators did not report ready within 120s');
      await new Promise((r) => setTimeout(r, 200));
    }
  } catch (err) {
    child.kill('SIGKILL');
    if (!useRootConfig) fs.rmSync(configPath, { force: true });
    throw new Error(`${err.message}\n${output.slice(-4000)}`);
  }
  const stop = () =>
    new Promise((resolve) => {
      if (!useRootConfig) fs.rmSync(configPath, { force: true });
      if (child.exitCode !== null) return resolve();
      child.once('exit', resolve);
      child.kill('SIGINT');
      setTimeout(() => child.kill('SIGKILL'), 8000).unref();
    });
  return { child, stop, output: () => output };
}

module.exports = {
  startFirestore,
  startStorage,
  startFirebaseEmulators,
  waitFor,
  FUNCTIONS_DIR,
  EMULATORS_LOG,
  ROOT_DIR,
  RUNTIME_DIR,
};
