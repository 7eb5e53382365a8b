/**
 * The views' "any schema-valid answer renders" tests, shared instead of pasted: one test per
 * variant of a schema (schema-variants.ts), named `renders <variant>`, with console errors
 * silenced (React logs what the view error boundary catches; a crash must show as the
 * boundary's text, which `check` looks for), and optionally a first test that there are at
 * least `atLeast` variants, so an empty list cannot pass by testing nothing.
 */
import { expect, it, vi } from 'vitest';
import type { components } from '../../../shared/api/schema.gen';
import { type SchemaName, type SchemaVariant, schemaVariants } from './schema-variants';

export function itRendersEachVariant<N extends SchemaName>(
  name: N,
  check: (variant: SchemaVariant<components['schemas'][N]>) => Promise<void>,
  options: { atLeast?: number } = {},
): void {
  const variants = schemaVariants(name);
  const { atLeast } = options;
  if (atLeast !== undefined) {
    it('has variants to test', () => expect(variants.length).toBeGreaterThanOrEqual(atLeast));
  }
  for (const variant of variants) {
    it(`renders ${variant.label}`, async () => {
      vi.spyOn(console, 'error').mockImplementation(() => {});
      await check(variant);
    });
  }
}
