/**
 * The vendor simulators in a process of their own for the POS sync benchmark, as a vendor's API is
 * in production (another machine) and in the local stack (scripts/stack.js): their express
 * handlers, their JSON answers and the simulated year in their heap would otherwise be counted as
 * the engine's CPU, garbage and live heap. Started with fork(); answers messages from the
 * benchmark: `seed` (a family's year, answered with its employees and order count) and `yearSales`
 * (the seeded year's sales as the connector must read them).
 */
import { configureRevelSim, revelGroundTruth } from '../dev/vendors/revel';
import { configureSquareSim, squareGroundTruth } from '../dev/vendors/square';
import { SIMULATED, startVendorSimulator } from '../dev/vendors/server';

/** The vendor families the benchmark measures. */
export type BenchSlug = 'square_api_key' | 'revel';

export type VendorRequest =
  | { id: number; kind: 'seed'; slug: BenchSlug; days: number; ordersPerDay: number; endAt: number }
  | { id: number; kind: 'yearSales'; slug: BenchSlug };

const DAY = 86_400_000;

function answer(req: VendorRequest): unknown {
  if (req.kind === 'yearSales')
    return req.slug === 'revel'
      ? revelGroundTruth().sales
      : squareGroundTruth(SIMULATED.square_api_key.locationId).sales;
  if (req.slug === 'revel') {
    const data = configureRevelSim({
      days: req.days,
      ordersPerDay: req.ordersPerDay,
      employees: 40,
      end: Math.floor(req.endAt / DAY) * DAY,
    });
    return { employees: revelGroundTruth().employees, orders: data.orders.length };
  }
  const data = configureSquareSim({
    days: req.days,
    ordersPerDay: req.ordersPerDay,
    teamMembers: 40,
    endAt: req.endAt,
  });
  return { employees: squareGroundTruth(SIMULATED.square_api_key.locationId).employees, orders: data.orders.count };
}

async function main() {
  const sim = await startVendorSimulator(0);
  process.on('message', (req: VendorRequest) => process.send!({ id: req.id, result: answer(req) }));
  process.on('disconnect', () => void sim.close().then(() => process.exit(0)));
  process.send!({ urls: sim.urls });
}

void main();
