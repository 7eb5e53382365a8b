/**
 * What printing needs to know about an order, and the cheapest correct way to know it: its name
 * as a person sees it ("#10983") and how many shipping labels it has (one labels-batch page
 * each). The console lists orders before it prints them (the page on screen, "select all
 * matching", a scan's search), so the bridge has almost always just received each selected
 * order: every orders answer the API client gets is read here (`watchOrderAnswers`), and a
 * batch asks the API (GET /api/orders/{id}/) only for orders it has not seen lately.
 *
 * Facts can be stale (a label bought or voided since the list was read): the labels PDF's page
 * count is checked against them, and a difference refreshes the chunk's orders (batch-print.ts).
 * Returns are named the same way ("RMA-1042") from the returns answers.
 */
import type { ApiClient } from '../../../kernel/api/api-client';

export interface OrderFact {
  id: number;
  name: string;
  /** Shipments with a label (a non-empty `label_url`): the labels-batch endpoint's pages. */
  labels: number;
  /** When it was read (ms since the epoch). */
  at: number;
}

export interface OrderFactsOptions {
  /** Facts older than this are asked for again (default 30 min). */
  maxAgeMs?: number;
  /** Oldest forgotten first beyond this many orders (default 200,000: some 20 MB at most). */
  maxOrders?: number;
  now?: () => number;
}

/** "#10983", or "Order 1042" for an order with no name: as the console's grids show it. */
export function orderName(order: { id: number; order_name?: unknown }): string {
  const name = typeof order.order_name === 'string' ? order.order_name.trim() : '';
  return name || `Order ${order.id}`;
}

/** An order's labels as the labels-batch endpoint counts them: shipments with a label URL. */
export function labelCount(order: { shipments?: unknown }): number {
  if (!Array.isArray(order.shipments)) return 0;
  return order.shipments.filter(
    (s) =>
      typeof s === 'object' &&
      s !== null &&
      typeof (s as { label_url?: unknown }).label_url === 'string' &&
      (s as { label_url: string }).label_url !== '',
  ).length;
}

export class OrderFacts {
  private readonly orders = new Map<number, OrderFact>();
  private readonly returns = new Map<number, string>();
  private readonly maxAgeMs: number;
  private readonly maxOrders: number;
  private readonly now: () => number;

  constructor(options: OrderFactsOptions = {}) {
    this.maxAgeMs = options.maxAgeMs ?? 30 * 60_000;
    this.maxOrders = options.maxOrders ?? 200_000;
    this.now = options.now ?? Date.now;
  }

  /** Reads an answer of the API client; anything that is not an orders or returns answer is ignored. */
  learnAnswer(operationId: string, data: unknown): void {
    switch (operationId) {
      case 'orders_list':
        for (const order of resultsOf(data)) this.learnOrder(order);
        break;
      case 'orders_retrieve':
      case 'orders_create':
        this.learnOrder(data);
        break;
      case 'returns_requests_list':
        for (const r of resultsOf(data)) this.learnReturn(r);
        break;
      case 'returns_requests_retrieve':
        this.learnReturn(data);
        break;
    }
  }

  learnOrder(order: unknown): OrderFact | undefined {
    if (typeof order !== 'object' || order === null) return undefined;
    const o = order as { id?: unknown; order_name?: unknown; shipments?: unknown };
    if (typeof o.id !== 'number' || !Number.isSafeInteger(o.id)) return undefined;
    // A row read for its id only ("select all") is not checked beyond it: one whose shipments
    // are not a list of objects is not learnt (a GET asks later) rather than taken as labelless.
    if (
      !Array.isArray(o.shipments) ||
      !o.shipments.every((s) => typeof s === 'object' && s !== null)
    ) {
      return undefined;
    }
    const fact = {
      id: o.id,
      name: orderName({ ...o, id: o.id }),
      labels: labelCount(o),
      at: this.now(),
    };
    // Re-inserted at the end: the map's order is the forgetting order.
    this.orders.delete(o.id);
    this.orders.set(o.id, fact);
    if (this.orders.size > this.maxOrders) {
      const oldest = this.orders.keys().next().value;
      if (oldest !== undefined) this.orders.delete(oldest);
    }
    return fact;
  }

  /** A fact read within the age limit, if any. */
  fresh(id: number): OrderFact | undefined {
    const fact = this.orders.get(id);
    return fact && this.now() - fact.at <= this.maxAgeMs ? fact : undefined;
  }

  /** The name a person sees, from whatever was read, however old ("Order 1042" if never). */
  nameOf(id: number): string {
    return this.orders.get(id)?.name ?? `Order ${id}`;
  }

  forget(id: number): void {
    this.orders.delete(id);
  }

  returnName(id: number): string | undefined {
    return this.returns.get(id);
  }

  private learnReturn(value: unknown): void {
    if (typeof value !== 'object' || value === null) return;
    const r = value as { id?: unknown; rma_number?: unknown };
    if (typeof r.id === 'number' && typeof r.rma_number === 'string' && r.rma_number.trim()) {
      this.returns.set(r.id, r.rma_number.trim());
    }
  }
}

function resultsOf(page: unknown): unknown[] {
  const results = (page as { results?: unknown } | null)?.results;
  return Array.isArray(results) ? results : [];
}

/**
 * Lets `facts` read every JSON answer `client` receives, whoever asked (the orders grid, the
 * fetch-all behind "select all matching", a scan). The client stays as it is for its callers;
 * reading never changes or delays an answer, and a fault in it never fails one.
 */
export function watchOrderAnswers(client: ApiClient, facts: OrderFacts): void {
  const learn = (operationId: string, data: unknown) => {
    try {
      facts.learnAnswer(operationId, data);
    } catch {
      // A fact not learnt costs one GET later; it must never cost the caller its answer.
    }
  };
  const json = client.json.bind(client);
  client.json = async (operationId, request, call) => {
    const data = await json(operationId, request, call);
    learn(operationId, data);
    return data;
  };
  // List pages (the grid, "select all matching"): the rows the page check let through.
  const page = client.page.bind(client);
  client.page = async (operationId, request, call, reading) => {
    const data = await page(operationId, request, call, reading);
    learn(operationId, data);
    return data;
  };
}

/**
 * One OrderFacts per API client, which is one per connection and key (the bridge makes a new
 * client when either changes), so one connection's orders never name another's.
 */
export class FactsByClient {
  private readonly byClient = new WeakMap<ApiClient, OrderFacts>();

  constructor(private readonly options: OrderFactsOptions = {}) {}

  for(client: ApiClient): OrderFacts {
    let facts = this.byClient.get(client);
    if (!facts) {
      facts = new OrderFacts(this.options);
      this.byClient.set(client, facts);
    }
    return facts;
  }

  /** Reads every orders answer `client` receives from now on (call once, when it is made). */
  watch(client: ApiClient): void {
    if (this.byClient.has(client)) return;
    watchOrderAnswers(client, this.for(client));
  }
}
