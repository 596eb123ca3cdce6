import { relevantMemories } from '../../src/modules/ai-memory';
import { api } from '../helpers/api';
import { addMember, createCompany, snapshotCompany, type TestCompany } from '../helpers/fixtures';
import { bearer, createUser, type TestUser } from '../helpers/users';
import type { DemoCompany } from '../../dev/demo/types';

let co: TestCompany;
let colleague: TestUser;
beforeAll(async () => {
  co = await createCompany();
  colleague = await createUser({ label: 'colleague' });
  await addMember(co.companyId, colleague, 'employee');
});

const memories = () => api('aiMemory');
const create = (user: TestUser, body: object, companyId = co.companyId) =>
  memories().post('/memories').query({ companyId }).set(bearer(user)).send(body);
const list = (user: TestUser, query: object = {}) =>
  memories()
    .get('/memories')
    .query({ companyId: co.companyId, ...query })
    .set(bearer(user));
const patch = (user: TestUser, id: string, body: object) =>
  memories().patch(`/memories/${id}`).query({ companyId: co.companyId }).set(bearer(user)).send(body);
const forget = (user: TestUser, id: string) =>
  memories().delete(`/memories/${id}`).query({ companyId: co.companyId }).set(bearer(user));

describe('company memories', () => {
  it('a manager remembers a company fact, and every member sees it', async () => {
    const res = await create(co.manager, { scope: 'company', text: 'We close at 22:00 on Sundays' });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      scope: 'company',
      ownerUid: null,
      text: 'We close at 22:00 on Sundays',
      source: 'member',
      visibility: 'members',
      createdBy: co.manager.uid,
    });
    const seen = await list(co.employee, { scope: 'company' });
    expect(seen.body.data.map((m: { id: string }) => m.id)).toContain(res.body.data.id);
  });

  it('an employee may not write a company memory (403) and nothing is written', async () => {
    const before = await snapshotCompany(co.companyId);
    const res = await create(co.employee, { scope: 'company', text: 'Free drinks for staff' });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ success: false, code: 'INSUFFICIENT_ROLE' });
    expect(await snapshotCompany(co.companyId)).toEqual(before);
  });

  it('an employee may neither edit nor forget a company memory', async () => {
    const { body } = await create(co.owner, { scope: 'company', text: 'Deliveries arrive on Tuesdays' });
    expect((await patch(co.employee, body.data.id, { text: 'Deliveries arrive on Fridays' })).status).toBe(403);
    expect((await forget(co.employee, body.data.id)).status).toBe(403);
    expect((await list(co.owner)).body.data.find((m: { id: string }) => m.id === body.data.id).text).toBe(
      'Deliveries arrive on Tuesdays',
    );
  });

  it('a managers-only memory is hidden from employees, in lists, edits and retrieval', async () => {
    const { body } = await create(co.manager, {
      scope: 'company',
      text: 'Maria is on a performance plan',
      visibility: 'managers',
    });
    expect((await list(co.employee)).body.data.map((m: { id: string }) => m.id)).not.toContain(body.data.id);
    expect((await list(co.owner)).body.data.map((m: { id: string }) => m.id)).toContain(body.data.id);
    expect((await patch(co.employee, body.data.id, { text: 'x' })).status).toBe(404);
    expect(
      await relevantMemories({
        companyId: co.companyId,
        uid: co.employee.uid,
        question: 'How is Maria doing on her performance plan?',
      }),
    ).toEqual([]);
    const forManager = await relevantMemories({
      companyId: co.companyId,
      uid: co.manager.uid,
      question: 'How is Maria doing on her performance plan?',
    });
    expect(forManager.map((m) => m.id)).toEqual([body.data.id]);
  });

  it('remembering the same fact twice keeps one memory (idempotent on content)', async () => {
    const first = await create(co.manager, { scope: 'company', text: 'Brunch service starts at 10:00' });
    const again = await create(co.owner, { scope: 'company', text: '  brunch service   starts at 10:00 ' });
    expect(again.status).toBe(201);
    expect(again.body.data.id).toBe(first.body.data.id);
    const texts = (await list(co.owner, { scope: 'company' })).body.data.filter((m: { text: string }) =>
      /brunch/i.test(m.text),
    );
    expect(texts).toHaveLength(1);
  });
});

describe('personal memories', () => {
  it('a member keeps their own facts, confirmed from the assistant, and no one else sees them, not even the owner', async () => {
    const res = await create(co.employee, { scope: 'member', text: 'I prefer morning shifts', source: 'assistant' });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ scope: 'member', ownerUid: co.employee.uid, source: 'assistant' });
    expect((await list(co.employee, { scope: 'member' })).body.data.map((m: { id: string }) => m.id)).toEqual([
      res.body.data.id,
    ]);
    for (const other of [co.owner, co.manager, colleague]) {
      expect((await list(other)).body.data.map((m: { id: string }) => m.id)).not.toContain(res.body.data.id);
      expect((await patch(other, res.body.data.id, { text: 'I prefer nights' })).status).toBe(404);
      expect((await forget(other, res.body.data.id)).status).toBe(404);
    }
  });

  it('a member edits and forgets their own memory; forgetting twice answers 404', async () => {
    const { body } = await create(colleague, { scope: 'member', text: 'I can not work Mondays' });
    const edited = await patch(colleague, body.data.id, { text: 'I can not work Mondays before 12:00' });
    expect(edited.status).toBe(200);
    expect(edited.body.data.text).toBe('I can not work Mondays before 12:00');
    const gone = await forget(colleague, body.data.id);
    expect(gone.body).toEqual({ success: true, data: { id: body.data.id, deleted: true } });
    expect((await forget(colleague, body.data.id)).status).toBe(404);
    expect((await list(colleague)).body.data.map((m: { id: string }) => m.id)).not.toContain(body.data.id);
  });

  it('refuses a visibility on a personal memory (400)', async () => {
    const res = await create(co.employee, { scope: 'member', text: 'x', visibility: 'managers' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
  });

  it('stops at 50 personal memories per member with 422 MEMORY_LIMIT_REACHED', async () => {
    const busy = await createUser({ label: 'busy' });
    await addMember(co.companyId, busy, 'employee');
    for (let i = 0; i < 50; i++)
      expect((await create(busy, { scope: 'member', text: `fact number ${i}` })).status).toBe(201);
    const res = await create(busy, { scope: 'member', text: 'one fact too many' });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('MEMORY_LIMIT_REACHED');
    // another member still has room
    expect((await create(colleague, { scope: 'member', text: 'I have room' })).status).toBe(201);
  });
});

describe('input and access', () => {
  it.each([
    ['an empty text', { scope: 'member', text: '   ' }],
    ['a text of 501 characters', { scope: 'member', text: 'x'.repeat(501) }],
    ['an unknown scope', { scope: 'team', text: 'x' }],
    ['an unknown source', { scope: 'member', text: 'x', source: 'model' }],
    ['an unknown field', { scope: 'member', text: 'x', pinned: true }],
  ])('refuses %s with 400 and writes nothing', async (_label, body) => {
    const before = await snapshotCompany(co.companyId);
    const res = await create(co.owner, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect(await snapshotCompany(co.companyId)).toEqual(before);
  });

  it('refuses a member of another company (403) and a caller without a token (401)', async () => {
    const other = await createCompany();
    expect((await create(other.owner, { scope: 'company', text: 'x' })).status).toBe(403);
    expect((await memories().get('/memories').query({ companyId: co.companyId })).status).toBe(401);
  });

  it('a memory of another company is not found', async () => {
    const other = await createCompany();
    const { body } = await create(other.owner, { scope: 'company', text: 'Their secret recipe' }, other.companyId);
    expect((await patch(co.owner, body.data.id, { text: 'ours now' })).status).toBe(404);
  });
});

describe("relevantMemories (the assistant's retrieval)", () => {
  let shop: TestCompany;
  beforeAll(async () => {
    shop = await createCompany();
    const add = (user: TestUser, body: object) => create(user, body, shop.companyId);
    await add(shop.manager, { scope: 'company', text: 'We close at 22:00 on Sundays' });
    await add(shop.manager, { scope: 'company', text: 'The terrace opens in May' });
    await add(shop.manager, { scope: 'company', text: 'Sunday brunch needs two extra servers' });
    await add(shop.employee, { scope: 'member', text: 'I prefer to work Sunday mornings' });
    await add(shop.owner, { scope: 'member', text: 'Sunday is my day off' });
  });

  it("ranks by the question's terms, bounds the count, and only offers what the member may see", async () => {
    const found = await relevantMemories({
      companyId: shop.companyId,
      uid: shop.employee.uid,
      question: 'When do we close on Sundays?',
      limit: 2,
    });
    expect(found.map((m) => m.text)).toEqual(['We close at 22:00 on Sundays', 'I prefer to work Sunday mornings']);
    expect(found[0].score).toBeGreaterThan(found[1].score);
    const all = await relevantMemories({
      companyId: shop.companyId,
      uid: shop.employee.uid,
      question: 'sunday',
      limit: 10,
    });
    expect(all.map((m) => m.text).sort()).toEqual([
      'I prefer to work Sunday mornings',
      'Sunday brunch needs two extra servers',
      'We close at 22:00 on Sundays',
    ]);
  });

  it('offers nothing for an unrelated question, to a non-member, or with limit 0', async () => {
    expect(
      await relevantMemories({
        companyId: shop.companyId,
        uid: shop.employee.uid,
        question: 'What is the wifi password?',
      }),
    ).toEqual([]);
    expect(await relevantMemories({ companyId: shop.companyId, uid: co.owner.uid, question: 'sunday' })).toEqual([]);
    expect(
      await relevantMemories({ companyId: shop.companyId, uid: shop.owner.uid, question: 'sunday', limit: 0 }),
    ).toEqual([]);
  });

  it('never hands over more than 10 memories or 2,000 characters', async () => {
    const big = await createCompany();
    for (let i = 0; i < 12; i++)
      await create(big.manager, { scope: 'company', text: `Sunday rule ${i}: ${'x'.repeat(300)}` }, big.companyId);
    const found = await relevantMemories({
      companyId: big.companyId,
      uid: big.owner.uid,
      question: 'sunday rule',
      limit: 50,
    });
    expect(found.length).toBeGreaterThan(0);
    expect(found.length).toBeLessThanOrEqual(10);
    expect(found.reduce((n, m) => n + m.text.length, 0)).toBeLessThanOrEqual(2000);
    expect(found).toHaveLength(6);
  });
});

describe('the demo seeder', () => {
  it('gives the demo company facts the assistant retrieves, the managers-only one for managers only', async () => {
    const { seed } = await import('../../dev/demo/seeds/ai-memory');
    const demo = await createCompany();
    const summary = await seed({
      companyId: demo.companyId,
      name: 'Demo Bistro',
      ownerUid: demo.owner.uid,
    } as unknown as DemoCompany);
    expect(summary).toBe('3 company memories');
    const forEmployee = await relevantMemories({
      companyId: demo.companyId,
      uid: demo.employee.uid,
      question: 'How many servers for Sunday brunch? And labor?',
    });
    expect(forEmployee.map((m) => m.text)).toEqual(['Sunday brunch needs one extra server from 10:00']);
    const forManager = await relevantMemories({
      companyId: demo.companyId,
      uid: demo.manager.uid,
      question: 'What is our labor target on weekdays?',
    });
    expect(forManager.map((m) => m.text)).toEqual(['Keep labor under 30% of sales on weekdays']);
  });
});
