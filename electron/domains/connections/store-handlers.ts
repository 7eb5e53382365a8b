/**
 * The bridge methods backed by the settings file and the keychain. Arguments arrive validated
 * by the contract's schemas; what goes back never holds a key (only KeyStatus).
 */

import type { ParsedArgsOf } from '@shared/contract/bridge-contract';
import type { Settings } from '@shared/contract/settings-schema';
import { mergeRecord } from '@shared/merge-patch';
import { asHandlers, type Handlers } from '../../kernel/handler-types';
import type { ConnectionStore } from '../../kernel/settings/connection-store';
import type { KeyVault } from '../../kernel/settings/key-vault';
import type { SettingsFile } from '../../kernel/settings/settings-file';

type SettingsPatch = ParsedArgsOf<'settingsUpdate'>['patch'];

export function createStoreHandlers(
  store: ConnectionStore,
  vault: KeyVault,
  settings: SettingsFile,
) {
  return asHandlers({
    connectionsList: async () => store.list(),
    connectionSave: async (args) => store.save(args),
    connectionRemove: async ({ id }) => store.remove(id),
    connectionSelect: async ({ id }) => store.select(id),
    keySet: async ({ connectionId, apiKey, storage }) => {
      // With `keychain` and none available this throws keychain_unavailable; the renderer then
      // offers "use it for this run only", which calls again with `session`.
      await store.setKey(connectionId, apiKey, storage);
      return vault.status(connectionId);
    },
    keyClear: async ({ connectionId }) => {
      await vault.delete(connectionId);
      return vault.status(connectionId);
    },
    keyStatus: async ({ connectionId }) => (await store.get(connectionId)).key,
    // After any write already asked for: a read never goes back behind a choice just made.
    settingsGet: async () => settings.settledView(),
    settingsUpdate: async ({ patch }) => {
      await settings.update((current) => applySettingsPatch(current, patch));
      return settings.view();
    },
  } satisfies Partial<Handlers>);
}

/**
 * `ui`, `station` and `scanner` fields replace one by one; `views` and `printing` follow JSON Merge Patch (a `null`
 * removes an entry). The result is checked against the schema by SettingsFile.update.
 */
export function applySettingsPatch(current: Settings, patch: SettingsPatch): Settings {
  return {
    ...current,
    ui: { ...current.ui, ...stripUndefined(patch.ui ?? {}) },
    views: mergeRecord(current.views, patch.views),
    printing: mergeRecord(current.printing, patch.printing) as Settings['printing'],
    station: { ...current.station, ...stripUndefined(patch.station ?? {}) },
    scanner: { ...current.scanner, ...stripUndefined(patch.scanner ?? {}) },
  };
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
