import type { DocumentData } from 'firebase-admin/firestore';
import { z } from 'zod';
import { storedCollection, storedMillis } from '../../core/stored';
import { archivedAt } from './employment';
import { employeeSchema, type Employee } from './schemas';

/** Fields stored as null are absent (PATCH removes a field by storing null). */
const withoutNulls = (data: unknown): unknown =>
  data && typeof data === 'object'
    ? Object.fromEntries(Object.entries(data as DocumentData).filter(([, value]) => value !== null))
    : data;

/** An employee document: the API's record, its id the document's. */
const storedEmployee = z.preprocess(
  withoutNulls,
  employeeSchema
    .extend({
      // stored as its writers left it: an email from a POS roster is kept as the POS gave it, a position may name no sub-role
      email: z.string().optional(),
      // the API's lengths and minimums are input rules: an imported or older record keeps what its writer stored
      name: z.string(),
      surname: z.string(),
      salary: z.number().optional(),
      additionalSalary: z.record(z.string(), z.number()).optional(),
      rateRegular: z.number().optional(),
      rateOvertime: z.number().optional(),
      positionRates: z.record(z.string(), z.number()).optional(),
      positions: z.array(z.object({ categoryId: z.string(), subcategoryId: z.string().optional() })).optional(),
      archived: employeeSchema.shape.archived.default(false),
      archive: employeeSchema.shape.archive.default(null),
      userId: z.string().nullable().default(null),
      createdAt: storedMillis.optional(),
      updatedAt: storedMillis.optional(),
    })
    // archived now: an archive recorded for a later date takes effect when that business day begins
    .transform((e): Employee => ({
      ...e,
      // a position stored without a sub-role stays without one (payroll's rates read it as optional)
      positions: (e.positions ?? []) as Employee['positions'],
      archived: archivedAt(e, Date.now()),
    })),
);

/** Employees live at companies/{companyId}/employees/{employeeId}. */
export const {
  collection: employeesCollection,
  ref: employeeRef,
  fromDoc: employeeFromDoc,
  fromSnapshot: employeeFromSnapshot,
} = storedCollection('employees', storedEmployee);

/** The employees of a company, or only those archived now (true) or not (false). */
export async function listEmployees(companyId: string, archived?: boolean): Promise<Employee[]> {
  const snap = await employeesCollection(companyId).get();
  const all = snap.docs.map(employeeFromDoc);
  return archived === undefined ? all : all.filter((e) => e.archived === archived);
}

export async function getEmployee(companyId: string, employeeId: string): Promise<Employee | null> {
  return employeeFromSnapshot(await employeeRef(companyId, employeeId).get());
}

export async function findEmployeeByUser(companyId: string, uid: string): Promise<Employee | null> {
  const snap = await employeesCollection(companyId).where('userId', '==', uid).limit(1).get();
  const doc = snap.docs[0];
  return doc ? employeeFromDoc(doc) : null;
}
