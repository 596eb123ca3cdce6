import { z } from 'zod';
import { parseAs } from '../http';
import { toastWebhook } from '../webhooks/toast';
import type { Connector, StreamAuth, StreamConnector, StreamWindow } from '../types';
import { Employee, iso, Order, orderSales, RestaurantCurrency, TimeEntry, toEmployee, toPunch } from './toast-records';
import { TOAST_HISTORICAL_MAX_WINDOW_MS, ToastSession } from './toast-session';

export { orderSales, parseToastDate, toMinorUnits } from './toast-records';
export {
  TOAST_HISTORICAL_SPACING_MS,
  TOAST_ORDERS_BULK_PER_SECOND,
  TOAST_ORDERS_PAGE_SIZE,
  TOAST_REQUESTS_PER_SECOND,
  TOAST_USER_ACCESS_TYPE,
} from './toast-session';

/**
 * Toast, following the Toast developer guide and API reference (doc.toasttab.com):
 * - Authentication API (openapi/authentication, operation authenticationLoginPost):
 *   POST /authentication/v1/authentication/login with {clientId, clientSecret, userAccessType}
 *   -> {token: {tokenType: 'Bearer', accessToken, expiresIn (s) ...}, status: 'SUCCESS'};
 *   401 when the client credentials are not valid. The reference says "Always include the
 *   userAccessType value and set it to TOAST_MACHINE_CLIENT" (the brief said TOOLS_MACHINE_CLIENT;
 *   the documented value is used).
 * - Restaurants API (openapi/restaurants, restaurantsRestaurantGuidGet):
 *   GET /restaurants/v1/restaurants/{restaurantGUID} with `Authorization: Bearer` and the required
 *   `Toast-Restaurant-External-ID: {restaurantGUID}` header -> RestaurantInfo {guid, general:
 *   {name, locationName ...}}; 404 when the GUID is invalid (or archived). A restaurant that has
 *   not granted the API client access answers 403 (devguide "Standard API access FAQs"), which is
 *   'rejected': the credentials do not reach it.
 * - Errors (devguide apiResponsesAndErrors): an ErrorMessage {status, code, message, requestId,
 *   developerMessage, errors}; 429 with Retry-After or X-Toast-RateLimit-Reset (devguide
 *   "Handling being rate limited").
 * Production host: ws-api.toasttab.com.
 *
 * Data streams (`toastStreams` below), sending `Authorization: Bearer` and
 * `Toast-Restaurant-External-ID`; the login's token is reused until it expires, across calls and
 * runs (the session store: toast-session.ts cites Toast's authentication rate limit):
 * - Labor API (openapi/labor): GET /labor/v1/employees (the whole list; Employee {guid, deleted,
 *   firstName, lastName, email, phoneNumber, jobReferences, modifiedDate}); GET /labor/v1/jobs
 *   (Job {guid, title}) to name the job references; GET /labor/v1/timeEntries (timeEntriesGet) with
 *   startDate+endDate (inDate in [start, end), with includeArchived=true so deleted entries come
 *   too) or modifiedStartDate+modifiedEndDate (which "always returns archived time entries"); "The
 *   specified period cannot be longer than one month": windows are split into 28-day requests.
 *   TimeEntry {guid, employeeReference, jobReference, inDate, outDate, breaks [{inDate, outDate,
 *   paid}], deleted, modifiedDate}.
 * - Orders API: GET /orders/v2/ordersBulk (devguide apiOrdersGetDetailedInfoAboutMultipleOrders):
 *   startDate+endDate select the orders *modified* (creation included) in the period; pageSize at
 *   most 100 and page from 1, the last page being the one with fewer than pageSize orders or
 *   without a `Link: <...>; rel="next"` header (devguide "Paginating response data"). There is no
 *   separate modified-date parameter: startDate/endDate are the modified dates. Check.amount is
 *   the check's price after discounts and before tax (net sales; tips are on the payments:
 *   Payment.amount excludes tips, Payment.tipAmount; Payment.type CASH, CREDIT, GIFTCARD ...: the
 *   cash part of the tips is that of CASH payments). Refunds: Payment.refundStatus
 *   (NONE/PARTIAL/FULL) and Payment.refund {refundAmount (tip excluded), tipRefundAmount,
 *   refundDate}. A check voided (Order/Check.voided, voidDate), deleted or reopened (paymentStatus
 *   OPEN or PAID again after a closedDate) comes back as a voided sale; VOIDED payments are
 *   skipped. Gratuity service charges (appliedServiceCharges[].gratuity) are service charges, apart
 *   from net sales and tips (toast-records.ts orderSales says why). TimeEntry.declaredCashTips is
 *   the punch's declared cash tips.
 *   Pages are numbered, not keyed: an order modified while we page leaves the window (its new
 *   modified date is after endDate) and every later order moves up one place, so reading forward
 *   would skip the order crossing a page boundary. The pages are read backwards instead (the last
 *   page found by probing), where such a move only repeats an order already read.
 * - Currency: GET /restaurants/v1/restaurants/{guid} general.currencyCode when the answer has one,
 *   else USD (Toast's amounts are documented as dollar amounts).
 * - Every request goes through the engine's retry policy (StreamAuth.retry) and keeps to Toast's
 *   documented rate limits (devguide "Rate limiting": 20 requests a second per API client, per
 *   restaurant; ordersBulk 5 a second per client and location, historical reads at most a month
 *   each and spaced at least 5 s: toast-session.ts) within this process; a 429 (another process) carries Retry-After or
 *   X-Toast-RateLimit-Reset (epoch seconds, "Rate limiting header fields").
 */

const RestaurantInfo = z.object({
  guid: z.string().optional(),
  general: z.object({ name: z.string().optional(), locationName: z.string().nullish() }).optional(),
});

const DAY_MS = 86_400_000;
/** "The specified period cannot be longer than one month": 28 days fits any reading of a month. */
export const TOAST_MAX_TIME_ENTRY_WINDOW_MS = 28 * DAY_MS;
/** Pages yielded from the (unpaged) labor lists. */
const YIELD_PAGE = 100;

/** [from, to) in consecutive pieces of at most `max` ms. */
function* split(from: number, to: number, max: number): Generator<[number, number]> {
  for (let s = from; s < to; s += max) yield [s, Math.min(to, s + max)];
}

function* chunks<T>(items: T[], size: number): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

export const toastStreams: StreamConnector = {
  maxWindowMs: { punches: TOAST_MAX_TIME_ENTRY_WINDOW_MS },

  async *roster(auth: StreamAuth, since?: number) {
    const session = new ToastSession(auth);
    const titles = await session.jobTitles();
    const list = parseAs('toast', z.array(Employee), await session.get('/labor/v1/employees'), 'the employees list');
    const employees = list
      .map((e) => toEmployee(e, titles))
      .filter((e) => since === undefined || e.modifiedAt >= since);
    yield* chunks(employees, YIELD_PAGE);
  },

  async *punches(auth: StreamAuth, window: StreamWindow) {
    const session = new ToastSession(auth);
    const titles = await session.jobTitles();
    const modified = 'modifiedSince' in window;
    const [from, to] = modified ? [window.modifiedSince, Date.now()] : [window.from, window.to];
    // each entry is in one window (by its inDate, or its modified date): no entry is read twice
    for (const [start, end] of split(from, to, TOAST_MAX_TIME_ENTRY_WINDOW_MS)) {
      const query: Record<string, string> = modified
        ? { modifiedStartDate: iso(start), modifiedEndDate: iso(end) }
        : { startDate: iso(start), endDate: iso(end), includeArchived: 'true' };
      const entries = parseAs(
        'toast',
        z.array(TimeEntry),
        await session.get('/labor/v1/timeEntries', query),
        'the time entries page',
      );
      yield* chunks(
        entries.map((t) => toPunch(t, titles)),
        YIELD_PAGE,
      );
    }
  },

  async *sales(auth: StreamAuth, window: StreamWindow) {
    const session = new ToastSession(auth);
    const info = parseAs(
      'toast',
      RestaurantCurrency,
      await session.get(`/restaurants/v1/restaurants/${session.restaurantGuid}`),
      'the restaurant information',
    );
    const currency = info.general?.currencyCode ?? 'USD';
    // ordersBulk's startDate/endDate are modification dates (creation included): a window reads the
    // orders last modified in it, so consecutive windows up to now read every order once. A backfill
    // (historical) window is read in pieces of at most a month, its calls spaced (TOAST_HISTORICAL_*).
    const historical = !('modifiedSince' in window);
    const [from, to] = historical ? [window.from, window.to] : [window.modifiedSince, Date.now()];
    const salesOf = (orders: z.infer<typeof Order>[]) => orders.flatMap((o) => orderSales(o, currency));
    const pieces = historical ? [...split(from, to, TOAST_HISTORICAL_MAX_WINDOW_MS)] : [[from, to] as [number, number]];
    for (const [start, end] of pieces) {
      const page = (n: number) => session.ordersPage(start, end, n, historical);
      const first = await page(1);
      if (!first.more) {
        const sales = salesOf(first.orders);
        if (sales.length > 0) yield sales;
        continue;
      }
      // the last page: the first that is not full (probing 2, 4, 8 ... then halving the gap)
      let full = 1;
      let last = 2;
      let lastPage = await page(last);
      while (lastPage.more) {
        full = last;
        last *= 2;
        lastPage = await page(last);
      }
      while (last - full > 1) {
        const mid = Math.floor((full + last) / 2);
        const probe = await page(mid);
        if (probe.more) full = mid;
        else [last, lastPage] = [mid, probe];
      }
      const tail = salesOf(lastPage.orders);
      if (tail.length > 0) yield tail;
      for (let n = last - 1; n >= 1; n--) {
        const sales = salesOf((await page(n)).orders);
        if (sales.length > 0) yield sales;
      }
    }
  },
};

export const toast: Connector = {
  slug: 'toast',
  streams: toastStreams,
  webhook: toastWebhook,
  async verify(credentials, sessions) {
    const session = new ToastSession({ credentials, sessions });
    const restaurantGuid = session.restaurantGuid;
    const res = await session.get(`/restaurants/v1/restaurants/${encodeURIComponent(restaurantGuid)}`);
    const info = parseAs('toast', RestaurantInfo.and(RestaurantCurrency), res, 'the restaurant information');
    const general = info.general;
    const name = general?.name
      ? general.locationName
        ? `${general.name} (${general.locationName})`
        : general.name
      : undefined;
    return { id: restaurantGuid, name, currency: info.general?.currencyCode ?? 'USD' };
  },
};
