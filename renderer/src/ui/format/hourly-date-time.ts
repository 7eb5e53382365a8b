/**
 * Intl's date-and-time text (date and minutes, no seconds) for many instants, worked out once
 * an hour rather than once an instant. Within one hour of UTC such a text differs only in its
 * minutes, so the hour's text is kept as the part before and after the minutes, and an
 * instant's text is those two around its minutes. `Intl.DateTimeFormat.format` cost the
 * shipments grid about 50 µs a cell: half a millisecond of every scroll frame, which draws ten
 * new rows (issue 34); the bare list it is measured against formats every date before it draws.
 *
 * Still Intl's text, never a pattern of our own: each hour's parts are read from what Intl
 * wrote for two minutes of that hour and checked against two more (its first and last minute);
 * when they do not agree (a locale whose minutes are not two digits, an offset that changes
 * within the hour, as Lord Howe's does at half past), that hour is formatted by Intl every time.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Hours kept at most (a list of 100,000 rows spans far fewer); past it the cache starts over. */
const HOURS_HELD = 50_000;

type Parts = readonly [before: string, after: string] | null;

export function hourlyDateTime(
  format: Intl.DateTimeFormat,
  locale: string,
): (ms: number) => string {
  const { numberingSystem } = format.resolvedOptions();
  const two = new Intl.NumberFormat(locale, {
    minimumIntegerDigits: 2,
    useGrouping: false,
    numberingSystem,
  });
  const minutes = Array.from({ length: 60 }, (_, m) => two.format(m));
  const hours = new Map<number, Parts>();

  const partsOf = (start: number): Parts => {
    const a = format.format(start + 11 * MINUTE);
    const b = format.format(start + 22 * MINUTE);
    let head = 0;
    while (head < a.length && a[head] === b[head]) head++;
    let tail = 0;
    while (tail < a.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
    const before = a.slice(0, head);
    const after = a.slice(a.length - tail);
    const fits = (m: number, text: string) => text === before + minutes[m] + after;
    const ok =
      fits(11, a) &&
      fits(22, b) &&
      fits(0, format.format(start)) &&
      fits(59, format.format(start + 59 * MINUTE));
    return ok ? [before, after] : null;
  };

  return (ms) => {
    if (!Number.isFinite(ms)) return format.format(ms);
    const hour = Math.floor(ms / HOUR);
    let parts = hours.get(hour);
    if (parts === undefined) {
      if (hours.size >= HOURS_HELD) hours.clear();
      parts = partsOf(hour * HOUR);
      hours.set(hour, parts);
    }
    if (parts === null) return format.format(ms);
    return parts[0] + minutes[Math.floor((ms - hour * HOUR) / MINUTE)] + parts[1];
  };
}
