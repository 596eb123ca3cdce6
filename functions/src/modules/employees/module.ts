import { defineModule, lazyFile } from '../kit';
import { DOCUMENT_ID, ERASED_NAME } from '../personal-data';
import { employeeErrors } from './errors';

const router = lazyFile<typeof import('./router')>(() => require('./router'));

export default defineModule({
  name: 'employees',
  description: 'Employees of a company',
  http: router,
  errors: employeeErrors.catalog,
  collections: { company: ['employees', 'auditTrail'] },
  personalData: {
    // the record stays (pay records refer to it, with the pay rates they were figured at), reduced to its id
    employees: {
      match: { employeeId: DOCUMENT_ID, uid: 'userId' },
      erase: 'reduce',
      record: 'pay',
      fields: [
        'email',
        'phone',
        'phoneCode',
        'address',
        'city',
        'avatar',
        'locale',
        'emergencyContact',
        'emergencyPhone',
        'emergencyPhoneCode',
        'bornDate',
        'availabilities',
        'userId',
        'employeeNumber',
        'importSource',
      ],
      replace: { ...ERASED_NAME, archived: true },
    },
    // the changes of the record keep who and when, not what the fields held
    auditTrail: { match: { employeeId: 'entityId' }, erase: 'reduce', fields: ['before', 'after'] },
  },
});
