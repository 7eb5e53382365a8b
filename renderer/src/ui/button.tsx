/**
 * The console's button: one component with a few tones so every action looks and focuses the
 * same way. Height follows the density setting through the `h-control` token.
 */
import { type ButtonHTMLAttributes, forwardRef } from 'react';
import { cn } from './cn';

export type ButtonTone = 'primary' | 'secondary' | 'ghost' | 'danger';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  tone?: ButtonTone;
  /** Shows the button as busy and keeps it from being pressed twice. */
  busy?: boolean;
}

const tones: Record<ButtonTone, string> = {
  primary: 'bg-accent text-accent-fg hover:opacity-90 border-transparent',
  secondary: 'bg-surface text-fg border-line hover:bg-raised',
  ghost: 'bg-transparent text-fg border-transparent hover:bg-raised',
  danger: 'bg-danger text-surface border-transparent hover:opacity-90',
};

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { tone = 'secondary', busy = false, className, disabled, type = 'button', children, ...rest },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className={cn(
        'inline-flex h-control items-center justify-center gap-2 rounded-md border px-3 text-sm font-medium',
        'disabled:cursor-not-allowed disabled:opacity-60',
        tones[tone],
        className,
      )}
      {...rest}
    >
      {children}
    </button>
  );
});
