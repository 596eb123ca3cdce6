import type { DocumentData } from 'firebase-admin/firestore';
import { companyCollection, toMillis } from '../../core/firestore';
import type { Employee } from './schemas';

/** Fields stored as null are absent (PATCH removes a field by storing null). */
const withoutNulls = (data: DocumentData): DocumentData =>
  Object.fromEntries(Object.entries(data).filter(([, value]) => value !== null));

/** The one parser of an employee document. */
function employeeFromDoc(id: string, stored: DocumentData): Employee {
  const data = withoutNulls(stored);
  const archive = data.archive && typeof data.archive.effectiveAt === 'number' ? data.archive : null;
  return {
    ...(data as Omit<Employee, 'id'>),
    id,
    positions: Array.isArray(data.positions) ? data.positions : [],
    // archived now: an archive recorded for a later date takes effect when that business day begins
    archived: data.archived === true && (!archive || archive.effectiveAt <= Date.now()),
    archive,
    userId: typeof data.userId === 'string' ? data.userId : null,
    createdAt: toMillis(data.createdAt),
    updatedAt: toMillis(data.updatedAt),
  };
}

/** Employees live at companies/{companyId}/employees/{employeeId}. */
export const {
  collection: employeesCollection,
  ref: employeeRef,
  fromSnapshot: employeeFromSnapshot,
} = companyCollection('employees', employeeFromDoc);

/** The employees of a company, or only those archived now (true) or not (false). */
export async function listEmployees(companyId: string, archived?: boolean): Promise<Employee[]> {
  const snap = await employeesCollection(companyId).get();
  const all = snap.docs.map((d) => employeeFromDoc(d.id, d.data()));
  return archived === undefined ? all : all.filter((e) => e.archived === archived);
}

export async function getEmployee(companyId: string, employeeId: string): Promise<Employee | null> {
  return employeeFromSnapshot(await employeeRef(companyId, employeeId).get());
}

export async function findEmployeeByUser(companyId: string, uid: string): Promise<Employee | null> {
  const snap = await employeesCollection(companyId).where('userId', '==', uid).limit(1).get();
  const doc = snap.docs[0];
  return doc ? employeeFromDoc(doc.id, doc.data()) : null;
}
