import { defineModule } from '../kit';

export default defineModule({
  name: 'sales',
  description: 'Sales: invoice import and per-bucket sales (actual-sales day records or invoices)',
  http: () => require('./router') as typeof import('./router'),
  collections: { company: ['invoices', 'salesActual', 'sales'] },
  personalData: {
    invoices: { match: { employeeId: 'employeeId' }, erase: 'reduce', record: 'pay' },
    salesActual: 'none',
    sales: 'none',
  },
});
