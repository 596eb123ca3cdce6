import type { DocumentData } from 'firebase-admin/firestore';
import { toMillis } from '../../http/fields';
import { companyRef } from '../companies/repo';
import type { Employee } from './schemas';

/** Employees live at companies/{companyId}/employees/{employeeId}. */
export const employeesCollection = (companyId: string) => companyRef(companyId).collection('employees');

export function employeeFromDoc(id: string, data: DocumentData): Employee {
  return {
    ...(data as Omit<Employee, 'id'>),
    id,
    positions: data.positions ?? [],
    archived: data.archived === true,
    createdAt: toMillis(data.createdAt),
    updatedAt: toMillis(data.updatedAt),
  };
}

export async function listEmployees(companyId: string, archived: boolean): Promise<Employee[]> {
  const snap = await employeesCollection(companyId).where('archived', '==', archived).get();
  return snap.docs.map((d) => employeeFromDoc(d.id, d.data()));
}

export async function getEmployee(companyId: string, employeeId: string): Promise<Employee | null> {
  const snap = await employeesCollection(companyId).doc(employeeId).get();
  return snap.exists ? employeeFromDoc(snap.id, snap.data()!) : null;
}

export async function findEmployeeByUser(companyId: string, uid: string): Promise<Employee | null> {
  const snap = await employeesCollection(companyId).where('userId', '==', uid).limit(1).get();
  const doc = snap.docs[0];
  return doc ? employeeFromDoc(doc.id, doc.data()) : null;
}
