import { jobFunction, moduleFunction, queueFunction } from './modules/kit';
import { DEPLOYED } from './modules/registry';

/**
 * The deployed functions, derived from the module registry: one HTTPS function per module (and per service: the POS sync service), named
 * after it, and one function per scheduled job and per task queue a module declares.
 */
for (const module of DEPLOYED) {
  exports[module.name] = moduleFunction(module);
  for (const job of module.jobs ?? []) exports[job.name] = jobFunction(module, job);
  for (const queue of module.queues ?? []) exports[queue.name] = queueFunction(module, queue);
}
