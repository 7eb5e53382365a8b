/**
 * Whether the keychain tests may use a real Secret Service here. They run only inside the
 * private keyring of scripts/with-keyring.sh (which `npm test` uses), never against a
 * developer's own keyring; elsewhere they skip with the reason, except under
 * PACKBENCH_REQUIRE_KEYRING=1 (set by the test command), where a missing keyring is a failure.
 */
import { SecretServiceKeyStore } from '../secret-service-key-store';

export interface KeyringSession {
  usable: boolean;
  required: boolean;
  /** Why it is not usable, for the skip message. */
  why: string;
}

export async function detectKeyringSession(): Promise<KeyringSession> {
  const required = process.env.PACKBENCH_REQUIRE_KEYRING === '1';
  const no = (why: string): KeyringSession => ({ usable: false, required, why });
  if (process.platform !== 'linux') return no('the Secret Service tests are for Linux');
  if (process.env.PACKBENCH_TEST_KEYRING !== '1') {
    return no(
      'not inside scripts/with-keyring.sh (npm test uses it); your own keyring is left alone',
    );
  }
  if (!process.env.DBUS_SESSION_BUS_ADDRESS)
    return no('no D-Bus session (DBUS_SESSION_BUS_ADDRESS)');
  const probe = await new SecretServiceKeyStore().available();
  if (!probe.ok) return no(`the Secret Service did not answer: ${probe.problem}`);
  return { usable: true, required, why: '' };
}
