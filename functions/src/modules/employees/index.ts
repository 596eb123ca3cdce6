/** The employees module's public API: what other modules may use (they import nothing else of it). */
export { employeeErrors } from './errors';
export { employeeFromSnapshot, employeeRef, findEmployeeByUser, listEmployees } from './repo';
export { createEmployeeInBatch, prepareEmployeeCreate } from './service';
export type { Employee, EmployeeCreate } from './schemas';
export { availabilitiesSchema, type Availabilities } from './schemas';
export { setAvailabilitiesInTx } from './availabilities';
export { listEmployees as listEmployeesFor } from './service';
