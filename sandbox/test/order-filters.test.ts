/**
 * The order list filters over HTTP (spec, Endpoints → Orders). Each expectation is computed
 * here, independently, from the full order objects of the unfiltered list, and compared with
 * the ids (and `count`) the filtered list returns.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../data/types';
import { filterCheck, holdsText } from './support/filter-check';
import { fetchAll, type Paginated, startSandboxForFile } from './support/sandbox-fixture';

const api = startSandboxForFile({ scale: 0.5 });

const STAGES = ['open', 'labels', 'shipped', 'delivered', 'cancelled'] as const;
type Stage = (typeof STAGES)[number];

let orders: Order[];
let byId: Map<number, Order>;

beforeAll(async () => {
  orders = await fetchAll<Order>(api, '/api/orders/?page_size=500');
  byId = new Map(orders.map((o) => [o.id, o]));
});

// --- What a user reads on the order itself ---------------------------------------------

type Rec = Record<string, unknown> | null | undefined;

/** The stage as sandbox/README.md defines it, from the order's own fields. */
function stageOf(o: Order): Stage {
  if (o.status === 'cancelled' || o.status === 'refunded') return 'cancelled';
  if (o.status === 'shipped') {
    const all = o.fulfillments.length > 0;
    return all && o.fulfillments.every((f) => f.tracking_events_status === 'delivered')
      ? 'delivered'
      : 'shipped';
  }
  const liveLabel = o.shipments.some((s) => !!s.label_url && s.status !== 'voided');
  if (o.status === 'ready' && liveLabel) return 'labels';
  return 'open';
}

function addressStatusOf(o: Order): string | null {
  const check = o.address_check as Rec;
  return (check?.status as string | undefined) ?? null;
}

/** Why an open order needs attention (sandbox/README.md, "Attention"). */
function attentionOf(o: Order): Set<string> {
  const reasons = new Set<string>();
  if (stageOf(o) !== 'open') return reasons;
  const status = addressStatusOf(o);
  if (status === 'needs_review' || status === 'invalid') reasons.add('address');
  const automation = o.label_automation as Rec;
  if (automation?.hold) reasons.add('hold');
  if (automation?.status === 'failed') reasons.add('failed');
  return reasons;
}

/** UTC day of the order date (created_at when there is none). */
function dayOf(o: Order): string {
  return new Date(o.order_date ?? o.created_at).toISOString().slice(0, 10);
}

function trackingNumbersOf(o: Order): string[] {
  const numbers: string[] = [];
  for (const s of o.shipments) if (s.tracking_number) numbers.push(s.tracking_number);
  for (const f of [...o.fulfillments, ...o.storefront_fulfillments]) {
    if (f.tracking_number) numbers.push(f.tracking_number);
    if (Array.isArray(f.tracking_numbers)) numbers.push(...(f.tracking_numbers as string[]));
  }
  return numbers;
}

/** The fields the spec names for `q`: order number, customer, recipient, tracking, address, phone, company. */
function namedSearchFields(o: Order): (string | null | undefined)[] {
  return [
    o.order_name,
    o.customer_name,
    o.recipient_name,
    ...trackingNumbersOf(o),
    o.address1,
    o.phone,
    o.company,
  ];
}

/** The same, read broadly: the rest of the address, the order phone, the customer's email. */
function broadSearchFields(o: Order): (string | null | undefined)[] {
  return [
    ...namedSearchFields(o),
    o.address2,
    o.city,
    o.postal_code,
    o.order_phone,
    o.customer_email,
  ];
}

// --- Asking the API ---------------------------------------------------------------------

const { listIds, idsWhere, expectFilter, pick, expectSearch } = filterCheck<Order>(
  api,
  '/api/orders/?page_size=500&',
  'order',
  () => orders,
  { named: namedSearchFields, broad: broadSearchFields },
);

// --- Tests ------------------------------------------------------------------------------

describe('order list filters', () => {
  it('lists every order without filters, and the data has every stage', async () => {
    const first = await api.get<Paginated<Order>>('/api/orders/');
    expect(first.body.count).toBe(orders.length);
    expect(orders.length).toBe(1000);
    for (const stage of STAGES) {
      expect(
        orders.some((o) => stageOf(o) === stage),
        stage,
      ).toBe(true);
    }
  });

  it.each(STAGES)('stage=%s keeps the orders in that stage', async (stage) => {
    await expectFilter(`stage=${stage}`, (o) => stageOf(o) === stage);
  });

  it('the five stages partition the orders', async () => {
    let total = 0;
    const seen = new Set<number>();
    for (const stage of STAGES) {
      const { ids, count } = await listIds(`stage=${stage}`);
      total += count;
      for (const id of ids) seen.add(id);
    }
    expect(total).toBe(orders.length);
    expect(seen.size).toBe(orders.length);
  });

  it('ignores an unknown stage (same as no filter)', async () => {
    const all = idsWhere(() => true);
    for (const stage of ['archived', 'everything']) {
      const got = await listIds(`stage=${stage}`);
      expect(got.count, stage).toBe(orders.length);
      expect(got.ids, stage).toEqual(all);
    }
    // And an unknown stage does not disturb the other filters.
    await expectFilter('stage=bogus&channel=Amazon', (o) => o.channel === 'Amazon');
  });

  describe('attention', () => {
    it.each(['address', 'hold', 'failed'])(
      'attention=%s keeps the open orders with that reason',
      async (reason) => {
        const ids = await expectFilter(`attention=${reason}`, (o) => attentionOf(o).has(reason));
        for (const id of ids) expect(stageOf(byId.get(id)!), `order ${id}`).toBe('open');
      },
    );

    it('a comma-separated list is the union of its reasons (case-insensitive)', async () => {
      await expectFilter('attention=address,hold', (o) => {
        const a = attentionOf(o);
        return a.has('address') || a.has('hold');
      });
      await expectFilter('attention=HOLD,Failed', (o) => {
        const a = attentionOf(o);
        return a.has('hold') || a.has('failed');
      });
    });

    it('any = all three reasons', async () => {
      const any = await expectFilter('attention=any', (o) => attentionOf(o).size > 0);
      const union = await listIds('attention=address,hold,failed');
      expect(union.ids).toEqual(any);
      // Some open orders need no attention: `any` is not just the open stage.
      const open = idsWhere((o) => stageOf(o) === 'open');
      expect(any.length).toBeLessThan(open.length);
    });

    it('a value naming no known reason matches nothing; mixed with a known one it is ignored', async () => {
      const none = await listIds('attention=nonsense');
      expect(none.count).toBe(0);
      expect(none.ids).toEqual([]);
      await expectFilter('attention=nonsense,failed', (o) => attentionOf(o).has('failed'));
    });
  });

  describe('address_status', () => {
    it('the full order carries the check and its summary consistently', () => {
      for (const o of orders) {
        const summary = o.address_check_summary as Rec;
        expect((summary?.status as string | undefined) ?? null, `order ${o.id}`).toBe(
          addressStatusOf(o),
        );
      }
      expect(orders.some((o) => addressStatusOf(o) === null)).toBe(true);
      expect(orders.some((o) => addressStatusOf(o) === 'unchecked')).toBe(true);
    });

    it.each(['valid', 'corrected', 'needs_review', 'invalid'])(
      'address_status=%s',
      async (status) => {
        await expectFilter(`address_status=${status}`, (o) => addressStatusOf(o) === status);
      },
    );

    it('unchecked also includes never-checked orders', async () => {
      const ids = await expectFilter(
        'address_status=unchecked',
        (o) => addressStatusOf(o) === 'unchecked' || addressStatusOf(o) === null,
      );
      expect(ids.some((id) => byId.get(id)!.address_check === null)).toBe(true);
      expect(ids.some((id) => addressStatusOf(byId.get(id)!) === 'unchecked')).toBe(true);
    });

    it('takes a comma-separated, case-insensitive list', async () => {
      await expectFilter('address_status=VALID,invalid', (o) =>
        ['valid', 'invalid'].includes(addressStatusOf(o) ?? ''),
      );
      await expectFilter('address_status=needs_review,unchecked', (o) =>
        [null, 'unchecked', 'needs_review'].includes(addressStatusOf(o)),
      );
    });
  });

  describe('channel and exclude_channel', () => {
    it('each channel in use keeps its orders', async () => {
      const channels = [...new Set(orders.map((o) => o.channel).filter((c) => !!c))] as string[];
      expect(channels.length).toBeGreaterThan(2);
      for (const channel of channels) {
        await expectFilter(`channel=${encodeURIComponent(channel)}`, (o) => o.channel === channel);
      }
    });

    it('takes a comma-separated, case-insensitive list', async () => {
      await expectFilter(
        'channel=amazon,EBAY',
        (o) => o.channel === 'Amazon' || o.channel === 'eBay',
      );
    });

    it('exclude_channel leaves the listed channels out', async () => {
      await expectFilter(
        'exclude_channel=Shopify,manual',
        (o) => !['Shopify', 'Manual'].includes(o.channel ?? ''),
      );
      await expectFilter(
        'channel=Shopify,Amazon,Etsy&exclude_channel=amazon',
        (o) => o.channel === 'Shopify' || o.channel === 'Etsy',
      );
    });
  });

  describe('dates', () => {
    let boundary: string;
    beforeAll(() => {
      // A day some orders have exactly, in the middle of the range.
      const days = [...new Set(orders.map(dayOf))].sort();
      boundary = days[Math.floor(days.length / 2)]!;
    });

    it('date_after is inclusive', async () => {
      const ids = await expectFilter(`date_after=${boundary}`, (o) => dayOf(o) >= boundary);
      expect(ids.some((id) => dayOf(byId.get(id)!) === boundary)).toBe(true);
    });

    it('date_before is inclusive', async () => {
      const ids = await expectFilter(`date_before=${boundary}`, (o) => dayOf(o) <= boundary);
      expect(ids.some((id) => dayOf(byId.get(id)!) === boundary)).toBe(true);
    });

    it('both on the same day keep exactly that day; a range keeps its days', async () => {
      await expectFilter(
        `date_after=${boundary}&date_before=${boundary}`,
        (o) => dayOf(o) === boundary,
      );
      const days = [...new Set(orders.map(dayOf))].sort();
      const from = days[5]!;
      const to = days[days.length - 6]!;
      await expectFilter(
        `date_after=${from}&date_before=${to}`,
        (o) => dayOf(o) >= from && dayOf(o) <= to,
      );
      const empty = await listIds(`date_after=${to}&date_before=${from}`);
      expect(empty.count).toBe(0);
    });

    it('an invalid date is a 400 naming the field', async () => {
      for (const bad of ['2026-13-01', 'yesterday', '2026-02-30']) {
        const r = await api.get<{ code: string; errors: Record<string, string[]> }>(
          `/api/orders/?date_after=${bad}`,
        );
        expect(r.status, bad).toBe(400);
        expect(r.body.code).toBe('invalid');
        expect(Object.keys(r.body.errors), bad).toEqual(['date_after']);
      }
      const both = await api.get<{ errors: Record<string, string[]> }>(
        '/api/orders/?date_after=x&date_before=2026-11-31',
      );
      expect(both.status).toBe(400);
      expect(Object.keys(both.body.errors).sort()).toEqual(['date_after', 'date_before']);
    });
  });

  describe('fulfillment_status and payment_status', () => {
    /** Each value of `field` in use (more than `moreThan` of them) filters alone; the values. */
    async function expectEachValueFilters(
      field: 'fulfillment_status' | 'payment_status',
      moreThan: number,
    ): Promise<string[]> {
      const values = [...new Set(orders.map((o) => o[field]).filter((v) => !!v))] as string[];
      expect(values.length).toBeGreaterThan(moreThan);
      for (const v of values) await expectFilter(`${field}=${v}`, (o) => o[field] === v);
      return values;
    }

    it('each fulfillment status in use, and a list', async () => {
      const values = await expectEachValueFilters('fulfillment_status', 1);
      await expectFilter(
        `fulfillment_status=${values.join(',').toUpperCase()}`,
        (o) => !!o.fulfillment_status,
      );
    });

    it('each payment status in use, and a list', async () => {
      await expectEachValueFilters('payment_status', 2);
      await expectFilter('payment_status=pending,Authorized', (o) =>
        ['pending', 'authorized'].includes(o.payment_status ?? ''),
      );
    });
  });

  describe('q', () => {
    it('finds an order by its order number', async () => {
      for (const channel of ['Shopify', 'Amazon', 'eBay', 'Manual']) {
        const o = pick((x) => x.channel === channel && !!x.order_name);
        const ids = await expectSearch(o.order_name!, o);
        expect(ids.length, o.order_name!).toBeLessThan(5);
      }
    });

    it('finds an order by customer and by recipient name', async () => {
      const o = pick((x) => !!x.customer_name && x.customer_name !== x.recipient_name);
      await expectSearch(o.customer_name!, o);
      await expectSearch(o.recipient_name, o);
      // Case does not matter.
      await expectSearch(o.recipient_name.toUpperCase(), o);
    });

    it("finds an order by a shipment's tracking number", async () => {
      const o = pick((x) => x.shipments.some((s) => !!s.tracking_number));
      const tracking = o.shipments.find((s) => !!s.tracking_number)!.tracking_number!;
      const ids = await expectSearch(tracking, o);
      expect(ids).toEqual([o.id]);
      // A parcel shipped outside the service is found by its fulfillment's number.
      const outside = pick(
        (x) => x.shipments.length === 0 && x.fulfillments.some((f) => !!f.tracking_number),
      );
      await expectSearch(
        outside.fulfillments.find((f) => !!f.tracking_number)!.tracking_number,
        outside,
      );
    });

    it('finds an order by address, phone and company', async () => {
      const o = pick((x) => !!x.company && !!x.phone);
      await expectSearch(o.address1, o);
      await expectSearch(o.phone!, o);
      await expectSearch(o.company!, o);
      await expectSearch(o.company!.toLowerCase(), o);
    });

    it('finds nothing for text no order holds', async () => {
      const got = await listIds('q=zzqx-no-such-order');
      expect(got.count).toBe(0);
    });
  });

  it('combines filters with AND', async () => {
    const days = [...new Set(orders.map(dayOf))].sort();
    const from = days[Math.floor(days.length / 3)]!;
    await expectFilter(
      `stage=delivered&channel=Amazon,Shopify&date_after=${from}&payment_status=paid`,
      (o) =>
        stageOf(o) === 'delivered' &&
        (o.channel === 'Amazon' || o.channel === 'Shopify') &&
        dayOf(o) >= from &&
        o.payment_status === 'paid',
    );
    await expectFilter(
      'stage=open&address_status=unchecked&exclude_channel=Manual',
      (o) =>
        stageOf(o) === 'open' &&
        (addressStatusOf(o) === null || addressStatusOf(o) === 'unchecked') &&
        o.channel !== 'Manual',
    );
    // q with a common letter, narrowed by stage.
    await expectFilter(
      'q=son&stage=shipped',
      (o) => stageOf(o) === 'shipped' && holdsText(broadSearchFields(o), 'son'),
      { nonEmpty: true },
    );
    // Conflicting filters: nothing.
    const none = await listIds('stage=cancelled&attention=any');
    expect(none.count).toBe(0);
  });

  it('facets list exactly the distinct non-null values in use', async () => {
    const r = await api.get<{
      payment_status: string[];
      fulfillment_status: string[];
      channel: string[];
    }>('/api/orders/facets/');
    expect(r.status).toBe(200);
    for (const name of ['payment_status', 'fulfillment_status', 'channel'] as const) {
      const inUse = [
        ...new Set(orders.map((o) => o[name]).filter((v) => v !== null && v !== undefined)),
      ];
      const listed = r.body[name];
      expect(new Set(listed).size, `${name}: no duplicates`).toBe(listed.length);
      expect([...listed].sort(), name).toEqual(inUse.sort());
    }
    expect(orders.some((o) => o.fulfillment_status === null)).toBe(true);
  });

  // Last: it adds an order, which the tests above must not see.
  it('applies the same filters to an order created through the API', async () => {
    const created = await api.post<Order>('/api/orders/', {
      recipient_name: 'Filter Testcase',
      address1: 'Zeta Lane 7',
      city: 'Utrecht',
      postal_code: '3511 AB',
      country: 'NL',
      company: 'Qwxz Filters BV',
      channel: 'Phone',
      payment_status: 'Pending',
      fulfillment_status: 'unfulfilled',
      order_date: '2026-11-21T10:00:00Z',
      status: 'ready',
    });
    expect(created.status).toBe(201);
    const id = created.body.id;
    const has = async (query: string) => (await listIds(query)).ids.includes(id);
    // Never address-checked: `unchecked`, and no other address status.
    expect(await has('address_status=unchecked')).toBe(true);
    expect(await has('address_status=valid,invalid,needs_review,corrected')).toBe(false);
    expect(await has('stage=open')).toBe(true);
    expect(await has('attention=any')).toBe(false);
    expect(await has('channel=phone')).toBe(true);
    expect(await has('exclude_channel=Phone')).toBe(false);
    expect(await has('payment_status=pending&fulfillment_status=UNFULFILLED')).toBe(true);
    expect(await has('date_after=2026-11-21&date_before=2026-11-21')).toBe(true);
    expect(await has('date_after=2026-11-22')).toBe(false);
    expect(await has('q=qwxz')).toBe(true);
    expect((await listIds('q=qwxz')).ids).toEqual([id]);
    const facets = await api.get<{ channel: string[]; payment_status: string[] }>(
      '/api/orders/facets/',
    );
    expect(facets.body.channel).toContain('Phone');
    expect(facets.body.payment_status).toContain('Pending');
  });
});
