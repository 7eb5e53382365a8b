/**
 * The OS keychain through @napi-rs/keyring: the Secret Service on Linux (GNOME Keyring,
 * KWallet), the Keychain on macOS, the Credential Manager on Windows. One entry per connection:
 * service "Packbench", account = the connection id.
 *
 * Why AsyncEntry and not the library's keytar-compatible functions (`@napi-rs/keyring/keytar`):
 * those build `new AsyncEntry(service, account)` with no options, which on Linux means "Secret
 * Service, else silently the kernel keyring" — and the kernel keyring forgets everything on
 * reboot. The person would believe the key was saved. AsyncEntry takes
 * `{ linux: { store: 'secret-service' } }`, which makes a missing Secret Service an error we can
 * report instead. Same calls (set/get/deletePassword), same service/account layout as keytar.
 */
import { AsyncEntry, type EntryOptions } from '@napi-rs/keyring';
import { BridgeFailure } from '../failure';
import {
  KEYCHAIN_FAILED,
  KEYCHAIN_TIMED_OUT,
  type KeychainProbe,
  type KeyStore,
  NO_SECRET_SERVICE,
} from './key-store';
import { checkSessionBus } from './session-bus-check';

export const KEYCHAIN_SERVICE = 'Packbench';

/** The availability probe must answer fast: a locked keyring waiting for a password counts as "no". */
const PROBE_TIMEOUT_MS = 3_000;
/** Real reads and writes may wait for the person to unlock the keyring in a system prompt. */
const OPERATION_TIMEOUT_MS = 20_000;
const PROBE_ACCOUNT = '__packbench_probe__';

export interface SecretServiceKeyStoreOptions {
  service?: string;
  platform?: NodeJS.Platform;
  probeTimeoutMs?: number;
  operationTimeoutMs?: number;
}

class KeychainTimeout extends Error {}

export class SecretServiceKeyStore implements KeyStore {
  readonly #service: string;
  readonly #linux: boolean;
  readonly #probeTimeoutMs: number;
  readonly #operationTimeoutMs: number;

  constructor(options: SecretServiceKeyStoreOptions = {}) {
    this.#service = options.service ?? KEYCHAIN_SERVICE;
    this.#linux = (options.platform ?? process.platform) === 'linux';
    this.#probeTimeoutMs = options.probeTimeoutMs ?? PROBE_TIMEOUT_MS;
    this.#operationTimeoutMs = options.operationTimeoutMs ?? OPERATION_TIMEOUT_MS;
  }

  async available(): Promise<KeychainProbe> {
    try {
      await withTimeout(this.#probeTimeoutMs, async (signal) => {
        await this.#busAnswers(this.#probeTimeoutMs);
        const entry = this.#entry(PROBE_ACCOUNT);
        if (!this.#linux) {
          // The platform store always exists on macOS and Windows; a read shows it answers
          // without writing (a write could raise a system dialog there).
          await entry.getPassword(signal);
          return;
        }
        // On Linux a read answers "nothing stored" even when D-Bus has no keyring behind it
        // (no default collection); only a write shows that a key would be kept.
        await entry.setPassword(`probe-${Date.now()}`, signal);
        await entry.deletePassword(signal);
      });
      return { ok: true };
    } catch (error) {
      return { ok: false, problem: this.#problemOf(error) };
    }
  }

  async get(account: string): Promise<string | undefined> {
    const value = await this.#run(account, (entry, signal) => entry.getPassword(signal));
    return value ?? undefined;
  }

  async set(account: string, key: string): Promise<void> {
    await this.#run(account, (entry, signal) => entry.setPassword(key, signal));
  }

  async delete(account: string): Promise<void> {
    // `false` means there was nothing to delete, which is what we want.
    await this.#run(account, (entry, signal) => entry.deletePassword(signal));
  }

  /** Linux: a bus that would block `#entry` forever counts as a timeout, without touching it. */
  async #busAnswers(timeoutMs: number): Promise<void> {
    if (!this.#linux) return;
    if ((await checkSessionBus(process.env, timeoutMs)) === 'silent') {
      throw new KeychainTimeout('the session bus does not answer');
    }
  }

  #entry(account: string): AsyncEntry {
    // Connects to D-Bus synchronously on Linux: throws at once when there is no bus, and would
    // block this thread on a bus that never answers — hence `#busAnswers` first.
    const options: EntryOptions | undefined = this.#linux
      ? { linux: { store: 'secret-service' } }
      : undefined;
    return new AsyncEntry(this.#service, account, options);
  }

  async #run<T>(account: string, op: (entry: AsyncEntry, signal: AbortSignal) => Promise<T>) {
    try {
      return await withTimeout(this.#operationTimeoutMs, async (signal) => {
        await this.#busAnswers(Math.min(this.#operationTimeoutMs, this.#probeTimeoutMs));
        return op(this.#entry(account), signal);
      });
    } catch (error) {
      // The library's message may repeat its inputs; only a fixed sentence leaves this module.
      throw new BridgeFailure('keychain_unavailable', this.#problemOf(error));
    }
  }

  #problemOf(error: unknown): string {
    if (error instanceof KeychainTimeout) return KEYCHAIN_TIMED_OUT;
    if (!this.#linux) return KEYCHAIN_FAILED;
    // keyring-rs: "Couldn't access platform storage: Secret Service: no result found" (D-Bus
    // without a keyring), "Platform failure: DBus error: …" (no D-Bus at all).
    const text = error instanceof Error ? error.message : String(error);
    if (/platform|d-?bus|secret service|no result found|storage/i.test(text))
      return NO_SECRET_SERVICE;
    return KEYCHAIN_FAILED;
  }
}

/**
 * Runs `op` with an AbortSignal that fires after `ms`, and gives up waiting at the same moment
 * even if the native call ignores the signal, so no caller ever hangs on the keychain.
 */
async function withTimeout<T>(ms: number, op: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new KeychainTimeout('keychain timeout'));
    }, ms);
  });
  try {
    return await Promise.race([Promise.resolve().then(() => op(controller.signal)), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
