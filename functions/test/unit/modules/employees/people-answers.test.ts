import { employeeSchema } from '../../../../src/modules/employees/schemas';
import { roleSchema } from '../../../../src/modules/roles/schemas';
import { keepsAnswer } from '../../../helpers/keeps-answer';

/** The answers of the roles and employees routes keep every field they hold. */

describe('role answers', () => {
  it('keep the role, its sub-roles and its timestamps', () => {
    keepsAnswer(roleSchema, {
      id: 'r1',
      name: 'Cook',
      priority: 3,
      type: 'BOH',
      rate: 12.5,
      additionalSalary: 100,
      includedInLaborCost: false,
      subRoles: {
        line: {
          name: 'Line cook',
          priority: 2,
          acronym: 'LC',
          color: '#ff0000',
          description: 'Grill',
          archived: false,
        },
      },
      archived: false,
      createdAt: 1_780_000_000_000,
      updatedAt: 1_780_000_100_000,
    });
  });
});

describe('employee answers', () => {
  it('keep the record, its positions, availabilities, link and timestamps', () => {
    keepsAnswer(employeeSchema, {
      id: 'e1',
      name: 'Ana',
      surname: 'Ruiz',
      email: 'ana@example.com',
      phone: '600000000',
      phoneCode: '+34',
      address: 'Calle 1',
      city: 'Madrid',
      avatar: 'https://example.com/a.png',
      locale: 'es',
      emergencyContact: 'Luis',
      emergencyPhone: '611111111',
      emergencyPhoneCode: '+34',
      hiring: '2025-03-01',
      bornDate: '1990-05-02',
      positions: [{ categoryId: 'r1', subcategoryId: 'line' }],
      availabilities: { maxHoursInWeek: 30, Monday: { allDay: false, shift1: { start: 540, end: 1020 } } },
      salary: 1800,
      additionalSalary: { r1: 100 },
      createdByPivotAiAgent: false,
      employeeType: 'parttime',
      employeeNumber: 'E-7',
      importSource: 'csv',
      rateRegular: 12,
      rateOvertime: 18,
      archived: false,
      userId: 'uid-1',
      createdAt: 1_780_000_000_000,
      updatedAt: 1_780_000_100_000,
    });
  });
});
