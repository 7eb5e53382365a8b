/**
 * The one place API keys are kept in the main process: the OS keychain when the person wants it
 * saved, this run's memory when they choose so (or no keychain exists). The key leaves this
 * module only through `get`, for the API client; everything else learns `KeyStatus` (whether a
 * key is set, its last four characters, where it lives). Nothing here logs.
 */
import type { KeyStatus } from '@shared/contract/values';
import { BridgeFailure } from '../failure';
import { type KeychainProbe, type KeyStore, SessionKeyStore } from './key-store';

export type KeyStorage = 'keychain' | 'session';

/** A failed probe is asked again after this long (the person may have unlocked the keyring). */
const NEGATIVE_PROBE_TTL_MS = 5_000;

interface Known {
  key: string;
  storage: KeyStorage;
}

export class KeyVault {
  readonly #keychain: KeyStore;
  readonly #session: KeyStore;
  /**
   * What each account's key is, as far as this run knows (null = known to have none). Every
   * change goes through this vault, so the cache stays true; it spares the keychain a D-Bus
   * round trip for every API request.
   */
  readonly #known = new Map<string, Known | null>();
  /** Every key this process has held: the settings writer refuses to write any of them. */
  readonly #secrets = new Set<string>();
  readonly #lanes = new Map<string, Promise<unknown>>();
  #probe: { result: KeychainProbe; at: number } | undefined;
  #probing: Promise<KeychainProbe> | undefined;

  constructor(keychain: KeyStore, session: KeyStore = new SessionKeyStore()) {
    this.#keychain = keychain;
    this.#session = session;
  }

  /** Whether the keychain can keep keys now. A yes is remembered until an operation fails. */
  async keychainState(): Promise<KeychainProbe> {
    const cached = this.#probe;
    if (cached?.result.ok) return cached.result;
    if (cached && Date.now() - cached.at < NEGATIVE_PROBE_TTL_MS) return cached.result;
    this.#probing ??= this.#keychain
      .available()
      .catch((): KeychainProbe => ({ ok: false, problem: 'The keychain could not be checked.' }))
      .then((result) => {
        this.#probe = { result, at: Date.now() };
        this.#probing = undefined;
        return result;
      });
    return this.#probing;
  }

  /**
   * Keeps `key` for `account`. With `keychain` and no keychain available this throws
   * `keychain_unavailable` with a plain reason; the caller may then ask again with `session`.
   * Never stores the key anywhere weaker than asked.
   */
  async set(account: string, key: string, storage: KeyStorage): Promise<void> {
    this.#secrets.add(key);
    await this.#exclusive(account, async () => {
      if (storage === 'keychain') {
        const state = await this.keychainState();
        if (!state.ok) throw new BridgeFailure('keychain_unavailable', state.problem);
        await this.#keychainCall(() => this.#keychain.set(account, key));
        await this.#session.delete(account);
      } else {
        await this.#session.set(account, key);
        // A key kept only for this run replaces the saved one: otherwise the old key would come
        // back at the next start. Best effort: the person chose session storage, maybe because
        // the keychain is failing.
        if ((await this.keychainState()).ok) {
          await this.#keychain.delete(account).catch(() => undefined);
        }
      }
      this.#known.set(account, { key, storage });
    });
  }

  /** The key for the API client: this run's first, then the keychain's. */
  async get(account: string): Promise<string | undefined> {
    return (await this.#lookup(account))?.key;
  }

  /** Forgets the key everywhere (memory and keychain). */
  async delete(account: string): Promise<void> {
    await this.#exclusive(account, async () => {
      await this.#session.delete(account);
      // Until the keychain confirms, nothing is assumed: a failed delete is read again later.
      this.#known.delete(account);
      if ((await this.keychainState()).ok) {
        await this.#keychainCall(() => this.#keychain.delete(account));
      }
      this.#known.set(account, null);
    });
  }

  async status(account: string): Promise<KeyStatus> {
    const state = await this.keychainState();
    let found: Known | undefined;
    let problem = state.ok ? undefined : state.problem;
    try {
      found = await this.#lookup(account);
    } catch (error) {
      if (!(error instanceof BridgeFailure)) throw error;
      problem = error.error.message;
    }
    return {
      hasKey: found !== undefined,
      last4: found ? found.key.slice(-4) : null,
      storage: found?.storage ?? null,
      keychainAvailable: state.ok && problem === undefined,
      ...(problem ? { keychainProblem: problem } : {}),
    };
  }

  /** For the settings writer's guard only: every key held in this run. */
  heldSecrets(): readonly string[] {
    return [...this.#secrets];
  }

  async #lookup(account: string): Promise<Known | undefined> {
    const known = this.#known.get(account);
    if (known !== undefined) return known ?? undefined;
    return this.#exclusive(account, async () => {
      // A set or delete may have finished while this lookup waited its turn.
      const settled = this.#known.get(account);
      if (settled !== undefined) return settled ?? undefined;
      const session = await this.#session.get(account);
      if (session !== undefined) return this.#remember(account, session, 'session');
      if (!(await this.keychainState()).ok) return undefined;
      const saved = await this.#keychainCall(() => this.#keychain.get(account));
      if (saved === undefined) {
        this.#known.set(account, null);
        return undefined;
      }
      return this.#remember(account, saved, 'keychain');
    });
  }

  #remember(account: string, key: string, storage: KeyStorage): Known {
    const known = { key, storage };
    this.#secrets.add(key);
    this.#known.set(account, known);
    return known;
  }

  /** A keychain failure makes the next call probe again instead of trusting an old yes. */
  async #keychainCall<T>(op: () => Promise<T>): Promise<T> {
    try {
      return await op();
    } catch (error) {
      this.#probe = undefined;
      if (error instanceof BridgeFailure) throw error;
      throw new BridgeFailure('keychain_unavailable', 'The keychain could not be used.');
    }
  }

  /** One change at a time per account, so a set and a delete never interleave. */
  #exclusive<T>(account: string, op: () => Promise<T>): Promise<T> {
    const previous = this.#lanes.get(account) ?? Promise.resolve();
    const next = previous.then(op, op);
    const settled = next.catch(() => undefined);
    this.#lanes.set(account, settled);
    void settled.then(() => {
      if (this.#lanes.get(account) === settled) this.#lanes.delete(account);
    });
    return next;
  }
}
