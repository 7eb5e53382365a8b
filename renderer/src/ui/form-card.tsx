/**
 * A settings card that is one form (Save to folder, Print routes): the card's heading and
 * description, and a form named by its aria-label that does its own checks (noValidate:
 * errors are said under each field, in the console's words, not by the browser's bubbles).
 */
import type { FormEventHandler, ReactNode } from 'react';
import { Card } from './card';

export function FormCard({
  title,
  description,
  label,
  onSubmit,
  children,
}: {
  title: string;
  description: ReactNode;
  /** The form's accessible name. */
  label: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  return (
    <Card title={title} level={3} description={description}>
      <form noValidate aria-label={label} onSubmit={onSubmit} className="flex flex-col gap-gap">
        {children}
      </form>
    </Card>
  );
}
