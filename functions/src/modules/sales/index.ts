/** The sales module's public API: what other modules (and the POS sync service) may use. */
import { lazyFunction } from '../kit';

export { readSalesCurrency as salesCurrency, heldExternalSales } from './repo';
export { POS_SOURCES, type PosSource, type StoredExternalSale } from './schemas';
export { tipsByEmployee } from './service';
export { getSales } from './service';
export { salesQuery, salesResponse, type SalesQuery } from './schemas';
export { MAX_TIPS_DAYS, tipsQuery, tipsResponse, type TipsQuery, type TipsResponse } from './schemas';
export { readDays as readSalesDays } from './repo';
export { salesAndCovers } from './aggregate';
export { saleOf, type ExternalOutcome, type ExternalSale } from './external-rules';
export type { TipsFigures } from './tips';
/** Sales from outside (a POS sync): checked once, recorded as invoices with their day aggregates and tips. */
export const recordExternalSales = lazyFunction(
  () => require('./external') as typeof import('./external'),
  'recordExternalSales',
);
export const tipsBetween = lazyFunction(() => require('./tips') as typeof import('./tips'), 'tipsBetween');
