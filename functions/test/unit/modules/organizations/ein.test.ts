import { einProblem } from '../../../../src/modules/organizations/ein';

describe('employer identification numbers', () => {
  it.each(['12-3456789', '01-0000001', '98-7654321', '99-1234567', '71-1111111'])('accepts %s', (ein) => {
    expect(einProblem(ein)).toBeUndefined();
  });

  it.each(['123456789', '12-345678', '12 3456789', '1-23456789', 'AB-1234567'])('refuses the shape %s', (ein) => {
    expect(einProblem(ein)).toMatch(/NN-NNNNNNN/);
  });

  it.each(['00', '07', '08', '09', '17', '18', '19', '28', '29', '49', '69', '70', '78', '79', '89', '96', '97'])(
    'refuses the prefix %s, which the IRS does not assign',
    (prefix) => {
      expect(einProblem(`${prefix}-1234567`)).toBe(`the prefix ${prefix} is not one the IRS assigns`);
    },
  );
});
