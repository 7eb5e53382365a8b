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

describe('the stored Save-to-folder folder', () => {
  it('loads a folder the main process wrote, and the default for anything else', () => {
    const folder = (f: unknown) => printingSettingsSchema.parse({ folder: f }).folder;
    expect(folder('/home/ana/Documents/Labels')).toBe('/home/ana/Documents/Labels');
    expect(folder('C:\\Users\\ana\\Labels')).toBe('C:\\Users\\ana\\Labels');
    for (const bad of ['/proc/self', '/etc', 'relative/path', '/tmp/a\u0000b', '', 7]) {
      expect(folder(bad), String(bad)).toBeNull();
    }
  });
});
