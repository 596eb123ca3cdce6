/**
 * What every module's demo seeder receives. The loader (src/local/demo/load.ts) creates the
 * companies, roles, employees and users first, then calls each module's seeder
 * (`seed<Module>(company: DemoCompany): Promise<string>`, returning a one-line summary).
 */
export interface DemoRole {
  id: string;
  name: string;
  rate: number;
  subRoleIds: string[];
}

export interface DemoEmployee {
  id: string;
  name: string;
  surname: string;
  positions: { categoryId: string; subcategoryId: string }[];
  availabilities?: Record<string, unknown>;
  rateRegular?: number;
}

export interface DemoCompany {
  companyId: string;
  name: string;
  timezone: string;
  weekStartingDay: number;
  dayChangeTime: number;
  currency: string;
  roles: DemoRole[];
  employees: DemoEmployee[];
  ownerUid: string;
  /** Deterministic pseudo-random numbers in [0, 1) so the demo data is the same on every load. */
  random: () => number;
}
