/**
 * Run in a child process by no-keychain.test.ts with a D-Bus address that leads nowhere (or
 * none, or a bus without a keyring): asks the real keychain code to keep a key and prints, as
 * one JSON line, what happened. It never prints the key itself.
 */
import { AsyncEntry } from '@napi-rs/keyring';
import { BridgeFailure } from '../../failure';
import { KeyVault } from '../key-vault';
import { SecretServiceKeyStore } from '../secret-service-key-store';

const account = process.argv[2] ?? 'no-keychain-account';
const key = process.argv[3] ?? 'pk_test_never_stored_1234';
/** With a bus that never answers, the library would block this thread for good: no lookups. */
const hangingBus = process.argv[4] === 'hanging-bus';

const vault = new KeyVault(new SecretServiceKeyStore());
const started = Date.now();
const probe = await vault.keychainState();
const probeMs = Date.now() - started;

let setError: { code: string; message: string } | null = null;
const setStarted = Date.now();
try {
  await vault.set(account, key, 'keychain');
} catch (error) {
  setError =
    error instanceof BridgeFailure
      ? { code: error.error.code, message: error.error.message }
      : { code: 'thrown', message: 'not a BridgeFailure' };
}
const setMs = Date.now() - setStarted;
const afterKeychainSet = (await vault.get(account)) === undefined ? 'absent' : 'present';
const statusAfterKeychainSet = await vault.status(account);

// Where the library would have fallen back silently: the kernel keyring (keyutils).
const lookIn = async (options?: ConstructorParameters<typeof AsyncEntry>[2]) => {
  try {
    const found = await new AsyncEntry('Packbench', account, options).getPassword();
    return found === key ? 'FOUND' : found === null ? 'absent' : 'other';
  } catch {
    return 'not reachable';
  }
};
const kernelKeyring = hangingBus ? 'not checked' : await lookIn({ linux: { store: 'keyutils' } });
const libraryDefault = hangingBus ? 'not checked' : await lookIn();

await vault.set(account, key, 'session');
const sessionWorks = (await vault.get(account)) === key;
const statusAfterSessionSet = await vault.status(account);

console.log(
  `RESULT ${JSON.stringify({
    probe,
    probeMs,
    setError,
    setMs,
    afterKeychainSet,
    statusAfterKeychainSet,
    kernelKeyring,
    libraryDefault,
    sessionWorks,
    statusAfterSessionSet,
  })}`,
);
