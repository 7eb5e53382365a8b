import { describe, expect, it } from 'vitest';
import { formattersFor } from './use-formatters';

describe('formattersFor', () => {
  it('builds the formatters once per locale and shares them', () => {
    const a = formattersFor('de-DE', ['en-US']);
    expect(formattersFor('de-DE', ['en-US'])).toBe(a);
    expect(a.locale).toBe('de-DE');
    expect(a.money('1234.5', 'EUR').replace(/\s/g, ' ')).toBe('1.234,50 €');
  });

  it('follows a change of the saved locale or of the browser languages', () => {
    const saved = formattersFor('fr-FR', ['en-US']);
    expect(formattersFor('en-GB', ['en-US']).locale).toBe('en-GB');
    expect(formattersFor(null, ['nl-NL']).locale).toBe('nl-NL');
    expect(formattersFor(null, ['en-US'])).not.toBe(saved);
    expect(formattersFor(null, ['en-US']).number(1234)).toBe('1,234');
  });
});
