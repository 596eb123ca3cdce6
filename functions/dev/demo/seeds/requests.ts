import { addDays, businessToday, shiftInterval } from '../../../src/core/calendar';
import { db } from '../../../src/core/firebase';
import type { DemoCompany } from '../types';
import { getCompanyRules } from '../../../src/modules/companies';
import { listShiftsInRange, shiftRef, type Shift } from '../../../src/modules/schedule';
import { requestRef, requestToDoc } from '../../../src/modules/requests/repo';
import type { ShiftRequest } from '../../../src/modules/requests/schemas';

/**
 * Demo requests, one pending of each type: a swap between two coworkers of the same role and an
 * offer (replace) on shifts two weeks ahead (published here, on days the schedule seeder leaves
 * empty), an emergency for a shift tomorrow of an employee free around it, a day off and an
 * availabilities change awaiting the manager. Ids are stable (a reload rewrites them).
 */
export async function seed(company: DemoCompany): Promise<string> {
  const { companyId } = company;
  const rules = await getCompanyRules({ companyId });
  const tz = rules.profile.timezone;
  const today = businessToday(tz, rules.settings.dayChangeTime);
  const now = Date.now();
  const staffed = company.employees.filter((e) => e.positions.length > 0);
  const a = staffed[0];
  const b = staffed.find((e) => e !== a && e.positions.some((p) => p.categoryId === a?.positions[0].categoryId));
  if (!a || !b) return '0 requests (no two employees share a role)';
  const role = a.positions[0];

  const shift = (id: string, employeeId: string, date: string, start: number, end: number): Shift => ({
    id,
    companyId,
    date,
    employeeId,
    positionId: role.categoryId,
    subRoleId: role.subcategoryId,
    start,
    end,
    mode: 'published',
    scheduleId: null,
    note: '',
    onHold: false,
    minutes: end - start,
    workedMinutes: end - start,
    createdAt: now,
    updatedAt: now,
  });
  const startsAt = (s: Shift) => shiftInterval(s, tz, rules.profile.defaultDuration).startMs;
  const base = (id: string, over: Partial<ShiftRequest>): ShiftRequest => ({
    id,
    companyId,
    type: 'dayOff',
    state: 'pending_manager',
    employeeId: a.id,
    date: today,
    shiftId: null,
    shiftStartsAt: null,
    peerEmployeeId: null,
    peerShiftId: null,
    volunteers: [],
    takerEmployeeId: null,
    dayOff: null,
    availabilities: null,
    note: '',
    needsManager: true,
    history: [],
    createdAt: now,
    updatedAt: now,
    ...over,
  });
  const created = (state: ShiftRequest['state']) => [{ at: now, by: company.ownerUid, action: 'create', state }];

  const shifts = [
    shift('demo-req-swap-a', a.id, addDays(today, 15), 10 * 60, 14 * 60),
    shift('demo-req-swap-b', b.id, addDays(today, 16), 10 * 60, 14 * 60),
    shift('demo-req-offer', b.id, addDays(today, 17), 10 * 60, 14 * 60),
  ];
  const [swapA, swapB, offer] = shifts;
  const requests = [
    base('demo-request-swap', {
      type: 'swap',
      state: 'pending_peer',
      employeeId: a.id,
      date: swapA.date,
      shiftId: swapA.id,
      shiftStartsAt: startsAt(swapA),
      peerEmployeeId: b.id,
      peerShiftId: swapB.id,
      note: 'Family dinner that day, can we trade?',
      history: created('pending_peer'),
    }),
    base('demo-request-replace', {
      type: 'replace',
      state: 'pending_peer',
      employeeId: b.id,
      date: offer.date,
      shiftId: offer.id,
      shiftStartsAt: startsAt(offer),
      note: 'Exam week',
      history: created('pending_peer'),
    }),
    base('demo-request-dayoff', {
      type: 'dayOff',
      employeeId: a.id,
      date: addDays(today, 20),
      dayOff: { startDate: addDays(today, 20), endDate: addDays(today, 21), start: null, end: null },
      note: 'Wedding',
      history: created('pending_manager'),
    }),
    base('demo-request-availabilities', {
      type: 'availabilities',
      employeeId: b.id,
      availabilities: { maxHoursInWeek: 30, maxDaysPerWeek: 4 },
      note: 'Starting classes',
      history: created('pending_manager'),
    }),
  ];

  // The emergency: tomorrow, for an employee of the role with no shift from today to the day after.
  const around = await listShiftsInRange({
    companyId,
    from: today,
    to: addDays(today, 2),
    modes: ['published', 'manual', 'draft'],
  });
  const busy = new Set(around.map((s) => s.employeeId));
  const free = staffed.find(
    (e) => e !== a && e !== b && !busy.has(e.id) && e.positions.some((p) => p.categoryId === role.categoryId),
  );
  if (free) {
    const urgent = shift('demo-req-urgent', free.id, addDays(today, 1), 12 * 60, 16 * 60);
    shifts.push(urgent);
    requests.push(
      base('demo-request-emergency', {
        type: 'emergency',
        state: 'pending_peer',
        employeeId: free.id,
        date: urgent.date,
        shiftId: urgent.id,
        shiftStartsAt: startsAt(urgent),
        needsManager: false,
        note: 'Sick, need cover',
        history: created('pending_peer'),
      }),
    );
  }

  const batch = db().batch();
  for (const { id, ...doc } of shifts) batch.set(shiftRef(companyId, id), doc);
  for (const r of requests) batch.set(requestRef(companyId, r.id), requestToDoc(r));
  await batch.commit();
  return `${requests.length} pending requests (${requests.map((r) => r.type).join(', ')})`;
}
