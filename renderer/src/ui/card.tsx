/** A bordered surface with an optional heading: setup cards, settings sections. */
import type { ReactNode } from 'react';
import { cn } from './cn';

export interface CardProps {
  title?: string;
  /** The heading level for the title, to keep the page outline right. */
  level?: 2 | 3;
  description?: ReactNode;
  className?: string;
  children: ReactNode;
}

export function Card({ title, level = 2, description, className, children }: CardProps) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section className={cn('rounded-lg border border-line bg-surface p-pad shadow-sm', className)}>
      {title && <Heading className="text-base font-semibold">{title}</Heading>}
      {description && <p className="mt-1 text-sm text-muted">{description}</p>}
      <div className={cn(title || description ? 'mt-3' : undefined)}>{children}</div>
    </section>
  );
}

/**
 * A small table inside a card (packages, items, carriers): left-aligned, with room between
 * columns so neighbouring headers ("Cost", "Rated base cost") never run together.
 */
export const CARD_TABLE = 'w-full text-left text-sm [&_td]:py-0.5 [&_td]:pr-4 [&_th]:pr-4';
