/**
 * A stub bridge whose events the test sends, for the views and hooks that listen to the
 * bridge (progress of a walk, pushed floor changes): `emit` hands an event to every listener
 * the client has, `listening` says how many there are (a hook that let go has none).
 */
import type { BridgeEvent } from '../../../shared/contract/values';
import type { PackbenchClient } from '../bridge';
import { type StubAnswers, stubClient } from './stub-bridge';

export function stubEventClient(answers: StubAnswers) {
  const listeners = new Set<(event: BridgeEvent) => void>();
  const stub = stubClient(answers);
  const client = new Proxy(stub, {
    get(target, name: string) {
      if (name === 'onEvent') {
        return (listener: (event: BridgeEvent) => void) => {
          listeners.add(listener);
          return () => listeners.delete(listener);
        };
      }
      return Reflect.get(target, name);
    },
  }) as PackbenchClient;
  const emit = (event: BridgeEvent) => {
    for (const listener of listeners) listener(event);
  };
  return { client, emit, listening: () => listeners.size };
}
