/**
 * The stage tabs (Open, Labels, Shipped, Delivered, Cancelled, All) with the number of
 * orders each holds under the other filters. Radix Tabs gives arrow-key movement; the grid
 * below is the one panel all tabs share (only the list changes).
 */

import { STAGE_LABELS } from '../../features/orders/order-filters';
import { STAGE_TABS, type StageTab } from '../../features/orders/use-orders-queries';
import { useFormatters } from '../../ui/format/use-formatters';
import { Tab, TabList, Tabs } from '../../ui/tabs';

export const STAGE_PANEL_ID = 'orders-stage-panel';

export function StageTabs({
  value,
  counts,
  onChange,
}: {
  value: StageTab;
  counts: Partial<Record<StageTab, number>>;
  onChange(tab: StageTab): void;
}) {
  const format = useFormatters();
  return (
    <Tabs value={value} onValueChange={(v) => onChange(v as StageTab)} activationMode="manual">
      <TabList aria-label="Stage">
        {STAGE_TABS.map((tab) => {
          const label = tab === 'all' ? 'All' : STAGE_LABELS[tab];
          const count = counts[tab];
          return (
            <Tab
              key={tab}
              value={tab}
              aria-controls={STAGE_PANEL_ID}
              data-testid={`stage-tab-${tab}`}
            >
              {label}
              <span
                className="ml-1.5 rounded bg-raised px-1.5 text-xs text-muted tabular-nums"
                data-testid="stage-count"
              >
                {count === undefined ? '…' : format.number(count)}
              </span>
            </Tab>
          );
        })}
      </TabList>
    </Tabs>
  );
}
