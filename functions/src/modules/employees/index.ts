/** The employees module's public API: what other modules may use (they import nothing else of it). */
import { lazyFunction } from '../kit';

const service = () => require('./service') as typeof import('./service');

export { employeeErrors } from './errors';
export { employeeFromSnapshot, employeeRef, findEmployeeByUser, listEmployees } from './repo';
export const createEmployeeInBatch = lazyFunction(service, 'createEmployeeInBatch');
export const prepareEmployeeCreate = lazyFunction(service, 'prepareEmployeeCreate');
export type { Employee, EmployeeCreate } from './schemas';
export { availabilitiesSchema, type Availabilities } from './schemas';
export { setAvailabilitiesInTx } from './availabilities';
export { employedOn } from './employment';
export const listEmployeesFor = lazyFunction(service, 'listEmployees');
