import { z } from 'zod';
import { companyInQuery, defineRoute, organizationInPath, type RouteDef } from '../../http/route';
import { companyIdQuery } from '../../http/fields';
import {
  endMealWaiverBody,
  mealWaiverBody,
  mealWaiverParam,
  mealWaiverSchema,
  mealWaiversQuery,
  payElementBody,
  payElementSchema,
  payElementsQuery,
  periodParam,
  periodSchema,
  periodsQuery,
  reopenBody,
  reportSchema,
  settingsPatch,
  settingsSchema,
} from './schemas';
import { employerExportParams, employerExportQuery, exportQuery, exportResponse } from './export-schemas';
import { lazyFile } from '../kit';
import { makeUpQuery, makeUpSchema } from './make-up-schemas';

/** The service (with attendance, sales and the export formats) is loaded by the first request that uses it, not with the routes. */
const service = lazyFile<typeof import('./service')>(() => require('./service'));
const exportFiles = lazyFile<typeof import('./export-period')>(() => require('./export-period'));
const makeUp = lazyFile<typeof import('./week-make-up')>(() => require('./week-make-up'));

const manager = companyInQuery('manager');
const owner = companyInQuery('owner');

const OVERTIME = `**Overtime** (settings \`overtimeRules\`): \`flsa\` (minutes past 40 hours in the workweek at 1.5x), \`california\` (past 8 hours a workday at 1.5x, past 12 at 2x; the seventh consecutive workday of the workweek: its first 8 hours at 1.5x, beyond at 2x; weekly past 40 regular hours at 1.5x, no minute counted twice) or \`none\`; thresholds configurable. The workweek is the seven business days from the profile's weekStartingDay; worked time is real elapsed time from approved punches (DST days have 23 or 25 hours), unpaid breaks removed, split at business-day boundaries (dayChangeTime). Overtime is computed over the whole workweeks that touch the period and reported on the days it was worked, so a week split by two periods pays its overtime in the period where those hours fell.`;

export const routes: RouteDef[] = [
  defineRoute({
    method: 'post',
    path: '/payroll/meal-waivers',
    summary: 'Record a California meal-period waiver',
    description:
      "An employee's written mutual consent (Labor Code 512(a)), with its scope and the days it covers. Under the california rule set the meal-period premium honours it: a first-meal waiver on a day of at most 6 hours worked, a second-meal waiver on a day of at most 12 hours whose first meal was taken; outside those limits the premium is owed as before. `employeeConsented` must be true; it cannot cover days before `agreedOn`. An unknown employee is 422 MEAL_WAIVER_EMPLOYEE_NOT_FOUND. Managers and owners.",
    access: manager,
    query: companyIdQuery,
    body: mealWaiverBody,
    response: mealWaiverSchema,
    status: 201,
    handler: ({ query, body, caller }) =>
      service().createMealWaiver({ companyId: query.companyId, uid: caller.uid, body }),
  }),
  defineRoute({
    method: 'get',
    path: '/payroll/meal-waivers',
    summary: 'Meal-period waivers',
    description: 'The recorded waivers of the company (or of one employee). Managers and owners.',
    access: manager,
    query: mealWaiversQuery,
    response: z.array(mealWaiverSchema),
    handler: ({ query }) => service().listMealWaivers(query),
  }),
  defineRoute({
    method: 'post',
    path: '/payroll/meal-waivers/:waiverId/end',
    summary: 'End a meal-period waiver (revoked or expired)',
    description:
      'The waiver covers no day after `effectiveTo` (not before its first day: 422 MEAL_WAIVER_END_BEFORE_START; unknown: 404 MEAL_WAIVER_NOT_FOUND). Managers and owners.',
    access: manager,
    params: mealWaiverParam,
    query: companyIdQuery,
    body: endMealWaiverBody,
    response: mealWaiverSchema,
    handler: ({ params, query, body }) =>
      service().finishMealWaiver({
        companyId: query.companyId,
        waiverId: params.waiverId,
        effectiveTo: body.effectiveTo,
      }),
  }),
  defineRoute({
    method: 'post',
    path: '/payroll/pay-elements',
    summary: 'Record a bonus or other pay element',
    description:
      'A typed, dated entry paid in the pay period holding its `date`, earned from `earnedFrom` to `earnedTo`. Non-discretionary elements (attendance, productivity, shift differential, tip-credit make-up, and any other not `discretionary`) enter the regular rate of the workweeks of the earned span: the report pays them with the overtime they owe there (29 CFR 778.208-778.210, allocated per hour worked, 778.209). Discretionary bonuses (778.211) are paid as they are. A date in a closed period is 422 PAY_ELEMENT_PERIOD_CLOSED (money already paid is never rewritten), an unknown employee 422 PAY_ELEMENT_EMPLOYEE_NOT_FOUND. Managers and owners.',
    access: manager,
    query: companyIdQuery,
    body: payElementBody,
    response: payElementSchema,
    status: 201,
    handler: ({ query, body, caller }) =>
      service().createPayElement({ companyId: query.companyId, uid: caller.uid, body }),
  }),
  defineRoute({
    method: 'get',
    path: '/payroll/pay-elements',
    summary: 'Bonuses and other pay elements by date',
    description:
      'The pay elements dated from `from` to `to` (and of one employee). Managers and owners; amounts withheld as pay.',
    access: manager,
    query: payElementsQuery,
    response: z.array(payElementSchema),
    handler: ({ query }) => service().listPayElements(query),
  }),
  defineRoute({
    method: 'get',
    path: '/payroll/settings',
    summary: 'Payroll settings',
    description: `Pay frequency (weekly, biweekly, semimonthly, monthly; default biweekly), the anchor date of biweekly periods, the overtime rule set and the company code exports carry. Weekly and biweekly periods start on the profile's payrollStartingDay; semimonthly periods are the 1st-15th and 16th-end; monthly the calendar month.\n\n${OVERTIME}\n\nManagers and owners.`,
    access: manager,
    query: companyIdQuery,
    response: settingsSchema,
    handler: ({ query }) => service().getSettings(query),
  }),
  defineRoute({
    method: 'patch',
    path: '/payroll/settings',
    summary: 'Change payroll settings (owners)',
    description:
      'Fields sent replace the stored ones; `overtimeRules` is validated whole (kind plus optional thresholds in minutes, 0..10080; California daily overtime below daily double time). Owners only.',
    access: owner,
    query: companyIdQuery,
    body: settingsPatch,
    response: settingsSchema,
    handler: ({ query, body }) => service().updateSettings({ companyId: query.companyId, patch: body }),
  }),
  defineRoute({
    method: 'get',
    path: '/payroll/periods',
    summary: 'Pay periods, newest first, from the current one',
    access: manager,
    query: periodsQuery,
    response: z.array(periodSchema),
    handler: ({ query }) => service().listPeriods(query),
  }),
  defineRoute({
    method: 'get',
    path: '/payroll/periods/current',
    summary: 'The current pay period',
    description: "The pay period that contains the company's business today, with its status. Managers and owners.",
    access: manager,
    query: companyIdQuery,
    response: periodSchema,
    handler: async ({ query }) => (await service().listPeriods({ companyId: query.companyId, count: 1 }))[0],
  }),
  defineRoute({
    method: 'get',
    path: '/payroll/periods/:startDate/report',
    summary: 'Hours and pay of a pay period',
    description: `Per employee: worked, regular, overtime and double-time minutes (per day too), rates and pay in integer minor units, tips from the POS (sales invoices of the period, refunded tips subtracted) and the total. Only approved punches are paid (\`pendingPunches\` counts the others). An open period is computed live; a closed one answers the report frozen when it closed. Managers get no pay figures but their own (null, listed in \`hidden\`) when the policy hideFinancialInfoFromManagers is on, and no tips (nor the totalPay holding them) when hideTipsFromManagers is on. A date that does not start a period is 404 PERIOD_NOT_FOUND.\n\n${OVERTIME}\n\nManagers and owners.`,
    access: manager,
    params: periodParam,
    query: companyIdQuery,
    response: reportSchema,
    handler: ({ params, member }) => service().getReport({ member, startDate: params.startDate }),
  }),
  defineRoute({
    method: 'get',
    path: '/tip-credit/make-up',
    summary: 'The tip-credit make-up of a workweek, per employee',
    description: `For the company week starting on weekStart (else 422 TIP_PERIOD_NOT_A_START): the tip-credit row in force for the company's state (federal $2.13 cash wage against $7.25, 29 U.S.C. 203(m); no credit in CA, WA, OR, MN, NV, MT, AK; PA and FL their own), and per employee with approved minutes: the week's straight-time pay as their cash wages (every minute at the rate of its position, as the period report's weeks), whether a credit is taken (cash wages below the minimum wage for the minutes where the state allows a credit; never for a salaried employee), tips (their POS and imported tips of the week plus the net of their tip-pool entries), the minimum for the hours and the make-up owed: minimum - cash wages - tips when positive. The same figure as the make-up line of the report of the pay period the week ends in (before what tipCreditMakeUp pay elements paid). Figures and sources: docs/TIPS.md. Managers and owners; pay and tips withheld by the company's policies.`,
    access: manager,
    query: makeUpQuery,
    response: makeUpSchema,
    handler: ({ member, query }) => makeUp().weekMakeUp({ member, weekStart: query.weekStart }),
  }),
  defineRoute({
    method: 'post',
    path: '/payroll/periods/:startDate/close',
    completion: 'steps',
    summary: 'Close an ended pay period (locks its punches)',
    description:
      'The period must have ended (422 PERIOD_NOT_ENDED), have no open punch (422 PERIOD_HAS_OPEN_PUNCHES) and no punch waiting for approval (422 PERIOD_HAS_UNAPPROVED_PUNCHES). Its punches are locked (attendance refuses changes to them and new punches in its dates) and its report is frozen for the exports. Closing a closed period is 422 PERIOD_ALREADY_CLOSED. Managers and owners; the history keeps who and when.',
    access: manager,
    params: periodParam,
    query: companyIdQuery,
    response: periodSchema,
    handler: ({ params, query, caller }) =>
      service().closePeriod({ companyId: query.companyId, startDate: params.startDate, uid: caller.uid }),
  }),
  defineRoute({
    method: 'post',
    path: '/payroll/periods/:startDate/reopen',
    completion: 'steps',
    summary: 'Reopen a closed pay period (owners)',
    description:
      "Unlocks its punches and drops its frozen report; the reason, who and when are kept in the period's history. Reopening an open period changes nothing. Owners only.",
    access: owner,
    params: periodParam,
    query: companyIdQuery,
    body: reopenBody,
    response: periodSchema,
    handler: ({ params, query, body, caller }) =>
      service().reopenPeriod({
        companyId: query.companyId,
        startDate: params.startDate,
        uid: caller.uid,
        reason: body.reason,
      }),
  }),
  defineRoute({
    method: 'get',
    path: '/payroll/periods/:startDate/export',
    summary: 'Export a closed pay period as a payroll import file',
    description:
      "A CSV file (in `body`, with its `filename` and `contentType`) of the frozen report, in a generic layout or the columns the ADP, Paychex or Gusto importers expect (these back the gusto/adp/paychex integrations of the catalogue). ADP and Paychex need each employee's employeeNumber (422 EXPORT_MISSING_EMPLOYEE_NUMBERS lists who has none). Only closed periods (422 PERIOD_NOT_CLOSED). Managers and owners; a manager gets 403 PAY_HIDDEN when hideFinancialInfoFromManagers or hideTipsFromManagers is on (a file without some of the pay would pay people wrong).",
    access: manager,
    params: periodParam,
    query: exportQuery,
    response: exportResponse,
    handler: ({ params, query, member }) =>
      exportFiles().exportPeriod({ member, startDate: params.startDate, layout: query.layout }),
  }),
  defineRoute({
    method: 'get',
    path: '/organizations/:orgId/employers/:employerId/payroll/periods/:startDate/export',
    summary: "Export an employer's closed pay period over all its locations as one payroll import file",
    description:
      "One CSV file of the frozen reports of every location under the employer, in the layouts of the location export, with the employer's provider codes (ADP Co Code, Paychex Client ID: the employer's companyCodes, 422 EXPORT_MISSING_COMPANY_CODE without). Each location's rows are as its own export has them, their overtime already figured over the employer's workweek. Every location must have the pay period starting on startDate (404 PERIOD_NOT_FOUND when startDate starts none of theirs, 422 EMPLOYER_PERIODS_DIFFER when their periods differ, listing each location's), have closed it (422 PERIOD_NOT_CLOSED lists the open ones) and pay in one currency (422 EMPLOYER_CURRENCIES_DIFFER). A person linked across locations is one employee: ADP and Paychex get a line per location under their one number, Gusto one line per person (amounts added, the rate of the location with the most minutes, the rest in correction_payment); a person with two different numbers is 422 LINKED_EMPLOYEE_NUMBERS_DIFFER. The generic layout keeps a row per location with location_id and location_name. 422 EMPLOYER_NOT_FOUND for an employer the organization does not have, EMPLOYER_HAS_NO_LOCATIONS for one without locations. Owners and administrators of the organization.",
    access: organizationInPath('admin'),
    params: employerExportParams,
    query: employerExportQuery,
    response: exportResponse,
    handler: ({ params, query }) => exportFiles().exportEmployerPeriod({ ...params, layout: query.layout }),
  }),
];
