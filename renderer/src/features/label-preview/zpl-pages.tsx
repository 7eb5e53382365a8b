/**
 * A ZPL label as the main process drew it: one PNG per label in the code (one pixel per
 * printer dot), each with its size in inches, as the printer will print it.
 */
import type { ZplPage, ZplRendering } from '../../../../shared/contract/label-rendering';

const MM_PER_INCH = 25.4;

function inches(dots: number, dotsPerMm: number): string {
  return new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 }).format(
    dots / dotsPerMm / MM_PER_INCH,
  );
}

/** "4 × 6 in (812 × 1218 dots at 203 dpi)". */
export function pageSize(page: ZplPage, dotsPerMm: number): string {
  const dpi = Math.round(dotsPerMm * MM_PER_INCH);
  return `${inches(page.widthDots, dotsPerMm)} × ${inches(page.heightDots, dotsPerMm)} in (${page.widthDots} × ${page.heightDots} dots at ${dpi} dpi)`;
}

export function ZplPages({ rendering, title }: { rendering: ZplRendering; title: string }) {
  const { pages, dotsPerMm } = rendering;
  return (
    <ol
      className="flex flex-wrap gap-3"
      aria-label={pages.length > 1 ? `${title}: ${pages.length} labels` : undefined}
    >
      {pages.map((page, i) => {
        const name = pages.length === 1 ? title : `${title}, label ${i + 1} of ${pages.length}`;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: pages never move; the index is their identity
          <li key={i} className="flex flex-col gap-1">
            <img
              src={`data:image/png;base64,${page.pngBase64}`}
              alt={name}
              width={page.widthDots}
              height={page.heightDots}
              data-testid="label-zpl-image"
              className="h-auto w-72 max-w-full border border-line bg-white"
            />
            <span className="text-xs text-muted">{pageSize(page, dotsPerMm)}</span>
          </li>
        );
      })}
    </ol>
  );
}
