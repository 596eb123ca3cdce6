import type { DocumentData } from 'firebase-admin/firestore';
import { SOMEONE_ELSE, type PersonIds } from '../personal-data';

/**
 * A person's own part of a request, for their export: the request as it is, but every other
 * person in it (the requester or coworker of a swap, the volunteers and the taker, whoever took a
 * step) named `someone-else`, and the requester's note only when the person is the requester.
 */
export function requestOfPerson(request: DocumentData, person: PersonIds): DocumentData {
  const employee = (id: unknown) => (id == null || id === person.employeeId ? id : SOMEONE_ELSE);
  const user = (uid: unknown) => (uid == null || uid === person.uid ? uid : SOMEONE_ELSE);
  const requester = request.employeeId === person.employeeId;
  return {
    ...request,
    employeeId: employee(request.employeeId),
    peerEmployeeId: employee(request.peerEmployeeId),
    takerEmployeeId: employee(request.takerEmployeeId),
    volunteers: Array.isArray(request.volunteers) ? request.volunteers.map(employee) : request.volunteers,
    note: requester ? request.note : '',
    history: Array.isArray(request.history)
      ? request.history.map((step: DocumentData) => ({ ...step, by: user(step.by) }))
      : request.history,
  };
}
