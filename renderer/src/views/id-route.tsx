/**
 * An inner page's id from the address (`/orders/:id`, `/inventory/:productId`…): the API's ids
 * are whole numbers above 0, so anything else typed or pasted into the address is said at
 * once, in the person's words ("“abc” is not an order number"), with the way back, instead of
 * a page waiting forever for a request it never makes (or saying “NaN”).
 */
import type { ReactNode } from 'react';
import { BackLink } from './detail-frame';
import { ViewPage } from './view-page';

/**
 * The id in the address, or null when it is not a whole number above 0 (any whole number when
 * `signed`: a location's id may be 0 or below, as the spec allows).
 */
export function parseRouteId(text: string | undefined, signed = false): number | null {
  const raw = decodeURIComponent(text ?? '').trim();
  if (!(signed ? /^-?\d{1,15}$/ : /^\d{1,15}$/).test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && (signed || id > 0) ? id : null;
}

export interface IdRouteProps {
  /** The raw address segment. */
  text: string | undefined;
  /** "order", "return", "product", "location", "tracking event". */
  noun: string;
  /** Where "back" goes, and its label. */
  back: { href: string; label: string };
  /** Ids of 0 and below are ids too (locations). */
  signed?: boolean;
  children(id: number): ReactNode;
}

export function IdRoute({ text, noun, back, signed = false, children }: IdRouteProps) {
  const id = parseRouteId(text, signed);
  if (id !== null) return <>{children(id)}</>;
  const shown = decodeURIComponent(text ?? '');
  const title = `${noun.charAt(0).toUpperCase()}${noun.slice(1)} not found`;
  return (
    <ViewPage title={title}>
      <BackLink {...back} />
      <p role="alert">
        “{shown}” is not {/^[aeiou]/.test(noun) ? 'an' : 'a'} {noun} number: {noun} numbers are
        whole numbers{signed ? '' : ' from 1 up'}.
      </p>
    </ViewPage>
  );
}
