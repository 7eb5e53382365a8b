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
