// @vitest-environment jsdom
/**
 * Settings → Floor's idle time as a supervisor sets it: the floor's value and who set it,
 * a value out of bounds named in words and never sent, a good one saved for the floor, and
 * the floor's refusal shown as its sentence.
 */
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FloorClaimSettingsView } from '../../../../shared/contract/floor-claim-settings';
import type { PackbenchClient } from '../../bridge';
import { bridgeWrapper, fails } from '../../test-support/stub-bridge';
import { ClaimIdleForm } from './claim-idle-form';

afterEach(cleanup);

const floorValue: FloorClaimSettingsView = {
  claimIdleMinutes: 15,
  changedBy: null,
  changedAt: null,
  floor: 'floor',
  message: null,
};

function renderForm(methods: Record<string, unknown>) {
  const client = {
    floorClaimSettingsGet: vi.fn(async () => ({ ok: true, value: floorValue })),
    ...methods,
  };
  render(<ClaimIdleForm />, bridgeWrapper(client as unknown as PackbenchClient));
  return userEvent.setup();
}

const field = () => screen.getByLabelText(/Free an open order left alone for/);

/** The supervisor types `minutes` over what the field holds and presses Save. */
async function saveTyped(user: ReturnType<typeof userEvent.setup>, minutes: string) {
  await user.clear(field());
  await user.type(field(), minutes);
  await user.click(screen.getByRole('button', { name: 'Save' }));
}

describe('Settings → Floor: how long an open order stays with its packer', () => {
  it('refuses a value out of bounds in words, then saves a good one for the floor', async () => {
    const floorClaimSettingsSave = vi.fn(async ({ claimIdleMinutes }) => ({
      ok: true,
      value: {
        ...floorValue,
        claimIdleMinutes,
        changedBy: 'Dee',
        changedAt: '2026-11-28T10:00:00Z',
      },
    }));
    const user = renderForm({ floorClaimSettingsSave });
    await screen.findByDisplayValue('15');
    await saveTyped(user, '0');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The idle time is between 1 and 720 minutes.',
    );
    await saveTyped(user, 'ten');
    expect((await screen.findByRole('alert')).textContent).toMatch(/whole minutes/);
    expect(floorClaimSettingsSave).not.toHaveBeenCalled();
    // What was typed stays in the field.
    expect((field() as HTMLInputElement).value).toBe('ten');

    await saveTyped(user, '25');
    expect(floorClaimSettingsSave).toHaveBeenCalledWith({ claimIdleMinutes: 25 });
    expect(await screen.findByText(/Set by Dee/)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the floor’s refusal as its sentence', async () => {
    const floorClaimSettingsSave = vi.fn(
      fails('invalid_input', 'The idle time was not saved: the floor did not answer in time.'),
    );
    const user = renderForm({ floorClaimSettingsSave });
    await screen.findByDisplayValue('15');
    await saveTyped(user, '30');
    expect((await screen.findByRole('alert')).textContent).toMatch(/did not answer in time/);
  });
});
