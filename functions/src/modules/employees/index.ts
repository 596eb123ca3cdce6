/** The employees module's public API: what other modules may use (they import nothing else of it). */
import { lazyFile, lazyFunction } from '../kit';

const service = lazyFile<typeof import('./service')>(() => require('./service'));
const repo = lazyFile<typeof import('./repo')>(() => require('./repo'));
const availabilities = lazyFile<typeof import('./availabilities')>(() => require('./availabilities'));

export { employeeErrors } from './errors';
export const employeeFromSnapshot = lazyFunction(repo, 'employeeFromSnapshot');
export const employeeRef = lazyFunction(repo, 'employeeRef');
export const findEmployeeByUser = lazyFunction(repo, 'findEmployeeByUser');
export const listEmployees = lazyFunction(repo, 'listEmployees');
export const createEmployeeInBatch = lazyFunction(service, 'createEmployeeInBatch');
export const prepareEmployeeCreate = lazyFunction(service, 'prepareEmployeeCreate');
export type { Employee, EmployeeCreate } from './schemas';
export { availabilitiesSchema, type Availabilities } from './schemas';
export const setAvailabilitiesInTx = lazyFunction(availabilities, 'setAvailabilitiesInTx');
export { birthDateOf, employedOn } from './employment';
export const listEmployeesFor = lazyFunction(service, 'listEmployees');
