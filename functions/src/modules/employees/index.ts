/** The employees module's public API: what other modules may use (they import nothing else of it). */
import { lazyFile, lazyFunction } from '../kit';

const service = lazyFile<typeof import('./service')>(() => require('./service'));

export { employeeErrors } from './errors';
export { employeeFromSnapshot, employeeRef, findEmployeeByUser, listEmployees } from './repo';
export const createEmployeeInBatch = lazyFunction(service, 'createEmployeeInBatch');
export const prepareEmployeeCreate = lazyFunction(service, 'prepareEmployeeCreate');
export type { Employee, EmployeeCreate } from './schemas';
export { availabilitiesSchema, type Availabilities } from './schemas';
export { setAvailabilitiesInTx } from './availabilities';
export { employedOn } from './employment';
export const listEmployeesFor = lazyFunction(service, 'listEmployees');
