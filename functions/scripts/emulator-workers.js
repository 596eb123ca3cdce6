/**
 * Bounds the Functions emulator's worker processes in the local stack (docs/BENCHMARKS.md "Stack
 * memory"). Preloaded (`node --require`) into the firebase-tools process by emulators.js.
 *
 * firebase-tools 15 (lib/emulator/functionsRuntimeWorker.js, functionsEmulator.js) runs one request
 * at a time per worker process: a request finding no idle worker of its function starts a new one,
 * whatever the function's `concurrency` (the emulator does not read it), and an idle worker is only
 * stopped when the functions are reloaded. So a burst of concurrent requests leaves as many
 * processes (100 to 350 MB each) per function, for good. What firebase-tools offers is one knob:
 * FUNCTIONS_EMULATOR_PARALLEL (lib/emulator/workQueue.js, default 50), the requests run at once
 * across all functions; the others wait in its queue. emulators.js sets it to 4 (without it, 20
 * clients grew the stack to 60 workers and 8.9 GB in three minutes: docs/BENCHMARKS.md). This file
 * gives the memory back:
 *  - an idle worker is stopped after `FUNCTIONS_EMULATOR_IDLE_SECONDS` (default 60);
 *  - starting a worker when `FUNCTIONS_EMULATOR_MAX_WORKERS` (default 5) live ones exist first stops
 *    the longest-idle ones (never a busy one: a request is never refused or delayed for it).
 * Stopping an idle worker is what firebase-tools itself does to its idle workers on a reload
 * (RuntimeWorkerPool.refresh): the next request of that function starts a fresh one.
 */
const path = require('node:path');

const IDLE_MS = Number(process.env.FUNCTIONS_EMULATOR_IDLE_SECONDS ?? 60) * 1000;
const MAX_WORKERS = Number(process.env.FUNCTIONS_EMULATOR_MAX_WORKERS ?? 5);

function stop(worker) {
  worker.state = 'FINISHING';
  worker.runtime.process.kill();
}

function boundWorkers() {
  const firebaseTools = path.dirname(require.resolve('firebase-tools/package.json'));
  const { RuntimeWorkerPool } = require(path.join(firebaseTools, 'lib/emulator/functionsRuntimeWorker'));
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

// only in the firebase-tools process itself: its worker processes are started without this preload
if (process.argv.includes('emulators:start')) boundWorkers();
