/**
 * A button that says why it cannot be pressed. A `disabled` button gets no hover and no
 * focus, so a tooltip on it never shows and a screen reader never hears why; this one is
 * `aria-disabled` instead: it still takes focus and hover, shows the reason as a tooltip, has
 * it as its accessible description, and does nothing when pressed.
 */
import { forwardRef, useId } from 'react';
import { Button, type ButtonProps } from './button';
import { cn } from './cn';
import { Tooltip, TooltipProvider } from './tooltip';

export interface ReasonButtonProps extends ButtonProps {
  /** Why it cannot be pressed now; null or undefined: it can. */
  why?: string | null | undefined;
}

export const ReasonButton = forwardRef<HTMLButtonElement, ReasonButtonProps>(function ReasonButton(
  { why, onClick, className, children, ...rest },
  ref,
) {
  const id = useId();
  if (!why) {
    return (
      <Button ref={ref} onClick={onClick} className={className} {...rest}>
        {children}
      </Button>
    );
  }
  return (
    <>
      {/* Its own provider: usable in any tree (a test's, a dialog's) without one above. */}
      <TooltipProvider delayDuration={300}>
        <Tooltip content={why}>
          <Button
            ref={ref}
            {...rest}
            aria-disabled="true"
            aria-describedby={`${id}-why`}
            data-why={why}
            // Looks disabled; a press does nothing (the reason shows on hover and focus).
            className={cn('cursor-not-allowed opacity-60', className)}
            onClick={(event) => event.preventDefault()}
          >
            {children}
          </Button>
        </Tooltip>
      </TooltipProvider>
      {/* Beside the button, not in it: the button's name stays its label. */}
      <span id={`${id}-why`} hidden>
        {why}
      </span>
    </>
  );
});
