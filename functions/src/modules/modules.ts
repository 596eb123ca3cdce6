import { definitionIn } from './kit';
import companies from './companies/module';
import organizations from './organizations/module';
import roles from './roles/module';
import employees from './employees/module';
import compliance from './compliance/module';
import schedule from './schedule/module';
import attendance from './attendance/module';
import aiAdmin from './ai/module';
import sales from './sales/module';
import forecast from './forecast/module';
import payroll from './payroll/module';
import tipPools from './tip-pools/module';
import integrations from './integrations/module';
import integrationEngine from './integration-engine/module';
import posSync from './pos-sync/module';
import auth from './auth/module';
import calculator from './calculator/module';
import aiMemory from './ai-memory/module';
import onboarding from './onboarding/module';
import documents from './documents/module';
import applicants from './applicants/module';
import posts from './posts/module';
import messaging from './messaging/module';
import requests from './requests/module';
import leave from './leave/module';
import chat from './chat/module';
import events from './events/module';
import webhooks from './webhooks/module';
import privacy from './privacy/module';
import docs from './docs/module';

/**
 * The module registry: one line per module, in the order the demo seeders run (a module's seeder
 * may rely on the ones above it). Adding a module is its folder (with its module.ts) plus its line.
 */
export const REGISTERED = [
  companies,
  roles,
  employees,
  compliance,
  schedule,
  attendance,
  aiAdmin,
  sales,
  forecast,
  payroll,
  tipPools,
  integrations,
  integrationEngine,
  posSync,
  auth,
  calculator,
  aiMemory,
  onboarding,
  documents,
  applicants,
  posts,
  messaging,
  requests,
  leave,
  chat,
  events,
  webhooks,
  privacy,
  organizations,
  docs,
].map(definitionIn);
