import { instant } from '../../src/core/calendar';
import { bearer } from '../helpers/users';
import { att, attendanceCompany, storeShift } from './helpers';

const TZ = 'Europe/Madrid';
const at = (date: string, minute: number) => instant(date, minute, TZ);
const H = 60;

type Co = Awaited<ReturnType<typeof attendanceCompany>>;
const create = (
  co: Co,
  date: string,
  from: number,
  to: number,
  breaks: { type: string; startAt: number; endAt: number }[] = [],
) =>
  att()
    .post('/punches')
    .query({ companyId: co.companyId })
    .set(bearer(co.manager))
    .send({ employeeId: co.employeeId, clockInAt: at(date, from), clockOutAt: at(date, to), breaks, reason: 'test' });
const meal = (date: string, minute: number) => ({
  type: 'meal',
  startAt: at(date, minute),
  endAt: at(date, minute + 30),
});

/** A past week (Monday 2025-03-03) of one employee: late with no meal break, a no-show, an early leave, then three 12-hour days. */
async function weekOf(co: Co) {
  for (const [date, start, end] of [
    ['2025-03-03', 9 * H, 17 * H],
    ['2025-03-04', 9 * H, 17 * H],
    ['2025-03-05', 9 * H, 17 * H],
    ['2025-03-06', 8 * H, 20 * H],
    ['2025-03-07', 8 * H, 20 * H],
    ['2025-03-08', 8 * H, 20 * H],
  ] as const) {
    await storeShift(co.companyId, `s-${date}`, {
      date,
      employeeId: co.employeeId,
      start,
      end,
      minutes: end - start,
      workedMinutes: end - start,
    });
  }
  expect((await create(co, '2025-03-03', 9 * H + 12, 17 * H)).status).toBe(201);
  expect((await create(co, '2025-03-05', 9 * H, 15 * H, [meal('2025-03-05', 12 * H)])).status).toBe(201);
  for (const date of ['2025-03-06', '2025-03-07', '2025-03-08'])
    expect((await create(co, date, 8 * H, 20 * H, [meal(date, 13 * H)])).status).toBe(201);
}

describe('timesheets', () => {
  it('totals scheduled, worked and break minutes per day and flags late, missed_break, no_show, left_early and overtime_risk', async () => {
    const co = await attendanceCompany();
    await weekOf(co);
    const answer = await att()
      .get('/timesheets')
      .query({ companyId: co.companyId, startDate: '2025-03-03', endDate: '2025-03-09' })
      .set(bearer(co.manager));
    expect(answer.status).toBe(200);
    const [sheet] = answer.body.data.employees;
    expect(sheet.employeeId).toBe(co.employeeId);
    const day = (date: string) => sheet.days.find((d: { date: string }) => d.date === date);
    const types = (date: string) =>
      day(date)
        .exceptions.map((e: { type: string }) => e.type)
        .sort();

    expect(day('2025-03-03')).toMatchObject({
      scheduledMinutes: 480,
      workedMinutes: 468,
      varianceMinutes: -12,
      unpaidBreakMinutes: 0,
    });
    expect(types('2025-03-03')).toEqual(['late', 'missed_break']);
    expect(day('2025-03-03').exceptions.find((e: { type: string }) => e.type === 'late').minutes).toBe(12);
    expect(day('2025-03-04')).toMatchObject({ scheduledMinutes: 480, workedMinutes: 0, punchIds: [] });
    expect(types('2025-03-04')).toEqual(['no_show']);
    expect(day('2025-03-05')).toMatchObject({ workedMinutes: 330, unpaidBreakMinutes: 30 });
    expect(types('2025-03-05')).toEqual(['left_early']);
    expect(day('2025-03-05').exceptions[0].minutes).toBe(120);
    // 468 + 330 + 690 + 690 = 2178 by Friday; Saturday's 690 passes 2,400
    expect(types('2025-03-07')).toEqual([]);
    expect(types('2025-03-08')).toEqual(['overtime_risk']);
    expect(sheet.weeks).toEqual([
      {
        weekStart: '2025-03-03',
        workedMinutes: 2868,
        remainingScheduledMinutes: 0,
        projectedMinutes: 2868,
        overtimeRisk: true,
      },
    ]);
    expect(sheet.totals).toEqual({
      scheduledMinutes: 480 * 3 + 720 * 3,
      workedMinutes: 2868,
      paidBreakMinutes: 0,
      unpaidBreakMinutes: 120,
      varianceMinutes: 2868 - 3600,
    });
    expect(sheet.days.find((d: { date: string }) => d.date === '2025-03-09')).toBeUndefined();
  });

  it("lets an employee read their own timesheet, not a colleague's", async () => {
    const co = await attendanceCompany();
    await weekOf(co);
    const own = await att()
      .get('/timesheets')
      .query({ companyId: co.companyId, startDate: '2025-03-03', endDate: '2025-03-04' })
      .set(bearer(co.employee));
    expect(own.status).toBe(200);
    expect(own.body.data.employees.map((e: { employeeId: string }) => e.employeeId)).toEqual([co.employeeId]);
    const other = await att()
      .get('/timesheets')
      .query({ companyId: co.companyId, startDate: '2025-03-03', endDate: '2025-03-04', employeeId: 'someone-else' })
      .set(bearer(co.employee));
    expect(other.status).toBe(403);
    expect(other.body.code).toBe('INSUFFICIENT_ROLE');
  });

  it('refuses a range longer than 62 days or reversed', async () => {
    const co = await attendanceCompany();
    const long = await att()
      .get('/timesheets')
      .query({ companyId: co.companyId, startDate: '2025-01-01', endDate: '2025-03-31' })
      .set(bearer(co.manager));
    expect(long.status).toBe(400);
    expect(long.body.code).toBe('INVALID_DATE_RANGE');
    const reversed = await att()
      .get('/punches')
      .query({ companyId: co.companyId, startDate: '2025-03-31', endDate: '2025-03-01' })
      .set(bearer(co.manager));
    expect(reversed.body.code).toBe('INVALID_DATE_RANGE');
  });
});
