import { onRequest } from 'firebase-functions/v2/https';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { onTaskDispatched, type RateLimits, type RetryConfig } from 'firebase-functions/v2/tasks';
import type { MemoryOption } from 'firebase-functions/v2/options';
import type { Request, Response } from 'express';
import { REGION, type Secret } from '../core/config';
import type { ErrorCatalog } from '../core/errors';
import type { HandlerRequest, ModuleHttp, OrganizationRole } from '../http/route';
import type { ViewPolicies } from '../http/visibility';
import type { Membership } from '../core/memberships';
import type { PersonalDataEntry, PersonalDataMap } from './personal-data';
import { servedElsewhere, type RouteTable } from './route-table';
import routeTable from './route-table.json';

import { lazyFile } from '../core/lazy';

export { lazyFile };

/**
 * The one definition of a module (docs/ADDING_A_MODULE.md): everything the platform needs to
 * deploy, serve, describe and test it. The definition file (`module.ts`) stays light: its
 * routes are loaded on first use, so a function's cold start loads only its own module.
 */
export interface ModuleRuntime {
  memory?: MemoryOption;
  timeoutSeconds?: number;
  /** Requests one instance serves at once. */
  concurrency?: number;
  minInstances?: number;
  /** Secrets the module's code reads (src/core/config.ts); a module calling models lists AI_SECRETS. */
  secrets?: Secret[];
  /**
   * How long one of its requests may run before it answers 503 REQUEST_DEADLINE_EXCEEDED (default
   * 15 s): below `timeoutSeconds`, so the answer is ours and not the platform's. Modules calling
   * models take longer; their model calls are budgeted inside it.
   */
  requestDeadlineSeconds?: number;
}

/** A scheduled job of a module: a function run by Cloud Scheduler (locally, by the stack: scripts/stack.js). */
export interface ScheduledJob {
  /** The exported function name. */
  name: string;
  /** Cloud Scheduler's "every N minutes" form (the local stack reads the interval from it). */
  schedule: `every ${number} minutes`;
  description: string;
  timeoutSeconds?: number;
  /** Loaded on the first run, like the module's routes. */
  run: () => () => Promise<unknown>;
}

/** A Cloud Tasks queue of a module and the function its tasks are delivered to (an `onTaskDispatched` function of the same name). */
export interface TaskQueue {
  name: string;
  description: string;
  retryConfig: RetryConfig;
  rateLimits: RateLimits;
  timeoutSeconds?: number;
  /** The handler of one task's payload; a thrown error makes Cloud Tasks retry the delivery. */
  run: () => (payload: unknown) => Promise<unknown>;
}

export interface ModuleDefinition {
  /**
   * The exported function name; also the last segment of the module's base address. Letters and
   * digits only: firebase-tools reads a hyphen in a function id as a group separator
   * (`integration-engine` is looked up as the export `integration.engine`).
   */
  name: string;
  /** The API tag its routes are listed under; default: the name. */
  tag?: string;
  description: string;
  /** Its routes (and extra Express routes), loaded when the function serves its first request. */
  http: () => ModuleHttp;
  /** The module's own error codes; the registry composes them with the core and AI ones. */
  errors?: ErrorCatalog;
  runtime?: ModuleRuntime;
  /** The Firestore collections it owns: under `companies/{id}/` and at the root (tests snapshot them). */
  collections?: { company?: readonly string[]; root?: readonly string[] };
  /** For every collection it owns: where a person's data is and what erasing them does (src/modules/personal-data.ts). */
  personalData?: PersonalDataMap;
  /** Its scheduled jobs and task queues: each is a function of its own (src/index.ts), with the module's secrets. */
  jobs?: ScheduledJob[];
  queues?: TaskQueue[];
  /** What it does when another module announces a change (`announce`), loaded on the first one. */
  reactions?: { [K in keyof Announcements]?: () => (payload: Announcements[K]) => Promise<unknown> };
  /** What it provides to the platform: the companies module, the policies every module's answers are viewed under. */
  provides?: {
    viewPolicies?: ViewPoliciesSource;
    organizationAccess?: OrganizationAccessSource;
    organizationRole?: OrganizationRoleSource;
  };
}

/**
 * What an organization grants a user at one of its locations (the organizations module): the
 * membership the route layer's access check then uses, or null (src/http/app.ts).
 */
export type OrganizationAccessSource = (companyId: string, uid: string) => Promise<Membership | null>;
/** A user's role in an organization, or null (the access check of `organization` routes). */
export type OrganizationRoleSource = (orgId: string, uid: string) => Promise<OrganizationRole | null>;

/** The company policies and settings a caller's view of tagged fields depends on (src/http/visibility.ts). */
export type ViewPoliciesSource = (companyId: string) => Promise<ViewPolicies>;

/** A module as the registry holds it (its tag resolved, how its answers learn a caller's view, the scope its handlers run in). */
export type DefinedModule = ModuleDefinition & {
  tag: string;
  viewPolicies: ViewPoliciesSource;
  organizationAccess: OrganizationAccessSource;
  organizationRole: OrganizationRoleSource;
  servedElsewhere: (path: string) => ReturnType<typeof servedElsewhere>;
  aroundHandler: <T>(request: HandlerRequest, handler: () => Promise<T>) => Promise<T>;
};

/**
 * What the platform (the registry, src/modules/registry.ts) offers the modules, given to the kit by
 * the registry when it loads, so that no module imports the registry above it: every deployed
 * definition and the error catalogue (the docs module describes them), the owned collections and
 * the registry of personal data (the privacy module exports, erases and deletes by them), and the
 * view policies the companies module provides, and the API description the docs module serves.
 */
export interface Platform {
  deployed: readonly DefinedModule[];
  errorCatalog: () => ErrorCatalog;
  ownedCollections: () => { company: string[]; root: string[] };
  personalDataEntries: () => PersonalDataEntry[];
  viewPolicies: ViewPoliciesSource;
  /** What an organization grants at its locations; always null without the organizations module. */
  organizationAccess: OrganizationAccessSource;
  organizationRole: OrganizationRoleSource;
  /** The API description of everything deployed (built on first use: the openapi layer stands above the modules). */
  apiDocument: (servers: { url: string; description: string }[]) => Record<string, unknown>;
}

let registered: Platform | undefined;

/** Called once, by the registry as it loads. */
export function registerPlatform(given: Platform): void {
  registered = given;
}

/** The platform the registry registered; code reaching it runs in a process that loaded the registry (src/index.ts does). */
export function platform(): Platform {
  if (!registered) throw new Error('the module registry (src/modules/registry.ts) is not loaded: no platform to read');
  return registered;
}

const viewPolicies: ViewPoliciesSource = (companyId) => platform().viewPolicies(companyId);
const organizationAccess: OrganizationAccessSource = (companyId, uid) => platform().organizationAccess(companyId, uid);
const organizationRole: OrganizationRoleSource = (orgId, uid) => platform().organizationRole(orgId, uid);

/**
 * A module's handler runs in the AI usage scope of its request: model calls it makes are written
 * when it settles, or when the deadline answers for it (calls completing after that one by one).
 */
const accumulator = lazyFile<typeof import('../ai/accumulator')>(() => require('../ai/accumulator'));
const aroundHandler = <T>(request: HandlerRequest, handler: () => Promise<T>): Promise<T> =>
  accumulator().runWithUsage(request, handler);

const NAME = /^[a-z][a-zA-Z0-9]{0,62}$/;
const DEFINED = new WeakSet<DefinedModule>();

export function defineModule(definition: ModuleDefinition): DefinedModule {
  if (!NAME.test(definition.name))
    throw new Error(
      `module name "${definition.name}" must be a function name: a lower-case letter, then letters and digits (a hyphen would make firebase-tools look for a grouped export)`,
    );
  const defined = {
    ...definition,
    tag: definition.tag ?? definition.name,
    viewPolicies,
    organizationAccess,
    organizationRole,
    servedElsewhere: (path: string) => servedElsewhere(routeTable as RouteTable, definition.name, path),
    aroundHandler,
  };
  DEFINED.add(defined);
  return defined;
}

/** The definition a module.ts exports (`export default defineModule({...})`), as a registry line names it; anything else is a registry mistake. */
export function definitionIn(definition: unknown): DefinedModule {
  if (!DEFINED.has(definition as DefinedModule))
    throw new Error(
      'a registry line names a value that is not a defineModule() definition (the default export of a module.ts)',
    );
  return definition as DefinedModule;
}

/**
 * A service function as a module's `index.ts` exports it: its file is loaded on the first call, not
 * when the index is imported. Another module's schemas and routers import indexes at load (a schema,
 * an error catalogue, a pure rule), and a plain `export { x } from './service'` would load this
 * module's services with them (and theirs, and the libraries they use) into every cold start that
 * merely names a schema. An index therefore re-exports schemas, rules, errors and repo helpers
 * directly, and the functions of its services and use cases through this, given the file's loader
 * (`lazyFile`) and the function's name.
 */
export function lazyFunction<File extends Record<Name, (...args: never[]) => unknown>, Name extends keyof File>(
  load: () => File,
  name: Name,
): File[Name] {
  return ((...args: never[]) => load()[name](...args)) as File[Name];
}

/**
 * Announcements: the port through which a module's change reaches a module that already imports it
 * (leave reads attendance's punches and payroll pays leave, so neither attendance nor payroll may
 * import leave). The changed module calls `announce` after its commit; every deployed module that
 * declares a reaction to it (`reactions` in its module.ts) gets it, wired here at the composition
 * root, so no module names the modules reacting. A reaction is quick and idempotent (it hands the
 * work to a task queue); its failure is logged and never fails the change that announced it.
 */
export interface Announcements {
  /** attendance: punches were approved (one, or many at once) or an approval taken back, by employee. */
  approvedHoursChanged: { companyId: string; employeeIds: string[]; dates: string[] };
  /** payroll: a pay period was closed and its report frozen. */
  payPeriodClosed: { companyId: string; startDate: string; endDate: string; closedAt: number };
}

export async function announce<K extends keyof Announcements>(name: K, payload: Announcements[K]): Promise<void> {
  // a process that did not load the registry (a pure unit test) has no module to tell
  const modules = registered?.deployed ?? [];
  await Promise.all(
    modules.map(async (m) => {
      const reaction = m.reactions?.[name];
      if (!reaction) return;
      try {
        await (reaction() as (p: Announcements[K]) => Promise<unknown>)(payload);
      } catch (err) {
        logger().logger.warn('a reaction to an announcement failed (its scheduled job catches up)', {
          announcement: name,
          module: m.name,
          error: err instanceof Error ? err.message : String(err),
        });
      }
    }),
  );
}

const logger = lazyFile<typeof import('../core/logger')>(() => require('../core/logger'));

/** The HTTP layer (Express and the module app), loaded by a module function's first request. */
const httpApp = lazyFile<typeof import('../http/app')>(() => require('../http/app'));

export const DEFAULT_RUNTIME = {
  memory: '256MiB',
  timeoutSeconds: 60,
  concurrency: 80,
} as const satisfies ModuleRuntime;

/**
 * The HTTPS function of a module, with its runtime options. The module's code (and firebase-admin)
 * is loaded on the first request, so a cold start pays only for its own module.
 */
export function moduleFunction(module: ModuleDefinition) {
  const runtime = { ...DEFAULT_RUNTIME, ...module.runtime };
  let app: ((req: Request, res: Response) => void) | undefined;
  return onRequest({ region: REGION, ...runtime }, (req, res) => {
    app ??= httpApp().createModuleApp(module);
    app(req as unknown as Request, res as unknown as Response);
  });
}

/** The scheduled function of a job: the module's secrets and memory, the job's own timeout. */
export function jobFunction(module: ModuleDefinition, job: ScheduledJob) {
  const { memory, secrets = [] } = { ...DEFAULT_RUNTIME, ...module.runtime };
  return onSchedule(
    { region: REGION, schedule: job.schedule, memory, secrets, timeoutSeconds: job.timeoutSeconds ?? 540 },
    async () => {
      await job.run()();
    },
  );
}

/** The task function of a queue (Cloud Tasks delivers to it with the queue's retry and rate settings). */
export function queueFunction(module: ModuleDefinition, queue: TaskQueue) {
  const { memory, secrets = [] } = { ...DEFAULT_RUNTIME, ...module.runtime };
  return onTaskDispatched(
    {
      region: REGION,
      retryConfig: queue.retryConfig,
      rateLimits: queue.rateLimits,
      memory,
      secrets,
      timeoutSeconds: queue.timeoutSeconds ?? 540,
    },
    async (request) => {
      await queue.run()(request.data);
    },
  );
}
