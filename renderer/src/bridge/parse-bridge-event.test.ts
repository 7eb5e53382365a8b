import { describe, expect, it } from 'vitest';
import { parseBridgeEvent } from './event-stream';

describe('parseBridgeEvent', () => {
  it('passes every event type of the contract, print jobs included', () => {
    for (const type of ['progress', 'throttle', 'notice', 'printJob']) {
      expect(parseBridgeEvent(JSON.stringify({ type, extra: 1 }))?.type).toBe(type);
    }
  });

  it('drops unknown types, non-objects and broken JSON instead of throwing', () => {
    expect(parseBridgeEvent('{"type":"toString"}')).toBeNull();
    expect(parseBridgeEvent('{"type":"somethingNew"}')).toBeNull();
    expect(parseBridgeEvent('42')).toBeNull();
    expect(parseBridgeEvent('{"type":')).toBeNull();
  });
});
