import type { VendorAccount } from '../../pos/connectors';
import { salesCurrency } from '../sales';
import { engineErrors } from './errors';

/**
 * A POS account must sell in the company's sales currency (the one its sales are kept in, set by
 * its first imported sale). Sales are not converted: a rate would have to be chosen per sale and
 * day, and every figure derived from it (labour cost ratios, tips, payroll) would inherit the
 * guess. So an account in another currency is refused at connect, naming both; an account whose
 * currency the vendor does not state (Clover, Revel, SpotOn) is connected, and a sale of another
 * currency is still refused row by row by the sales import.
 */
export async function requireCompanyCurrency(companyId: string, name: string, account: VendorAccount): Promise<void> {
  if (!account.currency) return;
  const company = await salesCurrency(companyId);
  if (company && company !== account.currency.toUpperCase()) {
    throw engineErrors.CURRENCY_MISMATCH(
      `The ${name} account sells in ${account.currency} and this company's sales are in ${company}: sales are not converted, so it cannot be connected`,
    );
  }
}
