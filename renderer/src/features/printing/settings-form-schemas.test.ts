import { describe, expect, it } from 'vitest';
import {
  defaultPrintingSettings,
  PRINT_ROUTE_KINDS,
} from '../../../../shared/contract/printing-settings';
import type { PrinterView } from '../../../../shared/contract/printing-values';
import {
  folderFormSchema,
  networkPrinterFormSchema,
  routesFormSchema,
  routesFormValues,
  routesPatch,
} from './settings-form-schemas';

const printer = (id: string, name: string, accepts: PrinterView['accepts']): PrinterView => ({
  id,
  name,
  kind: id.startsWith('raw:') ? 'raw9100' : 'cups',
  accepts,
  state: 'idle',
  accepting: true,
  isDefault: false,
  pending: 0,
});
const PRINTERS = [
  printer('cups:Office', 'Office', ['pdf']),
  printer('raw:10.0.0.7:9100', 'Zebra', ['zpl']),
];

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('routes form', () => {
  const saved = routesFormValues(defaultPrintingSettings());
  const schema = routesFormSchema(PRINT_ROUTE_KINDS, PRINTERS);

  it('starts from the saved routes: no printer chosen is empty', () => {
    expect(saved.packing_slip).toEqual({ printerId: '', copies: '1', media: 'default' });
    expect(saved.shipping_label.media).toBe('4x6in');
    expect(schema.safeParse(saved).success).toBe(true);
  });

  it('refuses a PDF-only printer for ZPL labels and a ZPL printer for PDFs', () => {
    const zplOnPdf = schema.safeParse({
      ...saved,
      shipment_label_zpl: { ...saved.shipment_label_zpl, printerId: 'cups:Office' },
    });
    expect(zplOnPdf.error?.issues[0]).toMatchObject({
      path: ['shipment_label_zpl', 'printerId'],
      message: 'Office takes PDF only; ZPL labels need a label printer.',
    });
    const pdfOnZebra = schema.safeParse({
      ...saved,
      packing_slip: { ...saved.packing_slip, printerId: 'raw:10.0.0.7:9100' },
    });
    expect(pdfOnZebra.error?.issues[0]?.path).toEqual(['packing_slip', 'printerId']);
  });

  it('takes copies from 1 to 99', () => {
    const copies = (c: string) =>
      schema.safeParse({ ...saved, pick_list: { ...saved.pick_list, copies: c } }).success;
    expect(['1', '99', ' 7 '].map(copies)).toEqual([true, true, true]);
    expect(['0', '100', '', '1.5', 'x'].map(copies)).toEqual([false, false, false, false, false]);
  });

  it('patches only the routes that changed, an empty printer as null', () => {
    const after = {
      ...saved,
      packing_slip: { printerId: 'cups:Office', copies: '2', media: 'A4' as const },
    };
    expect(routesPatch(saved, after)).toEqual({
      packing_slip: { printerId: 'cups:Office', copies: 2, media: 'A4' },
    });
    const back = { ...after, packing_slip: { ...after.packing_slip, printerId: '' } };
    expect(routesPatch(after, back)).toEqual({
      packing_slip: { printerId: null, copies: 2, media: 'A4' },
    });
    expect(routesPatch(saved, saved)).toEqual({});
  });
});

describe('network printer form', () => {
  it('accepts a host and port, and names what is wrong otherwise', () => {
    expect(
      networkPrinterFormSchema.safeParse({ name: 'Zebra', host: '10.0.0.7', port: '9100' }).success,
    ).toBe(true);
    expect(
      firstMessage(
        networkPrinterFormSchema.safeParse({ name: 'Z', host: 'http://x/', port: '9100' }),
      ),
    ).toMatch(/host name or IP address only/);
    expect(
      firstMessage(networkPrinterFormSchema.safeParse({ name: 'Z', host: 'x', port: '0' })),
    ).toMatch(/from 1 to 65535/);
    expect(
      firstMessage(networkPrinterFormSchema.safeParse({ name: ' ', host: 'x', port: '9100' })),
    ).toMatch(/Give the printer a name/);
  });
});

describe('folder form', () => {
  it('takes absolute paths only', () => {
    const ok = (folder: string) => folderFormSchema.safeParse({ folder }).success;
    expect(['/home/pack/Labels', 'C:\\Labels', 'D:/Labels'].map(ok)).toEqual([true, true, true]);
    expect(['Labels', './x', '', '~/Labels'].map(ok)).toEqual([false, false, false, false]);
  });
});
