/**
 * A Server-Sent Events parser for a stream read in arbitrary chunks (fetch streaming: the
 * browser's EventSource cannot send the Authorization header the host requires). Follows the
 * HTML standard's event-stream interpretation: CRLF, CR or LF line ends (a CRLF may be split
 * across chunks), comment lines, multi-line data, a message only at a blank line.
 */
export interface SseMessage {
  /** The `event:` field, or "message" when none was given. */
  event: string;
  data: string;
  id?: string;
}

export class SseParser {
  private buffer = '';
  private sawCr = false;
  private started = false;
  private event = '';
  private data: string[] = [];
  private id: string | undefined;

  /** Feeds one decoded chunk; returns the messages it completed. */
  push(chunk: string): SseMessage[] {
    let text = chunk;
    if (!this.started && text.length > 0) {
      this.started = true;
      if (text.startsWith('\uFEFF')) text = text.slice(1);
    }
    // A CR ended the previous chunk: an LF opening this one belongs to it.
    if (this.sawCr && text.startsWith('\n')) text = text.slice(1);
    this.sawCr = false;
    this.buffer += text;

    const messages: SseMessage[] = [];
    for (;;) {
      const end = this.buffer.search(/\r\n|\r|\n/);
      if (end < 0) break;
      // A lone CR at the very end might be half of a CRLF still on its way.
      const isCrAtEnd = this.buffer[end] === '\r' && end === this.buffer.length - 1;
      const width = this.buffer.startsWith('\r\n', end) ? 2 : 1;
      const line = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + width);
      if (isCrAtEnd) this.sawCr = true;
      const message = this.line(line);
      if (message) messages.push(message);
    }
    return messages;
  }

  private line(line: string): SseMessage | null {
    if (line === '') return this.dispatch();
    if (line.startsWith(':')) return null;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.event = value;
    else if (field === 'data') this.data.push(value);
    else if (field === 'id' && !value.includes('\0')) this.id = value;
    // `retry` and unknown fields are ignored: reconnection timing is the client's own.
    return null;
  }

  private dispatch(): SseMessage | null {
    const event = this.event || 'message';
    const data = this.data;
    this.event = '';
    this.data = [];
    if (data.length === 0) return null;
    const message: SseMessage = { event, data: data.join('\n') };
    if (this.id !== undefined) message.id = this.id;
    return message;
  }
}
