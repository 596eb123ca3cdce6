import type { DemoCompany } from '../../local/demo/types';

/** Filled in below (demo data: pending requests of each type). */
export async function seed(company: DemoCompany): Promise<string> {
  return `0 requests for ${company.companyId}`;
}
