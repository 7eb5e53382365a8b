/**
 * The Orders view's saved state (filters, page size, columns, saved views) as a hook: read
 * from settings.views.orders, changed optimistically and written through the bridge, with the
 * ordering guarantees of useViewState.
 */
import { useViewState, type ViewState } from '../preferences/use-view-state';
import {
  type OrdersViewSettings,
  readViewSettings,
  type ViewSettingsChange,
  viewSettingsPatch,
} from './view-settings';

const ORDERS_VIEW = {
  viewId: 'orders',
  label: 'Orders',
  read: readViewSettings,
  apply: (value: OrdersViewSettings, change: ViewSettingsChange) => ({ ...value, ...change }),
  patch: (change: ViewSettingsChange) => viewSettingsPatch(change).views.orders,
};

export function useOrdersViewSettings(): ViewState<OrdersViewSettings, ViewSettingsChange> {
  return useViewState(ORDERS_VIEW);
}
