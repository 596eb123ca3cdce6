import { storedPunchesOf, writePunches, writeRoster } from '../../../src/modules/pos-sync';
import { addEmployee, at, posCompany, posEmployee, posPunch } from './helpers';

const DAY = '2025-03-04';

/**
 * What the engine hands a connector for absence-based reconciliation (StreamAuth.storedPunches):
 * the punches the connection put in attendance over a clock-in range, never another connection's.
 */
describe('stored punches of a connection', () => {
  it("answers the connection's punches of a clock-in range as connector records; with another connection of the same source, only those of employees linked on this one alone", async () => {
    const co = await posCompany();
    const other = { ...co.target, connectionId: `${co.target.slug}~OTHER` };
    await addEmployee(co.companyId, { name: 'Kim', surname: 'K', email: 'kim@bistro.test' });
    await addEmployee(co.companyId, { name: 'Lou', surname: 'L', email: 'lou@bistro.test' });
    await writeRoster(co.target, [posEmployee({ vendorId: 'tm-1', email: 'kim@bistro.test' })]);
    await writeRoster(other, [posEmployee({ vendorId: 'tm-9', email: 'lou@bistro.test' })]);
    await writePunches(co.target, [
      posPunch({ vendorId: 'tc-mine', employeeVendorId: 'tm-1', clockInAt: at(DAY, 540) }),
      posPunch({ vendorId: 'tc-late', employeeVendorId: 'tm-1', clockInAt: at(DAY, 1200) }),
    ]);
    await writePunches(other, [posPunch({ vendorId: 'tc-theirs', employeeVendorId: 'tm-9', clockInAt: at(DAY, 600) })]);
    const range = [at(DAY, 0), at(DAY, 1000)] as const;

    const alone = await storedPunchesOf(co.target, [], ...range);
    expect(alone.map((p) => p.vendorId).sort()).toEqual(['tc-mine', 'tc-theirs']);

    const mine = await storedPunchesOf(co.target, [other.connectionId], ...range);
    expect(mine).toEqual([
      expect.objectContaining({
        vendorId: 'tc-mine',
        employeeVendorId: 'tm-1',
        clockInAt: at(DAY, 540),
        deleted: false,
      }),
    ]);
    expect((await storedPunchesOf(other, [co.target.connectionId], ...range)).map((p) => p.vendorId)).toEqual([
      'tc-theirs',
    ]);
    expect(await storedPunchesOf(co.target, [], range[1], range[0])).toEqual([]);
  });
});
