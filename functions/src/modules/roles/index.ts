/** The roles module's public API: what other modules may use (they import nothing else of it). */
import { lazyFile, lazyFunction } from '../kit';

const repo = lazyFile<typeof import('./repo')>(() => require('./repo'));
const service = lazyFile<typeof import('./service')>(() => require('./service'));

export { roleErrors } from './errors';
export const listRoles = lazyFunction(repo, 'listRoles');
export const roleFromSnapshot = lazyFunction(repo, 'roleFromSnapshot');
export const roleRef = lazyFunction(repo, 'roleRef');
export const checkPositions = lazyFunction(service, 'checkPositions');
export const createRoleInBatch = lazyFunction(service, 'createRoleInBatch');
export type { Position } from './service';
export type { Role, RoleCreate, RoleProductivity } from './schemas';
