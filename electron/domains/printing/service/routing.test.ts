import { defaultPrintingSettings } from '@shared/contract/printing-settings';
import type { PrinterView } from '@shared/contract/printing-values';
import { describe, expect, it } from 'vitest';
import { resolveRoute } from './routing';

const printer = (p: Partial<PrinterView> & Pick<PrinterView, 'id' | 'accepts'>): PrinterView => ({
  name: p.id.replace(/^\w+:/, ''),
  kind: 'cups',
  state: 'idle',
  accepting: true,
  isDefault: false,
  pending: 0,
  ...p,
});
const folder = printer({ id: 'save-to-folder', accepts: ['pdf', 'zpl'], kind: 'folder' });
const laser = printer({ id: 'cups:Laser', accepts: ['pdf'], isDefault: true });
const zebra = printer({ id: 'cups:Zebra-2', accepts: ['zpl'] });
const zebraDriver = printer({ id: 'cups:Zebra-3', accepts: ['pdf', 'zpl'] });

describe('routing per document kind', () => {
  it('sends PDFs to the system default on first run, ZPL to Save to folder, labels at 4x6', () => {
    const settings = defaultPrintingSettings();
    const printers = [folder, laser, zebra];
    expect(resolveRoute('shipping_label', 'pdf', settings, printers)).toEqual({
      kind: 'shipping_label',
      printerId: 'cups:Laser',
      copies: 1,
      media: '4x6in',
    });
    expect(resolveRoute('shipment_label_zpl', 'zpl', settings, printers).printerId).toBe(
      'save-to-folder',
    );
    expect(resolveRoute('packing_slip', 'pdf', settings, printers).media).toBe('default');
    // No default printer at all: Save to folder.
    expect(resolveRoute('packing_slip', 'pdf', settings, [folder]).printerId).toBe(
      'save-to-folder',
    );
  });

  it('uses the route, and the dialog’s override wins field by field', () => {
    const settings = defaultPrintingSettings();
    settings.routes.packing_slip = { printerId: 'cups:Laser', copies: 2, media: 'A4' };
    const printers = [folder, laser, zebraDriver];
    expect(resolveRoute('packing_slip', 'pdf', settings, printers)).toMatchObject({
      printerId: 'cups:Laser',
      copies: 2,
      media: 'A4',
    });
    expect(
      resolveRoute('packing_slip', 'pdf', settings, printers, {
        printerId: 'cups:Zebra-3',
        media: 'Letter',
      }),
    ).toMatchObject({ printerId: 'cups:Zebra-3', copies: 2, media: 'Letter' });
  });

  it('refuses ZPL on a PDF printer and PDF on a raw label printer, saying what to do', () => {
    const settings = defaultPrintingSettings();
    settings.routes.shipment_label_zpl.printerId = 'cups:Laser';
    settings.routes.shipping_label.printerId = 'cups:Zebra-2';
    const printers = [folder, laser, zebra];
    expect(() => resolveRoute('shipment_label_zpl', 'zpl', settings, printers)).toThrow(
      /ZPL.*Laser takes PDF only/,
    );
    expect(() => resolveRoute('shipping_label', 'pdf', settings, printers)).toThrow(
      /Zebra-2 is a label printer that takes ZPL only/,
    );
  });

  it('names a printer that is gone', () => {
    const settings = defaultPrintingSettings();
    settings.routes.pick_list.printerId = 'cups:Office-3';
    expect(() => resolveRoute('pick_list', 'pdf', settings, [folder])).toThrow(
      /Pick lists are set to print on “Office-3”, which is not available now/,
    );
  });
});
