/**
 * The pure rules of the employee lifecycle: who sees and edits which field (employees/visibility.ts),
 * when an archive takes effect and what it owes (employees/employment.ts), and what a departure
 * does to a shift request (requests/transitions.ts). The emulator tests (test/employees) run them end to end.
 */
import fc from 'fast-check';
import { addDays } from '../../../../src/core/calendar';
import { MEMBER_ROLES } from '../../../../src/core/memberships';
import {
  archiveDecision,
  employedOn,
  employerCancels,
  firstUnassignedDate,
} from '../../../../src/modules/employees/employment';
import { ARCHIVE_REASONS, employeeCreateBody } from '../../../../src/modules/employees/schemas';
import {
  FINANCIAL_FIELDS,
  hiddenFields,
  mayEdit,
  PRIVATE_FIELDS,
  redact,
  SELF_EDITABLE_FIELDS,
  type Viewer,
} from '../../../../src/modules/employees/visibility';
import { REQUEST_STATES } from '../../../../src/modules/requests/schemas';
import { departureEffect } from '../../../../src/modules/requests/transitions';

const FIELDS = [...Object.keys(employeeCreateBody.shape), 'archive'];
const ids = fc.constantFrom('emp-a', 'emp-b', 'emp-c');
type MemberViewer = NonNullable<Viewer>;
const viewers: fc.Arbitrary<MemberViewer> = fc.record({
  role: fc.constantFrom(...MEMBER_ROLES),
  employeeId: fc.option(ids, { nil: null }),
  policies: fc.record({
    hideFinancialInfoFromManagers: fc.boolean(),
    hideTipsFromManagers: fc.boolean(),
    employeesCanSeeShiftEndTimes: fc.boolean(),
    hasAccessToLaborCost: fc.boolean(),
  }),
});
const memberViewer = (role: MemberViewer['role'], employeeId: string | null): MemberViewer => ({
  role,
  employeeId,
  policies: {
    hideFinancialInfoFromManagers: false,
    hideTipsFromManagers: false,
    employeesCanSeeShiftEndTimes: true,
    hasAccessToLaborCost: true,
  },
});
const date = fc
  .integer({ min: 0, max: 3000 })
  .map((n) => new Date(Date.UTC(2025, 0, 1) + n * 86_400_000).toISOString().slice(0, 10));

describe('the visibility rule of employee fields', () => {
  it('never lets anyone edit a field they cannot see', () => {
    fc.assert(
      fc.property(viewers, ids, fc.constantFrom(...FIELDS), (viewer, subject, field) => {
        if (hiddenFields(viewer, subject).includes(field)) expect(mayEdit(viewer, subject, field)).toBe(false);
      }),
    );
  });

  it('lets an employee edit only their own contact and emergency fields', () => {
    fc.assert(
      fc.property(viewers, ids, fc.constantFrom(...FIELDS), (viewer, subject, field) => {
        if (viewer.role !== 'employee') return;
        const own = subject === viewer.employeeId;
        expect(mayEdit(viewer, subject, field)).toBe(own && SELF_EDITABLE_FIELDS.includes(field));
      }),
    );
  });

  it("hides others' pay exactly from managers under the policy, and every private field of colleagues from employees", () => {
    fc.assert(
      fc.property(viewers, ids, (viewer, subject) => {
        const hidden = hiddenFields(viewer, subject);
        const payHidden = viewer.policies.hideFinancialInfoFromManagers && subject !== viewer.employeeId;
        if (viewer.role === 'owner') expect(hidden).toEqual([]);
        if (viewer.role === 'manager') expect(hidden).toEqual(payHidden ? FINANCIAL_FIELDS : []);
        if (viewer.role === 'employee') expect(hidden).toEqual(subject === viewer.employeeId ? [] : PRIVATE_FIELDS);
      }),
    );
  });

  it('classifies the fields of a record: pay, contact and emergency contact (self-editable), personal data', () => {
    const pay = ['salary', 'additionalSalary', 'rateRegular', 'rateOvertime', 'positionRates'];
    const contact = ['email', 'phone', 'phoneCode', 'address', 'city', 'emergencyContact', 'emergencyPhone'];
    const contacts = [...contact, 'emergencyPhoneCode'];
    const personal = ['bornDate', 'dateOfBirth', 'employeeNumber', 'importSource', 'hiring', 'archive'];
    expect(new Set(FINANCIAL_FIELDS)).toEqual(new Set(pay));
    expect(new Set(SELF_EDITABLE_FIELDS)).toEqual(new Set(contacts));
    expect(new Set(PRIVATE_FIELDS)).toEqual(new Set([...pay, ...contacts, ...personal]));
  });

  it('never lets a manager edit pay hidden from managers, on their own record either', () => {
    fc.assert(
      fc.property(viewers, ids, fc.constantFrom(...FINANCIAL_FIELDS), (viewer, subject, field) => {
        if (viewer.role === 'manager' && viewer.policies.hideFinancialInfoFromManagers)
          expect(mayEdit(viewer, subject, field)).toBe(false);
      }),
    );
  });

  it("keeps colleagues' email, phone and phoneCode from employees", () => {
    const viewer = memberViewer('employee', 'emp-a');
    const seen = redact(viewer, 'emp-b', { id: 'emp-b', name: 'Zoe', email: 'z@x', phone: '1', phoneCode: '+1' });
    expect(seen).toEqual({ id: 'emp-b', name: 'Zoe' });
  });

  it('redacts to a subset of the record, keeping every visible field as it was', () => {
    fc.assert(
      fc.property(viewers, ids, fc.dictionary(fc.constantFrom(...FIELDS), fc.string()), (viewer, subject, record) => {
        const seen = redact(viewer, subject, record) as Record<string, string>;
        const hidden = hiddenFields(viewer, subject);
        for (const [field, value] of Object.entries(record))
          expect(seen[field]).toBe(hidden.includes(field) ? undefined : value);
      }),
    );
  });
});

describe('the archive of an employment', () => {
  const archive = (effectiveDate: string) => ({
    effectiveDate,
    effectiveAt: 0,
    reason: 'dismissed',
    by: null,
    at: 0,
  });

  it('takes effect on its effective date: employed before it, not from it', () => {
    fc.assert(
      fc.property(date, fc.integer({ min: -2, max: 2 }), (effective, offset) => {
        const day = addDays(effective, offset);
        expect(employedOn({ archived: true, archive: archive(effective) }, day)).toBe(offset < 0);
      }),
    );
  });

  it('treats a record archived without a date as archived on every date, and an active one as employed', () => {
    fc.assert(
      fc.property(date, (day) => {
        expect(employedOn({ archived: true, archive: null }, day)).toBe(false);
        expect(employedOn({ archived: false, archive: null }, day)).toBe(true);
      }),
    );
  });

  it('unassigns from the effective date but never from a day already past', () => {
    fc.assert(
      fc.property(date, fc.integer({ min: -2, max: 2 }), (effective, offset) => {
        const today = addDays(effective, offset);
        const from = firstUnassignedDate(effective, today);
        expect(from >= today && from >= effective).toBe(true);
        expect([effective, today]).toContain(from);
      }),
    );
  });

  it('owes the premiums of a cancellation for every reason but a resignation', () => {
    for (const reason of ARCHIVE_REASONS) expect(employerCancels(reason)).toBe(reason !== 'resigned');
  });

  it('archives an active record, repeats the same archive, and refuses other terms', () => {
    const body = { effectiveDate: '2026-12-01', reason: 'dismissed' as const, note: 'n' };
    expect(archiveDecision({ archived: false, archive: null }, body)).toBe('archive');
    const recorded = { archived: true, archive: { ...archive('2026-12-01'), note: 'n' } };
    expect(archiveDecision(recorded, body)).toBe('repeat');
    expect(archiveDecision(recorded, { ...body, effectiveDate: '2026-12-02' })).toBe('conflict');
    expect(archiveDecision(recorded, { ...body, reason: 'resigned' })).toBe('conflict');
    expect(archiveDecision({ archived: true, archive: null }, body)).toBe('conflict');
  });
});

describe('what a departure does to a shift request', () => {
  const NOW = Date.UTC(2026, 5, 1, 12);
  const request = fc.record({
    state: fc.constantFrom(...REQUEST_STATES),
    shiftStartsAt: fc.option(fc.integer({ min: NOW - 1e8, max: NOW + 1e8 }), { nil: null }),
    employeeId: ids,
    peerEmployeeId: fc.option(ids, { nil: null }),
    takerEmployeeId: fc.option(ids, { nil: null }),
    volunteers: fc.uniqueArray(ids),
  });

  it('cancels a pending request the employee is a party to, drops them as a mere volunteer, leaves the rest', () => {
    fc.assert(
      fc.property(request, ids, (r, leaving) => {
        const effect = departureEffect(r, leaving, NOW);
        const pending =
          (r.state === 'pending_peer' || r.state === 'pending_manager') &&
          (r.shiftStartsAt === null || r.shiftStartsAt > NOW);
        const party = [r.employeeId, r.peerEmployeeId, r.takerEmployeeId].includes(leaving);
        const expected = !pending ? null : party ? 'cancel' : r.volunteers.includes(leaving) ? 'dropVolunteer' : null;
        expect(effect).toBe(expected);
      }),
    );
  });
});
