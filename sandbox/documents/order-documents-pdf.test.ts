import { describe, expect, it } from 'vitest';
import { orderDocumentPdf, orderDocumentsPdf } from './order-documents-pdf';
import { bigOrder, labelInputsOf, sampleOrder } from './test-fixtures';
import { expectTextHolds, type InspectedPage, inspectPdf, pageText } from './test-pdf-inspect';
import { warmUpDocuments } from './warm-up';

const A4 = [595.28, 841.89];
const LETTER = [612, 792];
const LABEL = [288, 432];

function size(page: InspectedPage): number[] {
  return [Math.round(page.width * 100) / 100, Math.round(page.height * 100) / 100];
}

/** What a page is, from its heading. */
function kindOf(page: InspectedPage): string {
  const text = pageText(page);
  if (text.startsWith('PACKING SLIP')) return 'packing_slip';
  if (text.startsWith('PICK LIST')) return 'pick_list';
  if (text.startsWith('COMMERCIAL INVOICE')) return 'commercial_invoice';
  if (text.includes('TRACKING NUMBER')) return 'shipping_label';
  return 'unknown';
}

describe('orderDocumentPdf', () => {
  it('uses Letter for US, CA, MX and PH and A4 elsewhere', async () => {
    for (const [country, paper] of [
      ['US', LETTER],
      ['CA', LETTER],
      ['MX', LETTER],
      ['PH', LETTER],
      ['NL', A4],
      ['GB', A4],
      ['JP', A4],
    ] as const) {
      const pages = await inspectPdf(
        await orderDocumentPdf(sampleOrder({ country }), 'packing_slip'),
      );
      expect(pages.map(size), country).toEqual([paper]);
    }
  });

  it('packing slip lists every item and the order totals', async () => {
    const [page] = await inspectPdf(await orderDocumentPdf(sampleOrder(), 'packing_slip'));
    const text = pageText(page!);
    expectTextHolds(text, [
      'PACKING SLIP',
      '#1001',
      'TS-BLK-M',
      'Stoneware mug',
      '39.90 EUR',
      '84.90 EUR',
      '-5.00 EUR',
      '6.95 EUR',
      '17.83 EUR',
      '104.68 EUR',
      'Page 1 of 1',
    ]);
  });

  it('pick list is sorted by SKU and shows bins from the lookup', async () => {
    const [page] = await inspectPdf(
      await orderDocumentPdf(sampleOrder(), 'pick_list', {
        binFor: (sku) => `BIN-${sku.slice(0, 3)}`,
      }),
    );
    const skus = page!.texts.filter((t) => ['BAG-TOTE', 'MUG-001', 'TS-BLK-M'].includes(t));
    expect(skus).toEqual(['BAG-TOTE', 'MUG-001', 'TS-BLK-M']);
    expect(page!.texts).toContain('BIN-BAG');
    expect(pageText(page!)).toContain('Units 4');
  });

  it('commercial invoice names sender and receiver, tariff codes, origin and a declaration', async () => {
    const [page] = await inspectPdf(
      await orderDocumentPdf(sampleOrder({ country: 'US', currency: 'USD' }), 'commercial_invoice'),
    );
    const text = pageText(page!);
    expectTextHolds(text, [
      'COMMERCIAL INVOICE',
      'EXPORTER / SENDER',
      'IMPORTER / RECEIVER',
      'Maria Jansen',
      'UNITED STATES',
      'Total invoice value',
      '104.68 USD',
      'Declaration:',
    ]);
    expect(page!.texts.some((t) => /^\d{4}\.\d{2}\*?$/.test(t))).toBe(true);
  });

  it('runs over several pages when the items do, numbering them', async () => {
    const pages = await inspectPdf(await orderDocumentPdf(bigOrder(150), 'pick_list'));
    expect(pages.length).toBeGreaterThan(2);
    pages.forEach((page, i) => {
      expect(pageText(page)).toContain(`Page ${i + 1} of ${pages.length}`);
    });
    const listed = pages.flatMap((p) => p.texts.filter((t) => /^SKU-\d{5}$/.test(t)));
    expect(listed).toHaveLength(150);
    expect(listed).toEqual([...listed].sort());
  });

  it('tolerates odd items and money, and names outside WinAnsi', async () => {
    const order = sampleOrder({
      recipient_name: 'Łukasz Żółć 李',
      items: [
        { sku: 'X-1', qty: '2', weight_kg: 'heavy', price: 'n/a' },
        { sku: null, qty: -1, name: 'Ærø ☃ special' },
        'a plain string',
        42,
        null,
        { sku: 7, quantity: 3, price: 4.5 },
      ],
      subtotal_price: null,
      total_amount: 'not money',
      currency: null,
      billing_address: 'not an object',
    });
    for (const kind of ['packing_slip', 'pick_list', 'commercial_invoice'] as const) {
      const [page] = await inspectPdf(await orderDocumentPdf(order, kind));
      expect(pageText(page!)).toContain('X-1');
    }
    const noItems = sampleOrder({ items: undefined });
    const [page] = await inspectPdf(await orderDocumentPdf(noItems, 'packing_slip'));
    expect(pageText(page!)).toContain('This order lists no items.');
  });
});

describe('orderDocumentsPdf', () => {
  it('merges pages order by order, kind by kind, in the requested order', async () => {
    const nl = sampleOrder({ id: 1 });
    const us = sampleOrder({ id: 2, country: 'US' });
    const bytes = await orderDocumentsPdf([
      {
        order: nl,
        kinds: ['pick_list', 'shipping_label', 'packing_slip'],
        label: labelInputsOf(nl),
      },
      { order: us, kinds: ['commercial_invoice', 'shipping_label'], label: labelInputsOf(us) },
    ]);
    const pages = await inspectPdf(bytes);
    expect(pages.map(kindOf)).toEqual([
      'pick_list',
      'shipping_label',
      'packing_slip',
      'commercial_invoice',
      'shipping_label',
    ]);
    expect(pages.map(size)).toEqual([A4, LABEL, A4, LETTER, LABEL]);
    expect(pageText(pages[0]!)).toContain('#1');
    expect(pageText(pages[3]!)).toContain('#2');
  });

  it('prints one label page per label, and the pages of a long document in place', async () => {
    const order = bigOrder(120);
    const second = { ...order.shipments[0]!, id: 2, tracking_number: '1Z999AA10000000002' };
    const labels = [...labelInputsOf(order), { ...labelInputsOf(order)[0]!, shipment: second }];
    const pages = await inspectPdf(
      await orderDocumentsPdf([{ order, kinds: ['shipping_label', 'pick_list'], label: labels }]),
    );
    const kinds = pages.map(kindOf);
    expect(kinds.slice(0, 2)).toEqual(['shipping_label', 'shipping_label']);
    expect(kinds.slice(2).every((k) => k === 'pick_list')).toBe(true);
    expect(kinds.length).toBeGreaterThan(4);
  });

  it('warmUpDocuments runs the whole path once without input', async () => {
    await expect(warmUpDocuments()).resolves.toBeUndefined();
  });
});
