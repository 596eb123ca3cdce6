import { z } from 'zod';
import { AppError, coreErrors } from '../../core/errors';
import type { Logger } from '../../core/logger';
import { roleAtLeast, type Membership, type MemberRole } from '../../core/memberships';
import type { ToolDefinition } from '../../ai/models';
import { relevantMemories } from '../ai-memory';
import { listPunchesFor, listPunchesQuery } from '../attendance';
import { calculate } from '../calculator';
import { listEmployeesFor } from '../employees';
import type { CreateRequestBody } from '../requests';
import { getSales, salesSchemas } from '../sales';
import { listShiftsForMember, listShiftsQuery, shiftListSchema, shiftPostBody } from '../schedule';
import { viewerOf } from '../companies';
import { withhold } from '../../http/visibility';
import { MAX_TOOL_RESULT_CHARS } from './limits';
import { toolInputs, type ProposalKind, type ToolName } from './schemas';

/**
 * The assistant's tools: each calls another module's service through its index.ts, with the
 * CALLER's membership, so the assistant sees exactly what that member's own routes would answer
 * (and is refused what they would refuse); figures it derives come from the calculator. A tool is offered only to the roles its route admits;
 * a call to any other name is answered as an unknown tool. Results are bounded in size.
 */

export interface ToolContext {
  member: Membership;
  conversationId: string;
  log: Logger;
  /** Proposals made during this turn (written with the turn). */
  propose(kind: ProposalKind, summary: string, payload: Record<string, unknown>): { proposalId: string };
}

interface Tool<N extends ToolName> {
  name: N;
  description: string;
  /** The least role of the route the tool stands for. */
  minRole: MemberRole;
  run(input: z.output<(typeof toolInputs)[N]>, ctx: ToolContext): Promise<unknown>;
}

const defineTool = <N extends ToolName>(tool: Tool<N>) => tool;

/** Memories handed to the model with a question, and at most by the recall tool. */
export const MEMORIES_PER_QUESTION = 5;
const MEMORIES_PER_RECALL = 10;

const TOOLS = [
  defineTool({
    name: 'calculate',
    description:
      'Exact decimal arithmetic: use it for every figure you derive (sums, differences, ratios, percentages, rounding, currency minor units) instead of computing it yourself. Either `expression` ("(1249.95 + 80.05) * 0.15", optional `round`) or `operations` (steps, "$0" is the result of step 0; percentage: a as a percentage of b; toMinorUnits / fromMinorUnits with a currency). Answers exact decimal strings.',
    minRole: 'employee',
    run: async (input) => calculate(input),
  }),
  defineTool({
    name: 'recall_memories',
    description:
      "Facts the team asked the assistant to remember (company facts and the asking member's own), the most relevant to the query first. The most relevant to the question are already in the instructions; use this to look for others.",
    minRole: 'employee',
    run: async (input, ctx) => ({
      memories: (
        await relevantMemories({
          companyId: ctx.member.companyId,
          uid: ctx.member.uid,
          question: input.query,
          limit: MEMORIES_PER_RECALL,
        })
      ).map(({ text, scope, source }) => ({ text, scope, source })),
    }),
  }),
  defineTool({
    name: 'sales_summary',
    description:
      'Net sales, guests (customerCount), tips and invoice counts of a range of business dates, per day, week or month, with totals; with includeLabor the labor cost of the published shifts and labor % (ratio). Money is in integer minor units of `currency`. Same figures as GET /sales.',
    minRole: 'manager',
    run: async (input, ctx) => {
      const fields = ['totalSales', 'customerCount', 'tips', ...(input.includeLabor ? ['ratio'] : [])];
      const { salesQuery, salesResponse } = salesSchemas();
      const query = salesQuery.parse({
        companyId: ctx.member.companyId,
        startDate: input.startDate,
        endDate: input.endDate,
        groupBy: input.groupBy ?? 'daily',
        fields,
      });
      // parsed as the route answers it: the assistant reads the same figures as GET /sales
      const viewer = await viewerOf(ctx.member);
      const sales = salesResponse.parse(await getSales({ query, viewer }));
      withhold(salesResponse, sales, viewer);
      return {
        currency: sales.currency,
        startDate: sales.startDate,
        endDate: sales.endDate,
        groupBy: sales.groupBy,
        hidden: sales.hidden,
        totals: sales.summary?.totals ?? null,
        buckets: sales.buckets,
      };
    },
  }),
  defineTool({
    name: 'list_shifts',
    description:
      'Scheduled shifts of a range of dates (at most 62 days): published and manual shifts, drafts on request for managers. start/end are minutes of the company-local day (1020 = 17:00). Same as GET /shifts.',
    minRole: 'employee',
    run: async (input, ctx) => {
      const query = listShiftsQuery.parse({
        companyId: ctx.member.companyId,
        startDate: input.startDate,
        endDate: input.endDate,
        ...(input.employeeId ? { employeeId: input.employeeId } : {}),
        includeDraft: input.includeDraft ? 'true' : 'false',
      });
      const [shifts, viewer] = await Promise.all([
        listShiftsForMember({ member: ctx.member, query }),
        viewerOf(ctx.member),
      ]);
      withhold(shiftListSchema, shifts, viewer);
      return {
        shifts: shifts.map((s) => ({
          id: s.id,
          date: s.date,
          employeeId: s.employeeId,
          positionId: s.positionId,
          start: s.start,
          end: s.end,
          mode: s.mode,
          onHold: s.onHold,
        })),
      };
    },
  }),
  defineTool({
    name: 'employee_directory',
    description:
      'Employees of the company as the asking member may see them (colleagues appear as a directory entry for employees: no pay or personal data), with their positions (role ids) and weekly availabilities. Same as GET /employees.',
    minRole: 'employee',
    run: async (input, ctx) => {
      const employees = await listEmployeesFor({ member: ctx.member, search: input.search, role: input.roleId });
      return { employees };
    },
  }),
  defineTool({
    name: 'attendance_punches',
    description: 'Clock-in punches (worked time, breaks, approval state) of a range of business dates. Managers only.',
    minRole: 'manager',
    run: async (input, ctx) => {
      const query = listPunchesQuery.parse({ companyId: ctx.member.companyId, ...input });
      return { punches: await listPunchesFor({ member: ctx.member, query }) };
    },
  }),
  defineTool({
    name: 'propose_memory',
    description:
      "Proposes remembering a fact the member stated (a company fact: managers and owners only; or the member's own). Nothing is stored now: the member confirms the proposal in the app.",
    minRole: 'employee',
    run: async (input, ctx) => {
      if (input.scope === 'company' && !roleAtLeast(ctx.member.role, 'manager')) {
        throw coreErrors.INSUFFICIENT_ROLE(
          'Company memories are managed by managers and owners; propose a personal memory instead',
        );
      }
      const summary = `Remember (${input.scope === 'company' ? 'company' : 'personal'}): ${input.text}`;
      const { proposalId } = ctx.propose('memory', summary, { ...input });
      return { proposalId, status: 'pending', summary, note: 'Not stored yet: the member must confirm this proposal.' };
    },
  }),
  defineTool({
    name: 'propose_draft_shift',
    description:
      'Proposes a DRAFT shift. Nothing is written now: the member confirms the proposal in the app, and the schedule rules (conflicts, availability, limits) apply then. Managers only.',
    minRole: 'manager',
    run: async (input, ctx) => {
      const shift = shiftPostBody.parse(input);
      const end = shift.end === null ? 'open end' : minutes(shift.end);
      const summary = `Draft shift on ${shift.date} for employee ${shift.employeeId}, ${minutes(shift.start)}-${end}`;
      const { proposalId } = ctx.propose('draft_shift', summary, shift as Record<string, unknown>);
      return {
        proposalId,
        status: 'pending',
        summary,
        note: 'Not created yet: the member must confirm this proposal.',
      };
    },
  }),
  defineTool({
    name: 'propose_request',
    description:
      "Proposes a shift request of the asking member, as POST /requests takes it: dayOff (startDate..endDate, business dates; start + end minutes for part of a day, absent for whole days), replace (offer up one of the member's own upcoming shifts: shiftId, from list_shifts), swap (the member's shiftId with a coworker's peerShiftId), emergency (the member's shift starting within 72 hours), availabilities (new weekly availabilities). Nothing is requested now: the member confirms the proposal in the app, and the request rules apply then.",
    minRole: 'employee',
    run: async (input, ctx) => {
      const summary = requestSummary(input);
      const { proposalId } = ctx.propose('request', summary, { ...input });
      return {
        proposalId,
        status: 'pending',
        summary,
        note: 'Not requested yet: the member must confirm this proposal.',
      };
    },
  }),
];

function requestSummary(r: CreateRequestBody): string {
  const note = r.note ? ` (note: ${r.note})` : '';
  switch (r.type) {
    case 'dayOff': {
      const days = r.startDate === r.endDate ? `on ${r.startDate}` : `from ${r.startDate} to ${r.endDate}`;
      const hours = r.start !== undefined && r.end !== undefined ? `, ${minutes(r.start)}-${minutes(r.end)}` : '';
      return `Request a day off ${days}${hours}${note}`;
    }
    case 'replace':
      return `Offer up shift ${r.shiftId} for a coworker to take${note}`;
    case 'swap':
      return `Ask to swap shift ${r.shiftId} with shift ${r.peerShiftId}${note}`;
    case 'emergency':
      return `Post an emergency request for shift ${r.shiftId}${note}`;
    case 'availabilities':
      return `Request new weekly availabilities${note}`;
  }
}

const minutes = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

type AnyTool = (typeof TOOLS)[number];
const byName = new Map<string, AnyTool>(TOOLS.map((t) => [t.name, t]));

/** The tools a member of that role is offered, as the model layer describes them to the provider. */
export function toolsFor(role: MemberRole): ToolDefinition[] {
  return TOOLS.filter((t) => roleAtLeast(role, t.minRole)).map((t) => {
    const { $schema: _dialect, ...inputSchema } = z.toJSONSchema(toolInputs[t.name], { io: 'input' }) as Record<
      string,
      unknown
    >;
    return { name: t.name, description: t.description, inputSchema };
  });
}

export interface ToolOutcome {
  ok: boolean;
  /** The JSON text sent back to the model (bounded). */
  content: string;
  error?: string;
}

/** Runs one tool call of the model; every failure becomes a result the model reads, never a failed request. */
export async function runTool(name: string, input: unknown, ctx: ToolContext): Promise<ToolOutcome> {
  const tool = byName.get(name);
  if (!tool || !roleAtLeast(ctx.member.role, tool.minRole)) {
    return failure('UNKNOWN_TOOL', `No tool named ${name} is available to this member`);
  }
  const parsed = (toolInputs[tool.name] as z.ZodType).safeParse(input);
  if (!parsed.success) {
    return failure(
      'VALIDATION_FAILED',
      `Invalid input: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'input'}: ${i.message}`).join('; ')}`,
    );
  }
  try {
    const result = await (tool.run as (i: unknown, c: ToolContext) => Promise<unknown>)(parsed.data, ctx);
    return { ok: true, content: bounded(result, MAX_TOOL_RESULT_CHARS) };
  } catch (err) {
    if (err instanceof AppError) return failure(err.code, err.message);
    if (err instanceof z.ZodError)
      return failure(
        'VALIDATION_FAILED',
        `Invalid input: ${err.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
      );
    ctx.log.error('chat tool failed', { tool: name, error: err instanceof Error ? err.message : String(err) });
    return failure(coreErrors.INTERNAL('x').code, 'The tool failed; the error is logged');
  }
}

const failure = (code: string, message: string): ToolOutcome => ({
  ok: false,
  error: code,
  content: JSON.stringify({ error: code, message }),
});

/**
 * The JSON text of a result, at most `max` characters: arrays are cut (longest first) and the cut
 * is stated (`truncated`), so the model knows it saw part of the data and can ask a narrower question.
 */
export function bounded(result: unknown, max: number): string {
  let text = JSON.stringify(result ?? null);
  if (text.length <= max) return text;
  if (result && typeof result === 'object' && !Array.isArray(result)) {
    const copy: Record<string, unknown> = { ...(result as Record<string, unknown>) };
    const arrays = Object.keys(copy).filter((k) => Array.isArray(copy[k]));
    const omitted: Record<string, number> = {};
    for (const key of arrays.sort((a, b) => JSON.stringify(copy[b]).length - JSON.stringify(copy[a]).length)) {
      const full = copy[key] as unknown[];
      let keep = full.length;
      while (keep > 0) {
        copy[key] = full.slice(0, keep);
        text = JSON.stringify({ ...copy, truncated: { ...omitted, [key]: full.length - keep } });
        if (text.length <= max) break;
        keep = Math.floor(keep / 2);
      }
      if (keep === 0) copy[key] = [];
      omitted[key] = full.length - keep;
      text = JSON.stringify({ ...copy, truncated: omitted });
      if (text.length <= max) return text;
    }
  }
  return JSON.stringify({
    truncated: true,
    note: 'The result is too large; ask for a shorter range or a narrower filter.',
  });
}
