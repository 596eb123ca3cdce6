import { defineModule } from '../kit';

export default defineModule({
  name: 'sales',
  description: 'Sales: invoice import and per-bucket sales (actual-sales day records or invoices)',
  http: () => require('./router') as typeof import('./router'),
  collections: { company: ['invoices', 'salesActual', 'sales'] },
});
