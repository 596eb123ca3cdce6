import type { Transaction } from 'firebase-admin/firestore';
import { employeeRef } from './repo';
import type { Availabilities } from './schemas';

/** Replaces an employee's availabilities in a transaction (an approved availabilities request of the requests module). */
export function setAvailabilitiesInTx(
  tx: Transaction,
  companyId: string,
  employeeId: string,
  availabilities: Availabilities,
): void {
  tx.update(employeeRef(companyId, employeeId), { availabilities, updatedAt: Date.now() });
}
