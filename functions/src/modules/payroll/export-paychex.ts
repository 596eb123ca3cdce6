import { PAYCHEX_HEADER, PAYCHEX_PAY_COMPONENTS, PAYCHEX_PLACE_PREMIUM_COMPONENTS } from './export-headers';
import {
  formatHours,
  formatRate,
  ownPaycheckTips,
  premiumsOf,
  pricedLine,
  requireCompanyCode,
  requireEmployeeNumbers,
  toCsv,
  type Ctx,
  type PayrollExportRow,
} from './export-format';

/**
 * The Paychex layout: see exports.ts for the rules every layout follows.
 *
 * paychex — Paychex Flex Standard Payroll Import (SPI), a fixed-order file, all 16 columns:
 *   Client ID,Worker ID,Org,Job Number,Pay Component,Rate,Rate Number,Hours,Units,Line Date,Amount,
 *   Check Seq Number,Override State,Override Local,Override Local Jurisdiction,Labor Assignment
 *   Sources: Paychex Flex help "Standard Payroll Import (SPI) Overview" (the template's columns are
 *   fixed, in the order of the specification sheet) and "SPI Specification Sheet" (Client ID A,
 *   Worker ID B, Org C, Job Number D, Pay Component E, Rate F 0 to 9999.9999, Rate Number G,
 *   Hours H -999.99 to 999.99 ...); the remaining header names and "an earning can include only one
 *   of Rate, Rate# or Amount" from Deltek Costpoint's "Export Timesheets to Paychex" file
 *   specification. One line per pay component with a non-zero value: `Hourly` (regular hours with
 *   Rate = regular rate; not for salaried), `Overtime`, `Doubletime` (hours with their rate), `Tips`
 *   (Amount only). Pay components must match the names set up on the Paychex client (case
 *   sensitive); `Hourly` is the SPI sheet's own example, `Overtime`/`Doubletime` the names Clean
 *   Smarts' Paychex export uses, `Tips` ours. Client ID = meta.companyCode; Worker ID =
 *   employeeNumber. Org, Job Number, Rate Number, Units, Check Seq Number and the overrides stay
 *   empty (optional; Paychex uses the employee's setup). Line Date is empty too. Rows that carry
 *   their workweeks get the Hourly / Overtime / Doubletime lines per workweek at that week's rates
 *   (4 decimals when needed), a `Rate Difference` amount when the written figures do not price to
 *   the cent, and the prior-period adjustment as `Retro Pay`.
 *
 */

export function paychex(rows: PayrollExportRow[], { meta, money, exponent }: Ctx): string {
  const clientId = requireCompanyCode('paychex', meta, 'Paychex Client ID (companyCode)');
  requireEmployeeNumbers('paychex', rows, 'Worker ID (employeeNumber)');
  const lines: string[][] = [];
  for (const r of rows) {
    const workerId = r.employeeNumber!.trim();
    // Client ID, Worker ID, Org, Job Number, Pay Component, Rate, Rate Number, Hours, Units, Line Date, Amount, then 5 empty
    const line = (component: string, rate: string, hours: string, amount: string) => [
      clientId,
      workerId,
      '',
      '',
      component,
      rate,
      '',
      hours,
      '',
      '',
      amount,
      '',
      '',
      '',
      '',
      '',
    ];
    let rateDifference = 0;
    if (r.weeks?.length) {
      // one line per workweek and component, at that week's rates (Rate takes 4 decimals, SPI
      // Specification Sheet: 0 to 9999.9999): the regular rate, and the overtime and double-time
      // rates as the week's pay over its hours (its regular rate x the factor, or a higher
      // explicit rate); what Paychex's price of the written hours and rates differs from the
      // report's pay goes on one more line, `Rate Difference`, with an Amount
      let difference = 0;
      const add = (component: string, minutes: number, pay: number, rateHundredths: number) => {
        if (minutes === 0) return;
        lines.push(line(component, formatRate(rateHundredths / 100, exponent), formatHours(minutes), ''));
        difference += pay - pricedLine(minutes, rateHundredths, 100);
      };
      const perHour = (pay: number, minutes: number) => Math.round((pay * 6000) / minutes);
      for (const w of r.weeks) {
        if (!r.salaried)
          add(PAYCHEX_PAY_COMPONENTS.regular, w.regularMinutes, w.regularPay, Math.round(w.regularRate * 100));
        if (w.overtimeMinutes)
          add(
            PAYCHEX_PAY_COMPONENTS.overtime,
            w.overtimeMinutes,
            w.overtimePay,
            perHour(w.overtimePay, w.overtimeMinutes),
          );
        if (w.doubleTimeMinutes)
          add(
            PAYCHEX_PAY_COMPONENTS.doubleTime,
            w.doubleTimeMinutes,
            w.doubleTimePay,
            perHour(w.doubleTimePay, w.doubleTimeMinutes),
          );
      }
      if (difference !== 0) rateDifference = difference;
    } else {
      if (!r.salaried && r.regularMinutes !== 0)
        lines.push(line(PAYCHEX_PAY_COMPONENTS.regular, money(r.regularRate), formatHours(r.regularMinutes), ''));
      if (r.overtimeMinutes !== 0)
        lines.push(line(PAYCHEX_PAY_COMPONENTS.overtime, money(r.overtimeRate), formatHours(r.overtimeMinutes), ''));
      if (r.doubleTimeMinutes !== 0)
        lines.push(
          line(PAYCHEX_PAY_COMPONENTS.doubleTime, money(r.doubleTimeRate), formatHours(r.doubleTimeMinutes), ''),
        );
    }
    const paycheckTips = ownPaycheckTips(r);
    if (paycheckTips !== 0) lines.push(line(PAYCHEX_PAY_COMPONENTS.tips, '', '', money(paycheckTips)));
    if (r.cashTips) lines.push(line(PAYCHEX_PAY_COMPONENTS.cashTips, '', '', money(r.cashTips)));
    if (r.poolShares) lines.push(line(PAYCHEX_PAY_COMPONENTS.tipPool, '', '', money(r.poolShares)));
    if (r.makeUp) lines.push(line(PAYCHEX_PAY_COMPONENTS.tipCreditMakeUp, '', '', money(r.makeUp)));
    for (const [component, amount] of premiumsOf(
      r,
      PAYCHEX_PAY_COMPONENTS.schedulePremium,
      PAYCHEX_PAY_COMPONENTS.mealPremium,
      PAYCHEX_PLACE_PREMIUM_COMPONENTS,
    ))
      lines.push(line(component, '', '', money(amount)));
    // paid time off: its hours at its rate; what Paychex's price of the written hours misses joins the rate difference
    for (const l of r.leave ?? []) {
      const component = l.kind === 'sick' ? PAYCHEX_PAY_COMPONENTS.sickLeave : PAYCHEX_PAY_COMPONENTS.pto;
      lines.push(line(component, formatRate(l.rate, exponent), formatHours(l.minutes), ''));
      rateDifference += l.amount - pricedLine(l.minutes, l.rate, 1);
    }
    if (rateDifference) lines.push(line(PAYCHEX_PAY_COMPONENTS.rateDifference, '', '', money(rateDifference)));
    if (r.payElements) lines.push(line(PAYCHEX_PAY_COMPONENTS.payElement, '', '', money(r.payElements)));
    if (r.adjustments) lines.push(line(PAYCHEX_PAY_COMPONENTS.priorPeriod, '', '', money(r.adjustments)));
  }
  return toCsv(PAYCHEX_HEADER, lines);
}
