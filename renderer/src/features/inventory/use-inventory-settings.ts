/**
 * The stock levels view's saved state (filters, page size) as a hook, as the Orders view keeps
 * its own: read from settings.views.inventory, changed optimistically and written through the
 * bridge, with the ordering guarantees of useViewState.
 */
import { useViewState, type ViewState } from '../preferences/use-view-state';
import {
  type InventorySettingsChange,
  type InventoryViewSettings,
  inventorySettingsPatch,
  readInventorySettings,
} from './inventory-settings';

const INVENTORY_VIEW = {
  viewId: 'inventory',
  label: 'Inventory',
  read: readInventorySettings,
  apply: (value: InventoryViewSettings, change: InventorySettingsChange) => ({
    ...value,
    ...change,
  }),
  patch: (change: InventorySettingsChange) => inventorySettingsPatch(change).views.inventory,
};

export function useInventorySettings(): ViewState<InventoryViewSettings, InventorySettingsChange> {
  return useViewState(INVENTORY_VIEW);
}
