import { defineModule, lazyFile } from '../kit';
import { DOCUMENT_ID, ERASED_NAME, actorsCut } from '../personal-data';
import { employeeErrors } from './errors';
import { ERASED_EMPLOYEE_FIELDS } from './field-tags';

const router = lazyFile<typeof import('./router')>(() => require('./router'));

export default defineModule({
  name: 'employees',
  description: 'Employees of a company',
  http: router,
  errors: employeeErrors.catalog,
  collections: { company: ['employees', 'auditTrail'] },
  personalData: {
    // the record stays (pay records refer to it): what it keeps, field by field, is in field-tags.ts
    employees: {
      match: { employeeId: DOCUMENT_ID, uid: 'userId' },
      erase: 'reduce',
      record: 'pay',
      fields: ERASED_EMPLOYEE_FIELDS,
      replace: { ...ERASED_NAME, archived: true },
    },
    // the changes of the record keep who and when, not what the fields held; another entity's audit
    // line (a role, a pay period, a shift) may hold the person's name in its values
    auditTrail: {
      match: { employeeId: 'entityId' },
      erase: 'reduce',
      fields: ['before', 'after'],
      copiesIn: ['before', 'after'],
      cut: actorsCut('by'),
    },
  },
});
