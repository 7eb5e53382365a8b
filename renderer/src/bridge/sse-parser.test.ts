import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type SseMessage, SseParser } from './sse-parser';

function parseAll(chunks: string[]): SseMessage[] {
  const parser = new SseParser();
  return chunks.flatMap((c) => parser.push(c));
}

describe('SSE parser', () => {
  it('parses one message with an event name', () => {
    expect(parseAll(['event: bridge\ndata: {"a":1}\n\n'])).toEqual([
      { event: 'bridge', data: '{"a":1}' },
    ]);
  });

  it('joins multi-line data with newlines and defaults the event to "message"', () => {
    expect(parseAll(['data: one\ndata: two\ndata:three\n\n'])).toEqual([
      { event: 'message', data: 'one\ntwo\nthree' },
    ]);
  });

  it('ignores comments (heartbeats) and blank lines without data', () => {
    expect(parseAll([': connected\n\n', ': heartbeat\n\n', '\n\n', 'event: x\n\n'])).toEqual([]);
    expect(parseAll([': hb\ndata: a\n: hb\n\n'])).toEqual([{ event: 'message', data: 'a' }]);
  });

  it('keeps state across chunks split anywhere, including inside a CRLF', () => {
    expect(parseAll(['ev', 'ent: bri', 'dge\r', '\ndata: {"x"', ':2}\r', '\n\r', '\n'])).toEqual([
      { event: 'bridge', data: '{"x":2}' },
    ]);
    expect(parseAll(['data: a\r\rdata: b\r\r'])).toEqual([
      { event: 'message', data: 'a' },
      { event: 'message', data: 'b' },
    ]);
  });

  it('drops a leading BOM, keeps ids, ignores unknown fields and retry', () => {
    expect(parseAll(['\uFEFFid: 7\nretry: 10\nfoo: bar\ndata\n\n'])).toEqual([
      { event: 'message', data: '', id: '7' },
    ]);
  });

  it('holds an unfinished message until its blank line arrives', () => {
    const parser = new SseParser();
    expect(parser.push('data: half')).toEqual([]);
    expect(parser.push('\n')).toEqual([]);
    expect(parser.push('\n')).toEqual([{ event: 'message', data: 'half' }]);
  });

  it('gives the same messages however the stream is cut (property)', () => {
    const message = fc.record({
      event: fc.constantFrom('bridge', 'message'),
      lines: fc.array(
        fc.string().filter((s) => !/[\r\n]/.test(s)),
        { minLength: 1, maxLength: 3 },
      ),
      comment: fc.boolean(),
      eol: fc.constantFrom('\n', '\r\n', '\r'),
    });
    fc.assert(
      fc.property(
        fc.array(message, { maxLength: 5 }),
        fc.array(fc.nat(), { maxLength: 8 }),
        (ms, cuts) => {
          const text = ms
            .map(({ event, lines, comment, eol }) =>
              [
                ...(comment ? [': heartbeat'] : []),
                `event: ${event}`,
                ...lines.map((l) => `data: ${l}`),
                '',
                '',
              ].join(eol),
            )
            .join('');
          const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
          const chunks: string[] = [];
          let from = 0;
          for (const p of points) {
            chunks.push(text.slice(from, p));
            from = p;
          }
          chunks.push(text.slice(from));
          expect(parseAll(chunks)).toEqual(
            ms.map(({ event, lines }) => ({ event, data: lines.join('\n') })),
          );
        },
      ),
    );
  });
});
