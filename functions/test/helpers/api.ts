import request from 'supertest';
import { createModuleApp } from '../../src/http/app';
import { MODULE_LOADERS } from '../../src/modules/registry';

const apps = new Map<string, ReturnType<typeof createModuleApp>>();

/** supertest on a module's real Express app (the same one its HTTPS function serves). */
export function api(moduleName: string) {
  let app = apps.get(moduleName);
  if (!app) {
    const load = MODULE_LOADERS[moduleName];
    if (!load) throw new Error(`no module ${moduleName}`);
    app = createModuleApp(load());
    apps.set(moduleName, app);
  }
  return request(app);
}
