/**
 * A detail section that is one card holding one description list (most sections of the order,
 * shipment, return and tracking event pages), and the entries of fields shown as the record
 * has them (or through a function of the row's), from a table of `[field, label, show?]`
 * rows instead of one literal block per field.
 */
import type { ReactNode } from 'react';
import { Card } from './card';
import { type DetailEntry, DetailList } from './detail-list';

export function DetailCard({
  title,
  description,
  entries,
}: {
  title: string;
  description?: ReactNode;
  entries: readonly DetailEntry[];
}) {
  return (
    <Card title={title} description={description}>
      <DetailList entries={entries} />
    </Card>
  );
}

/** The keys of a record whose values show as they are (text, numbers, or nothing). */
export type PlainKey<T> = {
  [K in keyof T]-?: T[K] extends string | number | null | undefined ? K : never;
}[keyof T] &
  string;

/**
 * One row of a field table: the field and its label, and how its value reads when it is not
 * shown as it is (a date, a code in words).
 */
export type FieldRow<T> =
  | readonly [PlainKey<T>, string]
  | { [K in keyof T & string]: readonly [K, string, (value: T[K]) => ReactNode] }[keyof T & string];

/** Entries for the fields of a record, in the table's order. */
export function fieldEntries<T>(record: T, rows: readonly FieldRow<T>[]): DetailEntry[] {
  return rows.map(([field, label, show]) => {
    const value = record[field as keyof T];
    return {
      field,
      label,
      value: show ? (show as (v: unknown) => ReactNode)(value) : (value as ReactNode),
    };
  });
}
