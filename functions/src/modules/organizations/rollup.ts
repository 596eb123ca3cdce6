import { daysBetween } from '../../core/calendar';
import { AppError, coreErrors } from '../../core/errors';
import { maySee, type Viewer } from '../../http/visibility';
import { companyAiSpend } from '../ai';
import { companyNames, viewPolicies } from '../companies';
import { forecastDemand } from '../forecast';
import { getSales, salesSchemas } from '../sales';
import { listPremiums } from '../schedule';
import { requireOrganization } from './access';
import * as repo from './repo';
import { addSpend, percentOf, totalsByCurrency } from './rollup-rules';
import { MAX_ROLLUP_DAYS, type RollupLocation, type RollupQuery, type RollupResponse } from './rollup-schemas';

/**
 * GET /organizations/{orgId}/rollup: each location's figures as its owner reads them (the same
 * reads as GET /sales, GET /shifts/premiums, GET /forecast and the AI usage ledger, so a location's
 * line equals what those answer), all locations at once, and the totals per currency.
 */
export async function organizationRollup({
  orgId,
  query,
}: {
  orgId: string;
  query: RollupQuery;
}): Promise<RollupResponse> {
  const { startDate, endDate } = query;
  const span = daysBetween(startDate, endDate);
  if (span < 0) throw coreErrors.INVALID_DATE_RANGE('endDate is before startDate');
  if (span >= MAX_ROLLUP_DAYS)
    throw coreErrors.INVALID_DATE_RANGE(`The range covers more than ${MAX_ROLLUP_DAYS} days; ask for it in parts`);
  await requireOrganization(orgId);
  const stored = await repo.locationsOf(orgId);
  const names = await companyNames(stored.map((l) => l.companyId));
  const locations = await Promise.all(
    stored
      .map((l) => ({ ...l, name: names.get(l.companyId) ?? l.companyId }))
      .sort((a, b) => a.companyId.localeCompare(b.companyId))
      .map((l) => locationRollup(l, query)),
  );
  return {
    organizationId: orgId,
    startDate,
    endDate,
    locations,
    totals: totalsByCurrency(locations),
    aiUsage: addSpend(locations.map((l) => l.aiUsage)),
  };
}

async function locationRollup(
  location: { companyId: string; name: string; employerId: string },
  query: RollupQuery,
): Promise<RollupLocation> {
  const { companyId } = location;
  const { startDate, endDate } = query;
  // an organization's owners and administrators act as owners of each location: its owner's view
  const viewer: Viewer = { role: 'owner', employeeId: null, policies: await viewPolicies(companyId) };
  const laborShown = maySee(viewer, 'laborCost', false);
  const salesQuery = salesSchemas().salesQuery.parse({
    companyId,
    startDate,
    endDate,
    groupBy: 'monthly',
    fields: laborShown ? 'totalSales,customerCount,tips,ratio' : 'totalSales,customerCount,tips',
  });
  const [sales, premiums, spend, forecast] = await Promise.all([
    getSales({ query: salesQuery, viewer }),
    listPremiums({ companyId, from: startDate, to: endDate }),
    companyAiSpend({ companyId, from: startDate, to: endDate }),
    query.forecast ? forecastOf(companyId, startDate, endDate) : { sales: null, unavailable: null },
  ]);
  const totals = sales.summary!.totals;
  const totalSales = totals.totalSales ?? 0;
  const laborCost = laborShown ? (totals.laborCost ?? 0) : null;
  const actualLaborCost = laborShown ? (totals.actualLaborCost ?? 0) : null;
  return {
    ...location,
    currency: sales.currency,
    figures: {
      totalSales,
      customerCount: totals.customerCount ?? 0,
      tips: totals.tips ?? 0,
      laborCost,
      laborPercent: percentOf(laborCost, totalSales),
      actualLaborCost,
      actualLaborPercent: percentOf(actualLaborCost, totalSales),
      premiums: {
        count: premiums.length,
        amountMinor: premiums.reduce((a, p) => a + (p.amountMinor ?? 0), 0),
      },
      forecastSales: forecast.sales,
    },
    aiUsage: spend,
    forecastUnavailable: forecast.unavailable,
    hidden: laborShown ? [] : ['laborCost'],
  };
}

/** The location's forecast sales of the range, or why it has none (its refusal's code). */
async function forecastOf(companyId: string, from: string, to: string) {
  try {
    const { projectedSalesMinor } = await forecastDemand({ companyId, from, to });
    return { sales: projectedSalesMinor, unavailable: null };
  } catch (err) {
    if (err instanceof AppError && err.status < 500) return { sales: null, unavailable: err.code };
    throw err;
  }
}
