import type { DocumentData } from 'firebase-admin/firestore';
import { companyCollection, toMillis } from '../../core/firestore';
import type { Employee } from './schemas';

/** The one parser of an employee document. */
function employeeFromDoc(id: string, data: DocumentData): Employee {
  return {
    ...(data as Omit<Employee, 'id'>),
    id,
    positions: Array.isArray(data.positions) ? data.positions : [],
    archived: data.archived === true,
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

export async function listEmployees(companyId: string, archived?: boolean): Promise<Employee[]> {
  const query =
    archived === undefined
      ? employeesCollection(companyId)
      : employeesCollection(companyId).where('archived', '==', archived);
  const snap = await query.get();
  return snap.docs.map((d) => employeeFromDoc(d.id, d.data()));
}

export async function getEmployee(companyId: string, employeeId: string): Promise<Employee | null> {
  return employeeFromSnapshot(await employeeRef(companyId, employeeId).get());
}

export async function findEmployeeByUser(companyId: string, uid: string): Promise<Employee | null> {
  const snap = await employeesCollection(companyId).where('userId', '==', uid).limit(1).get();
  const doc = snap.docs[0];
  return doc ? employeeFromDoc(doc.id, doc.data()) : null;
}
