import {
  ACTIVE_STATES,
  CONNECTION_STATES,
  availableQuery,
  categoryParam,
  detailParams,
  statusQuery,
} from '../../../../src/modules/integrations/schemas';
import { accepts, refuses } from '../../../helpers/accepts';

const companyId = 'harbor-vine';
const CATEGORIES = ['pos', 'payroll', 'reservation'];

describe('connection states', () => {
  it('are not_connected, connected, syncing, error, reauth_required and disconnected', () => {
    expect([...CONNECTION_STATES].sort()).toEqual([
      'connected',
      'disconnected',
      'error',
      'not_connected',
      'reauth_required',
      'syncing',
    ]);
  });

  it('are active when connected, syncing, error or reauth_required', () => {
    expect([...ACTIVE_STATES].sort()).toEqual(['connected', 'error', 'reauth_required', 'syncing']);
  });
});

describe('the catalogue, by category', () => {
  it('lists every category without a filter', () => {
    expect(accepts(availableQuery, {})).toEqual({});
  });

  it.each(CATEGORIES)('filters the catalogue by the category %s, in the query or the path', (category) => {
    expect(accepts(availableQuery, { category })).toEqual({ category });
    expect(accepts(categoryParam, { category })).toEqual({ category });
  });

  it.each(['POS', 'reservations', 'accounting', ''])('refuses the unknown category %j (400)', (category) => {
    expect(refuses(availableQuery, { category })).toBe(true);
    expect(refuses(categoryParam, { category })).toBe(true);
  });

  it('needs the category in the path', () => {
    expect(refuses(categoryParam, {})).toBe(true);
  });
});

describe("the company's active integrations", () => {
  it('need the company and filter optionally by category', () => {
    expect(accepts(statusQuery, { companyId })).toEqual({ companyId });
    for (const category of CATEGORIES)
      expect(accepts(statusQuery, { companyId, category })).toEqual({ companyId, category });
  });

  it('refuse an unknown category or no company', () => {
    expect(refuses(statusQuery, { companyId, category: 'crm' })).toBe(true);
    expect(refuses(statusQuery, { category: 'pos' })).toBe(true);
    expect(refuses(statusQuery, { companyId: '' })).toBe(true);
  });
});

describe('one integration in the path', () => {
  it.each([
    ['pos', 'toast'],
    ['payroll', 'gusto'],
    ['reservation', 'opentable'],
  ])('is a category (%s) and a slug (%s)', (category, slug) => {
    expect(accepts(detailParams, { category, slug })).toEqual({ category, slug });
  });

  it('refuses an unknown category, a missing or malformed slug', () => {
    for (const p of [
      { category: 'crm', slug: 'toast' },
      { category: 'pos' },
      { category: 'pos', slug: '' },
      { category: 'pos', slug: 'a/b' },
      { slug: 'toast' },
    ]) {
      expect(refuses(detailParams, p)).toBe(true);
    }
  });
});
