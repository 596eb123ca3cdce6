import { companyProfile, POLICY_DEFAULTS } from '../../../../src/modules/companies/schemas';

describe('company answers', () => {
  it('a new company lets employees interact and see shift ends, and hides nothing from managers until told to', () => {
    // the documented defaults of GET /companies/{id}/policies for a company that never set them
    expect(POLICY_DEFAULTS).toEqual({
      employeeInteractionGroup: true,
      employeeInteractionMessages: true,
      employeeInteractionWorkWith: true,
      employeesCanSeeShiftEndTimes: true,
      isGeolocationEnabled: false,
      hideFinancialInfoFromManagers: false,
      hideTipsFromManagers: false,
    });
  });

  it('a profile answer always names its company, its country and its currency (null when never given)', () => {
    const named = { id: 'c1', name: 'Harbor & Vine', country: 'US', currency: null };
    expect(companyProfile.safeParse({ ...named, id: undefined }).success).toBe(false);
    expect(companyProfile.safeParse({ id: 'c1', name: 'Harbor & Vine' }).success).toBe(false);
    expect(companyProfile.parse(named)).toEqual(named);
  });
});

describe('schedule modes', () => {
  it('published and manual shifts stand with others; drafts do not', () => {
    const { LIVE_MODES } =
      require('../../../../src/modules/schedule/schemas') as typeof import('../../../../src/modules/schedule/schemas');
    expect([...LIVE_MODES].sort()).toEqual(['manual', 'published']);
  });
});
