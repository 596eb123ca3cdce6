/** The sales module's public API: what other modules (and the POS sync service) may use. */
export { importInvoices } from './importer';
export { createInvoices, type AlsoWrite } from './create';
export { readSalesCurrency as salesCurrency, invoiceRef, invoicesCollection } from './repo';
export { POS_SOURCES, type PosSource } from './schemas';
export { tipsByEmployee } from './service';
export { getSales } from './service';
export { salesQuery, salesResponse, type SalesQuery } from './schemas';
export { readDays as readSalesDays } from './repo';
export { salesAndCovers } from './aggregate';
