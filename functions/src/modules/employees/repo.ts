import type { DocumentData, DocumentSnapshot } from 'firebase-admin/firestore';
import { companyDoc, toMillis } from '../../core/firestore';
import type { Employee } from './schemas';

/** Employees live at companies/{companyId}/employees/{employeeId}. */
export const employeesCollection = (companyId: string) => companyDoc(companyId).collection('employees');
export const employeeRef = (companyId: string, employeeId: string) => employeesCollection(companyId).doc(employeeId);

/** The one parser of an employee document. */
export function employeeFromDoc(id: string, data: DocumentData): Employee {
  return {
    ...(data as Omit<Employee, 'id'>),
    id,
    positions: Array.isArray(data.positions) ? data.positions : [],
    archived: data.archived === true,
    createdAt: toMillis(data.createdAt),
    updatedAt: toMillis(data.updatedAt),
  };
}

export const employeeFromSnapshot = (snap: DocumentSnapshot): Employee | null => (snap.exists ? employeeFromDoc(snap.id, snap.data()!) : null);

export async function listEmployees(companyId: string, archived?: boolean): Promise<Employee[]> {
  const query = archived === undefined ? employeesCollection(companyId) : employeesCollection(companyId).where('archived', '==', archived);
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
