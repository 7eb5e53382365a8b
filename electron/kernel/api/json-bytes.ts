/**
 * The bytes of JSON's structure, for the scanner that finds where values end in UTF-8 text
 * without parsing it (operations/json-array-elements.ts, for a streamed list): what it looks
 * for, named once.
 */
export const QUOTE = 0x22;
export const BACKSLASH = 0x5c;
export const COMMA = 0x2c;
export const COLON = 0x3a;
export const OPEN_CURLY = 0x7b;
export const CLOSE_CURLY = 0x7d;
export const OPEN_SQUARE = 0x5b;
export const CLOSE_SQUARE = 0x5d;

/** JSON's whitespace: space, line feed, carriage return, tab. */
export const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
