/**
 * The HiGHS solve, in a worker thread so that a generation never blocks the function's event loop
 * (other requests of the instance keep being served). Self-contained on purpose: in development
 * Node runs this file by stripping its types; deployed, it is the compiled JavaScript.
 * Messages in: a SolveRequest; out: {ready: true} once HiGHS is loaded, then a SolveAnswer per request.
 */
import { parentPort } from 'node:worker_threads';
import loadHighs from 'highs';
import type { SolveRequest } from './mip';

interface WorkerRequest extends SolveRequest {
  id: number;
  timeLimit: number;
}

const port = parentPort!;
const solver = loadHighs();
void solver.then(() => port.postMessage({ ready: true }));

port.on('message', async (req: WorkerRequest) => {
  try {
    const h = await solver;
    const model = h.createModel({
      numCols: req.numCols,
      numRows: req.numRows,
      sense: h.constants.objectiveSense.maximize,
      colCost: req.colCost,
      colLower: new Float64Array(req.numCols),
      colUpper: req.colUpper,
      rowLower: req.rowLower,
      rowUpper: req.rowUpper,
      matrix: {
        format: 'csr',
        numRows: req.numRows,
        numCols: req.numCols,
        starts: req.starts,
        indices: req.indices,
        values: req.values,
      },
      integrality: Array.from(req.integer, (i) =>
        i ? h.constants.variableType.integer : h.constants.variableType.continuous,
      ),
    });
    try {
      model.options.set({ output_flag: false, time_limit: req.timeLimit, mip_rel_gap: req.relativeGap });
      if (req.start) model.setSolution({ colValue: req.start });
      const run = model.run();
      const status =
        run.modelStatus === h.constants.modelStatus.optimal
          ? 'optimal'
          : run.modelStatus === h.constants.modelStatus.timeLimit
            ? 'timeLimit'
            : 'other';
      const feasible = Number(model.info.get('primal_solution_status')) === h.constants.solutionStatus.feasible;
      const colValue = feasible ? model.getSolution().colValue : null;
      port.postMessage({
        id: req.id,
        status,
        bound: Number(model.info.get('mip_dual_bound')),
        objective: Number(model.info.get('objective_function_value')),
        colValue,
      });
    } finally {
      model.dispose();
    }
  } catch (err) {
    port.postMessage({ id: req.id, error: err instanceof Error ? err.message : String(err) });
  }
});
