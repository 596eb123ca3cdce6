/** The size of a simulated restaurant (Toast, Clover, Revel, SpotOn simulators), all deterministic from `seed`. */
export interface SimRestaurantOptions {
  seed?: number;
  employees?: number;
  days?: number;
  ordersPerDay?: number;
  /** The end of the data (epoch ms, a UTC midnight); default 2025-06-01. */
  end?: number;
  /** ISO 4217 currency of the orders (simulators that take it: Clover); default USD. */
  currency?: string;
}
