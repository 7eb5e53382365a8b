/**
 * An order as the pack bench's tests and bench read it from the sandbox, and the lines its
 * pack screen shows: one per SKU (any case), quantities summed, as pack-model.ts builds them.
 */
export interface PackItem {
  sku: string;
  qty: number;
  gtin: string | null;
}

export interface PackOrder {
  id: number;
  order_name: string | null;
  items: PackItem[];
  /** The pack gate stops a refunded or partly refunded order. */
  payment_status?: string | null;
}

export function packLinesOf(order: PackOrder): PackItem[] {
  const lines = new Map<string, PackItem>();
  for (const item of order.items) {
    const before = lines.get(item.sku.toUpperCase());
    if (before) before.qty += item.qty;
    else lines.set(item.sku.toUpperCase(), { ...item });
  }
  return [...lines.values()];
}
