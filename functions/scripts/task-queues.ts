/**
 * Prints the task queues the modules declare (name, retryConfig, rateLimits) as JSON, for the test
 * run's Cloud Tasks emulator (scripts/with-emulators.js), where no Functions emulator registers them.
 */
import { DEPLOYED } from '../src/modules/registry';

const queues = DEPLOYED.flatMap((m) =>
  (m.queues ?? []).map(({ name, retryConfig, rateLimits }) => ({ name, retryConfig, rateLimits })),
);
process.stdout.write(JSON.stringify(queues));
