import type { DocumentData } from 'firebase-admin/firestore';
import { SOMEONE_ELSE, type PersonIds } from '../personal-data';

/** A person's own part of an account audit line, for their export: the other party (actor or target) and the actor's email only when it is theirs. */
export function auditLineOfPerson(line: DocumentData, person: PersonIds): DocumentData {
  const actor = line.actorUid === person.uid;
  return {
    ...line,
    actorUid: actor ? line.actorUid : SOMEONE_ELSE,
    actorEmail: actor ? line.actorEmail : null,
    targetUid: line.targetUid === person.uid ? line.targetUid : SOMEONE_ELSE,
  };
}
