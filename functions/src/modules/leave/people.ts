import { businessDateOf, type CompanyCalendar } from '../../core/calendar';
import { ISO_DATE_PATTERN } from '../../http/fields';
import type { Employee } from '../employees';

/** The hire date of an employee as a business date (stored as epoch ms or YYYY-MM-DD), or null. */
export function hireDateOf(
  e: Pick<Employee, 'hiring'>,
  cal: Pick<CompanyCalendar, 'timezone' | 'dayChangeTime'>,
): string | null {
  const h = e.hiring;
  if (typeof h === 'number' && Number.isFinite(h)) return businessDateOf(h, cal);
  if (typeof h === 'string' && ISO_DATE_PATTERN.test(h.slice(0, 10))) return h.slice(0, 10);
  return null;
}
