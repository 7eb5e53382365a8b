/**
 * Reading filter parameters. Each reader returns undefined when the parameter is absent or
 * empty, and collects a message per bad parameter so that one 400 names every bad field.
 */
import { invalid } from '../server/api-error';

export type Query = Record<string, unknown>;

export class QueryReader {
  private readonly errors: Record<string, string[]> = {};
  constructor(private readonly query: Query) {}

  string(name: string): string | undefined {
    const raw = this.query[name];
    const value = Array.isArray(raw) ? raw[raw.length - 1] : raw;
    if (typeof value !== 'string') return undefined;
    const trimmed = value.trim();
    return trimmed === '' ? undefined : trimmed;
  }

  /** A comma-separated list, values trimmed, empties dropped. */
  list(name: string): string[] | undefined {
    const value = this.string(name);
    if (value === undefined) return undefined;
    const items = value
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
    return items.length > 0 ? items : undefined;
  }

  /** An ISO date (YYYY-MM-DD). */
  date(name: string): string | undefined {
    const value = this.string(name);
    if (value === undefined) return undefined;
    const ok = /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));
    if (ok && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value)) return value;
    return this.fail(name, 'Enter a valid date (YYYY-MM-DD).');
  }

  boolean(name: string): boolean | undefined {
    const value = this.string(name)?.toLowerCase();
    if (value === undefined) return undefined;
    if (value === 'true' || value === '1') return true;
    if (value === 'false' || value === '0') return false;
    return this.fail(name, 'Must be true or false.');
  }

  integer(name: string, min = Number.MIN_SAFE_INTEGER): number | undefined {
    const value = this.string(name);
    if (value === undefined) return undefined;
    const n = /^-?\d+$/.test(value) ? Number(value) : Number.NaN;
    if (!Number.isSafeInteger(n)) return this.fail(name, 'Enter a whole number.');
    if (n < min) return this.fail(name, `Ensure this value is greater than or equal to ${min}.`);
    return n;
  }

  /** One of `choices` (case-insensitive), returned in its canonical spelling. */
  choice<T extends string>(name: string, choices: readonly T[]): T | undefined {
    const value = this.string(name);
    if (value === undefined) return undefined;
    const found = choices.find((c) => c.toLowerCase() === value.toLowerCase());
    if (found !== undefined) return found;
    return this.fail(
      name,
      `Select a valid choice. "${value}" is not one of: ${choices.filter(Boolean).join(', ')}.`,
    );
  }

  fail(name: string, message: string): undefined {
    this.errors[name] = [...(this.errors[name] ?? []), message];
    return undefined;
  }

  /** Throws a 400 naming every bad parameter, if any. */
  done(): void {
    if (Object.keys(this.errors).length > 0) throw invalid(this.errors);
  }
}

/** Lower-cased set for case-insensitive membership. */
export function lowerSet(values: readonly string[] | undefined): Set<string> | undefined {
  return values ? new Set(values.map((v) => v.toLowerCase())) : undefined;
}
