import type { Membership } from '../../core/memberships';
import { forecastErrors } from './errors';
import * as repo from './repo';

/** DELETE /forecast/special-days/{date}: the date is forecast from the history again; 404 when nothing was declared. */
export async function deleteSpecialDay({ member, date }: { member: Membership; date: string }) {
  if (!(await repo.deleteSpecialDay(member.companyId, date)))
    throw forecastErrors.FORECAST_SPECIAL_DAY_NOT_FOUND(`No special day is declared on ${date}`);
  return { date, deleted: true as const };
}
