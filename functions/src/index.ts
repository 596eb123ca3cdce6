import { moduleFunction } from './modules/kit';
import { MODULES } from './modules/registry';

/** The deployed functions, derived from the module registry: one HTTPS function per module, named after it. */
for (const module of MODULES) exports[module.name] = moduleFunction(module);
