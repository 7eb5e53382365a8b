/**
 * The frame every detail page (`/orders/:id`, `/returns/:id`, `/shipments/:id`,
 * `/tracking/:id`) shows until its record is there: the way back, then why the record is not
 * shown (not a number, no such record in this account, or the read failed, with "Try again")
 * or that it is loading. The pages differ only in their noun, so the words live here once.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { BridgeCallError, errorMessage } from '../query/bridge-call';
import { Button } from '../ui/button';
import { ViewPage } from './view-page';

/** "← Orders": the link back to the list a detail page was opened from. */
export function BackLink({ href, label }: { href: string; label: string }) {
  return (
    <Link href={href} className="inline-flex items-center gap-1 text-sm underline">
      <ArrowLeft aria-hidden className="size-4" /> {label}
    </Link>
  );
}

/** Why a record is not shown yet: the read failed (with "Try again"), or it is loading. */
export function LoadProblem({
  noun,
  id,
  query,
  loading,
}: {
  /** "order", "return", "shipment", "tracking event". */
  noun: string;
  id: number | string;
  query: UseQueryResult<unknown, Error>;
  loading: string;
}) {
  if (!query.isError) return <p aria-live="polite">{loading}</p>;
  return (
    <div role="alert" className="flex flex-col items-start gap-2">
      <p>
        {query.error instanceof BridgeCallError && query.error.code === 'not_found'
          ? `There is no ${noun} ${id} in this account.`
          : `The ${noun} could not be loaded: ${errorMessage(query.error)}`}
      </p>
      <Button onClick={() => void query.refetch()}>Try again</Button>
    </div>
  );
}

export interface DetailFrameProps<T> {
  noun: string;
  /** A number is checked (whole, above 0); a string id (a shipment's) is taken as it is. */
  id: number | string;
  back: ReactNode;
  /** The page's title while the record is not there: "Return #12" unless said otherwise. */
  title?: string;
  query: UseQueryResult<T, Error>;
  /** Whether a connection with a key is in use (the query runs only then). */
  enabled: boolean;
  /** The page itself, once the record is read. */
  children(record: T): ReactNode;
}

export function DetailFrame<T>({
  noun,
  id,
  back,
  title,
  query,
  enabled,
  children,
}: DetailFrameProps<T>) {
  if (typeof id === 'number' && (!Number.isInteger(id) || id <= 0)) {
    return (
      <ViewPage title={`${capitalized(noun)} not found`}>
        {back}
        <p role="alert">
          “{String(id)}” is not {/^[aeiou]/.test(noun) ? 'an' : 'a'} {noun} number.
        </p>
      </ViewPage>
    );
  }
  if (!query.isSuccess) {
    const named = `${capitalized(noun)} ${typeof id === 'number' ? '#' : ''}${id}`;
    return (
      <ViewPage title={title ?? named}>
        {back}
        <LoadProblem
          noun={noun}
          id={id}
          query={query}
          loading={enabled ? `Loading the ${noun}…` : 'No connection with a key is in use.'}
        />
      </ViewPage>
    );
  }
  return <>{children(query.data)}</>;
}

const capitalized = (noun: string) => `${noun.charAt(0).toUpperCase()}${noun.slice(1)}`;
