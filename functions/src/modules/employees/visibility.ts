import type { MemberRole } from '../../core/memberships';

/**
 * Who sees and who edits which fields of an employee record: the one rule of the module (the
 * reads, the search, PATCH and the audit trail all ask it).
 *  - Owners see and edit every field.
 *  - Managers see and edit every field, except pay when the company hides financial info from
 *    managers (policy hideFinancialInfoFromManagers).
 *  - Employees see their own record whole and a directory view of colleagues (no pay, contact,
 *    address, birth, hiring or archive data); they edit only their own contact and emergency
 *    fields (availabilities change through an availabilities request of the requests module).
 */

export const FINANCIAL_FIELDS = ['salary', 'additionalSalary', 'rateRegular', 'rateOvertime', 'positionRates'] as const;
const CONTACT_FIELDS = ['email', 'phone', 'phoneCode', 'address', 'city'] as const;
const EMERGENCY_FIELDS = ['emergencyContact', 'emergencyPhone', 'emergencyPhoneCode'] as const;

/** What an employee does not see of a colleague. */
export const PRIVATE_FIELDS = [
  ...FINANCIAL_FIELDS,
  ...CONTACT_FIELDS,
  ...EMERGENCY_FIELDS,
  'bornDate',
  'employeeNumber',
  'importSource',
  'hiring',
  'archive',
] as const;

/** What an employee may change of their own record. */
export const SELF_EDITABLE_FIELDS: readonly string[] = [...CONTACT_FIELDS, ...EMERGENCY_FIELDS];

/** The text fields a search matches, when the searcher may see them. */
export const SEARCHED_FIELDS = ['name', 'surname', 'email', 'phone', 'employeeNumber'] as const;

export interface Viewer {
  role: MemberRole;
  /** The viewer's own employee record, if any. */
  employeeId: string | null;
  /** The company hides pay from managers. */
  hidePayFromManagers: boolean;
}

/** The fields of employee `subjectId` that `viewer` may not see. */
export function hiddenFields(viewer: Viewer, subjectId: string): readonly string[] {
  if (viewer.role === 'owner') return [];
  if (viewer.role === 'manager') return viewer.hidePayFromManagers ? FINANCIAL_FIELDS : [];
  return subjectId === viewer.employeeId ? [] : PRIVATE_FIELDS;
}

/** Whether `viewer` may change `field` of employee `subjectId` (never what they cannot see). */
export function mayEdit(viewer: Viewer, subjectId: string, field: string): boolean {
  if (hiddenFields(viewer, subjectId).includes(field)) return false;
  if (viewer.role !== 'employee') return true;
  return subjectId === viewer.employeeId && SELF_EDITABLE_FIELDS.includes(field);
}

/** `record` without what `viewer` may not see of employee `subjectId`. */
export function redact<T extends object>(viewer: Viewer, subjectId: string, record: T): T {
  const hidden = hiddenFields(viewer, subjectId);
  if (hidden.length === 0) return record;
  const copy = { ...record } as Record<string, unknown>;
  for (const field of hidden) delete copy[field];
  return copy as T;
}
