/** Joins class names, dropping falsy ones (clsx); the design system's one helper for it. */
export { clsx as cn } from 'clsx';
