import { companyInQuery, defineRoute, type RouteDef } from '../../http/route';
import { listRules } from './rules';
import { rulesAnswer, rulesQuery } from './schemas';

export const routes: RouteDef[] = [
  defineRoute({
    method: 'get',
    path: '/compliance/rules',
    summary: 'The labour-law rule packs that apply to the company, and why',
    description: `The packs covering the profile's \`lawLocation\`, layered federal, state, county, city, each with why it covers the company, its predictive-scheduling rules in force on \`date\` (notice, change premiums by notice tier, rest, good-faith estimate, coverage threshold, exemptions, every figure with its citation) and the rules other modules apply (payroll). \`scheduling\` names the law the schedule applies: the settings' \`fairWorkweekJurisdiction\` when not none, else the most local law covering the location whose coverage the company attests in \`lawCoverage\`; the version in force on each shift's business date decides its premiums. A pack whose \`effectiveFrom\` is after \`date\` is listed with \`scheduling: null\`.`,
    access: companyInQuery('employee'),
    query: rulesQuery,
    response: rulesAnswer,
    handler: ({ query }) => listRules(query),
  }),
];
