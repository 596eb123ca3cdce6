import { lockRange } from '../../../src/modules/attendance';
import { writeDeletions, writePunches, writeRoster } from '../../../src/modules/pos-sync';
import { api } from '../../helpers/api';
import { captureLogs } from '../../helpers/logs';
import { bearer } from '../../helpers/users';
import {
  addEmployee,
  at,
  companyRef,
  docsOf,
  link,
  MIN,
  posCompany,
  posEmployee,
  posId,
  posPunch,
  unlink,
  type PosCompany,
} from './helpers';

const DAY = '2025-03-04';
const att = () => api('attendance');
const punchesOf = async (co: PosCompany, employeeId?: string) => {
  const res = await att()
    .get('/punches')
    .query({
      companyId: co.companyId,
      startDate: '2025-03-01',
      endDate: '2025-03-31',
      ...(employeeId ? { employeeId } : {}),
    })
    .set(bearer(co.manager));
  expect(res.status).toBe(200);
  return res.body.data as Array<Record<string, unknown> & { id: string; vendor: Record<string, unknown> }>;
};

/** A company whose POS employee tm-1 is linked (auto, by email) to employee Kim. */
async function linkedCompany() {
  const co = await posCompany();
  const kim = await addEmployee(co.companyId, { name: 'Kim', surname: 'K', email: 'kim@bistro.test' });
  await writeRoster(co.target, [posEmployee({ vendorId: 'tm-1', email: 'kim@bistro.test' })]);
  return { co, kim };
}

describe('POS punches', () => {
  it('land in attendance as POS punches with their breaks; the same page twice changes nothing; a changed punch is updated', async () => {
    const { co, kim } = await linkedCompany();
    const page = [
      posPunch({
        vendorId: 'tc-1',
        employeeVendorId: 'tm-1',
        clockInAt: at(DAY, 9 * 60),
        clockOutAt: at(DAY, 17 * 60),
        breaks: [
          { startAt: at(DAY, 12 * 60), endAt: at(DAY, 12 * 60 + 30), paid: false },
          { startAt: at(DAY, 15 * 60), endAt: at(DAY, 15 * 60 + 10), paid: true },
        ],
      }),
      posPunch({ vendorId: 'tc-2', employeeVendorId: 'tm-1', clockInAt: at('2025-03-05', 9 * 60) }),
    ];
    expect(await writePunches(co.target, page)).toEqual({ created: 2, updated: 0, unchanged: 0, failed: 0, held: 0 });
    const [first] = await punchesOf(co, kim);
    expect(first).toMatchObject({
      employeeId: kim,
      source: 'pos',
      state: 'pending',
      businessDate: DAY,
      workedMinutes: 450,
      unpaidBreakMinutes: 30,
      paidBreakMinutes: 10,
      vendor: { slug: 'square_api_key', externalId: 'tc-1', needsReview: false, pending: null, reviewedAt: null },
      breaks: [
        { type: 'meal', paid: false, startAt: at(DAY, 720), endAt: at(DAY, 750) },
        { type: 'rest', paid: true, startAt: at(DAY, 900), endAt: at(DAY, 910) },
      ],
    });
    const stored = await docsOf(co.companyId, 'punches');
    const audit = await docsOf(co.companyId, 'punchAudit');

    expect(await writePunches(co.target, page)).toEqual({ created: 0, updated: 0, unchanged: 2, failed: 0, held: 0 });
    expect(await docsOf(co.companyId, 'punches')).toEqual(stored);
    expect(await docsOf(co.companyId, 'punchAudit')).toHaveLength(audit.length);

    const edited = [{ ...page[0], clockOutAt: at(DAY, 17 * 60 + 30), modifiedAt: page[0].modifiedAt + 1 }, page[1]];
    expect(await writePunches(co.target, edited)).toEqual({ created: 0, updated: 1, unchanged: 1, failed: 0, held: 0 });
    const after = await punchesOf(co, kim);
    expect(after).toHaveLength(2);
    expect(after[0]).toMatchObject({ clockOutAt: at(DAY, 17 * 60 + 30), workedMinutes: 480 });
  });

  it('sets the role from the POS job title when a role has that name', async () => {
    const { co, kim } = await linkedCompany();
    const cook = companyRef(co.companyId).collection('roles').doc();
    await cook.set({ name: 'Line Cook', priority: 0, rate: 15, archived: false, subRoles: {} });
    await writePunches(co.target, [
      posPunch({ employeeVendorId: 'tm-1', clockInAt: at(DAY, 600), jobTitle: 'line cook' }),
      posPunch({ employeeVendorId: 'tm-1', clockInAt: at(DAY, 1000), jobTitle: 'Dishwasher' }),
    ]);
    expect((await punchesOf(co, kim)).map((p) => p.positionId)).toEqual([cook.id, null]);
  });

  it('holds the punches of an unlinked POS employee and writes them to attendance when it is linked', async () => {
    const co = await posCompany();
    const lee = await addEmployee(co.companyId, { name: 'Lee', surname: 'L' });
    await writeRoster(co.target, [posEmployee({ vendorId: 'tm-lee' })]);
    const page = [
      posPunch({ vendorId: 'tc-a', employeeVendorId: 'tm-lee', clockInAt: at(DAY, 540) }),
      posPunch({ vendorId: 'tc-b', employeeVendorId: 'tm-unknown', clockInAt: at(DAY, 600) }),
    ];
    expect(await writePunches(co.target, page)).toEqual({ created: 0, updated: 0, unchanged: 0, failed: 0, held: 2 });
    expect(await writePunches(co.target, page)).toEqual({ created: 0, updated: 0, unchanged: 0, failed: 0, held: 2 });
    expect(await docsOf(co.companyId, 'punches')).toEqual([]);
    expect(await docsOf(co.companyId, 'posHeld')).toHaveLength(2);

    const res = await link(co, posId(co, 'tm-lee'), lee);
    expect(res.status).toBe(200);
    expect(res.body.data.replayed).toEqual({ punches: 1, sales: 0, failed: 0 });
    expect((await punchesOf(co, lee)).map((p) => [p.vendor.externalId, p.clockInAt])).toEqual([['tc-a', at(DAY, 540)]]);
    expect((await docsOf(co.companyId, 'posHeld')).map((h) => h.vendorId)).toEqual(['tc-b']);

    expect(await writePunches(co.target, page)).toEqual({ created: 0, updated: 0, unchanged: 1, failed: 0, held: 1 });
    expect(await docsOf(co.companyId, 'punches')).toHaveLength(1);
  });

  it('holds new punches again after an unlink, while those already attributed keep their employee', async () => {
    const { co, kim } = await linkedCompany();
    const first = posPunch({ vendorId: 'tc-1', employeeVendorId: 'tm-1', clockInAt: at(DAY, 540) });
    await writePunches(co.target, [first]);
    expect((await unlink(co, posId(co, 'tm-1'))).status).toBe(200);
    expect(
      await writePunches(co.target, [
        posPunch({ vendorId: 'tc-2', employeeVendorId: 'tm-1', clockInAt: at('2025-03-06', 540) }),
      ]),
    ).toMatchObject({ held: 1, created: 0 });
    expect(
      await writePunches(co.target, [
        { ...first, clockOutAt: first.clockInAt + 300 * MIN, modifiedAt: first.modifiedAt + 1 },
      ]),
    ).toEqual({ created: 0, updated: 1, unchanged: 0, failed: 0, held: 0 });
    expect((await punchesOf(co, kim)).map((p) => [p.vendor.externalId, p.workedMinutes])).toEqual([['tc-1', 300]]);
    expect((await link(co, posId(co, 'tm-1'), kim)).body.data.replayed).toEqual({ punches: 1, sales: 0, failed: 0 });
    expect((await punchesOf(co, kim)).map((p) => p.vendor.externalId)).toEqual(['tc-1', 'tc-2']);
  });

  it('flags a punch a manager edited instead of overwriting it, and clears the flag when the manager edits it again', async () => {
    const { co, kim } = await linkedCompany();
    const punch = posPunch({
      vendorId: 'tc-1',
      employeeVendorId: 'tm-1',
      clockInAt: at(DAY, 540),
      clockOutAt: at(DAY, 1020),
    });
    await writePunches(co.target, [punch]);
    const [ours] = await punchesOf(co, kim);
    const edit = await att()
      .patch(`/punches/${ours.id}`)
      .query({ companyId: co.companyId })
      .set(bearer(co.manager))
      .send({ clockOutAt: at(DAY, 1000), reason: 'left earlier' });
    expect(edit.status).toBe(200);
    expect(edit.body.data.vendor).toMatchObject({ reviewedBy: co.manager.uid, needsReview: false });

    // the same POS version again: nothing to review
    expect(await writePunches(co.target, [punch])).toMatchObject({ unchanged: 1, updated: 0 });
    const changed = { ...punch, clockOutAt: at(DAY, 1080), modifiedAt: punch.modifiedAt + 1 };
    expect(await writePunches(co.target, [changed])).toEqual({
      created: 0,
      updated: 1,
      unchanged: 0,
      failed: 0,
      held: 0,
    });
    const [flagged] = await punchesOf(co, kim);
    expect(flagged).toMatchObject({
      clockOutAt: at(DAY, 1000),
      vendor: { needsReview: true, pending: { clockOutAt: at(DAY, 1080), deleted: false, employeeId: kim } },
    });
    expect(await writePunches(co.target, [changed])).toMatchObject({ unchanged: 1, updated: 0 });

    const settle = await att()
      .patch(`/punches/${ours.id}`)
      .query({ companyId: co.companyId })
      .set(bearer(co.manager))
      .send({ clockOutAt: at(DAY, 1080), reason: 'the POS was right' });
    expect(settle.body.data).toMatchObject({
      clockOutAt: at(DAY, 1080),
      vendor: { needsReview: false, pending: null },
    });
    expect(await writePunches(co.target, [changed])).toMatchObject({ unchanged: 1, updated: 0 });
    expect((await punchesOf(co, kim))[0].vendor.needsReview).toBe(false);
  });

  it('flags a change or deletion of an approved punch; approving it again keeps ours and clears the flag', async () => {
    const { co, kim } = await linkedCompany();
    const punch = posPunch({
      vendorId: 'tc-1',
      employeeVendorId: 'tm-1',
      clockInAt: at(DAY, 540),
      clockOutAt: at(DAY, 1020),
    });
    await writePunches(co.target, [punch]);
    const [ours] = await punchesOf(co, kim);
    expect(
      (
        await att()
          .post(`/punches/${ours.id}/approve`)
          .query({ companyId: co.companyId })
          .set(bearer(co.manager))
          .send()
      ).status,
    ).toBe(200);

    expect(
      await writePunches(co.target, [{ ...punch, deleted: true, modifiedAt: punch.modifiedAt + 1 }]),
    ).toMatchObject({ updated: 1 });
    const [flagged] = await punchesOf(co, kim);
    expect(flagged).toMatchObject({
      state: 'approved',
      clockOutAt: at(DAY, 1020),
      vendor: { needsReview: true, pending: { deleted: true } },
    });

    const approved = await att()
      .post(`/punches/${ours.id}/approve`)
      .query({ companyId: co.companyId })
      .set(bearer(co.manager))
      .send();
    expect(approved.body.data).toMatchObject({ state: 'approved', vendor: { needsReview: false, pending: null } });
    expect(
      await writePunches(co.target, [{ ...punch, deleted: true, modifiedAt: punch.modifiedAt + 1 }]),
    ).toMatchObject({ unchanged: 1 });
    expect(await punchesOf(co, kim)).toHaveLength(1);
  });

  it('removes a punch deleted in the POS when no manager touched it, and frees the open-punch slot', async () => {
    const { co, kim } = await linkedCompany();
    const open = posPunch({
      vendorId: 'tc-open',
      employeeVendorId: 'tm-1',
      clockInAt: Date.now() - 60 * MIN,
      clockOutAt: null,
    });
    expect(await writePunches(co.target, [open])).toMatchObject({ created: 1 });
    expect(
      (await companyRef(co.companyId).firestore.collection('openPunches').doc(`${co.companyId}~${kim}`).get()).exists,
    ).toBe(true);
    expect(await writePunches(co.target, [{ ...open, deleted: true, modifiedAt: open.modifiedAt + 1 }])).toEqual({
      created: 0,
      updated: 1,
      unchanged: 0,
      failed: 0,
      held: 0,
    });
    expect(await docsOf(co.companyId, 'punches')).toEqual([]);
    expect(
      (await companyRef(co.companyId).firestore.collection('openPunches').doc(`${co.companyId}~${kim}`).get()).exists,
    ).toBe(false);
    expect(await writePunches(co.target, [{ ...open, deleted: true, modifiedAt: open.modifiedAt + 1 }])).toMatchObject({
      unchanged: 1,
    });
    const trail = (await docsOf(co.companyId, 'punchAudit')).map((a) => [a.action, a.by]);
    expect(trail).toEqual(
      expect.arrayContaining([
        ['create', 'pos:square_api_key'],
        ['delete', 'pos:square_api_key'],
      ]),
    );
  });

  it('keeps a punch in a payroll-locked range as a late record (not in attendance), refuses an invalid one, writes the rest', async () => {
    const { co, kim } = await linkedCompany();
    await lockRange(co.companyId, { startDate: '2025-03-01', endDate: '2025-03-04' }, co.manager.uid);
    const logs = captureLogs();
    logs.start();
    try {
      const counts = await writePunches(co.target, [
        posPunch({ vendorId: 'tc-locked', employeeVendorId: 'tm-1', clockInAt: at(DAY, 540) }),
        posPunch({ vendorId: 'tc-open-day', employeeVendorId: 'tm-1', clockInAt: at('2025-03-05', 540) }),
        posPunch({
          vendorId: 'tc-reversed',
          employeeVendorId: 'tm-1',
          clockInAt: at('2025-03-06', 540),
          clockOutAt: at('2025-03-06', 500),
        }),
      ]);
      expect(counts).toEqual({ created: 1, updated: 1, unchanged: 0, failed: 1, held: 0 });
    } finally {
      logs.stop();
    }
    expect((await punchesOf(co, kim)).map((p) => p.vendor.externalId)).toEqual(['tc-open-day']);
    const late = await docsOf(co.companyId, 'lateRecords');
    expect(late).toEqual([
      expect.objectContaining({
        externalId: 'tc-locked',
        change: 'created',
        paidEmployeeId: null,
        final: expect.objectContaining({ employeeId: kim, businessDate: DAY }),
        lock: { startDate: '2025-03-01', endDate: '2025-03-04' },
      }),
    ]);
    const refused = logs.lines.filter((l) => l.includes('pos-sync record refused'));
    expect(refused).toHaveLength(1);
    expect(refused.join('\n')).toContain('INVALID_PUNCH_TIMES');
    // the same page again: the late record is known, nothing changes
    expect(
      await writePunches(co.target, [
        posPunch({ vendorId: 'tc-locked', employeeVendorId: 'tm-1', clockInAt: at(DAY, 540) }),
      ]),
    ).toMatchObject({ unchanged: 1, updated: 0 });
    // deleted by id alone (a webhook): known only by its late record, deleted as a late record
    const gone = { stream: 'punches' as const, vendorId: 'tc-locked', deletedAt: 1_700_000_000_001 };
    expect(await writeDeletions(co.target, [gone])).toMatchObject({ updated: 1, failed: 0 });
    expect(await docsOf(co.companyId, 'lateRecords')).toEqual([
      expect.objectContaining({ externalId: 'tc-locked', change: 'deleted', final: null }),
    ]);
    expect(await writeDeletions(co.target, [gone])).toMatchObject({ updated: 0, unchanged: 1 });
  });
});
