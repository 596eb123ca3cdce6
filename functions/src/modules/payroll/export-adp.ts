import { ADP_CODES, ADP_HEADER, ADP_PLACE_PREMIUM_CODES } from './export-headers';
import {
  formatHours,
  nonZero,
  ownPaycheckTips,
  premiumsOf,
  present,
  pricedLine,
  requireCompanyCode,
  requireEmployeeNumbers,
  toCsv,
  type Ctx,
  type PayrollExportRow,
} from './export-format';

/**
 * The ADP layout: see exports.ts for the rules every layout follows.
 *
 * adp — ADP Workforce Now paydata import (header-based .csv):
 *   Co Code,Batch ID,File #,Reg Hours,O/T Hours,Hours 3 Code,Hours 3 Amount,Earnings 3 Code,
 *   Earnings 3 Amount,Temp Rate
 *   Sources: ADP Marketplace "Automated Paydata Integration for ADP Workforce Now" (fields that can
 *   be sent: Co Code required in 1st position, Batch ID 2nd, File # 3rd, then Regular Hours, O/T
 *   Hours, Hours 3 Code and Amount, Temp Rate, Regular Earnings, O/T Earnings, Earnings 3 Code and
 *   Amount ...); the exact header spellings `Reg Hours`, `O/T Hours`, `Hours 3 Code`,
 *   `Hours 3 Amount`, `Earnings 3 Code`, `Earnings 3 Amount`, `Temp Rate` as the ADP exports of
 *   Deltek Costpoint, Sundial and Clean Smarts document them. One line per employee with something
 *   to pay (a line whose value cells would all be empty, e.g. a salaried employee without overtime
 *   or tips, is left out: ADP pays that salary by itself). Empty, never 0, where there is nothing
 *   (an ADP paydata cell holding 0 is an entry). Co Code = meta.companyCode; Batch ID =
 *   meta.batchId, else periodEnd as YYYYMMDD (plausible default, ours: ADP only asks for an
 *   identifier of the batch; Clean Smarts uses a counter, RMPOS a date stamp). Double time goes to
 *   Hours 3 with code `DBL` and tips to Earnings 3 with code `TIP`: hours and earnings codes are
 *   set up per ADP company, these are placeholders the practitioner maps (`DBL` is the double-time
 *   Hours 3 code in DATABASICS' ADP Workforce Now mapping; `TIP` is ours). Rows that carry their
 *   workweeks (`weeks`, every report since workweeks were reported) get one line per workweek
 *   instead, with the week's regular rate as Temp Rate, a rate-difference line `RRD` and the
 *   prior-period adjustment `RET` (adpWeekLines; docs/PAYROLL.md section 5 has the sources). Rows
 *   without: Temp Rate = the period's regular rate, empty for salaried; ADP prices O/T and Hours 3
 *   with the factors configured in ADP on that rate.
 *
 */

/**
 * One ADP paydata line per workweek: its regular and overtime hours, double time under Hours 3,
 * and the week's regular rate as Temp Rate (ADP pays Reg Hours at the Temp Rate and O/T Hours and
 * Hours 3 at their factor of it, 1.5 and 2 as set up in ADP, so each week is priced at its own
 * rate, 29 CFR 778.104). Temp Rate takes 2 decimals (isolved's ADP layout: "Temp Rate ... Max
 * 99999.99"): a regular rate kept to 1/100 of a cent is rounded to the cent there, and what ADP's
 * price of the lines (written hours x written rate x factor, half up) then differs from the
 * report's pay of those weeks goes on one more line, Earnings 3 `RRD`, so the file pays the
 * report to the cent. Tips ride on the first line; an employee with tips and no hours gets a
 * tips-only line.
 */
function adpWeekLines(r: PayrollExportRow, coCode: string, batchId: string, { money }: Ctx): string[][] {
  const file = r.employeeNumber!.trim();
  const out: string[][] = [];
  let difference = 0;
  for (const w of r.weeks!) {
    const regularMinutes = r.salaried ? 0 : w.regularMinutes;
    if (!regularMinutes && !w.overtimeMinutes && !w.doubleTimeMinutes) continue;
    const tempRate = Math.round(w.regularRate);
    out.push([
      coCode,
      batchId,
      file,
      nonZero(regularMinutes, formatHours),
      nonZero(w.overtimeMinutes, formatHours),
      w.doubleTimeMinutes === 0 ? '' : ADP_CODES.doubleTimeHours,
      nonZero(w.doubleTimeMinutes, formatHours),
      '',
      '',
      r.salaried || tempRate === 0 ? '' : money(tempRate),
    ]);
    // salaried: ADP prices their overtime from its own record of the salary
    if (!r.salaried)
      difference +=
        w.regularPay +
        w.overtimePay +
        w.doubleTimePay -
        pricedLine(regularMinutes, tempRate, 1) -
        pricedLine(w.overtimeMinutes, tempRate, 1, 1.5) -
        pricedLine(w.doubleTimeMinutes, tempRate, 1, 2);
  }
  const paycheckTips = ownPaycheckTips(r);
  if (paycheckTips !== 0) {
    if (out.length) [out[0][7], out[0][8]] = [ADP_CODES.tipsEarnings, money(paycheckTips)];
    else out.push([coCode, batchId, file, '', '', '', '', ADP_CODES.tipsEarnings, money(paycheckTips), '']);
  }
  if (difference !== 0)
    out.push([coCode, batchId, file, '', '', '', '', ADP_CODES.rateDifferenceEarnings, money(difference), '']);
  return out;
}

export function adp(rows: PayrollExportRow[], ctx: Ctx): string {
  const { meta, money } = ctx;
  const coCode = requireCompanyCode('adp', meta, 'ADP Co Code (companyCode)');
  requireEmployeeNumbers('adp', rows, 'File # (employeeNumber)');
  const batchId = present(meta.batchId) ? meta.batchId.trim() : meta.periodEnd.replaceAll('-', '');
  const lines: string[][] = [];
  for (const r of rows) {
    const file = r.employeeNumber!.trim();
    if (r.weeks?.length) lines.push(...adpWeekLines(r, coCode, batchId, ctx));
    else {
      const regularMinutes = r.salaried ? 0 : r.regularMinutes;
      const values = [
        nonZero(regularMinutes, formatHours),
        nonZero(r.overtimeMinutes, formatHours),
        r.doubleTimeMinutes === 0 ? '' : ADP_CODES.doubleTimeHours,
        nonZero(r.doubleTimeMinutes, formatHours),
        ownPaycheckTips(r) === 0 ? '' : ADP_CODES.tipsEarnings,
        nonZero(ownPaycheckTips(r), money),
      ];
      const worked = regularMinutes + r.overtimeMinutes + r.doubleTimeMinutes;
      const tempRate = r.salaried || worked === 0 ? '' : nonZero(r.regularRate, money);
      if (values.some((v) => v !== '')) lines.push([coCode, batchId, file, ...values, tempRate]);
    }
    // cash tips the employee holds: their own earnings code (reported, not paid out again)
    if (r.cashTips)
      lines.push([coCode, batchId, file, '', '', '', '', ADP_CODES.cashTipsEarnings, money(r.cashTips), '']);
    // tip-pool shares and the tip-credit make-up: earnings of their own
    if (r.poolShares)
      lines.push([coCode, batchId, file, '', '', '', '', ADP_CODES.tipPoolEarnings, money(r.poolShares), '']);
    if (r.makeUp)
      lines.push([coCode, batchId, file, '', '', '', '', ADP_CODES.tipCreditMakeUpEarnings, money(r.makeUp), '']);
    // one more paydata line per premium earnings code and for the prior-period adjustment, Earnings 3 only
    for (const [code, amount] of premiumsOf(
      r,
      ADP_CODES.schedulePremiumEarnings,
      ADP_CODES.mealPremiumEarnings,
      ADP_PLACE_PREMIUM_CODES,
    ))
      lines.push([coCode, batchId, file, '', '', '', '', code, money(amount), '']);
    if (r.payElements)
      lines.push([coCode, batchId, file, '', '', '', '', ADP_CODES.payElementEarnings, money(r.payElements), '']);
    if (r.adjustments)
      lines.push([coCode, batchId, file, '', '', '', '', ADP_CODES.priorPeriodEarnings, money(r.adjustments), '']);
    // paid time off: its hours under Hours 3 at its rate (Temp Rate); what ADP's price of the written hours misses, RRD
    let leaveDifference = 0;
    for (const l of r.leave ?? []) {
      const code = l.kind === 'sick' ? ADP_CODES.sickLeaveHours : ADP_CODES.ptoHours;
      lines.push([coCode, batchId, file, '', '', code, formatHours(l.minutes), '', '', money(l.rate)]);
      leaveDifference += l.amount - pricedLine(l.minutes, l.rate, 1);
    }
    if (leaveDifference)
      lines.push([coCode, batchId, file, '', '', '', '', ADP_CODES.rateDifferenceEarnings, money(leaveDifference), '']);
  }
  return toCsv(ADP_HEADER, lines);
}
