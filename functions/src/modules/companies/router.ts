import { companyInPath, defineRoute, type RouteDef } from '../../http/route';
import { companyIdParam } from '../../http/fields';
import * as service from './service';
import {
  companyPolicies,
  companyPoliciesPatch,
  companyProfile,
  companyProfilePatch,
  companySettings,
  companySettingsPatch,
} from './schemas';

const member = companyInPath('employee');
const manager = companyInPath('manager');
const owner = companyInPath('owner');

export const routes: RouteDef[] = [
  defineRoute({
    method: 'get',
    path: '/companies/:id',
    summary: 'Full company profile',
    description:
      'Stored fields merged over defaults (timezone UTC, weekStartingDay 1, defaultDuration 480, maxDayHours false, ...).',
    access: member,
    params: companyIdParam,
    response: companyProfile,
    handler: ({ params }) => service.getProfile({ companyId: params.id }),
  }),
  defineRoute({
    method: 'patch',
    path: '/companies/:id',
    summary: 'Update the company profile',
    description:
      'Partial update; each field sent replaces the stored field whole (objects such as `locations` and `breaks` included). Unknown fields are rejected. Returns the updated profile (allow-listed fields only).',
    access: manager,
    // pay periods and overtime weeks are computed from these, and the labour law that applies: a manager must not move them
    ownerOnlyFields: [
      'timezone',
      'weekStartingDay',
      'payrollStartingDay',
      'country',
      'region',
      'lawLocation',
      'lawCoverage',
    ],
    params: companyIdParam,
    body: companyProfilePatch,
    response: companyProfile,
    handler: ({ params, body }) => service.updateProfile({ companyId: params.id, patch: body }),
  }),
  defineRoute({
    method: 'get',
    path: '/companies/:id/settings',
    summary: 'Full company settings',
    description:
      'Stored settings merged over defaults (conflictsDetectionEnabled true, maxHoursPerWeek 40, morningPeriodEnd 960, dayChangeTime 0, generationPriority longer-shifts, other booleans false).',
    access: member,
    params: companyIdParam,
    response: companySettings,
    handler: ({ params }) => service.getSettings({ companyId: params.id }),
  }),
  defineRoute({
    method: 'patch',
    path: '/companies/:id/settings',
    summary: 'Update company settings',
    access: manager,
    // the business day (and so which day and pay period a punch counts in), predictive-scheduling
    // premiums, and whether managers see labour cost
    ownerOnlyFields: ['dayChangeTime', 'fairWorkweekJurisdiction', 'hasAccessToLaborCost'],
    params: companyIdParam,
    body: companySettingsPatch,
    response: companySettings,
    handler: ({ params, body }) => service.updateSettings({ companyId: params.id, patch: body }),
  }),
  defineRoute({
    method: 'get',
    path: '/companies/:id/policies',
    summary: 'Employee-facing policies, merged from their storage locations',
    description:
      'Policies are stored in three documents: `config/employeeInteraction` (group, messages, workWith), `config/settings` (employeesCanSeeShiftEndTimes, isGeolocationEnabled) and `config/managerPermissions` (hideFinancialInfo, hideTips). Defaults: interaction and shift end times true, the others false.',
    access: member,
    params: companyIdParam,
    response: companyPolicies,
    handler: ({ params }) => service.getPolicies({ companyId: params.id }),
  }),
  defineRoute({
    method: 'patch',
    path: '/companies/:id/policies',
    summary: 'Update policies (each field written to its own location, in one batch)',
    description:
      'Owners only: the policies include the restrictions placed on managers (hideFinancialInfoFromManagers, hideTipsFromManagers), which a manager must not lift.',
    access: owner,
    params: companyIdParam,
    body: companyPoliciesPatch,
    response: companyPolicies,
    handler: ({ params, body }) => service.updatePolicies({ companyId: params.id, patch: body }),
  }),
];
