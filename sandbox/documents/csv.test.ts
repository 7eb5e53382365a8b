import { once } from 'node:events';
import type { Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { eventLoopTurns } from '../test/support/event-loop-turns';
import type { Order } from './api-types';
import { ORDER_CSV_COLUMNS, ordersCsv, RETURN_CSV_COLUMNS, returnsCsv } from './csv';
import { sampleOrder, sampleReturn } from './test-fixtures';

async function text(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

describe('ordersCsv', () => {
  it('has a header row of the documented columns and one row per order', async () => {
    const csv = await text(ordersCsv([sampleOrder({ id: 1 }), sampleOrder({ id: 2 })]));
    const rows: string[][] = parse(csv);
    expect(rows[0]).toEqual([...ORDER_CSV_COLUMNS]);
    expect(rows).toHaveLength(3);
    const record = Object.fromEntries(ORDER_CSV_COLUMNS.map((c, i) => [c, rows[1]![i]]));
    expect(record).toMatchObject({
      id: '1',
      order_name: '#1',
      recipient_name: 'Maria Jansen',
      total_amount: '104.68',
      currency: 'EUR',
      tracking_numbers: '1Z999AA10000000001',
      tags: 'vip, gift wrap',
      delivery_status: '',
    });
  });

  it('uses CRLF line ends, no byte-order mark, and quotes only what needs it', async () => {
    const csv = await text(ordersCsv([sampleOrder()]));
    expect(csv.charCodeAt(0)).not.toBe(0xfeff);
    expect(csv.startsWith('id,order_name,')).toBe(true);
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(csv.split('\r\n')).toHaveLength(3);
    expect(csv.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('round-trips commas, quotes, line breaks, lone CRs, UTF-8 and formula-like text as-is', async () => {
    const tricky = {
      recipient_name: 'Smith, "Jr."\nSecond line',
      company: 'CR\ronly',
      address1: '=HYPERLINK("http://example.com")',
      city: 'Kraków 東京',
      tags: ['a,b', 'c'],
    };
    const csv = await text(ordersCsv([sampleOrder(tricky)]));
    const rows: Array<Record<string, string>> = parse(csv, { columns: true });
    expect(rows[0]).toMatchObject({ ...tricky, tags: 'a,b, c' });
    expect(csv).toContain('"Smith, ""Jr.""\nSecond line"');
  });

  it('streams: output starts long before a 50,000-order iterable is exhausted', async () => {
    const template = sampleOrder();
    let produced = 0;
    function* lazyOrders(): Generator<Order> {
      for (let id = 1; id <= 50_000; id++) {
        produced = id;
        yield { ...template, id } as Order;
      }
    }
    const stream = ordersCsv(lazyOrders());
    // Paused mode, like a socket that has not drained: read one chunk, then nothing.
    await once(stream, 'readable');
    const first: Buffer = stream.read();
    expect(first.toString().startsWith('id,')).toBe(true);
    // Give a non-streaming implementation every chance to run ahead, then check it did not.
    await eventLoopTurns(100);
    expect(produced).toBeGreaterThan(0);
    expect(produced).toBeLessThan(5_000);
    // Reading on gives every row.
    let lines = first.toString().split('\r\n').length - 1;
    for await (const chunk of stream) lines += chunk.toString().split('\r\n').length - 1;
    expect(lines).toBe(50_001);
    expect(produced).toBe(50_000);
  });

  it('stops pulling from the iterable when the reader goes away', async () => {
    let produced = 0;
    function* endless(): Generator<Order> {
      for (;;) {
        produced++;
        yield sampleOrder({ id: produced });
      }
    }
    const stream = ordersCsv(endless());
    for await (const _ of stream) break;
    const seen = produced;
    await eventLoopTurns(100);
    expect(produced).toBe(seen);
  });

  it('passes an error of the iterable on to the reader', async () => {
    function* failing(): Generator<Order> {
      yield sampleOrder();
      throw new Error('store went away');
    }
    await expect(text(ordersCsv(failing()))).rejects.toThrow('store went away');
  });
});

describe('returnsCsv', () => {
  it('has the documented columns, with line count and amounts as stored', async () => {
    const ret = sampleReturn({ customer_note: 'ignored' });
    const csv = await text(
      returnsCsv([ret, sampleReturn({ id: 502, order_name: { name: '#9' } })]),
    );
    const rows: string[][] = parse(csv);
    expect(rows[0]).toEqual([...RETURN_CSV_COLUMNS]);
    const record = Object.fromEntries(RETURN_CSV_COLUMNS.map((c, i) => [c, rows[1]![i]]));
    expect(record).toMatchObject({
      id: '501',
      rma_number: 'RMA-2026-000501',
      order: '1001',
      order_name: '#1001',
      customer_name: 'Øre Sørensen',
      refund_amount: '',
      credit_amount: '12.50',
      total_value: '39.90',
      line_count: '1',
      closed_at: '',
    });
    expect(rows[2]![RETURN_CSV_COLUMNS.indexOf('order_name')]).toBe('{"name":"#9"}');
  });
});
