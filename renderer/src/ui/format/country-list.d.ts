/** The parts of `country-list` (ISO 3166-1 alpha-2 codes and their English names) used here. */
declare module 'country-list' {
  export function getCodes(): string[];
  export function getName(code: string): string | undefined;
}
