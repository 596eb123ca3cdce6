/** The roles module's public API: what other modules may use (they import nothing else of it). */
export { roleErrors } from './errors';
export { listRoles, roleFromSnapshot, roleRef } from './repo';
export { checkPositions, createRoleInBatch, type Position } from './service';
export type { Role, RoleCreate, RoleProductivity } from './schemas';
