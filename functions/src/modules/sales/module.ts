import { defineModule, lazyFile } from '../kit';

const router = lazyFile<typeof import('./router')>(() => require('./router'));

export default defineModule({
  name: 'sales',
  description:
    'Sales: invoice import, sales from outside (a POS sync: each sale kept whole on its invoice, with the tips per business day and employee, each kind of tip apart, cash tips declared on POS punches included), and per-bucket sales (actual-sales day records or invoices)',
  http: router,
  collections: { company: ['invoices', 'salesActual', 'sales', 'posTips', 'posDeclaredTips'] },
  personalData: {
    invoices: { match: { employeeId: 'employeeId' }, erase: 'reduce', record: 'pay' },
    salesActual: 'none',
    sales: 'none',
    posTips: { match: { employeeId: 'employeeId' }, erase: 'reduce', record: 'pay' },
    posDeclaredTips: { match: { employeeId: 'employeeId' }, erase: 'reduce', record: 'pay' },
  },
});
