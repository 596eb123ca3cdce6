import {
  applyQueuedDeletions,
  queueDeletions,
  writeDeletions,
  writePunches,
  writeRoster,
  writeSales,
} from '../../../src/modules/pos-sync';
import { api } from '../../helpers/api';
import { bearer } from '../../helpers/users';
import { addEmployee, at, companyRef, docsOf, MIN, posCompany, posEmployee, posPunch, posSale } from './helpers';

const DAY = '2025-03-04';

/** A company whose POS employee tm-1 is linked (auto, by email) to employee Kim. */
async function linkedCompany() {
  const co = await posCompany();
  const kim = await addEmployee(co.companyId, { name: 'Kim', surname: 'K', email: 'kim@bistro.test' });
  await writeRoster(co.target, [posEmployee({ vendorId: 'tm-1', email: 'kim@bistro.test' })]);
  return { co, kim };
}

describe('POS deletions known by id alone', () => {
  it('removes the punch of that vendor id (and frees its open-punch slot); the same deletion again changes nothing', async () => {
    const { co, kim } = await linkedCompany();
    const open = posPunch({
      vendorId: 'tc-del',
      employeeVendorId: 'tm-1',
      clockInAt: Date.now() - 60 * MIN,
      clockOutAt: null,
    });
    const kept = posPunch({ vendorId: 'tc-kept', employeeVendorId: 'tm-1', clockInAt: at(DAY, 540) });
    await writePunches(co.target, [open, kept]);
    expect(
      (await companyRef(co.companyId).firestore.collection('openPunches').doc(`${co.companyId}~${kim}`).get()).exists,
    ).toBe(true);
    const deletion = { stream: 'punches' as const, vendorId: 'tc-del', deletedAt: Date.now() };
    expect(await writeDeletions(co.target, [deletion, deletion])).toEqual({
      created: 0,
      updated: 1,
      unchanged: 1,
      failed: 0,
      held: 0,
    });
    expect((await docsOf(co.companyId, 'punches')).map((p) => (p.vendor as { externalId: string }).externalId)).toEqual(
      ['tc-kept'],
    );
    const slot = companyRef(co.companyId).firestore.collection('openPunches').doc(`${co.companyId}~${kim}`);
    expect((await slot.get()).exists).toBe(false);
    const trail = (await docsOf(co.companyId, 'punchAudit')).filter((a) => a.action === 'delete');
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({
      by: 'pos:square_api_key',
      reason: 'POS sync (square_api_key): deleted in the POS',
    });
    expect(await writeDeletions(co.target, [deletion])).toMatchObject({ unchanged: 1, updated: 0 });
    // nothing stored under that id (another connection's, or never synced): nothing changes
    expect(await writeDeletions(co.target, [{ ...deletion, vendorId: 'tc-never' }])).toMatchObject({ unchanged: 1 });
  });

  it('drops a punch still held for an unlinked POS employee', async () => {
    const co = await posCompany();
    await writePunches(co.target, [
      posPunch({ vendorId: 'tc-held', employeeVendorId: 'tm-x', clockInAt: at(DAY, 540) }),
    ]);
    expect(await docsOf(co.companyId, 'posHeld')).toHaveLength(1);
    expect(
      await writeDeletions(co.target, [{ stream: 'punches', vendorId: 'tc-held', deletedAt: Date.now() }]),
    ).toMatchObject({ updated: 1 });
    expect(await docsOf(co.companyId, 'posHeld')).toEqual([]);
  });

  it('flags, not removes, a deleted punch a manager edited', async () => {
    const { co } = await linkedCompany();
    await writePunches(co.target, [posPunch({ vendorId: 'tc-ed', employeeVendorId: 'tm-1', clockInAt: at(DAY, 540) })]);
    const [stored] = await docsOf(co.companyId, 'punches');
    const res = await api('attendance')
      .patch(`/punches/${stored.id}`)
      .query({ companyId: co.companyId })
      .send({ clockOutAt: at(DAY, 540 + 300), reason: 'left later' })
      .set(bearer(co.manager));
    expect(res.status).toBe(200);
    expect(
      await writeDeletions(co.target, [{ stream: 'punches', vendorId: 'tc-ed', deletedAt: Date.now() }]),
    ).toMatchObject({ updated: 1 });
    const [after] = await docsOf(co.companyId, 'punches');
    expect(after.vendor).toMatchObject({ needsReview: true, pending: expect.objectContaining({ deleted: true }) });
  });

  it('voids the sale of that vendor id, so it counts nowhere; queued by a webhook, the run applies it once', async () => {
    const co = await posCompany();
    const sale = posSale({ vendorId: 'o-del', closedAt: at(DAY, 800), amount: 3000, tips: 500 });
    const other = posSale({ vendorId: 'o-kept', closedAt: at(DAY, 820), amount: 1000 });
    await writeSales(co.target, [sale, other]);
    await queueDeletions(co.target, [{ stream: 'sales', vendorId: 'o-del', deletedAt: Date.now() }]);
    await queueDeletions(co.target, [{ stream: 'sales', vendorId: 'o-del', deletedAt: Date.now() }]);
    expect(await docsOf(co.companyId, 'posDeletions')).toHaveLength(1);
    expect(await applyQueuedDeletions(co.target, 'punches')).toMatchObject({ read: 0 });
    expect(await applyQueuedDeletions(co.target, 'sales')).toEqual({
      read: 1,
      counts: { created: 0, updated: 1, unchanged: 0, failed: 0, held: 0 },
    });
    expect(await docsOf(co.companyId, 'posDeletions')).toEqual([]);
    const res = await api('sales')
      .get('/sales')
      .query({ companyId: co.companyId, startDate: '2025-03-01', endDate: '2025-03-31', groupBy: 'monthly' })
      .set(bearer(co.manager));
    expect(res.status).toBe(200);
    expect(res.body.data.summary.totals).toMatchObject({ totalSales: 1000, tips: 0, invoiceCount: 1 });
    // applied again (a crash before the queue was emptied): nothing changes
    expect(
      await writeDeletions(co.target, [{ stream: 'sales', vendorId: 'o-del', deletedAt: Date.now() }]),
    ).toMatchObject({ unchanged: 1 });
  });
});
