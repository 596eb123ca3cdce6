/**
 * Preloaded into every Functions emulator worker of the local stack (emulator-workers.js sets
 * NODE_OPTIONS): a worker is shared by every function, and told the function of each request in a
 * message (as firebase-tools does for `--inspect-functions`) sent before the request. The message
 * and the request arrive on two channels (IPC and the worker's socket), and under load the worker
 * can read the request first and run it as the previous function (a wrong route's 404: 23 of
 * 55,214 requests of 20 clients). The runtime handles the message synchronously; this listener runs
 * in the same turn and answers with a log line naming the target, which emulator-workers.js awaits
 * before sending the request.
 */
process.on('message', (message) => {
  let target;
  try {
    target = JSON.parse(String(message)).functionTarget;
  } catch {
    return;
  }
  if (typeof target !== 'string' || !process.send) return;
  const log = {
    level: 'DEBUG',
    type: 'shared-worker-target',
    text: target,
    data: {},
    timestamp: new Date().toISOString(),
  };
  process.send(`${JSON.stringify(log)}\n`);
});
