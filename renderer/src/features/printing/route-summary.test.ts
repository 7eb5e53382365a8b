import { describe, expect, it } from 'vitest';
import { defaultPrintingSettings } from '../../../../shared/contract/printing-settings';
import { printerView } from '../../test-support/printing-fixtures';
import { printerLabel, printersFor, summarizeRoute } from './route-summary';

const folder = printerView({
  id: 'save-to-folder',
  name: 'Save to folder',
  kind: 'folder',
  accepts: ['pdf', 'zpl'],
});
const office = printerView({ id: 'cups:Office', name: 'Office', isDefault: true });
const zebra = printerView({
  id: 'raw:10.0.0.7:9100',
  name: 'Zebra',
  kind: 'raw9100',
  accepts: ['zpl'],
});

describe('summarizeRoute', () => {
  const settings = defaultPrintingSettings();

  it('falls back to the system default for PDF and to Save to folder for ZPL', () => {
    const slip = summarizeRoute('packing_slip', settings, [folder, office, zebra]);
    expect(printerLabel(slip)).toBe('Default (Office)');
    expect(slip.problem).toBeNull();
    const zpl = summarizeRoute('shipment_label_zpl', settings, [folder, office, zebra]);
    expect(zpl.printerId).toBe('save-to-folder');
  });

  it('says when the routed printer is gone or takes the wrong format', () => {
    const routed = (printerId: string) => ({
      ...settings,
      routes: { ...settings.routes, packing_slip: { ...settings.routes.packing_slip, printerId } },
    });
    expect(summarizeRoute('packing_slip', routed('cups:Gone'), [folder]).problem).toBe(
      'Gone is not available now.',
    );
    expect(summarizeRoute('packing_slip', routed(zebra.id), [zebra]).problem).toMatch(
      /takes ZPL only/,
    );
  });
});

describe('printersFor', () => {
  it('offers only printers that take every kind’s format', () => {
    const all = [folder, office, zebra];
    expect(printersFor(['shipment_label_zpl'], all).map((p) => p.name)).toEqual([
      'Save to folder',
      'Zebra',
    ]);
    expect(printersFor(['shipping_label', 'packing_slip'], all).map((p) => p.name)).toEqual([
      'Save to folder',
      'Office',
    ]);
    expect(printersFor(['packing_slip', 'shipment_label_zpl'], all).map((p) => p.name)).toEqual([
      'Save to folder',
    ]);
  });
});
