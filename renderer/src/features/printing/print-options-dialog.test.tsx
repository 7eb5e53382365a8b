// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultPrintingSettings } from '../../../../shared/contract/printing-settings';
import type { PrintersView } from '../../../../shared/contract/printing-values';
import { defaultSettings } from '../../../../shared/contract/settings-schema';
import type { PackbenchClient } from '../../bridge';
import { printerView } from '../../test-support/printing-fixtures';
import { bridgeWrapper } from '../../test-support/stub-bridge';
import { PrintOptionsDialog } from './print-options-dialog';
import type { PrintOverride } from './print-override-schema';

afterEach(cleanup);

const PRINTERS: PrintersView = {
  printers: [
    printerView({
      id: 'save-to-folder',
      name: 'Save to folder',
      kind: 'folder',
      accepts: ['pdf', 'zpl'],
    }),
    printerView({ id: 'cups:Office', name: 'Office', isDefault: true }),
    printerView({ id: 'raw:10.0.0.7:9100', name: 'Zebra', kind: 'raw9100', accepts: ['zpl'] }),
  ],
  problem: null,
  refreshedAt: '2026-11-22T10:00:00.000Z',
};

function renderDialog(onConfirm: (o: PrintOverride) => void) {
  const settings = defaultSettings();
  settings.printing = defaultPrintingSettings();
  settings.printing.routes.packing_slip = { printerId: 'cups:Office', copies: 2, media: 'A4' };
  const client = {
    settingsGet: async () => ({ ok: true, value: { settings, path: '/x', notices: [] } }),
    printersList: async () => ({ ok: true, value: PRINTERS }),
  } as unknown as PackbenchClient;
  const onOpenChange = vi.fn();
  render(
    <PrintOptionsDialog
      open
      onOpenChange={onOpenChange}
      title="Print documents"
      kinds={['packing_slip', 'shipping_label']}
      confirmLabel="Print documents"
      onConfirm={onConfirm}
    />,
    bridgeWrapper(client),
  );
  return { onOpenChange, user: userEvent.setup() };
}

describe('PrintOptionsDialog', () => {
  it('shows each kind as routed and offers only printers that take PDF', async () => {
    renderDialog(vi.fn());
    const routed = await screen.findByRole('list', { name: 'Where these documents print' });
    const rows = within(routed)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(rows).toEqual([
      'Shipping labels (orders): Default (Office), 1 copy, 4 × 6 in label',
      'Packing slips: Office, 2 copies, A4',
    ]);
    const select = screen.getByLabelText('Printer');
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(3));
    expect(within(select).queryByRole('option', { name: 'Zebra' })).toBeNull();
  });

  it('confirms with only what was changed, and closes', async () => {
    const onConfirm = vi.fn();
    const { user, onOpenChange } = renderDialog(onConfirm);
    await screen.findByRole('list', { name: 'Where these documents print' });
    await user.click(screen.getByRole('button', { name: 'Print documents' }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith({}));
    expect(onOpenChange).toHaveBeenCalledWith(false);

    onConfirm.mockClear();
    await user.selectOptions(screen.getByLabelText('Printer'), 'Save to folder');
    await user.type(screen.getByLabelText('Copies'), '3');
    await user.selectOptions(screen.getByLabelText('Paper'), 'Letter');
    await user.click(screen.getByRole('button', { name: 'Print documents' }));
    await waitFor(() =>
      expect(onConfirm).toHaveBeenCalledWith({
        printerId: 'save-to-folder',
        copies: 3,
        media: 'Letter',
      }),
    );
  });

  it('names a wrong number of copies on the field and prints nothing', async () => {
    const onConfirm = vi.fn();
    const { user } = renderDialog(onConfirm);
    await user.type(screen.getByLabelText('Copies'), '120');
    await user.click(screen.getByRole('button', { name: 'Print documents' }));
    await screen.findByText('Copies is from 1 to 99.');
    expect(screen.getByLabelText('Copies').getAttribute('aria-invalid')).toBe('true');
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
