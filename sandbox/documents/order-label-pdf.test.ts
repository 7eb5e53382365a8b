import bwipjs from 'bwip-js/node';
import { describe, expect, it } from 'vitest';
import type { LabelInput } from './api-types';
import { orderLabelsPdf } from './order-label-pdf';
import { labelInputsOf, SHIP_FROM, sampleOrder } from './test-fixtures';
import { expectTextHolds, inspectPdf, pageText } from './test-pdf-inspect';

const DOT = 72 / 203;

function labels(count: number): LabelInput[] {
  return Array.from({ length: count }, (_, i) =>
    labelInputsOf(sampleOrder({ id: 3000 + i })),
  ).flat();
}

describe('orderLabelsPdf', () => {
  it('prints one 4x6 inch page (288 x 432 pt) per label', async () => {
    const pages = await inspectPdf(await orderLabelsPdf(labels(5)));
    expect(pages).toHaveLength(5);
    for (const page of pages) {
      expect(page.width).toBeCloseTo(288, 6);
      expect(page.height).toBeCloseTo(432, 6);
    }
  });

  it('keeps the given order and prints each label for its own order', async () => {
    const input = [3, 1, 2].map((n) => labelInputsOf(sampleOrder({ id: 4000 + n }))[0]!);
    const pages = await inspectPdf(await orderLabelsPdf(input));
    expect(pages.map((p) => p.texts.find((t) => t.startsWith('1Z')))).toEqual(
      input.map((l) => l.shipment.tracking_number),
    );
    expect(pageText(pages[0]!)).toContain('ORDER #4003');
  });

  it('shows carrier, service, sender, recipient, order and weight', async () => {
    const [page] = await inspectPdf(await orderLabelsPdf(labelInputsOf(sampleOrder())));
    const text = pageText(page!);
    expectTextHolds(text, [
      'CARRIER A',
      'PARCEL STANDARD',
      SHIP_FROM.name,
      SHIP_FROM.address1,
      'Maria Jansen',
      'Jansen Bloemen B.V.',
      'Prinsengracht 263',
      '2e verdieping',
      '1016 GV Amsterdam NH',
      'NETHERLANDS',
      'ORDER #1001',
      'WEIGHT 1.850 kg',
      '1Z999AA10000001001',
    ]);
  });

  it('draws the Code 128 of the tracking number in whole printer dots with quiet zones', async () => {
    const order = sampleOrder();
    const tracking = order.shipments[0]!.tracking_number!;
    const [page] = await inspectPdf(await orderLabelsPdf(labelInputsOf(order)));
    // The bars: the tall rectangles (rules are at most 6 dots high).
    const bars = page!.rects.filter(([, , , h]) => h > 50).sort((a, b) => a[0] - b[0]);
    const expected = (bwipjs.raw('code128', tracking, {})[0] as { sbs: number[] }).sbs;
    expect(bars).toHaveLength(Math.ceil(expected.length / 2));
    const module = bars[0]![2] / expected[0]!;
    // At least 2 dots (0.25 mm) per module, and a whole number of dots.
    expect(module / DOT).toBeGreaterThanOrEqual(2);
    expect(Math.abs(module / DOT - Math.round(module / DOT))).toBeLessThan(0.01);
    // Bar and space widths, in modules, read back from the rectangles.
    const widths: number[] = [];
    bars.forEach(([x, , w], i) => {
      if (i > 0) {
        const prev = bars[i - 1]!;
        widths.push(Math.round((x - prev[0] - prev[2]) / module));
      }
      widths.push(Math.round(w / module));
    });
    expect(widths).toEqual(expected);
    const left = bars[0]![0];
    const right = bars.at(-1)![0] + bars.at(-1)![2];
    expect(left).toBeGreaterThanOrEqual(10 * module);
    expect(288 - right).toBeGreaterThanOrEqual(10 * module);
  });

  it('prints names outside WinAnsi instead of throwing', async () => {
    const order = sampleOrder({
      recipient_name: 'Łukasz Żółć',
      company: 'Øre & Søn ApS 株式会社 🚚',
      address1: 'ул. Тверская 1',
      city: 'Kraków',
    });
    const [page] = await inspectPdf(await orderLabelsPdf(labelInputsOf(order)));
    const text = pageText(page!);
    expect(text).toContain('Lukasz Zólc');
    expect(text).toContain('Øre & Søn ApS ???? ?');
    expect(text).toContain('Øre & Søn ApS');
    expect(text).toContain('Kraków');
  });

  it('prints a label without a tracking number, saying so', async () => {
    const order = sampleOrder();
    const shipment = { ...order.shipments[0]!, tracking_number: null };
    const [page] = await inspectPdf(
      await orderLabelsPdf([{ order, shipment, shipFrom: SHIP_FROM }]),
    );
    expect(pageText(page!)).toContain('NO TRACKING NUMBER');
    expect(page!.rects.filter(([, , , h]) => h > 50)).toHaveLength(0);
  });

  it('is byte-for-byte reproducible (no timestamps)', async () => {
    const input = labels(2);
    expect(Buffer.from(await orderLabelsPdf(input))).toEqual(
      Buffer.from(await orderLabelsPdf(input)),
    );
  });

  it('keeps postcode and country when an address has more lines than fit', async () => {
    const order = sampleOrder({
      country: 'GB',
      city: 'London',
      province_code: null,
      postal_code: 'SW1A 1AA',
      address2: 'Flat 4, Rear entrance',
    });
    const text = pageText((await inspectPdf(await orderLabelsPdf(labelInputsOf(order))))[0]!);
    expect(text).toContain('SW1A 1AA');
    expect(text).toContain('UNITED KINGDOM');
  });
});
