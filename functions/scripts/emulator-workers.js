/**
 * Shapes the Functions emulator's worker processes in the local stack (docs/BENCHMARKS.md "Stack
 * memory"). Preloaded (`node --require`) into the firebase-tools process by emulators.js.
 *
 * firebase-tools 15 (lib/emulator/functionsRuntimeWorker.js, functionsEmulator.js) runs one request
 * at a time per worker process and keeps a pool of workers per function: a request finding no idle
 * worker of its own function starts a new process (a cold start of the whole codebase, 100 to 350
 * MB), whatever the function's `concurrency`, and an idle worker is only stopped when the functions
 * are reloaded. With 22 HTTP functions, 20 clients calling them in turn started 60 workers (8.9 GB)
 * in three minutes, and bounding the workers per function instead made most requests a cold start.
 * Every worker loads the whole codebase (lib/index.js exports every function), so any worker can
 * serve any function: firebase-tools does exactly that for `--inspect-functions` (one pool key,
 * "~shared~", and the function's target sent to the worker before each request, which the runtime
 * reads when FUNCTION_DEBUG_MODE is set), but only with one request at a time and a debugger. This
 * file turns on that sharing without the debugger or the one-at-a-time queue:
 *  - one pool of workers for all functions of the codebase: a request takes any idle worker, which
 *    is told the function's entry point, signature and timeout first;
 *  - an idle worker is stopped after `FUNCTIONS_EMULATOR_IDLE_SECONDS` (default 60);
 *  - a worker's heap is bounded (`FUNCTIONS_EMULATOR_WORKER_HEAP_MB`, default 320);
 *  - starting a worker when `FUNCTIONS_EMULATOR_MAX_WORKERS` (default 3) live ones exist first stops
 *    the longest-idle ones (never a busy one: a request is never refused or delayed for it).
 * FUNCTIONS_EMULATOR_PARALLEL (set by emulators.js; lib/emulator/workQueue.js) bounds the requests
 * running at once, hence the busy workers. Stopping an idle worker is what firebase-tools itself
 * does on a reload (RuntimeWorkerPool.refresh): the next request starts a fresh one.
 */
const path = require('node:path');

const IDLE_MS = Number(process.env.FUNCTIONS_EMULATOR_IDLE_SECONDS ?? 60) * 1000;
const MAX_WORKERS = Number(process.env.FUNCTIONS_EMULATOR_MAX_WORKERS ?? 3);
/**
 * A worker's V8 old space, in MB: left to its default (a share of the machine's memory), V8 lets a
 * busy worker's heap grow to 600-700 MB of mostly garbage before collecting; a worker serving every
 * module holds well under this live.
 */
const WORKER_HEAP_MB = Number(process.env.FUNCTIONS_EMULATOR_WORKER_HEAP_MB ?? 320);

function stop(worker) {
  worker.state = 'FINISHING';
  worker.runtime.process.kill();
}

const SHARED = '~shared~';
/** How long a request waits for its worker to confirm its function (it answers within a turn of its event loop). */
const TARGET_ACK_MS = 5000;

function boundWorkers() {
  const firebaseTools = path.dirname(require.resolve('firebase-tools/package.json'));
  const lib = (file) => require(path.join(firebaseTools, 'lib/emulator', file));
  const { RuntimeWorker, RuntimeWorkerPool, RuntimeWorkerState } = lib('functionsRuntimeWorker');
  const { FunctionsEmulator } = lib('functionsEmulator');
  const { getSignatureType } = lib('functionsEmulatorShared');
  shareWorkers({ RuntimeWorker, RuntimeWorkerPool, RuntimeWorkerState, FunctionsEmulator, getSignatureType });
  const pools = new Set();
  const live = () =>
    [...pools].flatMap((pool) => [...pool.workers.values()].flat()).filter((w) => w.state !== 'FINISHED');
  const idle = () =>
    live()
      .filter((w) => w.state === 'IDLE')
      .sort((a, b) => (a.idleSince ?? 0) - (b.idleSince ?? 0));

  const addWorker = RuntimeWorkerPool.prototype.addWorker;
  RuntimeWorkerPool.prototype.addWorker = function addBoundedWorker(...args) {
    pools.add(this);
    for (const worker of idle().slice(0, Math.max(0, live().length + 1 - MAX_WORKERS))) stop(worker);
    const worker = addWorker.apply(this, args);
    worker.stateEvents.on('IDLE', () => (worker.idleSince = Date.now()));
    return worker;
  };

  setInterval(
    () => {
      const now = Date.now();
      for (const worker of idle()) if (now - (worker.idleSince ?? now) > IDLE_MS) stop(worker);
    },
    Math.min(IDLE_MS, 10_000),
  ).unref();
}

function shareWorkers({ RuntimeWorker, RuntimeWorkerPool, RuntimeWorkerState, FunctionsEmulator, getSignatureType }) {
  /** The emulator's trigger records by key (it replaces the object when the functions reload). */
  let triggersOf = () => ({});
  const getEmulatorEnvs = FunctionsEmulator.prototype.getEmulatorEnvs;
  FunctionsEmulator.prototype.getEmulatorEnvs = function sharedWorkerEnvs(...args) {
    triggersOf = () => this.triggers;
    // the runtime then takes its function from the message sent before each request
    const nodeOptions = [
      process.env.NODE_OPTIONS,
      `--max-old-space-size=${WORKER_HEAP_MB}`,
      `--require "${path.join(__dirname, 'emulator-worker-target.js')}"`,
    ]
      .filter(Boolean)
      .join(' ');
    return { ...getEmulatorEnvs.apply(this, args), FUNCTION_DEBUG_MODE: 'true', NODE_OPTIONS: nodeOptions };
  };
  const targetOf = (triggerId) => {
    const record = Object.values(triggersOf()).find((r) => r.def.id === triggerId);
    if (!record) return null;
    const { entryPoint, timeoutSeconds } = record.def;
    return { functionTarget: entryPoint, functionSignature: getSignatureType(record.def), timeoutSeconds };
  };

  const getKey = RuntimeWorkerPool.prototype.getKey;
  RuntimeWorkerPool.prototype.getKey = function sharedKey(triggerId, runtime) {
    const key = getKey.call(this, triggerId, runtime);
    return key.startsWith('~') ? key : SHARED;
  };
  const getIdleWorker = RuntimeWorkerPool.prototype.getIdleWorker;
  RuntimeWorkerPool.prototype.getIdleWorker = function idleSharedWorker(triggerId, runtime) {
    const worker = getIdleWorker.call(this, triggerId, runtime);
    if (worker) worker.nextTriggerId = triggerId;
    return worker;
  };
  const request = RuntimeWorker.prototype.request;
  RuntimeWorker.prototype.request = function sharedRequest(req, resp, body, debug) {
    const target = !debug && this.nextTriggerId ? targetOf(this.nextTriggerId) : null;
    this.nextTriggerId = undefined;
    if (!target) return request.call(this, req, resp, body, debug);
    this.state = RuntimeWorkerState.BUSY; // taken now: no other request may pick it while it is told its function
    const { timeoutSeconds, ...message } = target;
    this.timeoutSeconds = timeoutSeconds;
    const told = toldTarget(this, message.functionTarget);
    return this.sendDebugMsg(message)
      .then(() => told)
      .then(() => request.call(this, req, resp, body, debug));
  };
}

/** Resolves once the worker has taken `functionTarget` (emulator-worker-target.js), or after TARGET_ACK_MS. */
function toldTarget(worker, functionTarget) {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      worker.runtime.events.removeListener('log', onLog);
      resolve();
    };
    const onLog = (log) => {
      if (log.type === 'shared-worker-target' && log.text === functionTarget) done();
    };
    const timer = setTimeout(done, TARGET_ACK_MS);
    worker.runtime.events.on('log', onLog);
  });
}

// only in the firebase-tools process itself: its worker processes are started without this preload
if (process.argv.includes('emulators:start')) boundWorkers();
