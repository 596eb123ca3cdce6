import { toMinorUnits } from '../../../core/money';
import { forecastDemand } from '../../forecast';
import { candidateSeats, fitToBudget, type Candidate, type DemandSeat, type RoleDemandSetting } from './demand';
import { generate } from './solve';
import { scoring, positionKey, type Assignment, type GenerationProblem } from './model';
import { buildProblem, type GenerationInputs } from './problem';

/** Labor % the calibration stops within (the target's band is 1 point; the solver's final pass moves a little). */
const CALIBRATION_TOLERANCE = 0.4;
const CALIBRATION_ROUNDS = 8;
/** Bounds of the share of a budget step that the last step turned into staffed cost (see planDemand). */
const MIN_STEP_GAIN = 0.25;
const MAX_STEP_GAIN = 1.5;

/** Labor cost of assignments (rate x worked hours), minor units: the figure the labor % is made of. */
export function laborCostOf(problem: GenerationProblem, assignments: Assignment[]): number {
  const score = scoring(problem);
  const seats = new Map(problem.seats.map((s) => [s.id, s]));
  const staff = new Map(problem.staff.map((s) => [s.id, s]));
  return assignments.reduce((sum, a) => sum + score.cost(staff.get(a.staffId)!, seats.get(a.seatId)!), 0);
}

/** The roles with a usable productivity setting, with the mean hourly rate of the staff who hold its sub-role. */
function demandRoles(inputs: GenerationInputs): RoleDemandSetting[] {
  const staff = buildProblem({ ...inputs, template: {}, demandSeats: [] }).staff;
  return inputs.roles.flatMap((role) => {
    const p = role.productivity;
    if (role.archived || !p || (inputs.roleIds && !inputs.roleIds.includes(role.id))) return [];
    const sub = role.subRoles[p.subRoleId];
    if (!sub || sub.archived) return [];
    const holders = staff.filter((s) => s.positions.includes(positionKey(role.id, p.subRoleId)));
    const rates = holders.map((s) => s.rateMinor[role.id] ?? 0);
    const hourlyCostMinor = rates.length
      ? rates.reduce((a, b) => a + b, 0) / rates.length
      : toMinorUnits(role.rate, inputs.currency);
    return [{ roleId: role.id, frontOfHouse: role.type === 'FOH', productivity: p, hourlyCostMinor }];
  });
}

export interface DemandPlan {
  seats: DemandSeat[];
  cut: number;
  projectedSalesMinor: number;
  method: string;
  currency: string;
}

const plain = ({ costMinor: _c, utilisation: _u, ...seat }: Candidate): DemandSeat => seat;

/**
 * The forecast seats of a generation: the demand of each daypart through each role's
 * productivity, then (with a labor target) fitted to the budget the target allows. The budget is
 * calibrated against what the greedy pass actually staffs (employees' own rates, seats nobody can
 * take, the template's seats beside them) for a few rounds, so the proposal lands near the target;
 * the seats of the round that came closest are kept.
 */
export async function planDemand(
  companyId: string,
  inputs: GenerationInputs,
  laborTargetPercent: number | undefined,
): Promise<DemandPlan> {
  const forecast = await forecastDemand({ companyId, from: inputs.from, to: inputs.to });
  const currencyFactor = toMinorUnits(1, inputs.currency);
  const target = laborTargetPercent ?? null;
  const candidates = candidateSeats(forecast.dayparts, demandRoles(inputs), currencyFactor, target !== null);
  const base = {
    projectedSalesMinor: forecast.projectedSalesMinor,
    method: forecast.method,
    currency: forecast.currency,
  };
  if (target === null) return { ...base, seats: fitToBudget(candidates, null).seats.map(plain), cut: 0 };

  const goal = (target / 100) * forecast.projectedSalesMinor;
  let budget = goal;
  let fitted = fitToBudget(candidates, budget);
  let best = { fitted, miss: Infinity };
  let previous: { budget: number; cost: number } | null = null;
  for (let round = 0; round < CALIBRATION_ROUNDS; round++) {
    const problem = buildProblem({ ...inputs, demandSeats: fitted.seats.map(plain) });
    const { assignments } = await generate(problem, { timeLimitSeconds: 1, method: 'greedy' });
    const cost = laborCostOf(problem, assignments);
    const percent = forecast.projectedSalesMinor > 0 ? (100 * cost) / forecast.projectedSalesMinor : 0;
    const miss = Math.abs(percent - target);
    if (miss < best.miss) best = { fitted, miss };
    if (miss <= CALIBRATION_TOLERANCE) break;
    // more budget bought no staffed cost: the staff who can take the seats are all taken
    if (previous && budget > previous.budget && cost <= previous.cost) break;
    // Seats nobody can take cost nothing: a unit of budget buys less than a unit of staffed cost,
    // so the step is scaled by what the last step bought (a secant step, within bounds).
    const bought = previous && budget !== previous.budget ? (cost - previous.cost) / (budget - previous.budget) : 1;
    previous = { budget, cost };
    budget += (goal - cost) / Math.min(MAX_STEP_GAIN, Math.max(MIN_STEP_GAIN, bought));
    const next = fitToBudget(candidates, budget);
    if (next.seats.length === fitted.seats.length && next.cut.length === fitted.cut.length) break;
    fitted = next;
  }
  fitted = best.fitted;
  return { ...base, seats: fitted.seats.map(plain), cut: fitted.cut.length };
}
