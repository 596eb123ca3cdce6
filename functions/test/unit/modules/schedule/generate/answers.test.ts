import { commitResponse, proposalSchema } from '../../../../../src/modules/schedule/generate/schemas';
import { TEMPLATE_REASON } from '../../../../../src/modules/schedule/generate/demand';
import { keepsAnswer } from '../../../../helpers/keeps-answer';

/** The answers of schedule generation: a proposal with its assignments, why each, the unfilled seats and the solver's report; a commit. */

const seat = {
  date: '2026-03-02',
  weekday: 'Monday',
  start: 1080,
  end: 120,
  positionId: 'cook',
  subRoleId: 'line',
  slotKey: 'dinner',
  because: TEMPLATE_REASON,
};
const why = {
  availabilityPriority: 2,
  allDay: false,
  weekHoursBefore: 16,
  weekHoursAfter: 32,
  minHoursInWeek: 20,
  maxHoursInWeek: 40,
  daysInWeek: 4,
  maxDaysPerWeek: 5,
  hiring: '2024-01-15',
  seniorityRank: 1,
  costMinor: 12_000,
  alternatives: 3,
};
const proposal = {
  id: 'p-1',
  companyId: 'c1',
  status: 'open',
  startDate: '2026-03-02',
  endDate: '2026-03-08',
  roleIds: ['cook'],
  employeeIds: null,
  scheduleId: 'week-10',
  generationPriority: 'longer-shifts',
  generationFormat: 'seniority',
  coverage: { required: 14, filled: 12, held: 1 },
  solver: {
    used: 'mip',
    status: 'optimal',
    objective: 1_200_345,
    greedyObjective: 1_100_000,
    bound: 1_200_345,
    gap: 0,
    seconds: 1.8,
  },
  assignments: [{ ...seat, shiftId: 'gen-p-1-0', employeeId: 'e1', employeeName: 'Ana Ruiz', why }],
  unfilled: [
    {
      seat: { ...seat, slotKey: null },
      reason: 'held',
      message: 'kept open by the template',
      blockedCounts: {},
      blockedBy: [],
    },
    {
      seat,
      reason: 'allCandidatesBusy',
      message: 'every available cook would break a rule',
      blockedCounts: { overlap: 1, maxHoursInWeek: 2 },
      blockedBy: [
        { employeeId: 'e2', rule: 'overlap' },
        { employeeId: 'e3', rule: 'maxHoursInWeek' },
      ],
    },
  ],
  demand: null,
  createdAt: 1,
  committedAt: null,
};

describe('schedule generation answers keep every field', () => {
  it('an open proposal answered by the MIP, with why each assignment and why each seat stayed open', () => {
    keepsAnswer(proposalSchema, proposal);
  });

  it('a committed proposal answered by the greedy pass, in each solver status', () => {
    for (const status of ['timeLimit', 'skipped', 'error']) {
      keepsAnswer(proposalSchema, {
        ...proposal,
        status: 'committed',
        committedAt: 2,
        solver: { ...proposal.solver, used: 'greedy', status, bound: null, gap: null },
      });
    }
    keepsAnswer(proposalSchema, {
      ...proposal,
      solver: { ...proposal.solver, status: 'timeLimit', bound: 1_201_000, gap: 0.00055 },
    });
  });

  it.each(['noQualifiedEmployee', 'noAvailableEmployee'])('an unfilled seat for the reason %s', (reason) => {
    keepsAnswer(proposalSchema, {
      ...proposal,
      unfilled: [{ seat, reason, message: 'nobody', blockedCounts: {}, blockedBy: [] }],
    });
  });

  it('a commit with the drafts written and their warnings', () => {
    const shift = {
      id: 'gen-p-1-0',
      companyId: 'c1',
      date: '2026-03-02',
      employeeId: 'e1',
      positionId: 'cook',
      subRoleId: 'line',
      start: 1080,
      end: 120,
      mode: 'draft',
      scheduleId: 'week-10',
      note: '',
      onHold: false,
      minutes: 480,
      workedMinutes: 450,
      createdAt: 3,
      updatedAt: 3,
    };
    const warning = {
      rule: 'availability',
      blocking: false,
      message: 'outside the availability of Monday',
      shiftId: 'gen-p-1-0',
      employeeId: 'e1',
      date: '2026-03-02',
    };
    keepsAnswer(commitResponse, {
      proposalId: 'p-1',
      committed: [shift],
      warnings: [warning],
      outcome: { dryRun: false, refusal: null, blocking: [], warnings: [warning], premiums: [] },
    });
  });
});
