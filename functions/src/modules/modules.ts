/**
 * The module registry: one line per module, in the order the demo seeders run.
 * Adding a module is its folder (with its module.ts) plus its line here.
 */
export { default as companies } from './companies/module';
export { default as roles } from './roles/module';
export { default as employees } from './employees/module';
export { default as schedule } from './schedule/module';
export { default as ai } from './ai/module';
export { default as sales } from './sales/module';
export { default as docs } from './docs/module';
