/**
 * Text for fonts that only know a small character set. pdf-lib's standard fonts (Helvetica)
 * encode WinAnsi only and throw on anything else; the bitmap font of the PNG/GIF labels has
 * ASCII glyphs only. Customer names come from every country, so text is transliterated
 * ("Łukasz Żółć" → "Lukasz Zolc" in ASCII, "Lukasz Zółc" in WinAnsi) and whatever has no
 * sensible Latin spelling (CJK, Cyrillic, emoji) becomes "?" rather than failing the print.
 */

/** The code points of Windows-1252 outside Latin-1 (0x80-0x9F), which WinAnsi also encodes. */
const WIN_ANSI_EXTRAS = new Set(
  [
    0x20ac, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152,
    0x017d, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a,
    0x0153, 0x017e, 0x0178,
  ].map((cp) => String.fromCodePoint(cp)),
);

/** Every character WinAnsi (and so Helvetica in pdf-lib) can encode. */
export function isWinAnsi(ch: string): boolean {
  const cp = ch.codePointAt(0) ?? 0;
  return (cp >= 0x20 && cp <= 0x7e) || (cp >= 0xa0 && cp <= 0xff) || WIN_ANSI_EXTRAS.has(ch);
}

function isAscii(ch: string): boolean {
  const cp = ch.codePointAt(0) ?? 0;
  return cp >= 0x20 && cp <= 0x7e;
}

/**
 * Letters and signs that Unicode decomposition leaves alone but that have a usual Latin
 * spelling. Values are ASCII, so they fit both targets; a character the target encodes
 * itself (Ø in WinAnsi) is kept and never reaches this table.
 */
const FALLBACK: Record<string, string> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ð: 'D',
  ð: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  ĸ: 'k',
  Ŋ: 'N',
  ŋ: 'n',
  Ŧ: 'T',
  ŧ: 't',
  Ø: 'O',
  ø: 'o',
  Æ: 'AE',
  æ: 'ae',
  Œ: 'OE',
  œ: 'oe',
  ß: 'ss',
  Þ: 'Th',
  þ: 'th',
  ƒ: 'f',
  '‘': "'",
  '’': "'",
  '‚': "'",
  ʼ: "'",
  '‹': '<',
  '›': '>',
  '“': '"',
  '”': '"',
  '„': '"',
  '«': '"',
  '»': '"',
  '‐': '-',
  '‑': '-',
  '‒': '-',
  '–': '-',
  '—': '-',
  '―': '-',
  '−': '-',
  '•': '*',
  '·': '.',
  '€': 'EUR',
  '£': 'GBP',
  '¥': 'JPY',
  '©': '(c)',
  '®': '(R)',
  '°': 'o',
  '×': 'x',
  '÷': '/',
  '¡': '!',
  '¿': '?',
  '\u00a0': ' ',
  '\u00ad': '',
  '\u200b': '',
  '\u200c': '',
  '\u200d': '',
  '\u2060': '',
  '\ufeff': '',
};

const COMBINING_MARKS = /\p{M}/gu;

function sanitizeChar(ch: string, allowed: (ch: string) => boolean, depth: number): string {
  if (allowed(ch)) return ch;
  const cp = ch.codePointAt(0) ?? 0;
  // Tabs, line breaks and other controls: labels and table cells are single lines.
  if (cp < 0x20 || (cp >= 0x7f && cp <= 0x9f) || cp === 0x2028 || cp === 0x2029) return ' ';
  const mapped = FALLBACK[ch];
  if (mapped !== undefined) return mapped;
  if (/\s/u.test(ch)) return ' ';
  if (depth === 0) {
    // NFKD splits "ż" into "z" + a combining dot and "ﬁ" into "fi"; the marks are dropped.
    const plain = ch.normalize('NFKD').replace(COMBINING_MARKS, '');
    if (plain !== ch && plain !== '') {
      let out = '';
      for (const part of plain) out += sanitizeChar(part, allowed, 1);
      return out;
    }
  }
  return '?';
}

function sanitize(text: string, allowed: (ch: string) => boolean, fast: RegExp): string {
  if (fast.test(text)) return text;
  let out = '';
  for (const ch of text) out += sanitizeChar(ch, allowed, 0);
  return out;
}

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** Text that pdf-lib's standard fonts can encode: never throws when drawn. */
export function toWinAnsi(text: string): string {
  return sanitize(text, isWinAnsi, PRINTABLE_ASCII);
}

/** Printable ASCII only, for the bitmap font of raster labels and for barcode data. */
export function toAscii(text: string): string {
  return sanitize(text, isAscii, PRINTABLE_ASCII);
}

/** Any API value as one printable line: null and undefined are empty, the rest is String()ed. */
export function lineOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}
