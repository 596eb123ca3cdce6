import request from 'supertest';
import { createModuleApp } from '../../src/http/app';
import { moduleNamed } from '../../src/modules/registry';

const apps = new Map<string, ReturnType<typeof createModuleApp>>();

/** supertest on a module's real Express app (the same one its HTTPS function serves). */
export function api(moduleName: string) {
  let app = apps.get(moduleName);
  if (!app) {
    app = createModuleApp(moduleNamed(moduleName));
    apps.set(moduleName, app);
  }
  return request(app);
}
