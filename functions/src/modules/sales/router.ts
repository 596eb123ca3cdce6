import { companyInQuery, defineRoute, type RouteDef } from '../../http/route';
import { companyIdQuery } from '../../http/fields';
import { importBody, importResponse, MAX_IMPORT_ITEMS, salesQuery, salesResponse } from './schemas';
import { lazyFile } from '../kit';
import { viewerOf } from '../companies';
import { salesAuditQuery, salesAuditResponse } from './audit-schemas';

/** The service (with attendance and the importer) is loaded by the first request that uses it, not with the routes. */
const service = lazyFile<typeof import('./service')>(() => require('./service'));
const audit = lazyFile<typeof import('./audit')>(() => require('./audit'));

const manager = companyInQuery('manager');

const SALES_DESCRIPTION = `Per-bucket sales of a range of business dates.

**Business day.** A sale belongs to the company-local date (profile \`timezone\`) of its closing time, shifted by settings \`dayChangeTime\` (seconds after local midnight): with dayChangeTime 14400 a sale at 01:30 belongs to the previous day. Within its business day it sits in a business hour: its wall-clock hour counted from the business date's local midnight (01:30 after midnight of the previous business day is hour 25). DST never moves a sale: hours are wall-clock hours.

**Two paths, same numbers.** The fast path reads one pre-aggregated actual-sales record per business day (one query for the whole range); supplying employeeId, positionId, role or posSource (or source=invoices) reads the invoices instead and aggregates them into the same per-day, per-hour form, so both paths answer identical numbers for the same question.

**Figures** (money in integer minor units of \`currency\`):
- totalSales: net sales (tips excluded) in the selected period and hours; morningSales / eveningSales: its morning and evening parts (see period);
- customerCount: guests (covers) of the sales;
- tips: tips of the sales;
- perHour: sales per wall-clock hour of the day (24 integers, index 0 = 00:00-00:59), summed over the bucket's days;
- ratio: labor cost / totalSales (4 decimals; null when totalSales is 0), with \`laborCost\` beside it. Labor cost = for each **published** shift in the selection, its hours x the employee's rateRegular (else the rate of the shift's position, else 0), in minor units, leaving out shifts whose role has includedInLaborCost false; a shift runs from start to end minutes of its date (end < start crosses midnight; end null lasts the profile's defaultDuration; breaks not subtracted) and its minutes are spread over business hours like sales, so period and hours cut it the same way. employeeId and positionId filters select the shifts of that employee / position, role the shifts whose position has that role name; posSource does not filter shifts.
- actualLaborCost / actualRatio (with ratio): the same for the time actually worked: approved punches of the attendance module, unpaid breaks left out, at the employee's rateRegular (else the rate of the punch's position), cut by period and hours like sales; the same filters and includedInLaborCost rule; overtime premiums are payroll's, not counted here.
- tipKinds (on request): the POS tips of the bucket's business days, each kind apart (card tips, cash tips entered, declared cash tips, voluntary gratuities, service charges and automatic gratuities, tips given and received) with the staff's tips they make; a sale the POS voided after closing counts nowhere, here or in the other figures. Kept per business day and employee, so only with period full, no hours and no positionId, role or posSource filter (else 400); with employeeId, that employee's;
- refunds: left out by default; with excludeRefunds=false their (negative) amounts and refunded tips are added.

**Access.** Managers and owners. Employees get 403: sales are business figures. For managers, \`tips\` is withheld when the policy hideTipsFromManagers is on and the labour cost and ratios when hideFinancialInfoFromManagers is on; for everyone, the labour cost and ratios while the setting hasAccessToLaborCost is off (\`hidden\` lists the x-visibility tags withheld).`;

const IMPORT_DESCRIPTION = `Imports up to ${MAX_IMPORT_ITEMS} invoices (POS tickets); the POS sync writes through the same path.

- Idempotent on (posSource, externalId): an invoice already imported with the same content is \`unchanged\` (no write); with different content it is \`updated\` and the day aggregates move with it (to another day if its time changed).
- Each item is validated on its own and a rejected item never blocks the others. Reasons (rejectedItems[].code): INVALID_ITEM (schema or sign rules: a sale has amount and tips >= 0; a refund is its own record with amount and tips <= 0 and customers 0), DUPLICATE_IN_BATCH (same posSource and externalId as an earlier item of the request), CURRENCY_MISMATCH (one company sells in one currency: the first invoice ever imported fixes it), UNKNOWN_EMPLOYEE, UNKNOWN_POSITION.
- closedAt is epoch ms or ISO 8601; an ISO time without offset is company-local. The business date and hour are derived with the company's timezone and dayChangeTime at import time and stored on the invoice; a later change of those settings applies to invoices imported (or re-imported) afterwards.
- Invoices and the actual-sales day records they change are written together, in exclusive commits per company of up to 400 invoices: overlapping imports never double-count, and if a request fails midway every committed part is consistent and a retry finishes the rest.

Managers and owners.`;

const AUDIT_DESCRIPTION = `Which sync run and which vendor record voided a sale from outside (a POS sale), or closed it again after a void, and what of it was taken out of or put back into the figures; with the tip adjustments its changes recorded when its business date was in a pay period payroll had closed (paid or taken back in the open period, listed by that period's payroll report).

Either \`date\` (a business date: the day's sales with an audit line or a tip adjustment) or \`posSource\` with \`externalId\` (one sale: 404 SALE_NOT_FOUND when the company has no such invoice); anything else is 400 VALIDATION_FAILED.

Managers and owners; for managers the tips are withheld while the policy hideTipsFromManagers is on (\`hidden\`).`;

export const routes: RouteDef[] = [
  defineRoute({
    method: 'get',
    path: '/sales',
    summary: 'Per-bucket sales for a date range',
    description: SALES_DESCRIPTION,
    access: manager,
    query: salesQuery,
    response: salesResponse,
    // the caller's view (read once for the request, src/core/store-ops.ts): labour it withholds is not computed
    handler: async ({ query, member }) => service().getSales({ query, viewer: await viewerOf(member) }),
  }),
  defineRoute({
    method: 'get',
    path: '/sales/audit',
    summary: 'Who voided or closed again a POS sale, and the tip adjustments it recorded',
    description: AUDIT_DESCRIPTION,
    access: manager,
    query: salesAuditQuery,
    response: salesAuditResponse,
    handler: ({ query }) => audit().getSalesAudit({ query }),
  }),
  defineRoute({
    method: 'post',
    path: '/sales/invoices',
    summary: 'Import a batch of invoices (idempotent)',
    description: IMPORT_DESCRIPTION,
    access: manager,
    query: companyIdQuery,
    body: importBody,
    response: importResponse,
    bodyLimit: '16mb',
    handler: ({ query, body }) => service().importInvoices({ companyId: query.companyId, items: body.invoices }),
  }),
];
