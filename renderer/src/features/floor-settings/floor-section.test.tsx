// @vitest-environment jsdom
/**
 * Settings → Floor as a person uses it: the status in words, Test connection's verdict, TLS off
 * for another computer held back until the warning is ticked, the password sent once and never
 * shown, and the offline banner's sentence.
 */
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FloorSettingsView } from '../../../../shared/contract/floor-values';
import type { PackbenchClient } from '../../bridge';
import { bridgeWrapper } from '../../test-support/stub-bridge';
import { floorBannerText } from './floor-banner';
import { FloorSection } from './floor-section';

afterEach(cleanup);

const alone: FloorSettingsView = {
  status: 'not-configured',
  problem: null,
  pending: 0,
  settings: null,
  hasPassword: false,
  stationName: 'Bench 3',
};

function renderSection(methods: Record<string, unknown>) {
  const client = { floorSettingsGet: vi.fn(async () => ({ ok: true, value: alone })), ...methods };
  render(<FloorSection />, bridgeWrapper(client as unknown as PackbenchClient));
  return userEvent.setup();
}

describe('Settings → Floor', () => {
  it('tests the connection and shows what is wrong in words', async () => {
    const floorTest = vi.fn(async () => ({
      ok: true,
      value: {
        ok: false,
        kind: 'password',
        message: 'The floor database refused the user name or password.',
      },
    }));
    const user = renderSection({ floorTest });
    expect(await screen.findByText('Not on a floor: this station works alone')).toBeTruthy();
    await user.type(screen.getByLabelText('Host'), '127.0.0.1');
    await user.type(screen.getByLabelText('User'), 'bench3');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Test connection' }));
    expect((await screen.findByTestId('floor-verdict')).textContent).toBe(
      'The floor database refused the user name or password.',
    );
    expect(floorTest).toHaveBeenCalledWith({
      host: '127.0.0.1',
      port: 5432,
      database: 'packbench_floor',
      user: 'bench3',
      tls: 'require',
      password: 'secret-pass',
    });
  });

  it('TLS off for another computer is held back until the warning is ticked', async () => {
    const floorSettingsSave = vi.fn(async () => ({
      ok: true,
      value: {
        ...alone,
        status: 'online',
        settings: {
          host: 'db.floor',
          port: 5432,
          database: 'packbench_floor',
          user: 'b',
          tls: 'off',
        },
        hasPassword: true,
      },
    }));
    const user = renderSection({ floorSettingsSave });
    await screen.findByText('Not on a floor: this station works alone');
    await user.type(screen.getByLabelText('Host'), 'db.floor');
    await user.type(screen.getByLabelText('User'), 'b');
    await user.selectOptions(screen.getByLabelText('TLS'), 'off');
    await user.click(screen.getByRole('button', { name: 'Save and join the floor' }));
    expect(await screen.findByText(/cross the network\s+unencrypted/)).toBeTruthy();
    expect(
      screen.getByText('Tick the warning about TLS being off, or choose a TLS setting.'),
    ).toBeTruthy();
    expect(floorSettingsSave).not.toHaveBeenCalled();
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Save and join the floor' }));
    expect(floorSettingsSave).toHaveBeenCalledWith({
      connection: {
        host: 'db.floor',
        port: 5432,
        database: 'packbench_floor',
        user: 'b',
        tls: 'off',
        allowPlain: true,
      },
    });
  });

  it('the offline banner says claims are local only and how much waits', () => {
    expect(floorBannerText(0)).toBe('claims are local only; nothing is waiting to be sent.');
    expect(floorBannerText(1)).toBe(
      'claims are local only; 1 action will be sent when it is back.',
    );
    expect(floorBannerText(1200)).toBe(
      'claims are local only; 1,200 actions will be sent when it is back.',
    );
  });
});
