/** Download names for CSV exports: what a person sees in their downloads folder. */
export function csvFileName(what: string, now = new Date()): string {
  const stamp = now.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
  return `${what}-${stamp}.csv`;
}
