import type { MemberRole } from '../../src/core/memberships';

/**
 * The demo dataset (emulator-data/demo.json) and what every module's seeder receives. The loader
 * (dev/demo/load.ts) creates the users and memberships, then runs each module's seeder in
 * registry order (companies, roles, employees first), each returning a one-line summary.
 */
export interface DemoUser {
  label: string;
  email: string;
  displayName: string;
  role?: MemberRole;
  employeeId?: string;
}

export interface DemoPosition {
  categoryId: string;
  subcategoryId: string;
}

export interface DemoFileCompany {
  id: string;
  profile: Record<string, unknown> & { name: string; timezone: string; weekStartingDay?: number };
  settings: Record<string, unknown> & { dayChangeTime?: number };
  policies: Record<string, boolean>;
  currency: string;
  roles: (Record<string, unknown> & {
    id: string;
    name: string;
    rate: number;
    archived?: boolean;
    subRoles: Record<string, unknown>;
  })[];
  employees: (Record<string, unknown> & {
    id: string;
    name: string;
    surname: string;
    archived?: boolean;
    positions: DemoPosition[];
  })[];
  users: DemoUser[];
  /** Integrations connected in the demo: a POS (through its simulated account, dev/vendors) and a reservation partner. */
  integrations?: { pos?: 'toast' | 'clover'; csv?: boolean; reservation?: string };
  /**
   * A second location of a restaurant group: the company joins `with` (a company seeded before it)
   * in an organization under one employer, and each of `links` (one person's records, one per
   * location) is linked.
   */
  organization?: {
    name: string;
    with: string;
    employer: { name: string; ein: string; companyCodes?: Record<string, string> };
    links: { companyId: string; employeeId: string }[][];
  };
}

export interface DemoFile {
  password: string;
  admins: DemoUser[];
  companies: DemoFileCompany[];
}

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
  positions: DemoPosition[];
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
  /** Active roles and employees. */
  roles: DemoRole[];
  employees: DemoEmployee[];
  ownerUid: string;
  /** The company as the demo file has it. */
  file: DemoFileCompany;
  /** The Auth uid of a demo user. */
  uidOf: (label: string) => string;
  /** Deterministic pseudo-random numbers in [0, 1) so the demo data is the same on every load. */
  random: () => number;
}

/** A module's part of the demo dataset, run for every demo company; it returns a one-line summary. */
export type Seeder = (company: DemoCompany) => Promise<string>;
