/**
 * The shipping area: shipments and their tracking events, derived from the orders' labels.
 *
 * Built oldest order first, so package and event ids grow with time; `rows` of shipments are
 * newest first, tracking-event rows by id. Only compact rows and a few integer side arrays are
 * kept; `list`, `get` and event `get` replan the shipment (a few µs) and build the object.
 */
import { generatedContextOf } from '../orders/generated-orders';
import { type OrderContext, planOrder } from '../orders/order-plan';
import type {
  DatasetOptions,
  OrderStore,
  ShipmentDetail,
  ShipmentList,
  ShipmentRow,
  ShipmentStore,
  TrackingEvent,
  TrackingEventRow,
  TrackingEventStore,
} from '../types';
import { shipmentDetail, shipmentList } from './shipment-objects';
import { planShipment, type ShipmentPlan } from './shipment-plan';
import { trackingEventOf } from './tracking-events';

export const FIRST_PACKAGE_ID = 1;
export const FIRST_EVENT_ID = 1;

/** Per-shipment facts, indexed by the shipment's build position (`seq`). */
interface Index {
  ctx: OrderContext;
  seqOf: Map<string, number>;
  orderN: number[];
  parcelK: number[];
  firstPackage: number[];
  /** Per package (by id − FIRST_PACKAGE_ID): its shipment's seq and its first event id. */
  packageSeq: number[];
  packageFirstEvent: number[];
}

export function buildShipping(
  _opts: DatasetOptions,
  orders: OrderStore,
): { shipments: ShipmentStore; trackingEvents: TrackingEventStore } {
  const ctx = generatedContextOf(orders);
  if (!ctx) throw new Error('buildShipping needs the order store made by buildOrderStore');
  const index: Index = {
    ctx,
    seqOf: new Map(),
    orderN: [],
    parcelK: [],
    firstPackage: [],
    packageSeq: [],
    packageFirstEvent: [],
  };
  const rows: ShipmentRow[] = [];
  const events: TrackingEventRow[] = [];
  let nextPackage = FIRST_PACKAGE_ID;
  for (let n = 0; n < ctx.count; n++) {
    const order = planOrder(ctx, n);
    for (const parcel of order.parcels) {
      if (parcel.kind !== 'label') continue;
      const s = planShipment(ctx, order, parcel);
      const seq = rows.length;
      index.seqOf.set(s.shipmentId, seq);
      index.orderN.push(n);
      index.parcelK.push(parcel.k);
      index.firstPackage.push(nextPackage);
      rows.push({
        shipment_id: s.shipmentId,
        carrier: s.parcel.carrier,
        status: s.status,
        sla_status: s.sla,
        search:
          `${s.shipmentId}\n${s.parcel.trackingNumber}\n${s.who.recipient.name}`.toLowerCase(),
      });
      for (const pkg of s.packages) {
        const packageId = nextPackage++;
        index.packageSeq.push(seq);
        index.packageFirstEvent.push(FIRST_EVENT_ID + events.length);
        for (const ev of pkg.events) {
          events.push({
            id: FIRST_EVENT_ID + events.length,
            package: packageId,
            shipment_id: s.shipmentId,
            carrier: s.parcel.carrier,
            status: ev.status,
            exception_code: ev.exception,
          });
        }
      }
    }
  }
  rows.reverse();
  return {
    shipments: new Shipments(index, rows),
    trackingEvents: new TrackingEvents(index, events),
  };
}

function replan(index: Index, seq: number, withEvents: boolean): ShipmentPlan | undefined {
  const n = index.orderN[seq];
  const k = index.parcelK[seq];
  if (n === undefined || k === undefined) return undefined;
  const order = planOrder(index.ctx, n);
  const parcel = order.parcels[k];
  return parcel ? planShipment(index.ctx, order, parcel, withEvents) : undefined;
}

class Shipments implements ShipmentStore {
  constructor(
    private readonly index: Index,
    readonly rows: readonly ShipmentRow[],
  ) {}

  list(row: ShipmentRow): ShipmentList {
    const seq = this.index.seqOf.get(row.shipment_id);
    const plan = seq === undefined ? undefined : replan(this.index, seq, false);
    if (seq === undefined || !plan) throw new Error(`unknown shipment row ${row.shipment_id}`);
    return shipmentList(plan, seq);
  }

  get(shipmentId: string): ShipmentDetail | undefined {
    const seq = this.index.seqOf.get(shipmentId);
    if (seq === undefined) return undefined;
    const plan = replan(this.index, seq, true);
    const firstPackage = this.index.firstPackage[seq];
    return plan && firstPackage !== undefined ? shipmentDetail(plan, seq, firstPackage) : undefined;
  }
}

class TrackingEvents implements TrackingEventStore {
  /** Events are usually read in id order, i.e. shipment by shipment: keep the last plan. */
  private cached: { seq: number; plan: ShipmentPlan } | undefined;

  constructor(
    private readonly index: Index,
    readonly rows: readonly TrackingEventRow[],
  ) {}

  get(id: number): TrackingEvent | undefined {
    const row = Number.isInteger(id) ? this.rows[id - FIRST_EVENT_ID] : undefined;
    if (!row) return undefined;
    const p = row.package - FIRST_PACKAGE_ID;
    const seq = this.index.packageSeq[p];
    const firstEvent = this.index.packageFirstEvent[p];
    if (seq === undefined || firstEvent === undefined) return undefined;
    if (this.cached?.seq !== seq) {
      const plan = replan(this.index, seq, true);
      if (!plan) return undefined;
      this.cached = { seq, plan };
    }
    const { plan } = this.cached;
    const pkg = plan.packages[row.package - (this.index.firstPackage[seq] ?? 0)];
    return pkg ? trackingEventOf(plan, pkg, row.package, id - firstEvent, id) : undefined;
  }
}
