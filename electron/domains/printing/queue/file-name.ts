/**
 * File names for the Save-to-folder printer. Job titles come from order numbers, customer
 * names and RMA notes, i.e. from outside: they must never leave the chosen folder, hide
 * themselves, or be names Windows refuses.
 */

const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;
const MAX_TITLE_LENGTH = 100;

/** A title made safe to be one path segment on Linux, macOS and Windows. */
export function sanitizeTitle(title: string): string {
  let name = title
    .normalize('NFC')
    // Control characters (newlines, NUL, escape sequences) and separators become spaces;
    // characters Windows forbids in names become underscores.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping them is the point.
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029/\\]/g, ' ')
    .replace(/[<>:"|?*]/g, '_')
    .replace(/\s+/g, ' ')
    .trim()
    // No ".." or hidden files; Windows drops trailing dots and spaces silently.
    .replace(/^[.\s]+/, '')
    .replace(/[.\s]+$/, '');
  if (name.length > MAX_TITLE_LENGTH) name = name.slice(0, MAX_TITLE_LENGTH).trimEnd();
  if (WINDOWS_RESERVED.test(name)) name = `_${name}`;
  return name || 'print job';
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** yyyyMMdd-HHmmss in local time: what the person at the station sees on the wall clock. */
export function timestamp(date: Date): string {
  return (
    `${date.getFullYear()}${pad(date.getMonth() + 1)}${pad(date.getDate())}-` +
    `${pad(date.getHours())}${pad(date.getMinutes())}${pad(date.getSeconds())}`
  );
}

/** The n-th candidate name: "<stamp> <title>.pdf", then "… (2).pdf", "… (3).pdf". */
export function candidateName(stamp: string, title: string, ext: string, n: number): string {
  return `${stamp} ${sanitizeTitle(title)}${n > 1 ? ` (${n})` : ''}.${ext}`;
}
