/**
 * A person's messages in the privacy operations: the export holds them; the erasure leaves them
 * in place as tombstones (empty text, no mentions, `erased`), numbering and others' messages kept.
 */
import { api } from '../helpers/api';
import { createCompany, type TestCompany } from '../helpers/fixtures';
import { bearer } from '../helpers/users';
import { client } from './helpers';

jest.setTimeout(120_000);

let co: TestCompany;

beforeAll(async () => {
  co = await createCompany();
});

describe("a person's messages", () => {
  it('are exported, then erased to tombstones in place while the others stay', async () => {
    const emma = client(co, co.employee);
    const manager = client(co, co.manager);
    const own = await emma.send('everyone', 'Emma private words', [co.manager.uid]);
    expect(own.status).toBe(201);
    expect((await manager.send('everyone', 'A manager reply')).status).toBe(201);
    const exported = await api('privacy')
      .get('/privacy/export')
      .query({ companyId: co.companyId, employeeId: co.employeeId })
      .set(bearer(co.owner));
    expect(exported.status).toBe(200);
    const messages = exported.body.data.records.filter((r: { collection: string }) => r.collection === 'messages');
    expect(messages.map((r: { data: { text: string } }) => r.data.text)).toEqual(['Emma private words']);

    const erased = await api('privacy')
      .post('/privacy/erasures')
      .query({ companyId: co.companyId })
      .set(bearer(co.owner))
      .send({ employeeId: co.employeeId });
    expect(erased.status).toBe(201);
    const page = (await manager.page('everyone')).body.data.messages;
    expect(
      page.map((m: { number: number; text: string; erased: boolean; mentions: string[] }) => [
        m.number,
        m.text,
        m.erased,
        m.mentions,
      ]),
    ).toEqual([
      [1, '', true, []],
      [2, 'A manager reply', false, []],
    ]);
    expect(page[0].authorUid).toBe(co.employee.uid);
  });
});
