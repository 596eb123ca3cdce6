import { db } from '../../src/core/firebase';
import { snapshotCompany } from '../helpers/fixtures';
import { bearer, createUser, type TestUser } from '../helpers/users';
import { startProviders, type LocalProviders } from '../ai/support/providers';
import {
  cookShift,
  createRequest,
  day,
  list,
  requestsCompany,
  setPolicy,
  type RequestsCompany,
} from '../requests/helpers';
import { askWhole, chat, newConversation, useModel } from './helpers';

/** The assistant proposes shift requests of the asking member; confirming runs POST /requests' rules. */

let providers: LocalProviders;
let admin: TestUser;

beforeAll(async () => {
  [providers, admin] = await Promise.all([startProviders(), createUser({ admin: true, label: 'admin' })]);
});
afterEach(() => {
  expect(providers.anthropic.pending()).toBe(0);
  providers.anthropic.reset();
});
afterAll(() => providers.close());

const usage = { input_tokens: 100, output_tokens: 10 };

async function company(): Promise<RequestsCompany> {
  const co = await requestsCompany();
  await useModel(admin, co.companyId, 'anthropic', 'claude-sonnet-4-6');
  return co;
}

/** One ask in which the model calls propose_request with `input`, then answers. */
async function propose(co: RequestsCompany, as: TestUser, input: Record<string, unknown>) {
  providers.anthropic.script([
    { toolCalls: [{ name: 'propose_request', input }], usage },
    { text: 'I prepared the request; confirm it in the app to send it.', usage },
  ]);
  const conversationId = await newConversation(as, co.companyId);
  const res = await askWhole(as, co.companyId, conversationId, { question: 'Please ask for this for me.' });
  expect(res.status).toBe(200);
  return res.body.data as {
    turn: { tools: { name: string; ok: boolean; error?: string }[]; proposalIds: string[] };
    proposals: Record<string, unknown>[];
  };
}

const confirm = (co: RequestsCompany, as: TestUser, proposalId: string) =>
  chat().post(`/proposals/${proposalId}/confirm`).query({ companyId: co.companyId }).set(bearer(as));

const storedRequests = async (co: RequestsCompany) =>
  (await db().collection('companies').doc(co.companyId).collection('shiftRequests').get()).docs.map((d) => ({
    id: d.id,
    ...d.data(),
  }));

/** A confirmation the requests rules refuse answers `status` and `code` and changes nothing stored in the company. */
async function refusedWithoutWrites(
  co: RequestsCompany,
  as: TestUser,
  proposalId: string,
  status: number,
  code: string,
) {
  const before = await snapshotCompany(co.companyId);
  const res = await confirm(co, as, proposalId);
  expect({ status: res.status, success: res.body.success, code: res.body.code }).toEqual({
    status,
    success: false,
    code,
  });
  expect(await snapshotCompany(co.companyId)).toEqual(before);
}

describe('the assistant proposes a day off, the employee confirms it', () => {
  it('writes nothing until the employee confirms, then the day off awaits a manager in GET /requests, and confirming again changes nothing', async () => {
    const co = await company();
    const input = { type: 'dayOff', startDate: day(5), endDate: day(6), note: 'Family wedding' };
    const data = await propose(co, co.employee, input);
    const [proposal] = data.proposals;
    expect(data.turn.proposalIds).toEqual([proposal!.id]);
    expect(proposal).toMatchObject({
      kind: 'request',
      status: 'pending',
      result: null,
      payload: input,
      summary: `Request a day off from ${day(5)} to ${day(6)} (note: Family wedding)`,
    });
    expect(await storedRequests(co)).toEqual([]);

    const first = await confirm(co, co.employee, String(proposal!.id));
    expect(first.status).toBe(200);
    const requestId = `chat-${proposal!.id}`;
    expect(first.body.data.proposal).toMatchObject({
      status: 'confirmed',
      result: {
        request: {
          id: requestId,
          type: 'dayOff',
          state: 'pending_manager',
          employeeId: co.employeeId,
          note: 'Family wedding',
          dayOff: { startDate: day(5), endDate: day(6), start: null, end: null },
        },
      },
    });
    const mine = await list(co, co.employee);
    expect(mine.body.data.map((r: { id: string; state: string }) => [r.id, r.state])).toEqual([
      [requestId, 'pending_manager'],
    ]);
    const queue = await list(co, co.manager, { view: 'queue' });
    expect(queue.body.data.map((r: { id: string }) => r.id)).toEqual([requestId]);

    const before = await snapshotCompany(co.companyId);
    const again = await confirm(co, co.employee, String(proposal!.id));
    expect(again.status).toBe(200);
    expect(again.body.data.proposal).toEqual(first.body.data.proposal);
    expect(await snapshotCompany(co.companyId)).toEqual(before);
  });

  it('answers the request made the first time when a confirmation is retried after it was created (no second request, no REQUEST_EXISTS)', async () => {
    const co = await company();
    const [proposal] = (
      await propose(co, co.employee, { type: 'dayOff', startDate: day(3), endDate: day(3), start: 600, end: 840 })
    ).proposals;
    const proposalId = String(proposal!.id);
    const first = await confirm(co, co.employee, proposalId);
    expect(first.body.data.proposal.result.request).toMatchObject({
      state: 'pending_manager',
      dayOff: { startDate: day(3), endDate: day(3), start: 600, end: 840 },
    });
    // as if the first confirmation had stopped after creating the request, before recording the decision
    await db()
      .collection('companies')
      .doc(co.companyId)
      .collection('chatProposals')
      .doc(proposalId)
      .update({ status: 'pending', result: null, decidedAt: null });

    const retry = await confirm(co, co.employee, proposalId);
    expect(retry.status).toBe(200);
    expect(retry.body.data.proposal.result).toEqual(first.body.data.proposal.result);
    expect((await storedRequests(co)).map((r) => r.id)).toEqual([`chat-${proposalId}`]);
  });

  it('creates one request when the same proposal is confirmed twice at once', async () => {
    const co = await company();
    const [proposal] = (await propose(co, co.employee, { type: 'dayOff', startDate: day(8), endDate: day(9) }))
      .proposals;
    const [a, b] = await Promise.all([
      confirm(co, co.employee, String(proposal!.id)),
      confirm(co, co.employee, String(proposal!.id)),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.data.proposal.result).toEqual(b.body.data.proposal.result);
    expect(await storedRequests(co)).toHaveLength(1);
  });

  it("follows the company's policy: with no manager approval for day-offs the confirmed request is approved at once", async () => {
    const co = await company();
    expect((await setPolicy(co, { dayOff: false })).status).toBe(200);
    const [proposal] = (await propose(co, co.employee, { type: 'dayOff', startDate: day(4), endDate: day(4) }))
      .proposals;
    const res = await confirm(co, co.employee, String(proposal!.id));
    expect(res.body.data.proposal.result.request).toMatchObject({ state: 'approved', needsManager: false });
  });
});

describe('the assistant proposes offering up a shift', () => {
  it("creates the replace request of the employee's own shift on confirmation, open to coworkers (pending_peer)", async () => {
    const co = await company();
    await cookShift(co, 'mine', co.employeeId, day(3));
    const data = await propose(co, co.employee, { type: 'replace', shiftId: 'mine' });
    expect(data.proposals[0]).toMatchObject({ kind: 'request', summary: 'Offer up shift mine for a coworker to take' });
    const res = await confirm(co, co.employee, String(data.proposals[0]!.id));
    expect(res.status).toBe(200);
    expect(res.body.data.proposal.result.request).toMatchObject({
      type: 'replace',
      state: 'pending_peer',
      shiftId: 'mine',
      employeeId: co.employeeId,
    });
    const available = await list(co, co.otto, { view: 'available' });
    expect(available.body.data.map((r: { shiftId: string }) => r.shiftId)).toEqual(['mine']);
  });
});

describe('confirming applies every rule of POST /requests', () => {
  it("answers 422 INVALID_REQUEST_SHIFT for a replace of a coworker's shift, writes nothing, and leaves the proposal pending", async () => {
    const co = await company();
    await cookShift(co, 'ottos', co.otherId, day(3));
    const [proposal] = (await propose(co, co.employee, { type: 'replace', shiftId: 'ottos' })).proposals;
    await refusedWithoutWrites(co, co.employee, String(proposal!.id), 422, 'INVALID_REQUEST_SHIFT');
    const after = (
      await db().collection('companies').doc(co.companyId).collection('chatProposals').doc(String(proposal!.id)).get()
    ).data();
    expect(after).toMatchObject({ status: 'pending', result: null });
  });

  it('answers 422 DAY_OFF_IN_PAST for a day off that starts before today, and writes nothing', async () => {
    const co = await company();
    const [proposal] = (await propose(co, co.employee, { type: 'dayOff', startDate: day(-2), endDate: day(1) }))
      .proposals;
    await refusedWithoutWrites(co, co.employee, String(proposal!.id), 422, 'DAY_OFF_IN_PAST');
  });

  it('answers 409 REQUEST_EXISTS when the days are already requested through POST /requests', async () => {
    const co = await company();
    const direct = await createRequest(co, co.employee, { type: 'dayOff', startDate: day(5), endDate: day(7) });
    expect(direct.status).toBe(201);
    const [proposal] = (await propose(co, co.employee, { type: 'dayOff', startDate: day(6), endDate: day(6) }))
      .proposals;
    await refusedWithoutWrites(co, co.employee, String(proposal!.id), 409, 'REQUEST_EXISTS');
  });

  it("does not let another employee confirm a member's proposal: 404, nothing written", async () => {
    const co = await company();
    const [proposal] = (await propose(co, co.employee, { type: 'dayOff', startDate: day(5), endDate: day(5) }))
      .proposals;
    await refusedWithoutWrites(co, co.otto, String(proposal!.id), 404, 'PROPOSAL_NOT_FOUND');
  });

  it('refuses arguments the requests schema refuses when proposing: the model reads VALIDATION_FAILED and no proposal is made', async () => {
    const co = await company();
    const data = await propose(co, co.employee, { type: 'dayOff', startDate: day(5), shiftId: 'mine' });
    expect(data.turn.tools).toEqual([
      expect.objectContaining({ name: 'propose_request', ok: false, error: 'VALIDATION_FAILED' }),
    ]);
    expect(data.proposals).toEqual([]);
  });
});
