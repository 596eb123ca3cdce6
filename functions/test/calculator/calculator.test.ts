import { api } from '../helpers/api';
import { bearer, createUser, type TestUser } from '../helpers/users';

let user: TestUser;
beforeAll(async () => {
  user = await createUser({ label: 'calc' });
});

const post = (path: string, body: unknown) =>
  api('calculator')
    .post(path)
    .set(bearer(user))
    .send(body as object);

describe('POST /calculator/expression', () => {
  it('answers 0.1 + 0.2 = 0.3 exactly in the envelope', async () => {
    const res = await post('/calculator/expression', { expression: '0.1 + 0.2' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { value: '0.3' } });
  });

  it('rounds with the stated mode', async () => {
    const res = await post('/calculator/expression', {
      expression: '10 / 4',
      round: { decimals: 0, mode: 'half_even' },
    });
    expect(res.body.data.value).toBe('2');
  });

  it.each([
    ['a power tower', 400, 'EXPRESSION_TOO_COMPLEX', { expression: '9^9^9^9' }],
    ['deep nesting', 400, 'EXPRESSION_TOO_COMPLEX', { expression: `${'('.repeat(100)}1${')'.repeat(100)}` }],
    ['1,000 nested parentheses', 400, 'VALIDATION_FAILED', { expression: `${'('.repeat(1000)}1${')'.repeat(1000)}` }],
    ['a name', 400, 'EXPRESSION_INVALID', { expression: 'process.exit(1)' }],
    ['a rounding without a mode', 400, 'VALIDATION_FAILED', { expression: '1', round: { decimals: 2 } }],
    ['a division by zero', 422, 'CALCULATION_UNDEFINED', { expression: '1/0' }],
  ])('refuses %s with %i %s and no stack trace', async (_label, status, code, body) => {
    const res = await post('/calculator/expression', body);
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ success: false, code, error: expect.any(String) });
    expect(JSON.stringify(res.body)).not.toMatch(/at .*\.ts:\d+/);
  });

  it('requires a signed-in caller (401)', async () => {
    const res = await api('calculator').post('/calculator/expression').send({ expression: '1 + 1' });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('AUTH_REQUIRED');
  });
});

describe('POST /calculator/operations', () => {
  it('computes a labor percentage and an amount in cents, listing each step', async () => {
    const res = await post('/calculator/operations', {
      operations: [
        { op: 'percentage', args: ['1250', '5400'] },
        { op: 'round', args: ['$0'], decimals: 2, mode: 'half_up' },
        { op: 'percentOf', args: ['15', '82.35'] },
        { op: 'toMinorUnits', args: ['$2'], currency: 'EUR', mode: 'half_even' },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      value: '1235',
      steps: [
        { op: 'percentage', value: '23.148148148148148148148148148148' },
        { op: 'round', value: '23.15' },
        { op: 'percentOf', value: '12.3525' },
        { op: 'toMinorUnits', value: '1235', currency: 'EUR' },
      ],
    });
  });

  it('refuses a reference to a later step with 400 OPERATION_INVALID', async () => {
    const res = await post('/calculator/operations', {
      operations: [
        { op: 'sum', args: ['$1', '1'] },
        { op: 'sum', args: ['1'] },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('OPERATION_INVALID');
  });
});
