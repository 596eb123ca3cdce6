import type { Membership } from '../../core/memberships';
import * as repo from './repo';
import type { SpecialDay, SpecialDayBody } from './schemas';

/** PUT /forecast/special-days/{date}: declares a date closed or special; sent again, it replaces the same day. */
export async function putSpecialDay({
  member,
  date,
  body,
}: {
  member: Membership;
  date: string;
  body: SpecialDayBody;
}): Promise<SpecialDay> {
  const day: SpecialDay = { date, kind: body.kind, name: body.name, factor: body.factor ?? null };
  await repo.writeSpecialDay(member.companyId, day);
  return day;
}
