import { describe, expect, it } from 'vitest';
import { defaultPrintingSettings, printingSettingsSchema } from './printing-settings';

describe('printing settings defaults', () => {
  it('never share an object between two loads', () => {
    // Zod's .catch(value) hands back that one value every time: a caller that edits a route
    // of one load (as the routing tests do) would change every later default.
    const first = defaultPrintingSettings();
    first.routes.packing_slip.printerId = 'cups:Changed';
    first.networkPrinters.push({ name: 'Zebra', host: '10.0.0.7', port: 9100 });
    first.printerLanguages['cups:Changed'] = 'zpl';
    first.scan.label = true;
    const second = printingSettingsSchema.parse({ routes: 'damaged', scan: 7 });
    const third = defaultPrintingSettings();
    for (const settings of [second, third]) {
      expect(settings.routes.packing_slip.printerId).toBeNull();
      expect(settings.networkPrinters).toEqual([]);
      expect(settings.printerLanguages).toEqual({});
      expect(settings.scan.label).toBe(false);
    }
  });
});
