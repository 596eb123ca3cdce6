/**
 * The ledger's rules (pure): a balance is the sum of its entries, never a stored number a call
 * overwrites. Entries are integer minutes, positive (accrual, grant, a usage returned) or
 * negative (usage, forfeiture, a correction after a punch edit).
 */
export const balanceOf = (entries: readonly { minutes: number }[]): number =>
  entries.reduce((sum, e) => sum + e.minutes, 0);
