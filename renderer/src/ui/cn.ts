/**
 * Joins class names, dropping falsy ones (clsx), and lets a later Tailwind class win over an
 * earlier one of the same kind (tailwind-merge): `cn('w-full …', 'w-16')` must give a 16-unit
 * box. With clsx alone both classes stayed and the stylesheet's order decided, so every width
 * a caller gave an Input (the pager's page box, the filter bar's fields) lost to `w-full`.
 * The design system's one helper for class names.
 */
import { type ClassValue, clsx } from 'clsx';
import { extendTailwindMerge } from 'tailwind-merge';

/** The theme's own spacing names (styles/app.css `--spacing-*`), so `h-control` merges as a height. */
const merge = extendTailwindMerge({ extend: { theme: { spacing: ['control', 'gap', 'pad'] } } });

export function cn(...inputs: ClassValue[]): string {
  return merge(clsx(inputs));
}
