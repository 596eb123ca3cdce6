/**
 * From forecast demand to seats (pure): per role, its productivity setting turns a daypart's
 * forecast sales or covers into the seats it needs, and a labor-percentage target for the range
 * then trades those seats against the budget it allows. Every seat carries why it exists.
 */

export const PRODUCTIVITY_BASES = ['sales', 'covers', 'fixed'] as const;
export type ProductivityBasis = (typeof PRODUCTIVITY_BASES)[number];

/** A role's productivity setting (roles module): what one labor hour of the role serves. */
export interface Productivity {
  /** The sub-role the role's demand seats are for. */
  subRoleId: string;
  /** sales: `perLaborHour` is sales (major units) per labor hour; covers: guests per labor hour; fixed: only the minimum. */
  basis: ProductivityBasis;
  perLaborHour?: number;
  /** Seats in every open daypart whatever the demand. */
  minimumPerDaypart: number;
  /** The dayparts the role works (absent: all). */
  dayparts?: string[];
}

/** A daypart of a date with its forecast: its window (minutes of the date; end < start ends the next day) and demand. */
export interface DaypartDemand {
  date: string;
  daypart: string;
  start: number;
  end: number;
  salesMinor: number;
  covers: number;
  /** Covers booked with the reservation partner for the daypart, when present (front-of-house roles take the larger). */
  reservationCovers: number | null;
}

export interface RoleDemandSetting {
  roleId: string;
  /** Front of house: reservation covers count toward its covers demand. */
  frontOfHouse: boolean;
  productivity: Productivity;
  /** Expected labor cost of one hour of the role, minor units (what the target is planned with). */
  hourlyCostMinor: number;
}

export const SEAT_KINDS = ['template', 'minimum', 'productivity', 'laborTarget'] as const;
export type SeatKind = (typeof SEAT_KINDS)[number];

/** Why a seat exists. */
export interface SeatReason {
  /** template: a slot of the schedule template; minimum: the role's minimum per daypart; productivity: needed by the forecast at the role's productivity; laborTarget: beyond the need, added while under the labor-% target. */
  kind: SeatKind;
  daypart: string | null;
  forecastSalesMinor: number | null;
  forecastCovers: number | null;
  /** Covers booked with the reservation partner for the daypart (null: none known). */
  bookedCovers: number | null;
  basis: ProductivityBasis | null;
  perLaborHour: number | null;
  /** Seats the demand needs in the daypart (minimum included). */
  requiredSeats: number | null;
  /** This seat's number among the role's seats of the daypart (1 = first). */
  seatNumber: number | null;
}

export const TEMPLATE_REASON: SeatReason = {
  kind: 'template',
  daypart: null,
  forecastSalesMinor: null,
  forecastCovers: null,
  bookedCovers: null,
  basis: null,
  perLaborHour: null,
  requiredSeats: null,
  seatNumber: null,
};

/** A seat demand asks for, before the solver. */
export interface DemandSeat {
  id: string;
  date: string;
  roleId: string;
  subRoleId: string;
  start: number;
  end: number;
  slotKey: string;
  because: SeatReason;
}

/** Seats a labor target may add beyond the need, per role and daypart. */
export const MAX_EXTRA_SEATS = 2;

const minutesOf = (d: Pick<DaypartDemand, 'start' | 'end'>) => (d.end - d.start + 1440) % 1440 || 1440;

/** What the role serves in the daypart: its demand in the basis' unit, and what one seat serves. */
function load(d: DaypartDemand, role: RoleDemandSetting, currencyFactor: number) {
  const p = role.productivity;
  const hours = minutesOf(d) / 60;
  if (p.basis === 'fixed' || !p.perLaborHour) return null;
  if (p.basis === 'sales') return { demand: d.salesMinor, perSeat: p.perLaborHour * currencyFactor * hours };
  const covers = role.frontOfHouse && d.reservationCovers !== null ? Math.max(d.covers, d.reservationCovers) : d.covers;
  return { demand: covers, perSeat: p.perLaborHour * hours };
}

/**
 * Seats the role needs in an open daypart (one with forecast sales): the demand over what a seat
 * serves in the daypart, rounded up, and never under the minimum. A closed daypart needs none.
 */
export function requiredSeats(d: DaypartDemand, role: RoleDemandSetting, currencyFactor: number): number {
  if (d.salesMinor <= 0 || (role.productivity.dayparts && !role.productivity.dayparts.includes(d.daypart))) return 0;
  const l = load(d, role, currencyFactor);
  const byDemand = l && l.perSeat > 0 ? Math.ceil(l.demand / l.perSeat - 1e-9) : 0;
  return Math.max(role.productivity.minimumPerDaypart, byDemand);
}

export interface Candidate extends DemandSeat {
  /** Planned labor cost of the seat, minor units. */
  costMinor: number;
  /** Demand per seat if the seat is added, over what one seat serves (above 1: the need is not met without it). */
  utilisation: number;
}

/** Every seat demand could ask for: the required ones and, for demand-driven roles, up to MAX_EXTRA_SEATS more. */
export function candidateSeats(
  dayparts: DaypartDemand[],
  roles: RoleDemandSetting[],
  currencyFactor: number,
  withExtras: boolean,
): Candidate[] {
  const out: Candidate[] = [];
  for (const d of dayparts) {
    for (const role of roles) {
      const required = requiredSeats(d, role, currencyFactor);
      if (required === 0) continue;
      const l = load(d, role, currencyFactor);
      const extras = withExtras && l ? MAX_EXTRA_SEATS : 0;
      const minimum = role.productivity.minimumPerDaypart;
      for (let n = 1; n <= required + extras; n++) {
        const kind: SeatKind = n > required ? 'laborTarget' : n <= minimum ? 'minimum' : 'productivity';
        const p = role.productivity;
        out.push({
          id: `${d.date}.${role.roleId}.${d.daypart}.${p.subRoleId}.d${n}`,
          date: d.date,
          roleId: role.roleId,
          subRoleId: p.subRoleId,
          start: d.start,
          end: d.end,
          slotKey: d.daypart,
          because: {
            kind,
            daypart: d.daypart,
            forecastSalesMinor: Math.round(d.salesMinor),
            forecastCovers: Math.round(d.covers),
            bookedCovers: d.reservationCovers,
            basis: p.basis,
            perLaborHour: p.perLaborHour ?? null,
            requiredSeats: required,
            seatNumber: n,
          },
          costMinor: Math.round((role.hourlyCostMinor * minutesOf(d)) / 60),
          utilisation: l && l.perSeat > 0 ? l.demand / (n * l.perSeat) : 0,
        });
      }
    }
  }
  return out;
}

/**
 * The seats to staff for a labor budget (minor units; null: no target). Minimum seats always;
 * then the others from the most loaded (highest utilisation) down, each taken when it brings the
 * planned cost nearer to the budget; without a budget, exactly the required seats. The seats
 * left out are answered as cut (needed, but over the budget) when they were required.
 */
export function fitToBudget(
  candidates: Candidate[],
  budgetMinor: number | null,
): { seats: Candidate[]; cut: Candidate[] } {
  if (budgetMinor === null) {
    const seats = candidates.filter((c) => c.because.kind !== 'laborTarget');
    return { seats, cut: [] };
  }
  const seats = candidates.filter((c) => c.because.kind === 'minimum');
  let cost = seats.reduce((s, c) => s + c.costMinor, 0);
  const rest = candidates
    .filter((c) => c.because.kind !== 'minimum')
    .sort((a, b) => b.utilisation - a.utilisation || a.id.localeCompare(b.id));
  const cut: Candidate[] = [];
  for (const c of rest) {
    if (budgetMinor - cost > c.costMinor / 2) {
      seats.push(c);
      cost += c.costMinor;
    } else if (c.because.kind === 'productivity') cut.push(c);
  }
  return { seats, cut };
}
