import {
  aiConfigBody,
  bucketUsageQuery,
  companyIdParam,
  rangeQuery,
  usageRowsCursor,
} from '../../../../src/modules/ai/schemas';
import { accepts, refuses } from '../../../helpers/accepts';

/** The request schemas of the AI usage and configuration administration. */

describe('AI usage range query', () => {
  it('leaves from and to out when omitted (the service applies the 30-day default)', () => {
    expect(accepts(rangeQuery, {})).toEqual({});
  });

  it('accepts from and to as YYYY-MM-DD dates', () => {
    expect(accepts(rangeQuery, { from: '2026-10-01', to: '2026-10-31' })).toEqual({
      from: '2026-10-01',
      to: '2026-10-31',
    });
    expect(accepts(rangeQuery, { to: '2026-10-31' })).toEqual({ to: '2026-10-31' });
  });

  it.each([
    ['from', '2026-10-1'],
    ['from', '2026-02-30'],
    ['from', '1 Oct 2026'],
    ['to', '20261031'],
    ['to', '2026-13-01'],
    ['to', ''],
  ])('refuses %s=%s', (field, value) => {
    expect(refuses(rangeQuery, { [field]: value })).toBe(true);
    expect(refuses(bucketUsageQuery, { [field]: value })).toBe(true);
  });
});

describe('AI usage page query', () => {
  it('defaults limit to 200', () => {
    expect(accepts(bucketUsageQuery, {})).toEqual({ limit: 200 });
  });

  it.each([
    ['1', 1],
    ['5000', 5000],
    ['250', 250],
  ])('reads limit=%s as %s', (text, value) => {
    expect(accepts(bucketUsageQuery, { limit: text }).limit).toBe(value);
  });

  it.each(['0', '5001', '1.5', '-1', 'many'])('refuses limit=%s', (text) => {
    expect(refuses(bucketUsageQuery, { limit: text })).toBe(true);
  });

  it('reads a cursor of its rows back as the sort key it ended at, and refuses any other', () => {
    const cursor = usageRowsCursor.encode('001764547200000:row-1');
    expect(accepts(bucketUsageQuery, { from: '2026-10-01', to: '2026-10-31', cursor })).toEqual({
      from: '2026-10-01',
      to: '2026-10-31',
      cursor: '001764547200000:row-1',
      limit: 200,
    });
    for (const other of [
      '',
      'abc',
      usageRowsCursor.encode('not-a-sort-key'),
      Buffer.from('001764547200000:r').toString('base64url'),
    ])
      expect(refuses(bucketUsageQuery, { cursor: other })).toBe(true);
  });
});

describe('AI company path', () => {
  it('accepts a company id and refuses a missing, empty or slash-holding one', () => {
    expect(accepts(companyIdParam, { id: 'co-1' })).toEqual({ id: 'co-1' });
    expect(refuses(companyIdParam, {})).toBe(true);
    expect(refuses(companyIdParam, { id: '' })).toBe(true);
    expect(refuses(companyIdParam, { id: 'co/1' })).toBe(true);
  });
});

describe('AI configuration body', () => {
  it('accepts {provider, model}', () => {
    expect(accepts(aiConfigBody, { provider: 'anthropic', model: 'claude-sonnet-4-5' })).toEqual({
      provider: 'anthropic',
      model: 'claude-sonnet-4-5',
    });
    expect(accepts(aiConfigBody, { provider: 'o', model: 'm' })).toEqual({ provider: 'o', model: 'm' });
  });

  it.each([
    ['no provider', { model: 'm' }],
    ['no model', { provider: 'openai' }],
    ['an empty provider', { provider: '', model: 'm' }],
    ['an empty model', { provider: 'openai', model: '' }],
    ['a non-string model', { provider: 'openai', model: 4 }],
    ['updatedAt (set by the server)', { provider: 'openai', model: 'm', updatedAt: 1 }],
  ])('refuses a body with %s', (_what, body) => {
    expect(refuses(aiConfigBody, body)).toBe(true);
  });
});
