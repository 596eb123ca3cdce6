import { onRequest, type HttpsOptions } from 'firebase-functions/v2/https';
import type { Request, Response } from 'express';
import type { ModuleDef } from './http/route';
import { MODULE_LOADERS } from './modules/registry';

/**
 * One HTTPS function per module, each at its own base address. A module's code (and
 * firebase-admin) is loaded on the first request, so a cold start pays only for its own module.
 */
const options: HttpsOptions = { region: 'us-central1', memory: '256MiB', timeoutSeconds: 60, concurrency: 80 };

function moduleFunction(load: () => ModuleDef) {
  let app: ((req: Request, res: Response) => void) | undefined;
  return onRequest(options, (req, res) => {
    if (!app) {
      const { createModuleApp } = require('./http/app') as typeof import('./http/app');
      app = createModuleApp(load());
    }
    app(req as unknown as Request, res as unknown as Response);
  });
}

const serve = (name: string) => moduleFunction(() => MODULE_LOADERS[name]());

export const companies = serve('companies');
export const roles = serve('roles');
export const employees = serve('employees');
export const schedule = serve('schedule');
export const docs = serve('docs');
export const sales = serve('sales');
export const ai = serve('ai');
