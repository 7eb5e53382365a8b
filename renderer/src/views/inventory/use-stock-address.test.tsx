// @vitest-environment jsdom
/**
 * The stock list's address: opened plainly it shows the saved filters in the address; on any
 * other inventory page (the stock view rendering once more on its way out) it writes nothing,
 * so a link to Recalls is never sent back to the stock list.
 */
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { EMPTY_INVENTORY_FILTERS } from '../../features/inventory/inventory-filters';
import type { useInventorySettings } from '../../features/inventory/use-inventory-settings';
import { useStockAddress } from './use-stock-address';

const SAVED = { ...EMPTY_INVENTORY_FILTERS, location: 3, outOfStock: true };

function at(path: string) {
  const memory = memoryLocation({ path, record: true });
  const settings = {
    loaded: true,
    value: { filters: SAVED },
    update: vi.fn(),
  } as unknown as ReturnType<typeof useInventorySettings>;
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Router hook={memory.hook} searchHook={memory.searchHook}>
      {children}
    </Router>
  );
  renderHook(() => useStockAddress(settings), { wrapper });
  return { memory, settings };
}

describe('the stock list’s address', () => {
  it('opened plainly, shows the saved filters in the address', () => {
    const { memory } = at('/inventory');
    expect(memory.history.at(-1)).toMatch(/^\/inventory\?.*location=3.*out=1/);
  });

  it('on the way to Recalls, writes nothing and leaves the saved filters alone', () => {
    const { memory, settings } = at('/inventory/recalls');
    expect(memory.history).toEqual(['/inventory/recalls']);
    expect(settings.update).not.toHaveBeenCalled();
  });
});
