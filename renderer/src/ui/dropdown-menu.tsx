/**
 * Menus over Radix DropdownMenu (arrow keys, type-ahead, Escape, focus return). Styled parts
 * only; the structure stays Radix's so each menu reads like its documentation.
 */
import { DropdownMenu } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from './cn';

/**
 * Non-modal: a modal menu hides the rest of the page from screen readers with aria-hidden
 * while it stays focusable (axe: aria-hidden-focus). Focus still moves into the menu, arrow
 * keys and Escape work, and a click outside closes it.
 */
export function Menu(props: ComponentProps<typeof DropdownMenu.Root>) {
  return <DropdownMenu.Root modal={false} {...props} />;
}
export const MenuTrigger = DropdownMenu.Trigger;
export const MenuRadioGroup = DropdownMenu.RadioGroup;

export function MenuContent({ className, ...rest }: ComponentProps<typeof DropdownMenu.Content>) {
  return (
    <DropdownMenu.Portal>
      <DropdownMenu.Content
        sideOffset={4}
        align="end"
        className={cn(
          'z-50 min-w-56 rounded-md border border-line bg-surface p-1 text-fg shadow-lg',
          className,
        )}
        {...rest}
      />
    </DropdownMenu.Portal>
  );
}

const item =
  'flex cursor-default items-center gap-2 rounded px-2 py-1.5 text-sm outline-none select-none data-[highlighted]:bg-accent-soft data-[disabled]:opacity-50';

export function MenuItem({ className, ...rest }: ComponentProps<typeof DropdownMenu.Item>) {
  return <DropdownMenu.Item className={cn(item, className)} {...rest} />;
}

export function MenuRadioItem({
  className,
  children,
  ...rest
}: ComponentProps<typeof DropdownMenu.RadioItem>) {
  return (
    <DropdownMenu.RadioItem className={cn(item, 'pl-6 relative', className)} {...rest}>
      <DropdownMenu.ItemIndicator className="absolute left-1.5">✓</DropdownMenu.ItemIndicator>
      {children}
    </DropdownMenu.RadioItem>
  );
}

export function MenuLabel({ className, ...rest }: ComponentProps<typeof DropdownMenu.Label>) {
  return <DropdownMenu.Label className={cn('px-2 py-1 text-xs text-muted', className)} {...rest} />;
}

export function MenuSeparator() {
  return <DropdownMenu.Separator className="my-1 h-px bg-line" />;
}
