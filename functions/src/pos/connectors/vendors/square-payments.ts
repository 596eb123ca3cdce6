/** Who sold: the payments behind a page of orders, read with the fewest calls. */

import { parseAs } from '../http';
import { VendorError } from '../types';
import { call, type Ctx } from './square-session';
import {
  iso,
  isAutoGratuity,
  ms,
  paymentIdOf,
  PaymentResponse,
  PaymentsPage,
  SourceOrders,
  type Attribution,
  type OrderT,
  type TenderT,
} from './square-records';

/** Tenders created further apart than this are looked up in separate ListPayments spans. */
const PAYMENT_SPAN_GAP_MS = 3 * 3_600_000;
/** Tenders per ListPayments span: below its page size (100), so one call usually answers a span. */
const PAYMENT_SPAN_TENDERS = 95;
const PAYMENT_LOOKUPS_AT_ONCE = 4;

interface PaymentNeed {
  id: string;
  location: string;
  createdAt?: number;
}

export async function attribute(ctx: Ctx, orders: OrderT[]): Promise<Attribution> {
  const needs: PaymentNeed[] = [];
  const refunded = new Map<string, TenderT>();
  const onPage = new Map(orders.map((o) => [o.id, o]));
  const addTenders = (location: string, tenders: TenderT[] | undefined, into?: Map<string, TenderT>) => {
    for (const t of tenders ?? []) {
      const id = paymentIdOf(t);
      if (id) needs.push({ id, location, createdAt: t.created_at ? ms(t.created_at) : undefined });
      if (into && t.id) into.set(t.id, t);
    }
  };
  for (const o of orders) if ((o.line_items?.length ?? 0) > 0) addTenders(o.location_id, o.tenders);

  const sources = new Set<string>();
  for (const o of orders)
    for (const r of o.returns ?? [])
      if (r.source_order_id && (o.refunds?.length ?? 0) > 0) sources.add(r.source_order_id);
  const missing = [...sources].filter((id) => !onPage.has(id));
  const sourceOrders = [...sources].filter((id) => onPage.has(id)).map((id) => onPage.get(id) as OrderT) as {
    id: string;
    location_id: string;
    tenders?: TenderT[];
    service_charges?: { uid?: string | null; type?: string | null }[] | null;
  }[];
  for (let i = 0; i < missing.length; i += 100) {
    const res = await call(ctx, '/v2/orders/batch-retrieve', { order_ids: missing.slice(i, i + 100) });
    sourceOrders.push(...(parseAs(ctx.slug, SourceOrders, res, 'a BatchRetrieveOrders answer').orders ?? []));
  }
  const refundedTenderIds = new Set(orders.flatMap((o) => (o.refunds ?? []).map((r) => r.tender_id)));
  for (const s of sourceOrders) {
    const tenders = (s.tenders ?? []).filter((t) => t.id && refundedTenderIds.has(t.id));
    addTenders(s.location_id, tenders, refunded);
  }
  const autoGratuities = new Map(
    sourceOrders.map((s) => [
      s.id,
      new Set((s.service_charges ?? []).filter(isAutoGratuity).flatMap((c) => (c.uid ? [c.uid] : []))),
    ]),
  );
  return { sellers: await lookUpPayments(ctx, needs), refunded, autoGratuities };
}

/** The team member of each needed payment: ListPayments over the spans where they were created, GetPayment for lone ones. */
async function lookUpPayments(ctx: Ctx, needs: PaymentNeed[]): Promise<Map<string, string | null>> {
  const sellers = new Map<string, string | null>();
  const wanted = new Set(needs.map((n) => n.id));
  const tasks: (() => Promise<void>)[] = [];
  const one = (id: string) => async () => {
    try {
      const res = await call(ctx, `/v2/payments/${encodeURIComponent(id)}`);
      const p = parseAs(ctx.slug, PaymentResponse, res, 'a GetPayment answer').payment;
      sellers.set(id, p.team_member_id ?? p.employee_id ?? null);
    } catch (err) {
      if (!(err instanceof VendorError && err.failure === 'not_found')) throw err;
      sellers.set(id, null);
    }
  };
  const span = (location: string, from: number, to: number) => async () => {
    let cursor: string | undefined;
    do {
      const query = new URLSearchParams({
        location_id: location,
        begin_time: iso(from),
        end_time: iso(to + 1),
        sort_order: 'ASC',
        limit: '100',
        ...(cursor ? { cursor } : {}),
      });
      const page = parseAs(
        ctx.slug,
        PaymentsPage,
        await call(ctx, `/v2/payments?${query.toString()}`),
        'a ListPayments page',
      );
      for (const p of page.payments ?? [])
        if (wanted.has(p.id)) sellers.set(p.id, p.team_member_id ?? p.employee_id ?? null);
      cursor = page.cursor;
    } while (cursor);
  };

  const byLocation = new Map<string, PaymentNeed[]>();
  for (const n of needs) {
    if (sellers.has(n.id)) continue;
    if (n.createdAt === undefined) {
      tasks.push(one(n.id));
      sellers.set(n.id, null);
      continue;
    }
    byLocation.set(n.location, [...(byLocation.get(n.location) ?? []), n]);
  }
  for (const [location, list] of byLocation) {
    list.sort((a, b) => (a.createdAt as number) - (b.createdAt as number));
    let start = 0;
    for (let i = 1; i <= list.length; i++) {
      const gap = i < list.length ? (list[i].createdAt as number) - (list[i - 1].createdAt as number) : Infinity;
      if (gap <= PAYMENT_SPAN_GAP_MS && i - start < PAYMENT_SPAN_TENDERS) continue;
      const group = list.slice(start, i);
      tasks.push(
        group.length === 1
          ? one(group[0].id)
          : span(location, group[0].createdAt as number, group[group.length - 1].createdAt as number),
      );
      start = i;
    }
  }
  await inParallel(tasks, PAYMENT_LOOKUPS_AT_ONCE);
  // a payment not listed where its tender says it was created: asked for by id
  const unlisted = [...wanted].filter((id) => !sellers.has(id));
  await inParallel(unlisted.map(one), PAYMENT_LOOKUPS_AT_ONCE);
  return sellers;
}

/** Runs tasks `width` at a time; the first failure stops taking new ones and is thrown. */
async function inParallel(tasks: (() => Promise<void>)[], width: number): Promise<void> {
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < tasks.length) {
      const task = tasks[next++];
      try {
        await task();
      } catch (err) {
        failed = true;
        throw err;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, tasks.length) }, worker));
}
