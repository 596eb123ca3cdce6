import { definitionIn } from './kit';

/**
 * The module registry: one line per module, in the order the demo seeders run (a module's seeder
 * may rely on the ones above it). Adding a module is its folder (with its module.ts) plus its line.
 */
export const REGISTERED = [
  require('./companies/module'),
  require('./roles/module'),
  require('./employees/module'),
  require('./schedule/module'),
  require('./attendance/module'),
  require('./ai/module'),
  require('./sales/module'),
  require('./forecast/module'),
  require('./payroll/module'),
  require('./integrations/module'),
  require('./integration-engine/module'),
  require('./pos-sync/module'),
  require('./auth/module'),
  require('./calculator/module'),
  require('./ai-memory/module'),
  require('./onboarding/module'),
  require('./documents/module'),
  require('./applicants/module'),
  require('./posts/module'),
  require('./requests/module'),
  require('./chat/module'),
  require('./events/module'),
  require('./webhooks/module'),
  require('./privacy/module'),
  require('./docs/module'),
].map(definitionIn);
