/**
 * What the pack screen shows beside each line: the product (its barcode, so scans match
 * without a request; its picture) and the bins that hold it at the station's location, from
 * the product stock endpoint. An item that names its product costs one read; one that names
 * only its SKU first costs an inventory search (the way a scan would find it). All cached per
 * connection for the shift (the same products come back all day), at the query layer.
 */
import type { Api } from '../../../../shared/contract/values';
import { useBridgeQueries } from '../../query/bridge-query';
import type { LineProduct, PackLine } from './pack-model';
import { useStationLocation } from './use-station-settings';

const SHIFT = { staleTime: 10 * 60_000, gcTime: 60 * 60_000 } as const;

export interface BinStock {
  code: string;
  zone: string;
  available: number;
}

export interface LineInfo extends LineProduct {
  image: string;
  /** The location's bins holding it, most available first; empty when none is binned. */
  bins: BinStock[];
  /** Available at the location, or null when the product has no stock row there. */
  available: number | null;
}

export interface PackProducts {
  /** By line key. */
  info: Map<string, LineInfo>;
  location: Api['Location'] | undefined;
  loading: boolean;
  /** Lines whose product could not be read, with why. */
  problems: { key: string; message: string }[];
}

function exactRow(page: Api['PaginatedStockLevelList'] | undefined, sku: string) {
  const upper = sku.toUpperCase();
  return page?.results.find((row) => row.sku.toUpperCase() === upper);
}

function binsAt(stock: Api['ProductStock'], locationId: number | undefined) {
  const level = stock.levels.find((l) => l.location?.id === locationId);
  const bins = (level?.bin_breakdown ?? [])
    .flatMap((b) =>
      b.bin
        ? [{ code: b.bin.code ?? '', zone: b.bin.zone ?? '', available: b.available ?? 0 }]
        : [],
    )
    .sort((a, b) => b.available - a.available);
  return { bins, available: level ? (level.available_total ?? null) : null };
}

export function usePackProducts(
  lines: readonly PackLine[],
  locationId: number | null,
): PackProducts {
  const { location, pending: locationsPending } = useStationLocation(locationId);

  const unnamed = lines.filter((l) => l.productId === null && l.sku !== '');
  const searches = useBridgeQueries(
    'inventoryList',
    unnamed.map((l) => ({ filters: { q: l.sku }, pageSize: 20 })),
    SHIFT,
  );
  const found = new Map<string, number>();
  unnamed.forEach((line, i) => {
    const row = exactRow(searches[i]?.data, line.sku);
    if (row) found.set(line.key, row.product_id);
  });

  const ids = lines.map((l) => l.productId ?? found.get(l.key) ?? null);
  const known = [...new Set(ids.filter((id): id is number => id !== null))];
  const stocks = useBridgeQueries(
    'inventoryGet',
    known.map((productId) => ({ productId })),
    SHIFT,
  );
  const byProduct = new Map(known.map((id, i) => [id, stocks[i]]));

  const info = new Map<string, LineInfo>();
  const problems: PackProducts['problems'] = [];
  lines.forEach((line, i) => {
    const id = ids[i];
    const search = unnamed.indexOf(line);
    if (id === null || id === undefined) {
      const query = searches[search];
      if (query?.isError) problems.push({ key: line.key, message: query.error.message });
      else if (query?.isSuccess || line.sku === '') {
        problems.push({ key: line.key, message: 'Not found in the inventory by its SKU.' });
      }
      return;
    }
    const stock = byProduct.get(id);
    if (stock?.isError) problems.push({ key: line.key, message: stock.error.message });
    if (!stock?.data) return;
    const product = stock.data.product;
    info.set(line.key, {
      productId: id,
      gtin: product.gtin ?? null,
      image: product.image ?? '',
      ...binsAt(stock.data, location?.id),
    });
  });
  const loading =
    locationsPending || searches.some((q) => q.isPending) || stocks.some((q) => q.isPending);
  return { info, location, loading, problems };
}
