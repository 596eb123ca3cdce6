import { parse } from 'csv-parse/sync';
import type { ExportMeta, PayrollExportRow } from '../../../../src/modules/payroll/exports';

/** The export tests' shared fixture: a two-week period of Acme Diner (ADP Co Code / Paychex Client ID AC1). */
export const META: ExportMeta = {
  companyId: 'acme',
  companyName: 'Acme Diner',
  currency: 'USD',
  periodStart: '2026-03-01',
  periodEnd: '2026-03-14',
  companyCode: 'AC1',
};

/** Ana Ruiz (File # 1001): 10 h at $15.00, nothing else, with what the test changes. */
export const row = (over: Partial<PayrollExportRow> = {}): PayrollExportRow => ({
  employeeId: 'e1',
  employeeNumber: '1001',
  firstName: 'Ana',
  lastName: 'Ruiz',
  roleName: null,
  salaried: false,
  regularMinutes: 600,
  overtimeMinutes: 0,
  doubleTimeMinutes: 0,
  regularRate: 1500,
  overtimeRate: 2250,
  doubleTimeRate: 3000,
  regularPay: 15000,
  overtimePay: 0,
  doubleTimePay: 0,
  tips: 0,
  totalPay: 15000,
  ...over,
});

/** A CSV file as records keyed by its header line. */
export const table = (body: string) => parse(body, { columns: true }) as Record<string, string>[];
