import { defineModule, lazyFile } from '../kit';
import { closedPeriodWithout, periodOfPerson } from './erasure';
import { payrollErrors } from './errors';
import { actorsCut } from '../personal-data';

const router = lazyFile<typeof import('./router')>(() => require('./router'));

export default defineModule({
  name: 'payroll',
  description:
    'Payroll: pay periods, overtime rules (FLSA, California), hours and pay from approved punches, tips, closing periods and exports for ADP, Paychex and Gusto',
  http: router,
  errors: payrollErrors.catalog,
  collections: { company: ['payrollSettings', 'payPeriods', 'payElements', 'mealWaivers'] },
  personalData: {
    payrollSettings: 'none',
    // a closed period's frozen report names each employee: the rows stay (pay records), the name goes;
    // an export holds the person's own lines only
    payPeriods: { match: {}, erase: 'reduce', record: 'pay', rewrite: closedPeriodWithout, cut: periodOfPerson },
    // a bonus is paid (a pay record) and a meal waiver decides premiums (a time record): kept, notes removed
    payElements: {
      match: { employeeId: 'employeeId' },
      erase: 'reduce',
      record: 'pay',
      fields: ['note'],
      copiesIn: ['note'],
      cut: actorsCut('createdBy'),
    },
    mealWaivers: {
      match: { employeeId: 'employeeId' },
      erase: 'reduce',
      record: 'time',
      fields: ['note'],
      copiesIn: ['note'],
      cut: actorsCut('createdBy'),
    },
  },
});
