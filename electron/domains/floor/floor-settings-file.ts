/**
 * `floor.json` in the config folder: this station's floor id (made once) and the floor's
 * connection settings (host, port, database, user, TLS). Never the password: it is kept in the
 * OS keychain (key vault account FLOOR_KEY_ACCOUNT) and the file's schema has no place for it.
 * Written atomically and private (0600). A file that cannot be read is named and set aside by
 * being ignored: the station works alone, as with no floor.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { z } from 'zod';
import { type FloorSettings, floorSettingsSchema } from './db/floor-config';

export const FLOOR_FILE_NAME = 'floor.json';
/** The key vault's account for the floor database's password. */
export const FLOOR_KEY_ACCOUNT = 'floor-database';

const fileSchema = z.object({
  stationId: z.string().regex(/^[A-Za-z0-9-]{8,64}$/),
  connection: floorSettingsSchema.nullable().catch(null),
  /** TLS off for a host that is not this computer was chosen after the warning. */
  allowPlain: z.boolean().catch(false),
});
export type FloorFile = z.infer<typeof fileSchema>;

export class FloorSettingsFile {
  private constructor(
    readonly path: string,
    private value: FloorFile,
  ) {}

  static async open(
    configDir: string,
    problem: (message: string) => void = () => {},
  ): Promise<FloorSettingsFile> {
    const file = path.join(configDir, FLOOR_FILE_NAME);
    let value: FloorFile | undefined;
    try {
      const parsed = fileSchema.safeParse(JSON.parse(await readFile(file, 'utf8')));
      if (parsed.success) value = parsed.data;
      else
        problem(
          `${file} could not be read as floor settings; this station works alone until the floor is set up again.`,
        );
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
        problem(
          `${file} could not be read (${(error as Error).message}); this station works alone until the floor is set up again.`,
        );
      }
    }
    const settings = new FloorSettingsFile(
      file,
      value ?? { stationId: randomUUID(), connection: null, allowPlain: false },
    );
    // The station's id is written at once, so it stays the same across restarts.
    if (!value) await settings.write().catch(() => {});
    return settings;
  }

  get stationId(): string {
    return this.value.stationId;
  }

  get connection(): FloorSettings | null {
    return this.value.connection;
  }

  get allowPlain(): boolean {
    return this.value.allowPlain;
  }

  async save(connection: FloorSettings | null, allowPlain = false): Promise<void> {
    this.value = { ...this.value, connection, allowPlain: connection ? allowPlain : false };
    await this.write();
  }

  private async write(): Promise<void> {
    await mkdir(path.dirname(this.path), { recursive: true, mode: 0o700 });
    await writeFileAtomic(this.path, `${JSON.stringify(this.value, null, 2)}\n`, { mode: 0o600 });
  }
}
