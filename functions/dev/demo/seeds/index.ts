import type { Seeder } from '../types';
import { seed as ai } from './ai';
import { seed as aiMemory } from './ai-memory';
import { seed as applicants } from './applicants';
import { seed as attendance } from './attendance';
import { seed as companies } from './companies';
import { seed as documents } from './documents';
import { seed as employees } from './employees';
import { seed as integrationEngine } from './integration-engine';
import { seed as leave } from './leave';
import { seed as organizations } from './organizations';
import { seed as payroll } from './payroll';
import { seed as posts } from './posts';
import { seed as requests } from './requests';
import { seed as roles } from './roles';
import { seed as sales } from './sales';
import { seed as schedule } from './schedule';
import { seed as webhooks } from './webhooks';

/**
 * Each module's seeder, keyed by its module name (the `name` of its definition). The loader runs
 * them in registry order, not in this table's order: a seeder may rely on the modules above it.
 */
export const SEEDERS: Readonly<Record<string, Seeder>> = {
  ai,
  aiMemory,
  applicants,
  attendance,
  companies,
  documents,
  employees,
  integrationEngine,
  leave,
  organizations,
  payroll,
  posts,
  requests,
  roles,
  sales,
  schedule,
  webhooks,
};
