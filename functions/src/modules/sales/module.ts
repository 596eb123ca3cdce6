import { defineModule, lazyFile } from '../kit';
import { salesErrors } from './errors';

const router = lazyFile<typeof import('./router')>(() => require('./router'));

export default defineModule({
  name: 'sales',
  description:
    'Sales: invoice import, sales from outside (a POS sync: each sale kept whole on its invoice, with the tips per business day and employee, each kind of tip apart, cash tips declared on POS punches included, and the tip adjustments of changes reaching a closed pay period), and per-bucket sales (actual-sales day records or invoices)',
  http: router,
  errors: salesErrors.catalog,
  collections: { company: ['invoices', 'salesActual', 'sales', 'posTips', 'posDeclaredTips', 'posTipAdjustments'] },
  personalData: {
    invoices: { match: { employeeId: 'employeeId' }, erase: 'reduce', record: 'pay' },
    salesActual: 'none',
    sales: 'none',
    posTips: { match: { employeeId: 'employeeId' }, erase: 'reduce', record: 'pay' },
    posDeclaredTips: { match: { employeeId: 'employeeId' }, erase: 'reduce', record: 'pay' },
    posTipAdjustments: { match: { employeeId: 'employeeId' }, erase: 'reduce', record: 'pay' },
  },
});
