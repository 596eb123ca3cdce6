import { CHECKED, DAY, type Basis, type ChangePay, type ChangeTier, type Citation } from '../types';

/** A citation read on `checked` (default: the date these packs were last checked). */
export const cite = (section: string, url: string, basis: Basis, checked: string = CHECKED): Citation => ({
  section,
  url,
  checked,
  basis,
});

export const fixed = (amountMinor: number): ChangePay => ({ kind: 'fixed', amountMinor });
export const hours = (n: number): ChangePay => ({ kind: 'hours', hours: n });
export const halfOfCut: ChangePay = { kind: 'cutFraction', fraction: 0.5 };

/** One tier: notices of at least `fromDays` (null: any, a change after the start included) and under `underDays`. */
export const tier = (
  fromDays: number | null,
  underDays: number,
  pay: Pick<ChangeTier, 'added' | 'moved' | 'cut'>,
  citation: Citation,
): ChangeTier => ({
  atLeastMinutes: fromDays === null ? null : fromDays * DAY,
  underMinutes: underDays * DAY,
  ...pay,
  citation,
});

/** Changes the employee asked for owe nothing in every place: approved shift requests record no premium. */
export const employeeRequested = (citation: Citation) => ({
  name: 'Changes the employee requested (swaps, drops, pickups, time off)',
  modelled: 'changes applied by approved shift requests record no premium',
  citation,
});
