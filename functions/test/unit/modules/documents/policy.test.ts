/**
 * The clock-in rule on certifications ("a company policy may block clock-in for an
 * employee whose required certification has expired"; PATCH /documents/policy: optionally also a
 * missing one). Pure functions of documents/policy.ts; the route and the attendance wiring are
 * tested in the emulator tier.
 */
import { refusal } from '../../../helpers/refusal';
import {
  assertCertificationsHeld,
  checksClockIn,
  policyFromStored,
  policyPatchToStore,
} from '../../../../src/modules/documents/policy';
import { POLICY_DEFAULTS, type CertificationPolicy } from '../../../../src/modules/documents/schemas';

const BLOCKING: CertificationPolicy = {
  blockClockInWhenExpired: true,
  requiredTypes: ['food_handler'],
  blockWhenMissing: false,
};
const TODAY = '2026-11-27';
const doc = (type: CertificationPolicy['requiredTypes'][number], expiresOn: string | null) => ({ type, expiresOn });

describe('the stored policy', () => {
  it('a company that never set it gets the defaults: nothing blocked, food_handler required', () => {
    expect(policyFromStored(undefined)).toEqual(POLICY_DEFAULTS);
    expect(policyFromStored({})).toEqual(POLICY_DEFAULTS);
  });

  it('reads every field that was set', () => {
    const stored = {
      blockClockInWhenExpired: true,
      requiredTypes: ['alcohol_service', 'certification'],
      blockWhenMissing: true,
      updatedAt: 1,
    };
    expect(policyFromStored(stored)).toEqual({
      blockClockInWhenExpired: true,
      requiredTypes: ['alcohol_service', 'certification'],
      blockWhenMissing: true,
    });
  });

  it('no required types stays none (not the default)', () => {
    expect(policyFromStored({ requiredTypes: [] }).requiredTypes).toEqual([]);
  });

  it('only true turns a block on; a malformed list reads as the default', () => {
    expect(
      policyFromStored({ blockClockInWhenExpired: 'true', blockWhenMissing: 1, requiredTypes: 'food_handler' }),
    ).toEqual(POLICY_DEFAULTS);
  });

  it('a patch stores the fields sent, the required types once each', () => {
    expect(policyPatchToStore({ requiredTypes: ['food_handler', 'id', 'food_handler'] })).toEqual({
      requiredTypes: ['food_handler', 'id'],
    });
    expect(policyPatchToStore({ blockClockInWhenExpired: true, requiredTypes: [] })).toEqual({
      blockClockInWhenExpired: true,
      requiredTypes: [],
    });
    expect(policyPatchToStore({ blockWhenMissing: false })).toEqual({ blockWhenMissing: false });
    expect(policyPatchToStore({})).toEqual({});
  });
});

describe('whether clock-in is checked', () => {
  it('only when the company blocks on expiry and requires at least one type', () => {
    expect(checksClockIn(BLOCKING)).toBe(true);
    expect(checksClockIn({ ...BLOCKING, blockClockInWhenExpired: false })).toBe(false);
    expect(checksClockIn({ ...BLOCKING, requiredTypes: [] })).toBe(false);
    expect(checksClockIn(POLICY_DEFAULTS)).toBe(false);
  });
});

describe('the clock-in check', () => {
  it('lets anyone clock in while the company does not block (the default)', () => {
    expect(() => assertCertificationsHeld(POLICY_DEFAULTS, [doc('food_handler', '2020-01-01')], TODAY)).not.toThrow();
    expect(() => assertCertificationsHeld({ ...POLICY_DEFAULTS, blockWhenMissing: true }, [], TODAY)).not.toThrow();
  });

  it('lets anyone clock in when no type is required', () => {
    expect(() =>
      assertCertificationsHeld({ ...BLOCKING, requiredTypes: [], blockWhenMissing: true }, [], TODAY),
    ).not.toThrow();
  });

  it('a certificate is valid through its last valid date, and one without a date never expires', () => {
    expect(() => assertCertificationsHeld(BLOCKING, [doc('food_handler', TODAY)], TODAY)).not.toThrow();
    expect(() => assertCertificationsHeld(BLOCKING, [doc('food_handler', '2027-01-01')], TODAY)).not.toThrow();
    expect(() => assertCertificationsHeld(BLOCKING, [doc('food_handler', null)], TODAY)).not.toThrow();
  });

  it('refuses the day after the last valid date with 422 CERTIFICATION_EXPIRED, naming the type and the date', () => {
    const err = refusal(() => assertCertificationsHeld(BLOCKING, [doc('food_handler', '2026-11-26')], TODAY));
    expect(err.code).toBe('CERTIFICATION_EXPIRED');
    expect(err.status).toBe(422);
    expect(err.message).toBe(
      'You cannot clock in: food_handler expired on 2026-11-26. Ask a manager, or upload a valid certificate.',
    );
    expect(err.details).toEqual([
      { message: 'food_handler expired on 2026-11-26', type: 'food_handler', expiredOn: '2026-11-26' },
    ]);
  });

  it('one valid document of the type is enough, among expired ones', () => {
    expect(() =>
      assertCertificationsHeld(BLOCKING, [doc('food_handler', '2025-01-01'), doc('food_handler', '2027-01-01')], TODAY),
    ).not.toThrow();
    expect(() =>
      assertCertificationsHeld(BLOCKING, [doc('food_handler', '2027-01-01'), doc('food_handler', '2025-01-01')], TODAY),
    ).not.toThrow();
  });

  it('when every document of the type is expired, names the latest expiry', () => {
    const docs = [
      doc('food_handler', '2026-03-01'),
      doc('food_handler', '2026-10-31'),
      doc('food_handler', '2025-12-31'),
    ];
    expect(refusal(() => assertCertificationsHeld(BLOCKING, docs, TODAY)).details).toEqual([
      { message: 'food_handler expired on 2026-10-31', type: 'food_handler', expiredOn: '2026-10-31' },
    ]);
  });

  it('documents of another type do not count', () => {
    expect(
      refusal(() =>
        assertCertificationsHeld(BLOCKING, [doc('food_handler', '2026-01-01'), doc('alcohol_service', null)], TODAY),
      ).details,
    ).toEqual([{ message: 'food_handler expired on 2026-01-01', type: 'food_handler', expiredOn: '2026-01-01' }]);
    expect(() =>
      assertCertificationsHeld({ ...BLOCKING, blockWhenMissing: true }, [doc('alcohol_service', null)], TODAY),
    ).toThrow();
  });

  it('an employee with no document of a required type clocks in unless the company also blocks on missing ones', () => {
    expect(() => assertCertificationsHeld(BLOCKING, [], TODAY)).not.toThrow();
    const err = refusal(() => assertCertificationsHeld({ ...BLOCKING, blockWhenMissing: true }, [], TODAY));
    expect(err.code).toBe('CERTIFICATION_EXPIRED');
    expect(err.details).toEqual([{ message: 'no food_handler document', type: 'food_handler' }]);
  });

  it('lists every required type that fails, in the order of the policy', () => {
    const policy: CertificationPolicy = {
      blockClockInWhenExpired: true,
      requiredTypes: ['alcohol_service', 'food_handler', 'id'],
      blockWhenMissing: true,
    };
    const err = refusal(() =>
      assertCertificationsHeld(policy, [doc('food_handler', '2026-11-01'), doc('id', null)], TODAY),
    );
    expect(err.message).toBe(
      'You cannot clock in: no alcohol_service document; food_handler expired on 2026-11-01. Ask a manager, or upload a valid certificate.',
    );
    expect(err.details?.map((d) => d.type)).toEqual(['alcohol_service', 'food_handler']);
  });
});
