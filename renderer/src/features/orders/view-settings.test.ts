import { describe, expect, it } from 'vitest';
import { DEFAULT_PAGE_SIZE } from '../../ui/list/pager';
import { EMPTY_FILTERS } from './order-filters';
import {
  defaultViewSettings,
  deleteView,
  readViewSettings,
  saveView,
  viewSettingsPatch,
} from './view-settings';

describe('orders view settings', () => {
  it('reads defaults from nothing and from junk', () => {
    expect(readViewSettings(undefined)).toEqual(defaultViewSettings());
    expect(readViewSettings({ orders: 'x' })).toEqual(defaultViewSettings());
    expect(readViewSettings({ orders: { pageSize: 7 } }).pageSize).toBe(DEFAULT_PAGE_SIZE);
  });

  it('patches views.orders and reads its own patch back', () => {
    const filters = { ...EMPTY_FILTERS, stage: null, channel: ['eBay'] };
    let id = 0;
    const saved = saveView([], 'eBay all', filters, () => `v${++id}`);
    const orders = {
      ...viewSettingsPatch({ filters }).views.orders,
      ...viewSettingsPatch({ pageSize: 100 }).views.orders,
      ...viewSettingsPatch({ savedViews: saved }).views.orders,
    };
    const read = readViewSettings(JSON.parse(JSON.stringify({ orders })));
    expect(read.filters).toEqual(filters);
    expect(read.pageSize).toBe(100);
    expect(read.savedViews).toEqual([{ id: 'v1', name: 'eBay all', filters }]);
  });

  it('saves under a name, replacing the same name, and deletes', () => {
    let id = 0;
    const next = () => `v${++id}`;
    let views = saveView([], 'Rush', EMPTY_FILTERS, next);
    views = saveView(views, '  ', EMPTY_FILTERS, next);
    views = saveView(views, 'rush', { ...EMPTY_FILTERS, q: 'x' }, next);
    expect(views).toHaveLength(1);
    expect(views[0]).toMatchObject({ id: 'v1', name: 'rush' });
    expect(views[0]?.filters.q).toBe('x');
    views = saveView(views, 'Holds', { ...EMPTY_FILTERS, attention: ['hold'] }, next);
    expect(deleteView(views, 'v1').map((v) => v.name)).toEqual(['Holds']);
  });
});
