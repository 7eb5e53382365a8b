// @vitest-environment jsdom
/**
 * A button that cannot be pressed says why: the reason is its accessible description and a
 * tooltip on focus; a press does nothing. Without a reason it is a plain button.
 */
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReasonButton } from './reason-button';
import { TooltipProvider } from './tooltip';

afterEach(cleanup);

describe('ReasonButton', () => {
  it('says why it cannot be pressed, and a press does nothing', async () => {
    const pressed = vi.fn();
    render(
      <TooltipProvider delayDuration={0}>
        <ReasonButton why="Select orders first." onClick={pressed}>
          Refresh tracking
        </ReasonButton>
      </TooltipProvider>,
    );
    const button = screen.getByRole('button', {
      name: 'Refresh tracking',
      description: 'Select orders first.',
    });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    const user = userEvent.setup();
    await user.click(button);
    expect(pressed).not.toHaveBeenCalled();
    // Focus (a keyboard user) shows the reason as a tooltip too.
    button.blur();
    await user.tab();
    expect(await screen.findByRole('tooltip')).toHaveProperty(
      'textContent',
      'Select orders first.',
    );
  });

  it('is a plain button with no reason', async () => {
    const pressed = vi.fn();
    render(
      <TooltipProvider>
        <ReasonButton why={null} onClick={pressed}>
          Print labels
        </ReasonButton>
      </TooltipProvider>,
    );
    const button = screen.getByRole('button', { name: 'Print labels' });
    expect(button.getAttribute('aria-disabled')).toBeNull();
    await userEvent.setup().click(button);
    expect(pressed).toHaveBeenCalledOnce();
  });
});
