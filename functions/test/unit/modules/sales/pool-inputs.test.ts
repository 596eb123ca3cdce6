import { businessSlot, instant } from '../../../../src/core/calendar';
import { closeSecond } from '../../../../src/modules/sales/pool-inputs';

/** When a sale closed on the business calendar, as the pools of a part of the day read it. */
const TZ = 'America/Chicago';
const DAY_CHANGE = 4 * 3600;
const slotAt = (date: string, minute: number, second = 0) => {
  const { businessHour, localTime } = businessSlot(instant(date, minute, TZ) + second * 1000, TZ, DAY_CHANGE);
  return { businessHour, localTime };
};

describe('the close second of a sale on the business calendar', () => {
  it('counts from the local midnight of its business date: 15:59:59 is 57599, 16:00:00 57600', () => {
    expect(closeSecond(slotAt('2026-11-23', 15 * 60 + 59, 59))).toBe(57_599);
    expect(closeSecond(slotAt('2026-11-23', 16 * 60))).toBe(57_600);
  });

  it('puts a check closed at 01:30 after midnight, before the 04:00 day change, at 25:30 of the day before (its late part)', () => {
    const slot = slotAt('2026-11-24', 90);
    expect(slot.businessHour).toBe(25);
    expect(closeSecond(slot)).toBe(25 * 3600 + 30 * 60);
  });
});
