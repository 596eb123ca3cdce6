import { fieldTags, maySee, type Viewer } from '../../http/visibility';
import { employeeSchema } from './schemas';

/**
 * Who sees and who edits which fields of an employee record. Seeing follows the one visibility rule
 * (src/http/visibility.ts) over the tags of the record's fields (EMPLOYEE_FIELD_TAGS, schemas.ts):
 *  - owners see every field;
 *  - managers every field but others' pay while the company hides financial info from managers;
 *  - employees their own record whole and a directory view of colleagues (no pay, contact,
 *    address, birth, hiring or archive data).
 * The reads, the search, PATCH and the audit trail all ask it. Editing: owners and managers edit
 * what they would see of a colleague (a manager never edits pay hidden from managers, their own
 * included); employees only their own contact and emergency fields (availabilities change through
 * an availabilities request of the requests module).
 */

export type { Viewer };

const TAGS = Object.entries(fieldTags(employeeSchema));

/** Pay fields: hidden from managers by hideFinancialInfoFromManagers. */
export const FINANCIAL_FIELDS: readonly string[] = TAGS.filter(([, tags]) => tags.includes('pay')).map(([f]) => f);
/** What an employee does not see of a colleague. */
export const PRIVATE_FIELDS: readonly string[] = TAGS.map(([field]) => field);

/** What an employee may change of their own record: contact details and emergency contacts. */
export const SELF_EDITABLE_FIELDS: readonly string[] = TAGS.filter(([, tags]) => tags.includes('contact')).map(
  ([f]) => f,
);

/** The text fields a search matches, when the searcher may see them. */
export const SEARCHED_FIELDS = ['name', 'surname', 'email', 'phone', 'employeeNumber'] as const;

/** The fields of employee `subjectId` (null: nobody's) that `viewer` may not see. */
export function hiddenFields(viewer: Viewer, subjectId: string | null): readonly string[] {
  const own = viewer !== null && viewer.employeeId !== null && subjectId === viewer.employeeId;
  return TAGS.filter(([, tags]) => tags.some((tag) => !maySee(viewer, tag, own))).map(([field]) => field);
}

/** Whether `viewer` may change `field` of employee `subjectId` (never what they cannot see). */
export function mayEdit(viewer: Viewer, subjectId: string, field: string): boolean {
  if (viewer?.role === 'employee') return subjectId === viewer.employeeId && SELF_EDITABLE_FIELDS.includes(field);
  return !hiddenFields(viewer, null).includes(field);
}

/** `record` without what `viewer` may not see of employee `subjectId`. */
export function redact<T extends object>(viewer: Viewer, subjectId: string, record: T): T {
  const hidden = hiddenFields(viewer, subjectId);
  if (hidden.length === 0) return record;
  const copy = { ...record } as Record<string, unknown>;
  for (const field of hidden) delete copy[field];
  return copy as T;
}
