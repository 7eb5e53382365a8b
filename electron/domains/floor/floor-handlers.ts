/**
 * Settings → Floor's bridge methods: read the floor settings and status, save them (the
 * password into the OS keychain through the key vault, never into a file, a log or an
 * answer), test a connection, and the status the renderer's banner shows.
 */
import type {
  FloorConnectionArgs,
  FloorSettingsView,
  FloorStatusView,
} from '../../../shared/contract/floor-values';
import { BridgeFailure } from '../../kernel/failure';
import { asHandlers, type Handlers } from '../../kernel/handler-types';
import type { KeyVault } from '../../kernel/settings';
import { checkFloorSettings, type FloorConnection, type FloorSettings } from './db/floor-config';
import { testFloorConnection } from './floor-connection-test';
import type { FloorHost } from './floor-host';
import { FLOOR_KEY_ACCOUNT, type FloorSettingsFile } from './floor-settings-file';

export interface FloorHandlerDeps {
  host: FloorHost;
  file: FloorSettingsFile;
  vault: KeyVault;
  /** This station's name as the floor shows it (Settings → Station, else the computer). */
  stationName: () => string;
  /** Connection tests give up after this long (ms). */
  testTimeoutMs?: number;
}

/** The floor connection saved, with its password from the keychain, or null. */
export async function savedFloorConnection(
  file: FloorSettingsFile,
  vault: KeyVault,
): Promise<FloorConnection | null> {
  if (!file.connection) return null;
  const password = (await vault.get(FLOOR_KEY_ACCOUNT).catch(() => undefined)) ?? '';
  return { ...file.connection, password };
}

export function createFloorHandlers(deps: FloorHandlerDeps) {
  const status = (): FloorStatusView => ({
    status: deps.host.status(),
    problem: deps.host.problem(),
    pending: deps.host.pending(),
  });
  const view = async (): Promise<FloorSettingsView> => ({
    ...status(),
    settings: deps.file.connection,
    hasPassword: deps.file.connection
      ? (await deps.vault.status(FLOOR_KEY_ACCOUNT).catch(() => ({ hasKey: false }))).hasKey
      : false,
    stationName: deps.stationName(),
  });
  /** Checked settings, or a BridgeFailure with the sentence. */
  const checked = (args: FloorConnectionArgs): FloorSettings => {
    const { password: _password, allowPlain, ...settings } = args;
    const result = checkFloorSettings(settings, { allowPlain: allowPlain === true });
    if (!result.ok) throw new BridgeFailure('invalid_input', result.error);
    return result.value;
  };
  const password = async (typed: string | undefined): Promise<string> =>
    typed ? typed : ((await deps.vault.get(FLOOR_KEY_ACCOUNT).catch(() => undefined)) ?? '');

  return asHandlers({
    floorSettingsGet: async () => view(),
    floorStatus: async () => status(),
    floorTest: async (args) => {
      let settings: FloorSettings;
      try {
        settings = checked(args);
      } catch (error) {
        return { ok: false, kind: 'other', message: (error as BridgeFailure).message };
      }
      return testFloorConnection(
        { ...settings, password: await password(args.password) },
        { timeoutMs: deps.testTimeoutMs ?? 5000 },
      );
    },
    floorSettingsSave: async ({ connection }) => {
      if (connection === null) {
        await deps.file.save(null);
        await deps.vault.delete(FLOOR_KEY_ACCOUNT).catch(() => {});
        await deps.host.configure(null);
        return view();
      }
      const settings = checked(connection);
      if (connection.password) {
        // The keychain or nothing: a floor password kept only in memory would be lost at the
        // next start without the person knowing; the vault's sentence says why it failed.
        await deps.vault.set(FLOOR_KEY_ACCOUNT, connection.password, 'keychain');
      }
      await deps.file.save(settings, connection.allowPlain === true);
      await deps.host.configure({ ...settings, password: await password(undefined) });
      return view();
    },
  } satisfies Partial<Handlers>);
}
