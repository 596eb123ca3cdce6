import { writeRoster } from '../../../src/modules/pos-sync';
import { bearer } from '../../helpers/users';
import { addEmployee, docsOf, link, list, listed, pos, posCompany, posEmployee, posId, unlink } from './helpers';

describe('the POS roster', () => {
  it('stores a page idempotently: the same page twice changes nothing, a changed team member is updated', async () => {
    const co = await posCompany();
    const page = [
      posEmployee({ vendorId: 'tm-1', firstName: 'Ana' }),
      posEmployee({ vendorId: 'tm-2', firstName: 'Bo' }),
      posEmployee({ vendorId: 'tm-3', firstName: 'Cy' }),
    ];
    expect(await writeRoster(co.target, page)).toEqual({ created: 3, updated: 0, unchanged: 0, failed: 0, held: 0 });
    const before = await docsOf(co.companyId, 'posEmployees');
    expect(await writeRoster(co.target, page)).toEqual({ created: 0, updated: 0, unchanged: 3, failed: 0, held: 0 });
    expect(await docsOf(co.companyId, 'posEmployees')).toEqual(before);

    const changed = [
      { ...page[0], lastName: 'Renamed', active: false, modifiedAt: page[0].modifiedAt + 1 },
      page[1],
      page[2],
    ];
    expect(await writeRoster(co.target, changed)).toEqual({ created: 0, updated: 1, unchanged: 2, failed: 0, held: 0 });
    const stored = await docsOf(co.companyId, 'posEmployees');
    expect(stored).toHaveLength(3);
    expect(stored.find((d) => d.vendorId === 'tm-1')).toMatchObject({
      lastName: 'Renamed',
      active: false,
      connectionId: co.target.connectionId,
      slug: 'square_api_key',
    });
  });

  it('writes a roster page larger than one commit', async () => {
    const co = await posCompany();
    const page = Array.from({ length: 500 }, (_, i) => posEmployee({ vendorId: `tm-big-${i}` }));
    expect(await writeRoster(co.target, page)).toEqual({ created: 500, updated: 0, unchanged: 0, failed: 0, held: 0 });
    expect(await writeRoster(co.target, page)).toEqual({ created: 0, updated: 0, unchanged: 500, failed: 0, held: 0 });
    expect(await docsOf(co.companyId, 'posEmployees')).toHaveLength(500);
  });

  it('keeps the latest version of a team member delivered twice in one page', async () => {
    const co = await posCompany();
    const old = posEmployee({ vendorId: 'tm-dup', lastName: 'Old', modifiedAt: 1 });
    const counts = await writeRoster(co.target, [{ ...old, lastName: 'New', modifiedAt: 2 }, old]);
    expect(counts).toEqual({ created: 1, updated: 0, unchanged: 1, failed: 0, held: 0 });
    expect((await docsOf(co.companyId, 'posEmployees')).map((d) => d.lastName)).toEqual(['New']);
  });

  it('auto-links on an exact email match, ignoring case and spaces', async () => {
    const co = await posCompany();
    const ana = await addEmployee(co.companyId, { name: 'Ana', surname: 'Lopez', email: 'ana.lopez@bistro.test' });
    await writeRoster(co.target, [
      posEmployee({ vendorId: 'tm-ana', firstName: 'Anita', lastName: 'L', email: '  Ana.Lopez@Bistro.TEST ' }),
    ]);
    const [row] = (await listed(co)).posEmployees;
    expect(row).toMatchObject({
      id: posId(co, 'tm-ana'),
      state: 'linked',
      employeeId: ana,
      linkedBy: 'auto',
      suggestions: [],
    });
    expect(typeof row.linkedAt).toBe('number');
  });

  it('auto-links on an exact phone match, with or without the country code and formatting', async () => {
    const co = await posCompany();
    const bo = await addEmployee(co.companyId, { name: 'Bo', surname: 'Berg', phone: '612 345 678', phoneCode: '+34' });
    const cy = await addEmployee(co.companyId, { name: 'Cy', surname: 'Cole', phone: '(555) 010-2030' });
    await writeRoster(co.target, [
      posEmployee({ vendorId: 'tm-bo', phone: '+34 612-345-678' }),
      posEmployee({ vendorId: 'tm-cy', phone: '5550102030' }),
    ]);
    const rows = (await listed(co)).posEmployees;
    expect(rows.map((r) => [r.vendorId, r.employeeId, r.linkedBy])).toEqual([
      ['tm-bo', bo, 'auto'],
      ['tm-cy', cy, 'auto'],
    ]);
  });

  it('does not auto-link when two employees match, when the employee is archived, or when it is linked to another POS employee of the connection', async () => {
    const co = await posCompany();
    await addEmployee(co.companyId, { name: 'Twin', surname: 'One', email: 'twins@bistro.test' });
    await addEmployee(co.companyId, { name: 'Twin', surname: 'Two', phone: '699000111' });
    await addEmployee(co.companyId, { name: 'Gone', surname: 'Away', email: 'gone@bistro.test', archived: true });
    const dee = await addEmployee(co.companyId, { name: 'Dee', surname: 'Dunn', email: 'dee@bistro.test' });
    await writeRoster(co.target, [
      // email matches one employee, phone another: ambiguous
      posEmployee({ vendorId: 'tm-twin', email: 'twins@bistro.test', phone: '699 000 111' }),
      posEmployee({ vendorId: 'tm-gone', email: 'gone@bistro.test' }),
      posEmployee({ vendorId: 'tm-dee-1', email: 'dee@bistro.test' }),
      posEmployee({ vendorId: 'tm-dee-2', email: 'DEE@bistro.test' }),
    ]);
    const rows = Object.fromEntries((await listed(co)).posEmployees.map((r) => [r.vendorId, r.employeeId]));
    expect(rows).toEqual({ 'tm-twin': null, 'tm-gone': null, 'tm-dee-1': dee, 'tm-dee-2': null });

    // another connection of the company may link the same employee
    const other = { ...co.target, connectionId: 'toast~R2', slug: 'toast' };
    await writeRoster(other, [posEmployee({ vendorId: 'tm-dee-toast', email: 'dee@bistro.test' })]);
    expect((await listed(co, { connectionId: 'toast~R2' })).posEmployees[0].employeeId).toBe(dee);
  });

  it('auto-links at a later roster sync once an employee with the email exists', async () => {
    const co = await posCompany();
    const member = posEmployee({ vendorId: 'tm-late', email: 'late@bistro.test' });
    await writeRoster(co.target, [member]);
    const eve = await addEmployee(co.companyId, { name: 'Eve', surname: 'Late', email: 'late@bistro.test' });
    expect(await writeRoster(co.target, [member])).toEqual({
      created: 0,
      updated: 1,
      unchanged: 0,
      failed: 0,
      held: 0,
    });
    expect((await listed(co)).posEmployees[0]).toMatchObject({ employeeId: eve, linkedBy: 'auto' });
    expect(await writeRoster(co.target, [member])).toEqual({
      created: 0,
      updated: 0,
      unchanged: 1,
      failed: 0,
      held: 0,
    });
  });

  it('suggests up to three unlinked employees ordered by name similarity', async () => {
    const co = await posCompany();
    const exact = await addEmployee(co.companyId, { name: 'Jonathan', surname: 'Smith' });
    const close = await addEmployee(co.companyId, { name: 'Jonathon', surname: 'Smyth' });
    const swapped = await addEmployee(co.companyId, { name: 'Smith', surname: 'Jonathan' });
    await addEmployee(co.companyId, { name: 'Zoe', surname: 'Quark' });
    const taken = await addEmployee(co.companyId, { name: 'Jonathan', surname: 'Smithe', email: 'js@bistro.test' });
    await writeRoster(co.target, [
      posEmployee({ vendorId: 'tm-js', firstName: 'Jónathan', lastName: 'SMITH' }),
      posEmployee({ vendorId: 'tm-other', firstName: 'X', lastName: 'Y', email: 'js@bistro.test' }),
    ]);
    const row = (await listed(co, { state: 'unlinked' })).posEmployees.find((r) => r.vendorId === 'tm-js')!;
    expect(row.suggestions.map((s) => s.employeeId)).toHaveLength(3);
    expect(row.suggestions[0]).toMatchObject({
      employeeId: expect.stringMatching(new RegExp(`^(${exact}|${swapped})$`)),
      score: 1,
    });
    expect(row.suggestions.map((s) => s.employeeId).sort()).toEqual([exact, close, swapped].sort());
    expect(row.suggestions[2]).toMatchObject({ employeeId: close });
    expect(row.suggestions[2].score).toBeLessThan(1);
    expect(row.suggestions.map((s) => s.employeeId)).not.toContain(taken);
  });

  it('lists by connection and link state, page by page with a cursor', async () => {
    const co = await posCompany();
    const fay = await addEmployee(co.companyId, { name: 'Fay', surname: 'F', email: 'fay@bistro.test' });
    await writeRoster(
      co.target,
      ['a', 'b', 'c', 'd', 'e'].map((v) =>
        posEmployee({ vendorId: `tm-${v}`, email: v === 'c' ? 'fay@bistro.test' : null }),
      ),
    );
    await writeRoster({ ...co.target, connectionId: 'toast~R9', slug: 'toast' }, [posEmployee({ vendorId: 'tm-t' })]);

    const first = await listed(co, { connectionId: co.target.connectionId, limit: 2 });
    expect(first.posEmployees.map((r) => r.vendorId)).toEqual(['tm-a', 'tm-b']);
    const second = await listed(co, { connectionId: co.target.connectionId, limit: 2, cursor: first.nextCursor });
    expect(second.posEmployees.map((r) => r.vendorId)).toEqual(['tm-c', 'tm-d']);
    const third = await listed(co, { connectionId: co.target.connectionId, limit: 2, cursor: second.nextCursor });
    expect(third.posEmployees.map((r) => r.vendorId)).toEqual(['tm-e']);
    expect(third.nextCursor).toBeNull();

    expect((await listed(co, { state: 'linked' })).posEmployees.map((r) => [r.vendorId, r.employeeId])).toEqual([
      ['tm-c', fay],
    ]);
    expect(
      (await listed(co, { state: 'unlinked', connectionId: 'toast~R9' })).posEmployees.map((r) => r.vendorId),
    ).toEqual(['tm-t']);
    expect((await listed(co, { state: 'unlinked' })).posEmployees).toHaveLength(5);
  });
});

describe('linking POS employees', () => {
  it('links, answers 409 when the employee is linked to another POS employee of the connection, and 404 for unknown ids', async () => {
    const co = await posCompany();
    const gus = await addEmployee(co.companyId, { name: 'Gus', surname: 'G' });
    await writeRoster(co.target, [posEmployee({ vendorId: 'tm-g1' }), posEmployee({ vendorId: 'tm-g2' })]);

    const linked = await link(co, posId(co, 'tm-g1'), gus);
    expect(linked.status).toBe(200);
    expect(linked.body.data).toMatchObject({
      posEmployee: { state: 'linked', employeeId: gus, linkedBy: co.manager.uid },
      replayed: { punches: 0, sales: 0, failed: 0 },
    });
    expect((await link(co, posId(co, 'tm-g1'), gus)).status).toBe(200);

    const conflict = await link(co, posId(co, 'tm-g2'), gus);
    expect(conflict.status).toBe(409);
    expect(conflict.body.code).toBe('EMPLOYEE_ALREADY_LINKED');
    expect(conflict.body.details[0]).toMatchObject({ posEmployeeId: posId(co, 'tm-g1') });

    expect((await link(co, posId(co, 'tm-g2'), 'no-such-employee')).body.code).toBe('EMPLOYEE_NOT_FOUND');
    expect((await link(co, posId(co, 'tm-g2'), 'no-such-employee')).status).toBe(404);
    const unknown = await link(co, posId(co, 'tm-nobody'), gus);
    expect([unknown.status, unknown.body.code]).toEqual([404, 'POS_EMPLOYEE_NOT_FOUND']);
    const archived = await addEmployee(co.companyId, { name: 'Old', surname: 'O', archived: true });
    expect((await link(co, posId(co, 'tm-g2'), archived)).body.code).toBe('EMPLOYEE_ARCHIVED');
    expect((await link(co, posId(co, 'tm-g2'), gus)).status).toBe(409);
  });

  it('unlinks, frees the employee for another POS employee, and never auto-links an unlinked POS employee again', async () => {
    const co = await posCompany();
    const hal = await addEmployee(co.companyId, { name: 'Hal', surname: 'H', email: 'hal@bistro.test' });
    const member = posEmployee({ vendorId: 'tm-hal', firstName: 'Hal', lastName: 'H', email: 'hal@bistro.test' });
    await writeRoster(co.target, [member, posEmployee({ vendorId: 'tm-other' })]);
    expect((await listed(co, { state: 'linked' })).posEmployees.map((r) => r.vendorId)).toEqual(['tm-hal']);

    const res = await unlink(co, posId(co, 'tm-hal'));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      state: 'unlinked',
      employeeId: null,
      unlinkedBy: co.manager.uid,
      linkedBy: null,
    });
    expect(res.body.data.suggestions[0]).toMatchObject({ employeeId: hal, score: 1 });
    expect((await unlink(co, posId(co, 'tm-hal'))).status).toBe(200);

    expect(await writeRoster(co.target, [member])).toEqual({
      created: 0,
      updated: 0,
      unchanged: 1,
      failed: 0,
      held: 0,
    });
    expect((await listed(co, { state: 'linked' })).posEmployees).toEqual([]);
    expect((await link(co, posId(co, 'tm-other'), hal)).status).toBe(200);
  });

  it('creates an employee from a POS employee and links them; a linked POS employee is 409', async () => {
    const co = await posCompany();
    await writeRoster(co.target, [
      posEmployee({
        vendorId: 'tm-new',
        firstName: 'Ivy',
        lastName: 'Ito',
        email: 'ivy@bistro.test',
        phone: '+34 600 111 222',
      }),
      posEmployee({ vendorId: 'tm-mono', firstName: 'Prince', lastName: '', email: 'not-an-email' }),
    ]);
    const res = await pos()
      .post(`/pos-employees/${encodeURIComponent(posId(co, 'tm-new'))}/employee`)
      .query({ companyId: co.companyId })
      .set(bearer(co.manager))
      .send({});
    expect(res.status).toBe(201);
    const { employee, posEmployee: linked } = res.body.data;
    expect(employee).toMatchObject({ name: 'Ivy', surname: 'Ito', email: 'ivy@bistro.test', phone: '+34 600 111 222' });
    expect(linked).toMatchObject({ employeeId: employee.id, state: 'linked', linkedBy: co.manager.uid });
    const stored = (await docsOf(co.companyId, 'employees')).find((e) => e.id === employee.id);
    expect(stored).toMatchObject({
      name: 'Ivy',
      surname: 'Ito',
      importSource: 'pos:square_api_key',
      archived: false,
      positions: [],
    });

    const again = await pos()
      .post(`/pos-employees/${encodeURIComponent(posId(co, 'tm-new'))}/employee`)
      .query({ companyId: co.companyId })
      .set(bearer(co.manager))
      .send({});
    expect([again.status, again.body.code]).toEqual([409, 'POS_EMPLOYEE_ALREADY_LINKED']);

    const mono = await pos()
      .post(`/pos-employees/${encodeURIComponent(posId(co, 'tm-mono'))}/employee`)
      .query({ companyId: co.companyId })
      .set(bearer(co.owner))
      .send({ surname: 'Nelson' });
    expect(mono.status).toBe(201);
    expect(mono.body.data.employee).toMatchObject({ name: 'Prince', surname: 'Nelson', email: null });
    const missing = await pos()
      .post(`/pos-employees/${encodeURIComponent(posId(co, 'tm-none'))}/employee`)
      .query({ companyId: co.companyId })
      .set(bearer(co.manager))
      .send({});
    expect(missing.status).toBe(404);
  });

  it('is for managers and owners: an employee gets 403 on every route', async () => {
    const co = await posCompany();
    await writeRoster(co.target, [posEmployee({ vendorId: 'tm-p' })]);
    const id = encodeURIComponent(posId(co, 'tm-p'));
    const q = { companyId: co.companyId };
    const as = bearer(co.employee);
    const answers = await Promise.all([
      list(co, {}, co.employee),
      pos().post(`/pos-employees/${id}/link`).query(q).set(as).send({ employeeId: co.employeeId }),
      pos().delete(`/pos-employees/${id}/link`).query(q).set(as),
      pos().post(`/pos-employees/${id}/employee`).query(q).set(as).send({}),
      pos()
        .get('/tips')
        .query({ ...q, startDate: '2025-03-01', endDate: '2025-03-31' })
        .set(as),
    ]);
    expect(answers.map((a) => [a.status, a.body.code])).toEqual(Array(5).fill([403, 'INSUFFICIENT_ROLE']));
    expect((await list(co, {}, co.owner)).status).toBe(200);
    expect((await docsOf(co.companyId, 'posEmployees'))[0]).toMatchObject({ employeeId: null });
  });
});
