import { BRIDGE_METHOD_NAMES } from '@shared/contract/method-names';
import { describe, expect, it } from 'vitest';
import { channelFor, EVENT_CHANNEL, METHOD_CHANNELS } from './channels';

describe('IPC channels', () => {
  it('gives each method its own channel, distinct from the event channel', () => {
    expect(channelFor('ordersGet')).toBe('bridge:ordersGet');
    expect(new Set(METHOD_CHANNELS).size).toBe(BRIDGE_METHOD_NAMES.length);
    expect(METHOD_CHANNELS).not.toContain(EVENT_CHANNEL);
    expect(Object.isFrozen(METHOD_CHANNELS)).toBe(true);
  });
});
