import * as repo from './repo';
import type { SpecialDaysQuery } from './schemas';

/** GET /forecast/special-days: the days the company declared in the range (every one without a range), by date. */
export async function listSpecialDays({ query }: { query: SpecialDaysQuery }) {
  const days = await repo.readSpecialDays(query.companyId, query.from ?? '0000-01-01', query.to ?? '9999-12-31');
  return { companyId: query.companyId, specialDays: days };
}
