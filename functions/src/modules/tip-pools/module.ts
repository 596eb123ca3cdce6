import { defineModule, lazyFile } from '../kit';
import { tipPoolErrors } from './errors';

const router = lazyFile<typeof import('./router')>(() => require('./router'));

export default defineModule({
  name: 'tipPools',
  description:
    'Tip pools and tip-outs as restaurants pay them: pools defined by owners under the law of who may share, distributed by managers into a ledger of immutable entries per employee (locked periods change only by adjustment entries), and the tip credit',
  http: router,
  errors: tipPoolErrors.catalog,
  collections: { company: ['tipPools', 'tipDistributions', 'tipEntries'] },
  personalData: {
    tipPools: 'none',
    tipDistributions: 'none',
    tipEntries: { match: { employeeId: 'employeeId' }, erase: 'reduce', record: 'pay' },
  },
});
