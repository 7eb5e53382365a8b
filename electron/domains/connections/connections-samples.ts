/**
 * A valid argument object for each of the connections domain's bridge methods: what the dispatcher's
 * and the transports' tests call them with (electron/test-support/valid-args.ts gathers every
 * domain's). A method added to this domain gets its sample here, beside its handler.
 */
import type { ArgSamples } from '../../kernel/dispatch/arg-samples';

export const CONNECTIONS_SAMPLES = {
  connectionsList: {},
  connectionSave: { name: 'Main warehouse', baseUrl: 'https://api.example.com' },
  connectionRemove: { id: 'conn-1' },
  connectionSelect: { id: 'conn-1' },
  connectionTest: { id: 'conn-1' },
  keySet: { connectionId: 'conn-1', apiKey: 'pk_test_12345678' },
  keyClear: { connectionId: 'conn-1' },
  keyStatus: { connectionId: 'conn-1' },
  settingsGet: {},
  settingsUpdate: { patch: {} },
  throttleState: {},
  operationCancel: { operationId: 'no-such-operation' },
  sandboxStart: {},
  appInfo: {},
} satisfies ArgSamples;
