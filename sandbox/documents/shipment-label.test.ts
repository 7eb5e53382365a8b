import bwipjs from 'bwip-js/node';
import { describe, expect, it } from 'vitest';
import { shipmentLabelFile, shipmentLabelZpl } from './shipment-label';
import { sampleShipment } from './test-fixtures';
import { expectTextHolds, inspectPdf, oneLabelPage, pageText } from './test-pdf-inspect';
import { gifHeader, readPng, scanRow, zplFields } from './test-raster-inspect';

const BARCODE_MIDDLE = 952 + 90;

function sbs(text: string): number[] {
  return (bwipjs.raw('code128', text, {})[0] as { sbs: number[] }).sbs;
}

describe('shipmentLabelFile', () => {
  it('PDF: one 4x6 page with both contacts and the tracking number', async () => {
    const page = await oneLabelPage(await shipmentLabelFile(sampleShipment(), 'PDF'));
    const text = pageText(page);
    expectTextHolds(text, [
      'CARRIER B',
      'EXPRESS 12',
      'Rotterdam DC',
      'Lukasz Zólc',
      'ul. Marszalkowska 140',
      '00-061 Warszawa Mazowieckie',
      'POLAND',
      'PACKAGES 2',
      'WEIGHT 3.150 kg',
      'CB123456789NL',
    ]);
  });

  it('PNG: 812 x 1218 px at 203 dpi holding the exact Code 128 of the tracking number', async () => {
    const png = await shipmentLabelFile(sampleShipment(), 'PNG');
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
    const image = readPng(png);
    expect([image.width, image.height]).toEqual([812, 1218]);
    const row = scanRow(image, BARCODE_MIDDLE);
    const expected = sbs('CB123456789NL');
    const module = row.runs[0]! / expected[0]!;
    expect(module).toBeGreaterThanOrEqual(2);
    expect(row.runs.map((r) => r / module)).toEqual(expected);
    expect(row.left).toBeGreaterThanOrEqual(10 * module);
    expect(row.right).toBeGreaterThanOrEqual(10 * module);
    // The address is drawn too: the "ship to" block is not blank.
    const inked = scanRow(image, 440).runs.length;
    expect(inked).toBeGreaterThan(10);
  });

  it('GIF: a GIF89a of the same 812 x 1218 label', async () => {
    const gif = await shipmentLabelFile(sampleShipment(), 'GIF');
    expect(gifHeader(gif)).toEqual({ signature: 'GIF89a', width: 812, height: 1218 });
    expect(gif.at(-1)).toBe(0x3b); // trailer
  });

  it('ZPL: a 203 dpi label with UTF-8 text, escaped data and a Code 128 of the tracking number', async () => {
    const zpl = (await shipmentLabelFile(sampleShipment(), 'ZPL')).toString('utf8');
    expect(zpl).toBe(shipmentLabelZpl(sampleShipment()));
    expect(zpl.startsWith('^XA')).toBe(true);
    expect(zpl.endsWith('^XZ')).toBe(true);
    for (const command of ['^CI28', '^PW812', '^LL1218', '^BY3']) expect(zpl).toContain(command);
    expect(zpl).toMatch(/\^BCN,\d+,Y,N,N\^FH\\\^FDCB123456789NL\^FS/);
    // "Biuro ^Główne~": the caret and tilde are hex escapes, the letters UTF-8.
    expect(zpl).toContain('^FDBiuro \\5EGłówne\\7E^FS');
    for (const data of zplFields(zpl)) expect(data).not.toMatch(/[\^~]/);
    expect(zpl.match(/\^XA/g)).toHaveLength(1);
  });

  it('ZPL: ">" in barcode data is the literal "><"', () => {
    const zpl = shipmentLabelZpl(sampleShipment({ tracking_number: 'AB>12^3' }));
    expect(zpl).toContain('^FDAB><12\\5E3^FS');
  });

  it('prints a shipment with missing optional parts', async () => {
    const bare = sampleShipment({
      packages: [],
      manifest_id: undefined,
      ship_to: {
        name: null,
        address: {
          location_name: '東京',
          line1: '1-1',
          city: 'Tokyo',
          postcode: '100-0001',
          country_code: 'JP',
        },
        alternate_address: null,
      },
    });
    for (const format of ['PDF', 'PNG', 'GIF', 'ZPL'] as const) {
      expect((await shipmentLabelFile(bare, format)).length).toBeGreaterThan(100);
    }
    expect(pageText((await inspectPdf(await shipmentLabelFile(bare, 'PDF')))[0]!)).toContain(
      'JAPAN',
    );
  });

  it('prints a tracking number too long to scan at 203 dpi as text, not as a broken barcode', async () => {
    const long = sampleShipment({ tracking_number: 'X'.repeat(120) });
    expect(shipmentLabelZpl(long)).not.toContain('^BC');
    const [page] = await inspectPdf(await shipmentLabelFile(long, 'PDF'));
    expect(page!.rects.filter(([, , , h]) => h > 50)).toHaveLength(0);
    expect(pageText(page!)).toContain('XXXXXXXX');
  });
});
