import { describe, expect, it } from 'vitest';
import { rowClassName } from './list-row';

describe('rowClassName', () => {
  it('marks only the active row, whichever was asked first', () => {
    const idle = rowClassName('flex', undefined, false);
    const active = rowClassName('flex', undefined, true);
    expect(active).toContain('shadow-[inset_3px_0_0_var(--pb-accent)]');
    expect(idle).not.toContain('shadow-');
    // Asked again (now from the kept strings), each keeps its own look.
    expect(rowClassName('flex', undefined, false)).toBe(idle);
    expect(rowClassName('flex', undefined, true)).toBe(active);
  });

  it("lets a view's own class win over the row's (a selected row's tint, a border taken off)", () => {
    const classes = rowClassName('flex', 'border-t-0 bg-accent-soft', false).split(' ');
    expect(classes).toContain('border-t-0');
    expect(classes).not.toContain('border-t');
    expect(classes).toContain('bg-accent-soft');
    expect(rowClassName('flex', 'bg-accent-soft', false)).not.toBe(
      rowClassName('flex', undefined, false),
    );
  });
});
