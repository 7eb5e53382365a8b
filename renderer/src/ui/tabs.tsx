/** Tabs over Radix Tabs (roving focus with arrow keys, tabpanel wiring). */
import { Tabs as RadixTabs } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from './cn';

export const Tabs = RadixTabs.Root;

export function TabList({ className, ...rest }: ComponentProps<typeof RadixTabs.List>) {
  return <RadixTabs.List className={cn('flex gap-1 border-b border-line', className)} {...rest} />;
}

export function Tab({ className, ...rest }: ComponentProps<typeof RadixTabs.Trigger>) {
  return (
    <RadixTabs.Trigger
      className={cn(
        '-mb-px h-control border-b-2 border-transparent px-3 text-sm text-muted',
        'data-[state=active]:border-accent data-[state=active]:font-semibold data-[state=active]:text-fg',
        className,
      )}
      {...rest}
    />
  );
}

export function TabPanel({ className, ...rest }: ComponentProps<typeof RadixTabs.Content>) {
  return <RadixTabs.Content className={cn('pt-pad', className)} {...rest} />;
}
